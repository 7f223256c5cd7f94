#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import TickCore

/// Reads iCalendar bytes as content lines: unfolds them (a line break — CR LF, LF or CR —
/// followed by a space or a tab continues the line before) and splits each into a property
/// (name, parameters, value), checking that it is UTF-8. A leading byte order mark is skipped.
///
/// Works on the bytes in place; only a folded line is copied (into one reused buffer). A
/// content line longer than ``maximumLineBytes`` once unfolded is refused, so that no input
/// can make it hold more than that beyond the input itself.
struct ContentLineReader {
    /// The longest content line read (unfolded): far above any real note, far below memory.
    static let maximumLineBytes = 4 << 20

    private let bytes: UnsafeBufferPointer<UInt8>
    private let source: String
    private var position = 0
    /// The 1-based number of the physical line at `position`.
    private var lineNumber = 1
    private var folded: [UInt8] = []

    init(bytes: UnsafeBufferPointer<UInt8>, source: String) {
        self.bytes = bytes
        self.source = source
        // A UTF-8 byte order mark, which some Windows clients write first, is not content.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
    }

    /// The next content line as a property; nil at the end of the input. Blank lines are skipped.
    mutating func next() throws(InterchangeError) -> ICalProperty? {
        while position < bytes.count {
            let startLine = lineNumber
            let first = physicalLine()
            guard first.end - first.start <= Self.maximumLineBytes else { throw tooLong(startLine) }
            var end = first.end
            var usesFolded = false
            // Continuation lines: a line starting with a space or a tab.
            while position < bytes.count, bytes[position] == 0x20 || bytes[position] == 0x09 {
                if !usesFolded {
                    folded.removeAll(keepingCapacity: true)
                    folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[first.start..<end]))
                    usesFolded = true
                }
                position += 1
                let next = physicalLine()
                guard folded.count + (next.end - next.start) <= Self.maximumLineBytes else { throw tooLong(startLine) }
                folded.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[next.start..<next.end]))
                end = next.end
            }
            // (The property is made once, with how it was folded: not changed after.)
            if usesFolded {
                if folded.isEmpty { continue }
                let physical = Self.physicalText(UnsafeBufferPointer(rebasing: bytes[first.start..<end]))
                return try folded.withUnsafeBufferPointer { line throws(InterchangeError) in
                    try property(line, line: startLine, foldedText: physical)
                }
            }
            if first.end == first.start { continue }
            let line = UnsafeBufferPointer(rebasing: bytes[first.start..<end])
            return try property(line, line: startLine, foldedText: line.count > ICalWriter.lineLimit ? String(decoding: line, as: UTF8.self) : nil)
        }
        return nil
    }

    /// The physical line at `position` (without its line break); moves past the break.
    private mutating func physicalLine() -> (start: Int, end: Int) {
        let start = position
        guard let base = bytes.baseAddress, start < bytes.count else { return (start, start) }
        // memchr: a long line is scanned at memory speed, in a debug build too.
        let lineFeed = memchr(base + start, 0x0A, bytes.count - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
        let limit = lineFeed ?? bytes.count
        let carriageReturn = memchr(base + start, 0x0D, limit - start).map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
        var index = carriageReturn ?? limit
        let end = index
        if index < bytes.count {
            if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 2 } else { index += 1 }
            lineNumber += 1
        }
        position = index
        return (start, end)
    }

    /// A folded line's physical lines as read, joined by `\n` (their continuation space or tab kept).
    private static func physicalText(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        // Written straight into the string: CR LF and CR become LF, so it is never longer.
        String(unsafeUninitializedCapacity: bytes.count) { text in
            var count = 0
            var index = 0
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0D || byte == 0x0A {
                    if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    text[count] = 0x0A
                } else {
                    text[count] = byte
                }
                count += 1
                index += 1
            }
            return count
        }
    }

    private func tooLong(_ line: Int) -> InterchangeError {
        InterchangeError(source: source, line: line,
                         problem: "a content line is longer than \(Self.maximumLineBytes >> 20) MiB")
    }

    // MARK: - One content line

    /// Splits `NAME *(;PARAM=VALUE *(,VALUE)) : VALUE`; quoted parameter values may hold `:` `;` `,`.
    private func property(_ line: UnsafeBufferPointer<UInt8>, line number: Int, foldedText: String?) throws(InterchangeError) -> ICalProperty {
        // (ASCII, the usual case, is valid UTF-8 as it is: no string of the whole line is made.)
        guard ASCIIBytes.all(line) || String(validating: line, as: UTF8.self) != nil else {
            // (A file saved as UTF-16, Windows' "Unicode", or UTF-32 starts with its byte order mark.)
            let bom = number == 1 && line.count >= 2 && ((line[0] == 0xFF && line[1] == 0xFE) || (line[0] == 0xFE && line[1] == 0xFF))
            let encoding = line.count >= 4 && line[0] == 0xFF && line[2] == 0 && line[3] == 0 ? "UTF-32" : "UTF-16"
            throw InterchangeError(source: source, line: number, problem: bom
                ? "the file is \(encoding) (it starts with \(encoding)'s byte order mark); iCalendar is UTF-8: save it as UTF-8"
                : "the line is not valid UTF-8")
        }
        func fail(_ problem: String) -> InterchangeError {
            InterchangeError(source: source, line: number, problem: problem)
        }
        let colon = UInt8(ascii: ":"), semicolon = UInt8(ascii: ";"), comma = UInt8(ascii: ","),
            equals = UInt8(ascii: "="), quote = UInt8(ascii: "\"")
        var index = 0
        while index < line.count, line[index] != colon, line[index] != semicolon { index += 1 }
        let nameEnd = index
        guard nameEnd > 0 else { throw fail("a content line has no property name") }
        let nameBytes = UnsafeBufferPointer(rebasing: line[0..<nameEnd])
        guard nameBytes.allSatisfy(Self.isNameByte) else {
            throw fail("\"\(Self.excerpt(Self.string(line, 0..<line.count)))\" is not a content line (NAME:VALUE)")
        }
        // (Of the name's bytes, only the lower-case letters are from "a" on.)
        let nameHasLowerCase = nameBytes.contains { $0 >= UInt8(ascii: "a") }
        var parameters: [ICalParameter] = []
        while index < line.count, line[index] == semicolon {
            index += 1
            let nameStart = index
            while index < line.count, line[index] != equals, line[index] != colon, line[index] != semicolon { index += 1 }
            guard index < line.count, line[index] == equals, index > nameStart,
                  line[nameStart..<index].allSatisfy(Self.isNameByte) else {
                throw fail("a parameter of \(Self.string(line, 0..<nameEnd)) has no NAME=VALUE form")
            }
            let parameterName = Self.string(line, nameStart..<index).uppercased()
            var values: [String] = []
            repeat {
                index += 1  // past "=" or ","
                if index < line.count, line[index] == quote {
                    let start = index + 1
                    index = start
                    while index < line.count, line[index] != quote { index += 1 }
                    guard index < line.count else { throw fail("parameter \(parameterName) has an unclosed quote") }
                    values.append(Self.string(line, start..<index))
                    index += 1
                } else {
                    let start = index
                    while index < line.count, line[index] != comma, line[index] != semicolon, line[index] != colon { index += 1 }
                    values.append(Self.string(line, start..<index))
                }
            } while index < line.count && line[index] == comma
            parameters.append(ICalParameter(parameterName, values))
        }
        guard index < line.count, line[index] == colon else {
            throw fail("\(Self.string(line, 0..<nameEnd)) has no ':' before its value")
        }
        let name = Self.string(line, 0..<nameEnd)
        return ICalProperty(name: name, key: nameHasLowerCase ? name.uppercased() : name,
                            parameterText: index == nameEnd ? "" : Self.string(line, nameEnd..<index),
                            parameters: parameters, value: Self.string(line, (index + 1)..<line.count), line: number, foldedText: foldedText)
    }

    /// Letters, digits and `-` (RFC 5545 names), and `_` which some writers use in X- names.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// Bytes already checked as UTF-8, cut at ASCII delimiters, so still valid.
    private static func string(_ line: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: line[range]), as: UTF8.self)
    }

    /// The start of a line, for a message.
    static func excerpt(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(40)) + "…"
    }
}
