import FoundationEssentials
import TickCore

/// How items are written for people: short ids, dates and locations.
enum ItemFormatting {
    /// The first 8 characters of the id, lower-case: what `tick add` prints. An id whose
    /// first 8 characters are digits goes on to its first letter or `-`, since digits alone
    /// are read back as a position (``ItemReference``).
    static func shortID(_ item: ToDoItem) -> String {
        let text = item.id.uuidString.lowercased()
        let prefix = text.prefix(8)
        guard prefix.allSatisfy(\.isPlainDigit) else { return String(prefix) }
        guard let end = text.firstIndex(where: { !$0.isPlainDigit }) else { return text }
        return String(text[...end])
    }

    /// `2026-12-01`, or `2026-12-01 09:30` when the time is not midnight or `withTime` (a
    /// due that is an instant, not a day, shows its time also at midnight), in the local zone.
    static func date(_ date: Date, calendar: LocalTime = .current, withTime: Bool = false) -> String {
        let c = calendar.fields(of: date)
        let year = c.year
        let yearText = (0..<1000).contains(year) ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        let day = "\(yearText)-\(twoDigits(c.month))-\(twoDigits(c.day))"
        if c.hour == 0 && c.minute == 0 && !withTime { return day }
        return day + " \(twoDigits(c.hour)):\(twoDigits(c.minute))"
    }

    private static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0\(value)" : String(value)
    }

    /// The location's name on one line, with its coordinate when `withCoordinate` and it has one.
    static func location(_ location: Location, withCoordinate: Bool) -> String {
        let name = oneLine(location.name)
        guard withCoordinate, let c = location.coordinate else { return name }
        return "\(name) (\(c.latitude), \(c.longitude))"
    }

    /// User text on one line, safe for a terminal: line breaks and tabs become spaces,
    /// control characters and bidi overrides show as escapes (``VisibleText``).
    static func oneLine(_ text: String) -> String {
        VisibleText.line(text)
    }

    /// What a command did to an item: `checked 3f2a1b2c  Buy milk`.
    static func report(_ verb: String, _ item: ToDoItem) -> String {
        "\(verb) \(shortID(item))  \(oneLine(item.title))"
    }
}
