import FoundationEssentials
import TickCore

/// How items are written for people: short ids, dates and locations.
enum ItemFormatting {
    /// The first 8 characters of the id, lower-case: what `tick add` prints.
    static func shortID(_ item: ToDoItem) -> String {
        String(item.id.uuidString.prefix(8)).lowercased()
    }

    /// `2026-12-01`, or `2026-12-01 09:30` when the time is not midnight, in the local zone.
    static func date(_ date: Date, calendar: LocalTime = .current) -> String {
        let c = calendar.fields(of: date)
        let year = c.year
        let yearText = (0..<1000).contains(year) ? String(repeating: "0", count: 4 - String(year).count) + String(year) : String(year)
        let day = "\(yearText)-\(twoDigits(c.month))-\(twoDigits(c.day))"
        if c.hour == 0 && c.minute == 0 { return day }
        return day + " \(twoDigits(c.hour)):\(twoDigits(c.minute))"
    }

    private static func twoDigits(_ value: Int) -> String {
        (0..<10).contains(value) ? "0\(value)" : String(value)
    }

    /// The location's name, with its coordinate when `withCoordinate` and it has one.
    static func location(_ location: Location, withCoordinate: Bool) -> String {
        guard withCoordinate, let c = location.coordinate else { return location.name }
        return "\(location.name) (\(c.latitude), \(c.longitude))"
    }

    /// A title on one line: line breaks and tabs become spaces.
    static func oneLine(_ text: String) -> String {
        // Most titles have no line break or tab (all of which are ASCII or start with a byte
        // of 0xC2/0xE2: NEL, LS, PS): return them as they are.
        guard text.utf8.contains(where: { $0 < 0x20 || $0 == 0xC2 || $0 == 0xE2 }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
