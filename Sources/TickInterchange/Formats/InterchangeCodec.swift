import FoundationEssentials
import TickCore

/// Reads and writes every format by name: the one entry point of `tick import` and
/// `tick export`.
public enum InterchangeCodec {
    /// Writes `entries` in `format` to `writer`; returns what the format left out.
    public static func write(_ entries: [ExchangeEntry], as format: InterchangeFormat, to writer: ByteWriter) throws(InterchangeError) -> Omissions {
        switch format {
        case .json:
            try TickJSON.write(entries, to: writer)
            return Omissions(format: .json)
        case .taskwarrior: return try Taskwarrior.write(entries, to: writer)
        case .todotxt: return try TodoTxt.write(entries, to: writer)
        case .markdown: return try MarkdownTasks.write(entries, to: writer)
        }
    }

    /// The format of `bytes` judged from their content: JSON (tick's or taskwarrior's,
    /// by the keys of the first item), a Markdown task list, else todo.txt.
    public static func detect(_ bytes: [UInt8]) -> InterchangeFormat {
        let start = bytes.firstIndex { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        if let start, bytes[start] == UInt8(ascii: "[") || bytes[start] == UInt8(ascii: "{") { return .json }
        if MarkdownTasks.looksLike(String(decoding: bytes.prefix(1 << 20), as: UTF8.self)) { return .markdown }
        return .todotxt
    }

    /// Reads `bytes` (named `source` in errors) as `format`, or as the format
    /// ``detect(_:)`` finds; all or nothing: one bad item is an error naming its line.
    public static func read(_ bytes: [UInt8], as format: InterchangeFormat?, source: String, now: Date = Date()) throws(InterchangeError) -> (entries: [ExchangeEntry], format: InterchangeFormat, omissions: Omissions) {
        let format = format ?? detect(bytes)
        switch format {
        case .json, .taskwarrior:
            let value = try JSONParser.parse(bytes, source: source)
            if format == .taskwarrior || Taskwarrior.looksLike(value) {
                let (entries, omissions) = try Taskwarrior.read(value, source: source, now: now)
                return (entries, .taskwarrior, omissions)
            }
            return (try TickJSON.read(value, source: source, now: now), .json, Omissions(format: .json, importing: true))
        case .todotxt:
            return (try TodoTxt.read(try text(bytes, source: source), source: source, now: now), .todotxt, Omissions(format: .todotxt, importing: true))
        case .markdown:
            return (try MarkdownTasks.read(try text(bytes, source: source), source: source, now: now), .markdown, Omissions(format: .markdown, importing: true))
        }
    }

    /// The bytes as text; broken UTF-8 is an error naming the line it is on.
    static func text(_ bytes: [UInt8], source: String) throws(InterchangeError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        }
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { break }
            line += 1
            start = index + 1
        }
        throw InterchangeError(source: source, line: line, problem: "not valid UTF-8")
    }
}
