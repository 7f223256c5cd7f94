extension ToDoItem {
    /// The status another app gave the item when it is neither of tick's two (to do, done):
    /// the STATUS kept in its iCalendar extras, such as `CANCELLED` or `IN-PROCESS`; nil when
    /// there is none. The item is in To Do (such a STATUS says it is not done), and the
    /// status is written back as it was.
    public var otherAppStatus: String? { keptValue("STATUS") }

    /// The value of the DTSTART another app gave the item (`20250106`, `20250106T090000Z`,
    /// `20250106T090000` beside a TZID), kept in its iCalendar extras; nil when none.
    var iCalendarStart: String? { keptValue("DTSTART") }

    /// The TZID of that DTSTART: the zone the series runs in; nil for none.
    var iCalendarStartZone: String? { keptParameter("DTSTART", "TZID") }

    /// The DUE of a repeating item as it was read beside a DTSTART (kept in its iCalendar
    /// extras, so that the DTSTART moves as far as the due moved since); nil when none.
    var iCalendarDueAsRead: String? { keptValue("DUE") }

    /// Moves the PRIORITY, CATEGORIES and RRULE that an older tick kept verbatim in the
    /// item's iCalendar extras (before they were fields of their own) into ``priority``,
    /// ``tags`` and ``recurrence``, and out of the extras, so that they are shown, edited
    /// and written once. A field the item already has is not replaced; values tick cannot
    /// take (a priority outside 0…9) stay in the extras as they were.
    public mutating func adoptKeptFields() {
        guard let extras = iCalendarExtras,
              ["PRIORITY", "CATEGORIES", "RRULE", "priority", "categories", "rrule"].contains(where: { extras.contains($0) }) else { return }
        var kept: [Substring] = []
        var depth = 0, changed = false
        var tags = self.tags
        for line in extras.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let nameEnd = line.firstIndex { $0 == ":" || $0 == ";" } ?? line.endIndex
            let name = line[..<nameEnd].uppercased()
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth = max(0, depth - 1) }
            guard depth == 0, name == "PRIORITY" || name == "CATEGORIES" || name == "RRULE", let value = Self.value(of: line) else {
                kept.append(line)
                continue
            }
            switch name {
            case "PRIORITY":
                guard let number = Int(value.trimmed()), (0...9).contains(number) else { kept.append(line); continue }
                if priority == nil, number > 0 { try? setPriority(number) }
            case "CATEGORIES":
                tags += Self.textList(value)
            default:
                if recurrence == nil, !value.trimmed().isEmpty { recurrence = value.trimmed() }
            }
            changed = true
        }
        guard changed else { return }
        try? setTags(tags.filter { !$0.contains(where: \.isNewline) })
        iCalendarExtras = kept.isEmpty ? nil : kept.joined(separator: "\n")
    }

    /// A content line's value: what follows the first colon outside a quoted parameter value.
    private static func value(of line: Substring) -> String? {
        var quoted = false
        guard let colon = line.firstIndex(where: { character in
            if character == "\"" { quoted.toggle() }
            return character == ":" && !quoted
        }) else { return nil }
        return String(line[line.index(after: colon)...])
    }

    /// An iCalendar TEXT list (CATEGORIES): split at unescaped commas, each unescaped.
    static func textList(_ value: String) -> [String] {
        var items: [String] = [], current = ""
        var escaped = false
        for character in value {
            if escaped {
                // (RFC 5545 TEXT escapes, read as the iCalendar codec's ICalText.unescape reads
                // them: an unknown one keeps its backslash.)
                switch character {
                case "n", "N": current.append("\n")
                case "\\", ";", ",", ":": current.append(character)
                default: current.append("\\"); current.append(character)
                }
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == "," {
                items.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        items.append(current)
        return items.map { $0.trimmed() }.filter { !$0.isEmpty }
    }

    /// The value of the item's own property `name` in its iCalendar extras (not one inside an
    /// alarm or an override of a recurrence), shown safely on a terminal; nil when absent or empty.
    private func keptValue(_ name: String) -> String? {
        keptValues(name).first
    }

    /// The values of every top-level property `name` kept in the iCalendar extras, in order.
    func keptValues(_ name: String) -> [String] {
        keptProperties(name).compactMap { property in
            let value = VisibleText.line(String(property.value)).trimmed()
            return value.isEmpty ? nil : value
        }
    }

    /// The value of the parameter `parameter` (TZID) of the first top-level property `name`
    /// kept in the iCalendar extras, without its quotes; nil when there is none.
    func keptParameter(_ name: String, _ parameter: String) -> String? {
        guard let parameters = keptProperties(name).first?.parameters else { return nil }
        var quoted = false
        for part in parameters.split(whereSeparator: { character in
            if character == "\"" { quoted.toggle() }
            return character == ";" && !quoted
        }) {
            guard let equals = part.firstIndex(of: "="), part[..<equals].uppercased() == parameter else { continue }
            let value = part[part.index(after: equals)...].filter { $0 != "\"" }
            return value.isEmpty ? nil : String(value)
        }
        return nil
    }

    /// The top-level properties `name` kept in the iCalendar extras (not those inside an alarm
    /// or an override of a recurrence): the text of each one's parameters and its value.
    private func keptProperties(_ name: String) -> [(parameters: Substring, value: Substring)] {
        guard let extras = iCalendarExtras else { return [] }
        var properties: [(parameters: Substring, value: Substring)] = []
        var depth = 0
        for line in extras.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let nameEnd = line.firstIndex { $0 == ":" || $0 == ";" } ?? line.endIndex
            switch line[..<nameEnd].uppercased() {
            case "BEGIN": depth += 1
            case "END": depth = max(0, depth - 1)
            case name where depth == 0:
                // The value follows the first colon outside a quoted parameter value.
                var quoted = false
                guard let colon = line.firstIndex(where: { character in
                    if character == "\"" { quoted.toggle() }
                    return character == ":" && !quoted
                }) else { continue }
                properties.append((line[nameEnd..<colon], line[line.index(after: colon)...]))
            default: break
            }
        }
        return properties
    }
}
