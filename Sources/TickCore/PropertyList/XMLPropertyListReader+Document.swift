/// The document structure: prolog, tags, and the container stack.
extension XMLPropertyListParser {
    /// A start tag as read: which element, whether it closed itself (`<x/>`), where it began.
    struct StartTag {
        let element: XMLPropertyListElement
        let isEmpty: Bool
        let offset: Int
    }

    /// An open `<plist>`, `<array>` or `<dict>` on the parser's stack.
    struct Frame {
        let element: XMLPropertyListElement
        let offset: Int
        var values: [PropertyListValue] = []
        var keys: [String] = []
        var pendingKey: String?
        var pendingKeyOffset = 0
    }

    /// Parses the whole document: prolog, the root element, and what may follow it.
    mutating func parseDocument() throws(PropertyListError) -> PropertyListValue {
        if bytes.count >= 2, (bytes[0] == 0xFE && bytes[1] == 0xFF) || (bytes[0] == 0xFF && bytes[1] == 0xFE) {
            throw failure("UTF-16 XML is not supported (only UTF-8)", at: 0)
        }
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { position = 3 }
        var sawDocumentType = false
        prolog: while true {
            skipWhitespace()
            guard !atEnd else { throw failure("there is no root element") }
            if looksAt("<?") {
                try skipProcessingInstruction()
            } else if looksAt("<!--") {
                try skipComment()
            } else if looksAt("<!DOCTYPE") {
                guard !sawDocumentType else { throw failure("a second DOCTYPE") }
                sawDocumentType = true
                try skipDocumentType()
            } else if bytes[position] == UInt8(ascii: "<") {
                break prolog
            } else {
                throw failure("expected '<' where the document begins")
            }
        }
        let root = try parseRootElement()
        while true {
            skipWhitespace()
            if atEnd { return root }
            if looksAt("<!--") {
                try skipComment()
            } else if looksAt("<?") {
                try skipProcessingInstruction()
            } else {
                throw failure("unexpected content after the root element")
            }
        }
    }

    /// Parses the root element (normally `<plist>`, but a bare value is accepted too) with
    /// an explicit stack of open containers.
    mutating func parseRootElement() throws(PropertyListError) -> PropertyListValue {
        var stack: [Frame] = []
        var depth = 0
        while true {
            if !stack.isEmpty {
                try skipMiscellany(inside: stack[stack.count - 1])
            }
            if looksAt("</") {
                guard var frame = stack.popLast() else { throw failure("an end tag without a start tag") }
                try readEndTag(of: frame.element)
                if frame.element != .plist { depth -= 1 }
                let value = try close(&frame)
                if let root = try deliver(value, to: &stack) { return root }
                continue
            }
            let tag = try readStartTag()
            switch tag.element {
            case .plist:
                guard stack.isEmpty else { throw failure("<plist> inside another element", at: tag.offset) }
                guard !tag.isEmpty else { throw failure("the <plist> element is empty", at: tag.offset) }
                stack.append(Frame(element: .plist, offset: tag.offset))
            case .array, .dict:
                if tag.isEmpty {
                    let value: PropertyListValue = tag.element == .array ? .array([]) : .dictionary(PropertyListDictionary())
                    if let root = try deliver(value, to: &stack, at: tag.offset) { return root }
                } else {
                    guard depth < maximumDepth else {
                        throw PropertyListError(
                            .tooDeep, at: tag.offset,
                            "XML property list, line \(line(of: tag.offset)): containers nest deeper than \(maximumDepth) levels")
                    }
                    depth += 1
                    stack.append(Frame(element: tag.element, offset: tag.offset))
                }
            case .key:
                guard !stack.isEmpty, stack[stack.count - 1].element == .dict else {
                    throw failure("<key> outside a <dict>", at: tag.offset)
                }
                if let previous = stack[stack.count - 1].pendingKey {
                    throw failure("the key \"\(previous)\" has no value", at: tag.offset)
                }
                let key = tag.isEmpty ? "" : try readString(of: .key)
                stack[stack.count - 1].pendingKey = key
                stack[stack.count - 1].pendingKeyOffset = tag.offset
            default:
                let value = try readLeaf(tag)
                if let root = try deliver(value, to: &stack, at: tag.offset) { return root }
            }
        }
    }

    /// Skips whitespace, comments and processing instructions between the children of a
    /// container; text there, or the end of the file, is an error.
    mutating func skipMiscellany(inside frame: Frame) throws(PropertyListError) {
        while true {
            skipWhitespace()
            guard !atEnd else {
                throw failure("the file ends inside the <\(frame.element.name)> opened on line \(line(of: frame.offset))")
            }
            if looksAt("<!--") {
                try skipComment()
            } else if looksAt("<?") {
                try skipProcessingInstruction()
            } else if bytes[position] == UInt8(ascii: "<") {
                return
            } else {
                throw failure("unexpected text inside <\(frame.element.name)>")
            }
        }
    }

    /// Hands a finished value to the innermost open container; returns it when there is
    /// none (it is the root).
    func deliver(_ value: PropertyListValue, to stack: inout [Frame], at offset: Int? = nil) throws(PropertyListError) -> PropertyListValue? {
        guard !stack.isEmpty else { return value }
        let top = stack.count - 1
        switch stack[top].element {
        case .plist:
            guard stack[top].values.isEmpty else { throw failure("a <plist> holds one value, but here is a second", at: offset) }
            stack[top].values.append(value)
        case .dict:
            guard let key = stack[top].pendingKey else { throw failure("a value in a <dict> without a <key>", at: offset) }
            stack[top].keys.append(key)
            stack[top].values.append(value)
            stack[top].pendingKey = nil
        default:
            stack[top].values.append(value)
        }
        return nil
    }

    /// Turns a closed container into its value.
    func close(_ frame: inout Frame) throws(PropertyListError) -> PropertyListValue {
        switch frame.element {
        case .plist:
            guard let value = frame.values.first else { throw failure("the <plist> element is empty", at: frame.offset) }
            return value
        case .dict:
            if let key = frame.pendingKey {
                throw failure("the key \"\(key)\" has no value", at: frame.pendingKeyOffset)
            }
            if frame.keys.count == 1, frame.keys[0] == "CF$UID" {
                switch frame.values[0] {
                case .integer(let number) where number >= 0: return .uid(UInt64(number))
                case .unsignedInteger(let number): return .uid(number)
                default: break
                }
            }
            return .dictionary(Self.dictionary(keys: frame.keys, values: frame.values))
        default:
            return .array(frame.values)
        }
    }

    /// Builds a dictionary; a repeated key keeps its first place and its last value,
    /// as CoreFoundation does.
    static func dictionary(keys: [String], values: [PropertyListValue]) -> PropertyListDictionary {
        PropertyListDictionary(Array(zip(keys, values)))
    }

    // MARK: - Tags

    /// Reads `<name attr="…" …>` or `<name …/>`; the position is at `<`.
    mutating func readStartTag() throws(PropertyListError) -> StartTag {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<") else { throw failure("expected a start tag") }
        if looksAt("<![CDATA[") { throw failure("CDATA outside a <string>, <key> or other text element") }
        if looksAt("<!") { throw failure("unexpected markup declaration (entity declarations are not accepted)") }
        position += 1
        let nameStart = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]),
              bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/") {
            position += 1
        }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<position])
        guard !name.isEmpty else { throw failure("a tag without a name", at: start) }
        guard let element = XMLPropertyListElement(name: name) else {
            throw failure("unknown element <\(Self.printable(name))>", at: start)
        }
        while true {
            skipWhitespace()
            guard !atEnd else { throw failure("the file ends inside the tag <\(element.name)>", at: start) }
            if looksAt("/>") {
                position += 2
                return StartTag(element: element, isEmpty: true, offset: start)
            }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                return StartTag(element: element, isEmpty: false, offset: start)
            }
            try skipAttribute(in: element)
        }
    }

    /// Skips `name="value"` (or single quotes); attributes carry nothing a plist needs.
    mutating func skipAttribute(in element: XMLPropertyListElement) throws(PropertyListError) {
        let start = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: "="),
              bytes[position] != UInt8(ascii: ">"), bytes[position] != UInt8(ascii: "/"), bytes[position] != UInt8(ascii: "<") {
            position += 1
        }
        guard position > start else { throw failure("malformed attribute in <\(element.name)>") }
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: "=") else {
            throw failure("an attribute without a value in <\(element.name)>")
        }
        position += 1
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: "\"") || bytes[position] == UInt8(ascii: "'") else {
            throw failure("an attribute value without quotes in <\(element.name)>")
        }
        let quote = bytes[position]
        position += 1
        while position < bytes.count, bytes[position] != quote {
            if bytes[position] == UInt8(ascii: "<") { throw failure("'<' inside an attribute value") }
            position += 1
        }
        guard !atEnd else { throw failure("the file ends inside an attribute value", at: start) }
        position += 1
    }

    /// Reads `</name>`, which must close the given element; the position is at `</`.
    mutating func readEndTag(of element: XMLPropertyListElement) throws(PropertyListError) {
        let start = position
        position += 2
        let nameStart = position
        while position < bytes.count, !Self.isWhitespace(bytes[position]), bytes[position] != UInt8(ascii: ">") {
            position += 1
        }
        let name = UnsafeBufferPointer(rebasing: bytes[nameStart..<position])
        skipWhitespace()
        guard !atEnd, bytes[position] == UInt8(ascii: ">") else {
            throw failure("malformed end tag </\(Self.printable(name))", at: start)
        }
        position += 1
        guard name.elementsEqual(element.name.utf8) else {
            throw failure("</\(Self.printable(name))> where </\(element.name)> was expected", at: start)
        }
    }

    /// A short, printable rendering of bytes for an error message.
    static func printable(_ bytes: some Collection<UInt8>) -> String {
        let text = String(decoding: bytes.prefix(40), as: UTF8.self)
        return bytes.count > 40 ? text + "…" : text
    }
}
