/// Text content: entities, character references, CDATA, and the leaf elements built from it.
extension XMLPropertyListParser {
    /// Reads a leaf element (`<string>`, `<integer>`, …) whose start tag has been read.
    mutating func readLeaf(_ tag: StartTag) throws(PropertyListError) -> PropertyListValue {
        let element = tag.element
        switch element {
        case .string:
            return .string(tag.isEmpty ? "" : try readString(of: .string))
        case .true, .false:
            if !tag.isEmpty {
                let text = try readText(of: element)
                guard text.allSatisfy(Self.isWhitespace) else {
                    throw failure("<\(element.name)> must be empty", at: tag.offset)
                }
            }
            return .bool(element == .true)
        case .data:
            let text = tag.isEmpty ? [] : try readText(of: .data)
            guard let decoded = Self.decodeBase64(text) else {
                throw failure("<data> is not valid base64", at: tag.offset)
            }
            return .data(decoded)
        case .integer, .real, .date:
            guard !tag.isEmpty else { throw failure("an empty <\(element.name)>", at: tag.offset) }
            let text = try readText(of: element)
            let trimmed = Self.trimmed(text)
            let parsed: PropertyListValue? = switch element {
            case .integer: Self.parseInteger(trimmed)
            case .real: Self.parseReal(trimmed).map(PropertyListValue.real)
            default: Self.parseDate(trimmed).map(PropertyListValue.date)
            }
            guard let parsed else {
                throw failure("\"\(Self.printable(trimmed))\" is not a valid <\(element.name)>", at: tag.offset)
            }
            return parsed
        default:
            throw failure("<\(element.name)> cannot stand here", at: tag.offset)
        }
    }

    /// Reads text content up to the end tag of an element and decodes it as UTF-8.
    mutating func readString(of element: XMLPropertyListElement) throws(PropertyListError) -> String {
        let start = position
        let text = try readText(of: element)
        guard let string = String(validating: text, as: UTF8.self) else {
            throw failure("the text of <\(element.name)> is not valid UTF-8", at: start)
        }
        return string
    }

    /// Reads the content of an element up to and including its end tag, with entities and
    /// character references replaced, CDATA sections unwrapped and comments dropped.
    /// Any child element is an error.
    mutating func readText(of element: XMLPropertyListElement) throws(PropertyListError) -> [UInt8] {
        let start = position
        var text: [UInt8] = []
        var runStart = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "<") {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                if looksAt("</") {
                    try readEndTag(of: element)
                    return text
                } else if looksAt("<![CDATA[") {
                    position += 9
                    let contentStart = position
                    try skip(past: "]]>", inside: "a CDATA section")
                    text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[contentStart..<(position - 3)]))
                } else if looksAt("<!--") {
                    try skipComment()
                } else if looksAt("<?") {
                    try skipProcessingInstruction()
                } else {
                    throw failure("an element inside <\(element.name)>")
                }
                runStart = position
            } else if byte == UInt8(ascii: "&") {
                text.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<position]))
                try readReference(into: &text)
                runStart = position
            } else {
                position += 1
            }
        }
        throw failure("the file ends inside <\(element.name)>", at: start)
    }

    /// Reads `&name;`, `&#123;` or `&#x1F;` at the position and appends its UTF-8 bytes.
    mutating func readReference(into text: inout [UInt8]) throws(PropertyListError) {
        let start = position
        position += 1
        let nameStart = position
        // References are short; a missing ';' within a few dozen bytes is an error.
        while position < bytes.count, bytes[position] != UInt8(ascii: ";"), position - nameStart < 32 {
            position += 1
        }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ";") else {
            throw failure("'&' that does not start an entity or character reference (write &amp;)", at: start)
        }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<position])
        position += 1
        switch String(decoding: name, as: UTF8.self) {
        case "lt": text.append(UInt8(ascii: "<"))
        case "gt": text.append(UInt8(ascii: ">"))
        case "amp": text.append(UInt8(ascii: "&"))
        case "quot": text.append(UInt8(ascii: "\""))
        case "apos": text.append(UInt8(ascii: "'"))
        case let reference where reference.hasPrefix("#"):
            guard let scalar = Self.characterReference(reference.dropFirst()) else {
                throw failure("&\(reference); is not a valid character", at: start)
            }
            text.append(contentsOf: String(Character(scalar)).utf8)
        case let other:
            throw failure("unknown entity &\(other); (only &lt; &gt; &amp; &quot; &apos; and &#…; are accepted)", at: start)
        }
    }

    /// The scalar of a numeric character reference (`123` or `x7B`); nil for NUL,
    /// surrogates, values past U+10FFFF and malformed numbers.
    static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        var digits = digits
        var radix: UInt32 = 10
        if digits.first == "x" {
            radix = 16
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, digits.count <= 8 else { return nil }
        var value: UInt32 = 0
        for character in digits {
            guard let digit = character.hexDigitValue, UInt32(digit) < radix else { return nil }
            value = value * radix + UInt32(digit)
        }
        guard value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    /// The bytes without XML whitespace at either end.
    static func trimmed(_ text: [UInt8]) -> ArraySlice<UInt8> {
        var slice = text[...]
        while let first = slice.first, isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() }
        return slice
    }
}
