/// A strict JSON reader (RFC 8259) over UTF-8 bytes: errors name the line; nesting deeper
/// than ``maximumDepth`` is refused instead of exhausting the stack.
public struct JSONParser {
    /// Deeper nesting than any item needs, far below what the stack holds.
    public static let maximumDepth = 64

    private let bytes: UnsafeBufferPointer<UInt8>
    private let source: String
    private var index = 0
    private var line = 1

    /// Parses one JSON document from `bytes`; `source` names the input in errors.
    public static func parse(_ bytes: [UInt8], source: String) throws(InterchangeError) -> JSONValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(InterchangeError) -> JSONValue in
            var parser = JSONParser(bytes: buffer, source: source)
            parser.skipByteOrderMark()
            parser.skipWhitespace()
            let value = try parser.value(depth: 0)
            parser.skipWhitespace()
            guard parser.index == buffer.count else { throw parser.error("unexpected text after the JSON value") }
            return value
        }
    }

    /// Parses JSON documents one after another, separated by white space (JSON lines, as
    /// `task export rc.json.array=off` prints them): one document of any kind, or several
    /// objects.
    public static func parseDocuments(_ bytes: [UInt8], source: String) throws(InterchangeError) -> [JSONValue] {
        try bytes.withUnsafeBufferPointer { (buffer) throws(InterchangeError) -> [JSONValue] in
            var parser = JSONParser(bytes: buffer, source: source)
            var values: [JSONValue] = []
            parser.skipByteOrderMark()
            parser.skipWhitespace()
            repeat {
                let start = parser.line
                let value = try parser.value(depth: 0)
                // Several documents are objects, each one item.
                if !values.isEmpty, case .object = values[0], case .object = value {} else if !values.isEmpty {
                    throw InterchangeError(source: source, line: start, problem: "unexpected text after the JSON value")
                }
                values.append(value)
                parser.skipWhitespace()
            } while parser.index < buffer.count
            return values
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>, source: String) {
        self.bytes = bytes
        self.source = source
    }

    func error(_ problem: String) -> InterchangeError {
        InterchangeError(source: source, line: line, problem: problem)
    }

    /// A UTF-8 byte order mark at the start, which Windows editors write: RFC 8259 lets a
    /// reader ignore it, and tick's other formats do.
    private mutating func skipByteOrderMark() {
        if index == 0, bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
    }

    private mutating func skipWhitespace() {
        while index < bytes.count {
            switch bytes[index] {
            case UInt8(ascii: "\n"): line += 1
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"): break
            default: return
            }
            index += 1
        }
    }

    private mutating func value(depth: Int) throws(InterchangeError) -> JSONValue {
        guard index < bytes.count else { throw error("the JSON ends early (truncated file?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"):
            guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
            return try object(depth: depth + 1)
        case UInt8(ascii: "["):
            guard depth < Self.maximumDepth else { throw error("JSON nested deeper than \(Self.maximumDepth) levels") }
            return try array(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("unexpected \(describe(bytes[index])) where a JSON value should be")
        }
    }

    private func describe(_ byte: UInt8) -> String {
        (0x21..<0x7F).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "byte 0x\(String(byte, radix: 16))"
    }

    private mutating func literal(_ word: StaticString) throws(InterchangeError) {
        let count = word.utf8CodeUnitCount
        guard index + count <= bytes.count,
              word.withUTF8Buffer({ $0.elementsEqual(bytes[index..<index + count]) }) else {
            throw error("unexpected text where a JSON value should be")
        }
        index += count
    }

    private mutating func object(depth: Int) throws(InterchangeError) -> JSONValue {
        let startLine = line
        index += 1
        var members: [(key: String, value: JSONValue)] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, line: startLine) }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key in quotes") }
            let key = try string()
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after the key \"\(key)\"") }
            index += 1
            skipWhitespace()
            members.append((key, try value(depth: depth)))
            skipWhitespace()
            guard index < bytes.count else { throw error("the JSON ends inside an object (truncated file?)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members, line: startLine) }
            throw error("expected ',' or '}' in an object")
        }
    }

    private mutating func array(depth: Int) throws(InterchangeError) -> JSONValue {
        let startLine = line
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements, line: startLine) }
        while true {
            skipWhitespace()
            elements.append(try value(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("the JSON ends inside an array (truncated file?)") }
            if bytes[index] == UInt8(ascii: ",") { index += 1; continue }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(elements, line: startLine) }
            throw error("expected ',' or ']' in an array")
        }
    }

    private mutating func number() throws(InterchangeError) -> String {
        let start = index
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, DateText.isDigit(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        let integerDigits = digits(&self)
        guard integerDigits > 0, !(integerDigits > 1 && bytes[index - integerDigits] == UInt8(ascii: "0")) else {
            throw error("malformed number")
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("malformed number") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("malformed number") }
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
    }

    /// A string literal; the bytes must be valid UTF-8 and control characters escaped.
    private mutating func string() throws(InterchangeError) -> String {
        index += 1
        let start = index
        // Fast path: no escapes.
        while index < bytes.count, bytes[index] != UInt8(ascii: "\""), bytes[index] != UInt8(ascii: "\\"), bytes[index] >= 0x20 {
            index += 1
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
            let raw = UnsafeBufferPointer(rebasing: bytes[start..<index])
            index += 1
            guard let text = String(validating: raw, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
            return text
        }
        var out: [UInt8] = Array(UnsafeBufferPointer(rebasing: bytes[start..<index]))
        while true {
            guard index < bytes.count else { throw error("a string is not closed (truncated file?)") }
            let byte = bytes[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let text = String(validating: out, as: UTF8.self) else { throw error("a string is not valid UTF-8") }
                return text
            case UInt8(ascii: "\\"):
                guard index < bytes.count else { throw error("a string is not closed (truncated file?)") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): out.append(0x22)
                case UInt8(ascii: "\\"): out.append(0x5C)
                case UInt8(ascii: "/"): out.append(0x2F)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800..<0xDC00).contains(scalar) {
                        guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                            throw error("a lone UTF-16 surrogate in a string")
                        }
                        index += 2
                        let low = try hex4()
                        guard (0xDC00..<0xE000).contains(low) else { throw error("a lone UTF-16 surrogate in a string") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let value = Unicode.Scalar(scalar) else { throw error("a lone UTF-16 surrogate in a string") }
                    out.append(contentsOf: String(Character(value)).utf8)
                default:
                    throw error("unknown escape \\\(Character(Unicode.Scalar(escape))) in a string")
                }
            case 0..<0x20:
                throw error("a control character not escaped in a string")
            default:
                out.append(byte)
            }
        }
    }

    private mutating func hex4() throws(InterchangeError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("a \\u escape is cut short") }
        var value: UInt32 = 0
        for byte in bytes[index..<index + 4] {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw error("a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt32(digit)
        }
        index += 4
        return value
    }
}
