import FoundationEssentials
import TickCore

extension DueProperty {
    /// A repeating item's kept DTSTART moved by as much as its due moved from `read`: whole
    /// days for a DATE (the change rounded to days), seconds for a UTC DATE-TIME, and for a
    /// TZID or floating one as much as the due's local wall clock moved (its TZID kept). When
    /// the due is now of the other value type (a day where it was a time, or the other way),
    /// the DTSTART takes the due's type, as RFC 5545 wants both of one type: the day as many
    /// days before the due's as it was before, or 00:00 UTC of it; never after the due. Nil
    /// when the DTSTART or the due cannot be read.
    static func movedStart(_ start: ICalProperty, from read: (date: Date, isDay: Bool), to item: ToDoItem) -> ICalProperty? {
        guard let due = item.due, let value = ICalDateTime(start) else { return nil }
        // Dues are written to the second, so the distance is counted in whole seconds.
        let seconds = due.timeIntervalSince1970.rounded(.down) - read.date.timeIntervalSince1970.rounded(.down)
        var moved = start
        switch value {
        case .date(let day):
            let days = (seconds / 86_400).rounded()
            guard let day = CalendarDay(utcMidnight: day.utcMidnight.addingTimeInterval(days * 86_400)) else { return nil }
            moved.value = day.basicFormat
        case .utc(let wall):
            guard let instant = wall.instant(in: .utc) else { return nil }
            moved.value = ICalDateTime.utcText(instant.addingTimeInterval(seconds))
        case .floating(let wall), .zoned(let wall, _):
            // A wall time moves by as much as the due's wall clock did (tick keeps a repeating
            // due's time of day across daylight-saving changes: in the start's zone, which the
            // series runs on, else the local one), not by the seconds that passed, which would
            // shift it by an hour at every change.
            let zone: LocalTime = if case .zoned(_, let tzid) = value { LocalTime.named(tzid) ?? .current } else { .current }
            let wallShift = seconds + Double(zone.secondsFromGMT(for: due) - zone.secondsFromGMT(for: read.date))
            guard let instant = wall.instant(in: .utc) else { return nil }
            moved.value = ICalDateTime.floatingText(instant.addingTimeInterval(wallShift), in: .utc)
        }
        moved.foldedText = nil
        let startIsDay: Bool = if case .date = value { true } else { false }
        guard startIsDay != item.dueIsDay else { return moved }
        // Of the other type now: the start keeps its distance in days before the due (a
        // 09:00 start of a 10:00 due falls on the due's day, not on the day before, which
        // the seconds moved would give), counted on the start's own calendar.
        guard let movedDay = startDay(of: value, keepingDaysBefore: item, read: read) else { return nil }
        if let dueDay = item.dueDay {
            return ICalProperty("DTSTART", [ICalParameter("VALUE", "DATE")], value: min(movedDay, dueDay).basicFormat)
        }
        // A time now: the day's start in the zone the DUE is written in (the series' anchor, which
        // other apps expand the rule in), else in UTC.
        if let zone = SeriesZone.writes(item, start: nil),
           let midnight = zone.localTime.date(year: movedDay.year, month: movedDay.month, day: movedDay.day, hour: 0, minute: 0, second: 0) {
            return ICalProperty("DTSTART", [ICalParameter("TZID", zone.tzid)], value: ICalDateTime.floatingText(min(midnight, due), in: zone.localTime))
        }
        return ICalProperty("DTSTART", value: ICalDateTime.utcText(min(movedDay.utcMidnight, due)))
    }

    /// The day a start of the other type than the due falls on: as many days before the due's
    /// day as the start's day was before the day of the due as read, each day as the
    /// start's calendar has it (UTC, its TZID's zone, or the local one when floating).
    private static func startDay(of value: ICalDateTime, keepingDaysBefore item: ToDoItem,
                                 read: (date: Date, isDay: Bool)) -> CalendarDay? {
        let zone: LocalTime
        let start: CalendarDay?
        switch value {
        // (A day start becoming a time is written in the series' zone, ``movedStart``: the due's day is counted there.)
        case .date(let day): (zone, start) = (SeriesZone.local?.localTime ?? .utc, day)
        case .utc(let wall): (zone, start) = (.utc, CalendarDay(year: wall.year, month: wall.month, day: wall.day))
        case .floating(let wall): (zone, start) = (.current, CalendarDay(year: wall.year, month: wall.month, day: wall.day))
        case .zoned(let wall, let tzid):
            (zone, start) = (LocalTime.named(tzid) ?? .current, CalendarDay(year: wall.year, month: wall.month, day: wall.day))
        }
        func day(_ date: Date, isDay: Bool) -> CalendarDay? {
            isDay ? CalendarDay(utcMidnight: date) : CalendarDay(of: date, in: zone)
        }
        guard let start, let readDay = day(read.date, isDay: read.isDay), let due = item.due,
              let dueDay = day(due, isDay: item.dueIsDay) else { return nil }
        let before = (readDay.utcMidnight.timeIntervalSince1970 - start.utcMidnight.timeIntervalSince1970) / 86_400
        return CalendarDay(utcMidnight: dueDay.utcMidnight.addingTimeInterval(-before.rounded() * 86_400))
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
