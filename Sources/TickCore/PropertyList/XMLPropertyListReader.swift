/// Reads XML property lists: what `plutil -convert xml1`, Foundation's
/// `PropertyListSerialization` and Python's `plistlib` write, and what a person edits by hand.
///
/// This is a small parser of its own (no libxml2, no `XMLParser`) that treats every file as
/// hostile:
/// - a `<!DOCTYPE>` is skipped, but one with an internal subset (`[...]`, where entity
///   declarations live) is refused, so entity bombs and external entities cannot work;
///   only the five predefined entities and numeric character references are known;
/// - containers are parsed with an explicit stack (no recursion), nested at most
///   ``maximumDepth`` deep;
/// - every error is a ``PropertyListError`` with the byte offset, and its detail names
///   the line.
///
/// A `<dict>` holding exactly one key `CF$UID` with a non-negative integer becomes
/// ``PropertyListValue/uid(_:)``, as in keyed archives converted to XML. Strings keep their
/// line endings as written (as CoreFoundation does), so a `\r\n` survives a round trip
/// through `plutil`.
public enum XMLPropertyListReader {
    /// How deep containers (`<array>`, `<dict>`) may nest.
    public static let maximumDepth = 512

    /// Parses a whole XML property list into a value tree.
    ///
    /// - Throws: ``PropertyListError`` of kind `.invalidXML` for anything that is not a
    ///   well-formed property list, `.tooDeep` for nesting beyond ``maximumDepth``.
    public static func parse(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        try bytes.withUnsafeBufferPointer { (buffer) throws(PropertyListError) -> PropertyListValue in
            var parser = XMLPropertyListParser(bytes: buffer, maximumDepth: maximumDepth)
            return try parser.parseDocument()
        }
    }

    /// Whether the bytes look like an XML property list (optional BOM, then whitespace and `<`).
    ///
    /// A cheap test for format detection; ``parse(_:)`` does the real checking.
    public static func looksLikeXML(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { looksLikeXML($0) }
    }

    /// ``looksLikeXML(_:)`` of bytes in memory tick does not own.
    static func looksLikeXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        while index < bytes.count, XMLPropertyListParser.isWhitespace(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == UInt8(ascii: "<")
    }
}

/// The elements a property list may contain.
enum XMLPropertyListElement: String, Sendable {
    case plist, dict, key, array, string, integer, real, `true`, `false`, date, data

    init?(name: UnsafeBufferPointer<UInt8>) {
        // (Names this short are stored in the string itself: no allocation.)
        guard name.count <= 7 else { return nil }
        self.init(rawValue: String(decoding: name, as: UTF8.self))
    }

    var name: String { rawValue }
}

/// The parser's state: the bytes (borrowed for the length of one parse) and a read position.
struct XMLPropertyListParser {
    let bytes: UnsafeBufferPointer<UInt8>
    let maximumDepth: Int
    var position = 0

    init(bytes: UnsafeBufferPointer<UInt8>, maximumDepth: Int) {
        self.bytes = bytes
        self.maximumDepth = maximumDepth
    }

    // MARK: - Errors

    /// An `.invalidXML` error at an offset (the current position by default), naming the line.
    func failure(_ message: String, at offset: Int? = nil) -> PropertyListError {
        let offset = min(offset ?? position, bytes.count)
        return PropertyListError(.invalidXML, at: offset, "XML property list, line \(line(of: offset)): \(message)")
    }

    /// The 1-based line number of a byte offset.
    func line(of offset: Int) -> Int {
        var line = 1
        var index = 0
        let end = min(offset, bytes.count)
        while index < end {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
        }
        return line
    }

    // MARK: - Low-level scanning

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    var atEnd: Bool { position >= bytes.count }

    /// Whether the bytes at the position start with an ASCII literal.
    func looksAt(_ literal: StaticString) -> Bool {
        // Literals here are ASCII strings of two or more characters, so they have a pointer.
        guard position < bytes.count, literal.hasPointerRepresentation, bytes[position] == literal.utf8Start.pointee else {
            return false
        }
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { return false }
        return literal.withUTF8Buffer { literalBytes in
            for offset in 0..<count where bytes[position + offset] != literalBytes[offset] { return false }
            return true
        }
    }

    mutating func skipWhitespace() {
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
    }

    /// Moves past the next occurrence of a terminator; an error if there is none.
    mutating func skip(past terminator: StaticString, inside what: String) throws(PropertyListError) {
        let start = position
        while position < bytes.count {
            if looksAt(terminator) {
                position += terminator.utf8CodeUnitCount
                return
            }
            position += 1
        }
        throw failure("the file ends inside \(what)", at: start)
    }

    /// Skips `<!-- … -->`; the position is at `<!--`.
    mutating func skipComment() throws(PropertyListError) {
        position += 4
        try skip(past: "-->", inside: "a comment")
    }

    /// Skips `<? … ?>`; the position is at `<?`. An `encoding` other than UTF-8 is refused.
    mutating func skipProcessingInstruction() throws(PropertyListError) {
        let start = position
        try skip(past: "?>", inside: "a processing instruction")
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard text.hasPrefix("<?xml"), let range = text.firstRange(of: "encoding") else { return }
        let rest = text[range.upperBound...].drop { $0 == " " || $0 == "=" || $0 == "\"" || $0 == "'" || $0 == "\t" }
        let encoding = rest.prefix { $0 != "\"" && $0 != "'" && $0 != "?" && $0 != " " }
        guard ["utf-8", "utf8", "us-ascii", "ascii"].contains(encoding.lowercased()) else {
            throw failure("the encoding \"\(encoding)\" is not supported (only UTF-8)", at: start)
        }
    }

    /// Skips `<!DOCTYPE …>`; the position is at `<!DOCTYPE`. A document type with an
    /// internal subset (entity declarations) is refused.
    mutating func skipDocumentType() throws(PropertyListError) {
        let start = position
        position += 9
        var quote: UInt8?
        while position < bytes.count {
            let byte = bytes[position]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                throw failure("a DOCTYPE with an internal subset (entity declarations) is not accepted", at: position)
            } else if byte == UInt8(ascii: ">") {
                position += 1
                return
            }
            position += 1
        }
        throw failure("the file ends inside the DOCTYPE", at: start)
    }
}
