import Foundation
@testable import TickCore

/// Runs Python's `plistlib` as an oracle: it reads our bytes and writes its own.
///
/// Values cross between Swift and Python as "tagged JSON" (`["int", "5"]`,
/// `["real", "<IEEE bits>"]`, …), which keeps every type and every bit of a double.
/// python3 is required: when it is missing, the calls throw an error that says so (the
/// tests fail rather than skip).
enum PythonPlistlib {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// plistlib's script; `sys.argv` is mode, input path, output path.
    static let script = #"""
    import sys, json, plistlib, struct, datetime
    EPOCH = datetime.datetime(2001, 1, 1)
    def bits(x): return str(struct.unpack('<Q', struct.pack('<d', x))[0])
    def real(s): return struct.unpack('<d', struct.pack('<Q', int(s)))[0]
    def tag(v):
        if isinstance(v, bool): return ["bool", v]
        if isinstance(v, int): return ["int", str(v)]
        if isinstance(v, float): return ["real", bits(v)]
        if isinstance(v, datetime.datetime): return ["date", bits((v - EPOCH).total_seconds())]
        if isinstance(v, bytes): return ["data", v.hex()]
        if isinstance(v, str): return ["string", v]
        if isinstance(v, plistlib.UID): return ["uid", str(v.data)]
        if isinstance(v, list): return ["array", [tag(x) for x in v]]
        if isinstance(v, dict): return ["dict", [[k, tag(x)] for k, x in v.items()]]
        raise TypeError("plistlib returned %r" % type(v))
    def untag(t, uid_as_dict=False):
        kind, v = t
        if kind == "bool": return v
        if kind == "int": return int(v)
        if kind == "real": return real(v)
        if kind == "date": return EPOCH + datetime.timedelta(seconds=real(v))
        if kind == "data": return bytes.fromhex(v)
        if kind == "string": return v
        if kind == "uid": return {"CF$UID": int(v)} if uid_as_dict else plistlib.UID(int(v))
        if kind == "array": return [untag(x, uid_as_dict) for x in v]
        if kind == "dict": return {k: untag(x, uid_as_dict) for k, x in v}
        raise TypeError(kind)
    def uids_as_dicts(v):
        if isinstance(v, plistlib.UID): return {"CF$UID": v.data}
        if isinstance(v, list): return [uids_as_dicts(x) for x in v]
        if isinstance(v, dict): return {k: uids_as_dicts(x) for k, x in v.items()}
        return v
    mode, source, target = sys.argv[1:4]
    data = open(source, 'rb').read()
    if mode == 'loads':
        out = json.dumps(tag(plistlib.loads(data))).encode()
    elif mode == 'dumps-binary':
        out = plistlib.dumps(untag(json.loads(data)), fmt=plistlib.FMT_BINARY, sort_keys=False)
    elif mode == 'dumps-xml':
        out = plistlib.dumps(untag(json.loads(data), True), fmt=plistlib.FMT_XML, sort_keys=False)
    elif mode == 'to-xml':
        out = plistlib.dumps(uids_as_dicts(plistlib.loads(data)), fmt=plistlib.FMT_XML, sort_keys=False)
    else:
        raise SystemExit("unknown mode " + mode)
    open(target, 'wb').write(out)
    """#

    /// plistlib reads the bytes (`plistlib.loads`); returns what it found.
    static func loads(_ bytes: [UInt8]) throws -> PropertyListValue {
        let json = try run("loads", input: bytes)
        return try untagged(try JSONSerialization.jsonObject(with: Data(json)))
    }

    /// plistlib writes the value in binary (`FMT_BINARY`).
    static func dumpsBinary(_ value: PropertyListValue) throws -> [UInt8] {
        try run("dumps-binary", input: try tagged(value))
    }

    /// plistlib writes the value as XML (`FMT_XML`); UIDs become `CF$UID` dictionaries.
    static func dumpsXML(_ value: PropertyListValue) throws -> [UInt8] {
        try run("dumps-xml", input: try tagged(value))
    }

    /// plistlib reads any property list and writes it again as XML, UIDs as `CF$UID`.
    static func convertToXML(_ bytes: [UInt8]) throws -> [UInt8] {
        try run("to-xml", input: bytes)
    }

    // MARK: - Running python3

    static func run(_ mode: String, input: [UInt8]) throws -> [UInt8] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-plistlib-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("in")
        let target = directory.appendingPathComponent("out")
        let errors = directory.appendingPathComponent("stderr")
        try Data(input).write(to: source)
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errors)
        defer { try? errorHandle.close() }

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script, mode, source.path, target.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        do {
            try process.run()
        } catch {
            throw Failure(description: "could not start /usr/bin/env python3 (\(error)); python3 is required for these tests (.ci/run installs it)")
        }
        process.waitUntilExit()
        let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
        if process.terminationStatus == 127 {
            throw Failure(description: "python3 was not found on PATH; it is required for these tests (.ci/run installs it): \(stderr)")
        }
        guard process.terminationStatus == 0 else {
            throw Failure(description: "plistlib \(mode) failed with status \(process.terminationStatus): \(stderr)")
        }
        return [UInt8](try Data(contentsOf: target))
    }

    // MARK: - Tagged JSON

    static func tagged(_ value: PropertyListValue) throws -> [UInt8] {
        [UInt8](try JSONSerialization.data(withJSONObject: try taggedObject(value)))
    }

    static func taggedObject(_ value: PropertyListValue) throws -> Any {
        switch value {
        case .bool(let flag): return ["bool", flag]
        case .integer(let number): return ["int", String(number)]
        case .unsignedInteger(let number): return ["int", String(number)]
        case .real(let number): return ["real", String(number.bitPattern)]
        case .date(let seconds): return ["date", String(seconds.bitPattern)]
        case .data(let bytes): return ["data", bytes.map { String(format: "%02x", $0) }.joined()]
        case .string(let text): return ["string", text]
        case .uid(let number): return ["uid", String(number)]
        case .array(let elements): return ["array", try elements.map(taggedObject)]
        case .dictionary(let dictionary):
            return ["dict", try dictionary.entries.map { [$0.key, try taggedObject($0.value)] as [Any] }]
        case .null, .set:
            throw Failure(description: "plistlib cannot write \(value)")
        }
    }

    static func untagged(_ object: Any) throws -> PropertyListValue {
        guard let pair = object as? [Any], pair.count == 2, let kind = pair[0] as? String else {
            throw Failure(description: "not tagged JSON: \(object)")
        }
        let payload = pair[1]
        switch (kind, payload) {
        case ("bool", let flag as Bool): return .bool(flag)
        case ("int", let text as String):
            if let number = Int64(text) { return .integer(number) }
            if let number = UInt64(text) { return .unsignedInteger(number) }
        case ("real", let text as String):
            if let bits = UInt64(text) { return .real(Double(bitPattern: bits)) }
        case ("date", let text as String):
            if let bits = UInt64(text) { return .date(Double(bitPattern: bits)) }
        case ("data", let text as String):
            var bytes: [UInt8] = []
            var index = text.startIndex
            while index < text.endIndex {
                let next = text.index(index, offsetBy: 2, limitedBy: text.endIndex) ?? text.endIndex
                guard let byte = UInt8(text[index..<next], radix: 16) else { break }
                bytes.append(byte)
                index = next
            }
            if bytes.count * 2 == text.utf8.count { return .data(bytes) }
        case ("string", let text as String): return .string(text)
        case ("uid", let text as String):
            if let number = UInt64(text) { return .uid(number) }
        case ("array", let elements as [Any]): return .array(try elements.map(untagged))
        case ("dict", let entries as [Any]):
            var pairs: [(String, PropertyListValue)] = []
            for entry in entries {
                guard let entry = entry as? [Any], entry.count == 2, let key = entry[0] as? String else {
                    throw Failure(description: "bad dictionary entry \(entry)")
                }
                pairs.append((key, try untagged(entry[1])))
            }
            return .dictionary(PropertyListDictionary(pairs))
        default: break
        }
        throw Failure(description: "bad tagged JSON \(kind): \(payload)")
    }
}
