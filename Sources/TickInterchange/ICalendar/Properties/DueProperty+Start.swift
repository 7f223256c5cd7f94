import FoundationEssentials
import TickCore

extension DueProperty {
    /// A repeating item's kept DTSTART moved by as much as its due moved from `read`: whole
    /// days for a DATE (the change rounded to days), seconds for a DATE-TIME, which keeps
    /// its form (a UTC one in UTC; a TZID or floating one as a wall time moved by the same
    /// seconds, its TZID kept). Nil when the DTSTART or the due cannot be read, or when the
    /// due is now of the other value type (a day against a time): RFC 5545 wants both of one
    /// type, so such a DTSTART is left out as for any item (see ``DroppedForDue``).
    static func movedStart(_ start: ICalProperty, from read: (date: Date, isDay: Bool), to item: ToDoItem) -> ICalProperty? {
        guard let due = item.due, let value = ICalDateTime(start) else { return nil }
        if case .date = value { guard item.dueIsDay else { return nil } } else if item.dueIsDay { return nil }
        // Dues are written to the second, so the distance is counted in whole seconds.
        let seconds = due.timeIntervalSince1970.rounded(.down) - read.date.timeIntervalSince1970.rounded(.down)
        var moved = start
        switch value {
        case .date(let day):
            let days = (seconds / 86_400).rounded()
            guard let movedDay = CalendarDay(utcMidnight: day.utcMidnight.addingTimeInterval(days * 86_400)) else { return nil }
            moved.value = movedDay.basicFormat
        case .utc(let wall):
            guard let instant = wall.instant(in: .utc) else { return nil }
            moved.value = ICalDateTime.utcText(instant.addingTimeInterval(seconds))
        case .floating(let wall), .zoned(let wall, _):
            guard let instant = wall.instant(in: .utc) else { return nil }
            moved.value = ICalDateTime.floatingText(instant.addingTimeInterval(seconds), in: .utc)
        }
        moved.foldedText = nil
        return moved
    }

    /// The DUE kept as read with a repeating item (see ``finish(_:resolver:)``).
    static func dueAsRead(_ extras: ICalendarExtras) -> (date: Date, isDay: Bool)? {
        guard let line = extras.dueAsRead, let property = ICalendar.property(of: line) else { return nil }
        switch ICalDateTime(property) {
        case .date(let day)?: return (day.utcMidnight, true)
        case .utc(let wall)?: return wall.instant(in: .utc).map { ($0, false) }
        default: return nil
        }
    }

    /// Whether the item's due differs from the one read (to the second, or in being a day).
    static func changed(from read: (date: Date, isDay: Bool), to item: ToDoItem) -> Bool {
        !sameSecond(read.date, item.due) || read.isDay != item.dueIsDay
    }
}
