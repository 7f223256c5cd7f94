import FoundationEssentials

/// One `.ics` file of a vdir as content lines, so that sync can patch the VTODO it holds
/// and leave every other byte as it was read.
///
/// Lines are unfolded for reading (RFC 5545 §3.1: a line starting with a space or tab
/// continues the one before); a line that sync does not change is written back exactly as
/// it was read, folding and all. Sync changes only the properties of the VTODO's own level
/// (never those inside a VALARM or another nested component); everything else — unknown
/// properties, VALARM, CATEGORIES, PRIORITY, RRULE, X-… — stays.
struct VTODOFile: Sendable {
    /// One unfolded content line: `NAME;PARAMETERS:value`.
    struct Line: Sendable, Equatable {
        /// The name, upper-cased (`SUMMARY`).
        var name: String
        /// The text between the name and the colon, with its leading `;` (`;VALUE=DATE`), or "".
        var parameters: String
        /// The value after the first colon that is not inside a quoted parameter value.
        var value: String
        /// The line as read (folded, without its line break); nil for a line sync wrote.
        var original: String?
        /// The 1-based line of the file it starts on (0 for a line sync wrote).
        var number: Int

        /// The value of parameter `key` (upper-case), without quotes.
        func parameter(_ key: String) -> String? {
            for part in Self.splitParameters(parameters) {
                guard let equals = part.firstIndex(of: "=") else { continue }
                if part[..<equals].uppercased() == key {
                    var value = part[part.index(after: equals)...]
                    if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
                    return String(value)
                }
            }
            return nil
        }

        /// `;A=1;B="x;y"` → [`A=1`, `B="x;y"`].
        private static func splitParameters(_ text: String) -> [Substring] {
            var parts: [Substring] = []
            var start = text.startIndex
            var quoted = false
            var index = text.startIndex
            while index < text.endIndex {
                let character = text[index]
                if character == "\"" { quoted.toggle() }
                if character == ";" && !quoted {
                    if index > start { parts.append(text[start..<index]) }
                    start = text.index(after: index)
                }
                index = text.index(after: index)
            }
            if start < text.endIndex { parts.append(text[start...]) }
            return parts
        }

        /// The line as it goes into the file: as read when unchanged, else folded at 75 octets.
        var text: String { original ?? Self.fold("\(name)\(parameters):\(value)") }

        /// Folds a line at 75 octets without splitting a UTF-8 character (continuations
        /// start with a space, so they hold 74).
        static func fold(_ line: String) -> String {
            guard line.utf8.count > 75 else { return line }
            var result = ""
            var current = ""
            var currentOctets = 0
            var limit = 75
            for scalar in line.unicodeScalars {
                let octets = String(scalar).utf8.count
                if currentOctets + octets > limit {
                    result += current + "\r\n "
                    current = ""
                    currentOctets = 0
                    limit = 74
                }
                current.unicodeScalars.append(scalar)
                currentOctets += octets
            }
            return result + current
        }
    }

    /// The file's lines.
    private(set) var lines: [Line]
    /// The file's name, for messages.
    let source: String

    /// Reads a file's bytes; refuses broken UTF-8, a line without a colon, components that
    /// are not closed or closed out of order, and a file without exactly one VTODO.
    init(bytes: [UInt8], source: String) throws(InterchangeError) {
        self.source = source
        // Split on the bytes: Swift's Character treats CR LF as one, so "\n" would not split it.
        var physical: [String] = []
        for (index, lineBytes) in bytes.split(separator: 0x0A, omittingEmptySubsequences: false).enumerated() {
            let content = lineBytes.last == 0x0D ? lineBytes.dropLast() : lineBytes
            guard let line = String(validating: content, as: UTF8.self) else {
                throw InterchangeError(source: source, line: index + 1, problem: "the line is not valid UTF-8")
            }
            physical.append(line)
        }
        if physical.last?.isEmpty == true { physical.removeLast() }
        var lines: [Line] = []
        var pending: (folded: String, unfolded: String, number: Int)?
        func finish() throws(InterchangeError) {
            guard let current = pending else { return }
            var line = try Self.parse(current.unfolded, number: current.number, source: source)
            line.original = current.folded
            lines.append(line)
            pending = nil
        }
        for (index, line) in physical.enumerated() {
            if let first = line.first, first == " " || first == "\t", pending != nil {
                pending?.folded += "\r\n" + line
                pending?.unfolded += String(line.dropFirst())
                continue
            }
            try finish()
            if line.isEmpty { continue }
            pending = (line, line, index + 1)
        }
        try finish()
        self.lines = lines
        _ = try todoRange()
    }

    /// A new file holding one empty VTODO with this UID.
    init(newWithUID uid: String, created: Date, stamp: Date, source: String) {
        self.source = source
        let now = ICalendarDate.utcText(stamp)
        lines = [
            Line(name: "BEGIN", parameters: "", value: "VCALENDAR", number: 0),
            Line(name: "VERSION", parameters: "", value: "2.0", number: 0),
            Line(name: "PRODID", parameters: "", value: "-//tick//tick sync//EN", number: 0),
            Line(name: "BEGIN", parameters: "", value: "VTODO", number: 0),
            Line(name: "UID", parameters: "", value: uid, number: 0),
            Line(name: "DTSTAMP", parameters: "", value: now, number: 0),
            Line(name: "CREATED", parameters: "", value: ICalendarDate.utcText(created), number: 0),
            Line(name: "END", parameters: "", value: "VTODO", number: 0),
            Line(name: "END", parameters: "", value: "VCALENDAR", number: 0),
        ]
    }

    /// The file's bytes: CRLF line ends.
    var bytes: [UInt8] { Array(lines.map { $0.text + "\r\n" }.joined().utf8) }

    /// Splits `NAME;PARAMS:value`.
    private static func parse(_ text: String, number: Int, source: String) throws(InterchangeError) -> Line {
        var quoted = false
        var nameEnd: String.Index?
        for index in text.indices {
            let character = text[index]
            if character == "\"" { quoted.toggle() }
            if nameEnd == nil, character == ";" || character == ":" { nameEnd = index }
            if character == ":" && !quoted {
                let end = nameEnd ?? index
                let name = text[..<end]
                guard !name.isEmpty, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { break }
                return Line(name: name.uppercased(), parameters: String(text[end..<index]),
                            value: String(text[text.index(after: index)...]), original: nil, number: number)
            }
        }
        throw InterchangeError(source: source, line: number, problem: "not an iCalendar content line: \"\(text.prefix(60))\"")
    }

    // MARK: - The VTODO

    /// The indices of the VTODO's BEGIN and END lines; refuses unbalanced components and a
    /// file with no VTODO or more than one (a vdir holds one item per file).
    func todoRange() throws(InterchangeError) -> (begin: Int, end: Int) {
        var stack: [(String, Int)] = []
        var found: (Int, Int)?
        for (index, line) in lines.enumerated() {
            if line.name == "BEGIN" {
                stack.append((line.value.uppercased(), index))
            } else if line.name == "END" {
                guard let (open, begin) = stack.popLast(), open == line.value.uppercased() else {
                    throw InterchangeError(source: source, line: line.number, problem: "END:\(line.value) does not close an open component")
                }
                if open == "VTODO" && stack.count == 1 {
                    guard found == nil else {
                        throw InterchangeError(source: source, line: lines[begin].number, problem: "a second VTODO in one file (a vdir holds one item per file)")
                    }
                    found = (begin, index)
                }
            }
        }
        if let (open, begin) = stack.last {
            throw InterchangeError(source: source, line: lines[begin].number, problem: "BEGIN:\(open) is never closed")
        }
        guard let found else { throw InterchangeError(source: source, problem: "no VTODO in the file") }
        return found
    }

    /// The indices of the VTODO's own properties (not those of nested components).
    private func todoPropertyIndices() -> [Int] {
        guard let (begin, end) = try? todoRange() else { return [] }
        var depth = 0
        var result: [Int] = []
        for index in (begin + 1)..<end {
            let name = lines[index].name
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 } else if depth == 0 { result.append(index) }
        }
        return result
    }

    /// The VTODO's first property named `name`.
    func property(_ name: String) -> Line? {
        todoPropertyIndices().lazy.map { lines[$0] }.first { $0.name == name }
    }

    /// Sets the VTODO's property `name` (replacing every one of that name), or removes it for nil.
    mutating func set(_ name: String, parameters: String = "", value: String?) {
        let existing = todoPropertyIndices().filter { lines[$0].name == name }
        if let value {
            let line = Line(name: name, parameters: parameters, value: value, original: nil, number: 0)
            if let first = existing.first {
                if lines[first].value == value && lines[first].parameters == parameters && existing.count == 1 { return }
                lines[first] = line
                for index in existing.dropFirst().reversed() { lines.remove(at: index) }
            } else if let (begin, end) = try? todoRange() {
                // Properties go before the first nested component (a VALARM), as RFC 5545 orders them.
                let place = ((begin + 1)..<end).first { lines[$0].name == "BEGIN" } ?? end
                lines.insert(line, at: place)
            }
        } else {
            for index in existing.reversed() { lines.remove(at: index) }
        }
    }
}
