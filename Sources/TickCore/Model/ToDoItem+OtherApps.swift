extension ToDoItem {
    /// The recurrence rule another app gave the item: the value of the RRULE kept in its
    /// iCalendar extras (``iCalendarExtras``), such as `FREQ=WEEKLY;BYDAY=MO`; nil when it has
    /// none. tick shows it and writes it back, but does not repeat the item itself.
    public var recurrenceRule: String? { keptValue("RRULE") }

    /// The status another app gave the item when it is neither of tick's two (to do, done):
    /// the STATUS kept in its iCalendar extras, such as `CANCELLED` or `IN-PROCESS`; nil when
    /// there is none. The item is in To Do (such a STATUS says it is not done), and the
    /// status is written back as it was.
    public var otherAppStatus: String? { keptValue("STATUS") }

    /// The value of the item's own property `name` in its iCalendar extras (not one inside an
    /// alarm or an override of a recurrence), shown safely on a terminal; nil when absent or empty.
    private func keptValue(_ name: String) -> String? {
        guard let extras = iCalendarExtras else { return nil }
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
                }) else { return nil }
                let value = VisibleText.line(String(line[line.index(after: colon)...])).trimmed()
                return value.isEmpty ? nil : value
            default: break
            }
        }
        return nil
    }
}
