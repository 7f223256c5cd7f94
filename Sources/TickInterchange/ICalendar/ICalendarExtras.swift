/// The text an item keeps in `iCalendarExtras`: the VTODO's content that tick does not map,
/// as unfolded content lines joined by `\n` (CR LF and CR are read as line ends too), verbatim as read:
///
/// - its unmapped properties and sub-components (VALARM …), written back inside the VTODO;
/// - `SEQUENCE` and `LAST-MODIFIED` as read, the state tick last saw (the encoder writes a
///   higher SEQUENCE once the item has changed since, and never copies these two);
/// - `SUMMARY`, `DESCRIPTION`, `LOCATION` and `CATEGORIES` as read when they had parameters
///   (LANGUAGE, ALTREP …): written back as read while the field still holds their text; a
///   `SUMMARY` that was blank or missing, as a blank one;
/// - the `DUE` as read (in UTC, or a day) of a repeating item with a DTSTART: once the due
///   has changed, that DTSTART moves by as much (see ``DueProperty``);
/// - whole `BEGIN:VTODO … END:VTODO` blocks: the overrides of recurrences (same UID, with
///   RECURRENCE-ID), written after the item's VTODO;
/// - whole `BEGIN:VTIMEZONE … END:VTIMEZONE` blocks the lines above refer to by TZID,
///   written once per calendar.
struct ICalendarExtras {
    /// Lines written inside the item's VTODO (STATUS, COMPLETED and PERCENT-COMPLETE only
    /// while to do).
    var inner: [Substring] = []
    /// The override VTODOs, each as its lines.
    var overrides: [[Substring]] = []
    /// VTIMEZONEs by TZID, each as its lines.
    var timeZones: [(tzid: String, lines: [Substring])] = []
    /// SEQUENCE as read.
    var sequence: Int?
    /// LAST-MODIFIED's value as read.
    var lastModified: Substring?
    /// SUMMARY, DESCRIPTION and LOCATION lines with parameters as read, by name.
    var textAsRead: [String: Substring] = [:]
    /// CATEGORIES lines with parameters as read.
    var categoriesAsRead: [Substring] = []
    /// The DUE as read, kept for a repeating item with a DTSTART.
    var dueAsRead: Substring?

    /// Splits an item's extras text.
    init(_ text: String) {
        var block: [Substring] = []
        var blockKind = ""
        var blockDepth = 0
        var innerDepth = 0
        for line in text.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let name = Self.name(of: line)
            if blockDepth > 0 {
                block.append(line)
                if name == "BEGIN" { blockDepth += 1 } else if name == "END" { blockDepth -= 1 }
                guard blockDepth == 0 else { continue }
                if blockKind == "VTODO" {
                    overrides.append(block)
                } else {
                    let tzid = block.first { Self.name(of: $0) == "TZID" }.map { String(Self.value(of: $0)) } ?? ""
                    timeZones.append((tzid, block))
                }
                continue
            }
            if innerDepth == 0, name == "BEGIN", ["VTODO", "VTIMEZONE"].contains(Self.value(of: line).uppercased()) {
                blockKind = Self.value(of: line).uppercased()
                block = [line]
                blockDepth = 1
                continue
            }
            if name == "BEGIN" { innerDepth += 1 } else if name == "END" { innerDepth = max(0, innerDepth - 1) }
            switch innerDepth == 0 ? name : "" {
            case "SEQUENCE": sequence = Int(Self.value(of: line))
            case "LAST-MODIFIED": lastModified = Self.value(of: line)
            case "SUMMARY", "DESCRIPTION", "LOCATION": textAsRead[name] = line
            case "CATEGORIES": categoriesAsRead.append(line)
            case "DUE": dueAsRead = line
            default: inner.append(line)
            }
        }
    }

    /// The upper-cased property name of a content line.
    static func name(of line: Substring) -> String {
        let end = line.firstIndex { $0 == ":" || $0 == ";" } ?? line.endIndex
        return line[..<end].uppercased()
    }

    /// The value of a content line (after the first `:` outside quotes).
    static func value(of line: Substring) -> Substring {
        var quoted = false
        for index in line.indices {
            switch line[index] {
            case "\"": quoted.toggle()
            case ":" where !quoted: return line[line.index(after: index)...]
            default: continue
            }
        }
        return ""
    }

    // MARK: - Making the text

    /// Collects the text for one item.
    struct Builder {
        private var lines: [String] = []
        private(set) var tzids: [String] = []

        mutating func add(_ property: ICalProperty) {
            lines.append(property.description)
            if let tzid = property.parameter("TZID"), !tzids.contains(tzid) { tzids.append(tzid) }
        }

        mutating func add(_ component: ICalComponent) {
            lines.append("BEGIN:" + component.name)
            for property in component.properties { add(property) }
            for child in component.components { add(child) }
            lines.append("END:" + component.name)
        }

        /// The text, or nil when there is nothing to keep.
        var text: String? { lines.isEmpty ? nil : lines.joined(separator: "\n") }
    }
}

extension ICalendar {
    /// Checks text meant for an item's `iCalendarExtras` when it comes from somewhere other
    /// than this decoder (a JSON import): content lines, BEGIN and END balanced, and no
    /// property that tick writes from a field of its own (which would be written twice).
    /// `line` is where the text is in `source`.
    public static func checkExtras(_ text: String, source: String, line: Int? = nil) throws(InterchangeError) {
        let wrapped = Array(("BEGIN:VTODO\r\n" + text + "\r\nEND:VTODO\r\n").utf8)
        func fail(_ problem: String) -> InterchangeError {
            InterchangeError(source: source, line: line, problem: "the iCalendar extras: " + problem)
        }
        let roots: [ICalComponent]
        do {
            roots = try ICalComponent.parse(wrapped, source: source)
        } catch {
            throw fail(error.problem + (error.line.map { " (their line \($0 - 1))" } ?? ""))
        }
        guard roots.count == 1, let vtodo = roots.first else { throw fail("BEGIN and END do not pair up") }
        // (A row keeps some of its own properties: see VTodoProperty.mayBeKept.)
        if let mapped = vtodo.properties.first(where: { !(VTodoMapping.rowOfName[$0.key]?.row.mayBeKept($0) ?? true) }) {
            throw fail("\(mapped.name) is written from the item's own fields")
        }
    }
}
