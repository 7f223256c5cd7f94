extension ToDoItem {
    /// The recurrence rule another app gave the item: the value of the RRULE kept in its
    /// iCalendar extras (``iCalendarExtras``), such as `FREQ=WEEKLY;BYDAY=MO`; nil when it has
    /// none. tick shows it and writes it back, but does not repeat the item itself.
    public var recurrenceRule: String? {
        guard let extras = iCalendarExtras else { return nil }
        var depth = 0  // inside a VALARM or an override, an RRULE is not the item's
        for line in extras.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let nameEnd = line.firstIndex { $0 == ":" || $0 == ";" } ?? line.endIndex
            switch line[..<nameEnd].uppercased() {
            case "BEGIN": depth += 1
            case "END": depth = max(0, depth - 1)
            case "RRULE" where depth == 0:
                guard let colon = line.firstIndex(of: ":") else { return nil }
                let rule = VisibleText.line(String(line[line.index(after: colon)...])).trimmed()
                return rule.isEmpty ? nil : rule
            default: break
            }
        }
        return nil
    }
}
