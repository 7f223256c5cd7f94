import Foundation
import TickCore

/// How items are written for people: short ids, dates and locations.
enum ItemFormatting {
    /// The first 8 characters of the id, lower-case: what `tick add` prints.
    static func shortID(_ item: ToDoItem) -> String {
        String(item.id.uuidString.prefix(8)).lowercased()
    }

    /// `2026-12-01`, or `2026-12-01 09:30` when the time is not midnight, in the local zone.
    static func date(_ date: Date, calendar: Calendar = .current) -> String {
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
        let hour = c.hour ?? 0, minute = c.minute ?? 0
        if hour == 0 && minute == 0 { return day }
        return day + String(format: " %02d:%02d", hour, minute)
    }

    /// The location's name, with its coordinate when `withCoordinate` and it has one.
    static func location(_ location: Location, withCoordinate: Bool) -> String {
        guard withCoordinate, let c = location.coordinate else { return location.name }
        return "\(location.name) (\(c.latitude), \(c.longitude))"
    }

    /// A title on one line: line breaks and tabs become spaces.
    static func oneLine(_ text: String) -> String {
        String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }
}
