import Foundation
import Testing

/// An XML list is rewritten as binary by the first change; the CLI says so once.
@Suite("XML lists become binary, and tick says so")
struct XMLRewriteNoticeTests {
    /// Rewrites a binary list as an XML property list with Python's plistlib, UIDs as
    /// `CF$UID` dictionaries (as `plutil -convert xml1` writes them).
    static func convertToXML(_ file: URL) throws {
        let script = """
            import plistlib, sys
            def plain(o):
                if isinstance(o, plistlib.UID): return {"CF$UID": o.data}
                if isinstance(o, dict): return {k: plain(v) for k, v in o.items()}
                if isinstance(o, list): return [plain(v) for v in o]
                return o
            path = sys.argv[1]
            with open(path, "rb") as f: value = plistlib.load(f)
            with open(path, "wb") as f: f.write(plistlib.dumps(plain(value), fmt=plistlib.FMT_XML, sort_keys=False))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("the first change to an XML list says on stderr that it was saved as binary; reads and later changes say nothing")
    func noticeOnce() throws {
        let tick = try TickRunner()
        try tick.run(["add", "Hand-edited"])
        try Self.convertToXML(tick.file)
        #expect(try String(contentsOf: tick.file, encoding: .utf8).hasPrefix("<?xml"))

        let list = try tick.run(["list"])
        #expect(list.status == 0)
        #expect(list.stderr.isEmpty)

        let check = try tick.run(["check", "1"])
        #expect(check.status == 0)
        #expect(check.stderr.contains("was an XML property list; tick saved it as binary"), "\(check.stderr)")
        #expect(check.stderr.contains(tick.file.path))
        let bytes = try Data(contentsOf: tick.file)
        #expect(bytes.starts(with: Array("bplist00".utf8)))

        let uncheck = try tick.run(["uncheck", "1"])
        #expect(uncheck.status == 0)
        #expect(uncheck.stderr.isEmpty)
    }
}
