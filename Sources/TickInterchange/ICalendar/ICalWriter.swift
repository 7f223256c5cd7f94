/// Writes iCalendar content lines into a byte buffer: folded at 75 octets (a line break and
/// a space, never inside a UTF-8 character), each ended by CR LF.
///
/// Everything goes straight into a ``ByteWriter``; the hot path (``text(_:)``, ``raw(_:)``)
/// takes a string's UTF-8 in place and makes no strings of its own. Noncopyable, as its
/// buffer is.
public struct ICalWriter: ~Copyable {
    /// RFC 5545: lines SHOULD NOT be longer than 75 octets, excluding the line break.
    public static let lineLimit = 75

    /// What has been written (and not yet taken by ``drain(to:)``).
    private var output: ByteWriter
    /// Octets on the current physical line so far.
    private var column = 0
    /// How many control characters ``text(_:)`` left out so far.
    public private(set) var controlCharactersLeftOut = 0

    /// A writer with room for `capacity` bytes made at once (it grows as needed).
    public init(reservingCapacity capacity: Int = 4_096) {
        output = ByteWriter(capacity: capacity)
    }

    /// The bytes written, copied.
    public var bytes: [UInt8] { output.bytes }

    /// How many bytes have been written (and not yet taken by ``drain(to:)``).
    public var count: Int { output.count }

    /// Hands what has been written to `writer` (written out, or appended to a collecting
    /// one) and starts again empty; for a large calendar, written in pieces.
    public mutating func drain(to writer: inout ByteWriter) throws(InterchangeError) {
        try output.withBytes { (written) throws(InterchangeError) in try writer.flush(appending: written) }
        output.removeBytes(after: 0)
    }

    // MARK: - Whole lines

    /// `NAME:VALUE` with a value that needs no escaping (a date, a number, a keyword).
    public mutating func line(_ name: StaticString, value: String) {
        start(name)
        raw(value)
        end()
    }

    /// `NAME:VALUE` with TEXT escaping of the value.
    public mutating func textLine(_ name: StaticString, _ value: String) {
        start(name)
        text(value)
        end()
    }

    /// A property as read (or made), verbatim; folded as the file folded it while unchanged.
    public mutating func line(_ property: ICalProperty) {
        if let folded = property.foldedText, Self.unfold(folded) == property.description {
            for (index, physical) in folded.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                if index > 0 { end() }
                output.text(String(physical))
            }
            end()
            return
        }
        raw(property.name)
        raw(property.parameterText)
        byte(UInt8(ascii: ":"))
        raw(property.value)
        end()
    }

    /// An unfolded content line kept as text (the item's iCalendar extras), verbatim.
    public mutating func contentLine(_ line: Substring) {
        raw(line)
        end()
    }

    /// Physical lines joined by `\n` as one content line: each break and the space or tab after it removed.
    static func unfold(_ folded: String) -> String {
        var result = String.UnicodeScalarView()
        var iterator = folded.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            if scalar == "\n" { _ = iterator.next() } else { result.append(scalar) }
        }
        return String(result)
    }

    // MARK: - Pieces of a line

    /// Begins a line with a property name and `:`.
    public mutating func start(_ name: StaticString) {
        name.withUTF8Buffer { append($0) }
        byte(UInt8(ascii: ":"))
    }

    /// Begins a line with a property name and its parameter text (`;VALUE=DATE`), then `:`.
    public mutating func start(_ name: StaticString, parameters: StaticString) {
        name.withUTF8Buffer { append($0) }
        parameters.withUTF8Buffer { append($0) }
        byte(UInt8(ascii: ":"))
    }

    /// Text written as it is.
    public mutating func raw(_ text: some StringProtocol) {
        String(text).withUTF8Bytes { append($0) }
    }

    /// A TEXT value, escaped: `\` `;` `,` get a backslash, a line break (LF, CR LF or CR) becomes `\n`.
    /// Other control characters but tab, which TEXT cannot hold (RFC 5545 3.3.11), are left
    /// out and counted in ``controlCharactersLeftOut``.
    public mutating func text(_ value: String) {
        value.withUTF8Bytes { utf8 in
            var index = 0
            while index < utf8.count {
                let byte = utf8[index]
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: ";"), UInt8(ascii: ","):
                    self.byte(UInt8(ascii: "\\"))
                    self.byte(byte)
                case 0x0D, 0x0A:
                    if byte == 0x0D, index + 1 < utf8.count, utf8[index + 1] == 0x0A { index += 1 }
                    self.byte(UInt8(ascii: "\\"))
                    self.byte(UInt8(ascii: "n"))
                case 0x00...0x08, 0x0B, 0x0C, 0x0E...0x1F, 0x7F:
                    controlCharactersLeftOut += 1
                default:
                    var end = index + 1
                    while end < utf8.count, (utf8[end] > UInt8(ascii: "\\") && utf8[end] != 0x7F) || !Self.needsEscape(utf8[end]) { end += 1 }
                    append(UnsafeBufferPointer(rebasing: utf8[index..<end]))
                    index = end
                    continue
                }
                index += 1
            }
        }
    }

    /// A non-negative or negative whole number in decimal.
    public mutating func number(_ value: Int) {
        if value < 0 { byte(UInt8(ascii: "-")) }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var magnitude = value.magnitude
        var count = 0
        withUnsafeMutableBytes(of: &digits) { digits in
            repeat {
                digits[count] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
                count += 1
            } while magnitude > 0
            for index in stride(from: count - 1, through: 0, by: -1) { byte(digits[index]) }
        }
    }

    /// Zero-padded decimal digits (a date's fields).
    public mutating func digits(_ value: Int, width: Int) {
        if value >= 0, width <= 4, column + width <= Self.lineLimit {
            output.appendDirectly(upTo: width) { out in
                var rest = value
                for index in stride(from: width - 1, through: 0, by: -1) {
                    out[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                    rest /= 10
                }
                return width
            }
            column += width
            return
        }
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        var rest = value
        for _ in 0..<width {
            byte(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest / divisor % 10))
            rest %= divisor
            divisor = max(1, divisor / 10)
        }
    }

    /// `count` ASCII bytes that `body` writes (folded before them when they would pass the limit).
    mutating func ascii(_ count: Int, _ body: (UnsafeMutablePointer<UInt8>) -> Void) {
        if column + count <= Self.lineLimit {
            output.appendDirectly(upTo: count) { out in body(out); return count }
            column += count
            return
        }
        var bytes = [UInt8](repeating: 0, count: count)
        bytes.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { body(base) } }
        for value in bytes { byte(value) }
    }

    /// Ends the line with CR LF.
    public mutating func end() {
        output.byte(0x0D)
        output.byte(0x0A)
        column = 0
    }

    // MARK: - Folding

    /// One ASCII byte.
    public mutating func byte(_ byte: UInt8) {
        if column >= Self.lineLimit { fold() }
        output.byte(byte)
        column += 1
    }

    /// UTF-8 bytes, folded before any character that would pass the limit.
    private mutating func append(_ utf8: UnsafeBufferPointer<UInt8>) {
        var start = 0
        while utf8.count - start > Self.lineLimit - column {
            // As much as fits, cut back to the start of the character that does not.
            var end = start + max(Self.lineLimit - column, 0)
            while end > start, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            output.append(UnsafeBufferPointer(rebasing: utf8[start..<end]))
            fold()
            start = end
        }
        output.append(UnsafeBufferPointer(rebasing: utf8[start...]))
        column += utf8.count - start
    }

    private mutating func fold() {
        output.ascii("\r\n ")
        column = 1
    }

    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: ";") || byte == UInt8(ascii: ",") || (byte < 0x20 && byte != 0x09) || byte == 0x7F
    }
}

/// TEXT values (RFC 5545 3.3.11) as read: `\\` `\;` `\,` `\n` `\N` are unescaped, and `\:`,
/// which the RFC does not have but some writers put before a colon (python icalendar reads it
/// as the colon too).
public enum ICalText {
    /// The text a TEXT value stands for. A backslash before any other character is kept
    /// with it (some writers leave Windows paths unescaped).
    public static func unescape(_ value: String) -> String {
        // (On the contiguous bytes: the generic walk of `utf8` costs more than the rest.)
        guard value.withUTF8Bytes({ $0.contains(UInt8(ascii: "\\")) }) else { return value }
        var result = String.UnicodeScalarView()
        var iterator = value.unicodeScalars.makeIterator()
        while let scalar = iterator.next() {
            guard scalar == "\\" else { result.append(scalar); continue }
            guard let next = iterator.next() else { result.append(scalar); break }
            switch next {
            case "\\", ";", ",", ":": result.append(next)
            case "n", "N": result.append("\n")
            default: result.append(scalar); result.append(next)
            }
        }
        return String(result)
    }

    /// The TEXT value for `text`, escaped as ``ICalWriter/text(_:)`` writes it (unfolded).
    public static func escape(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        var iterator = text.unicodeScalars.makeIterator()
        var pending = iterator.next()
        while let scalar = pending {
            pending = iterator.next()
            switch scalar {
            case "\\", ";", ",": result.append("\\"); result.append(scalar)
            case "\r":
                if pending == "\n" { pending = iterator.next() }
                result.append("\\"); result.append("n")
            case "\n": result.append("\\"); result.append("n")
            case "\u{00}"..."\u{08}", "\u{0B}", "\u{0C}", "\u{0E}"..."\u{1F}", "\u{7F}": break
            default: result.append(scalar)
            }
        }
        return String(result)
    }
}
