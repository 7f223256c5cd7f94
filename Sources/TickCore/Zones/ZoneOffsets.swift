import FoundationEssentials

/// A time zone as a function from an instant to its offset from UTC, read from one of the
/// three places a TZID can be defined: a zoneinfo file (``TZifZone``), a POSIX TZ rule (the
/// footer of such a file, ``PosixTimeZone``), or an iCalendar VTIMEZONE (``VTimeZoneRules``).
public protocol ZoneOffsets: Sendable {
    /// Seconds east of UTC at `instant` (seconds since 1970).
    func offset(at instant: Int64) -> Int
}

extension ZoneOffsets {
    /// The zone as TickCore's calendar, which turns wall times into instants.
    public var localTime: LocalTime {
        let zone = self
        return LocalTime(secondsFromGMT: { zone.offset(at: $0) })
    }
}

/// Day arithmetic the zone rules share.
public enum ZoneDays {
    /// Days since 1970-01-01 of a valid day of the Gregorian calendar (nil for an invalid one).
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int64? {
        guard let day = CalendarDay(year: year, month: month, day: day) else { return nil }
        return Int64(day.utcMidnight.timeIntervalSince1970 / 86_400)
    }

    /// 0 = Sunday … 6 = Saturday.
    public static func weekday(_ dayNumber: Int64) -> Int {
        Int(((dayNumber + 4) % 7 + 7) % 7)
    }

    /// The year an instant falls in, in UTC.
    public static func year(of instant: Int64) -> Int {
        let fields = LocalTime.utc.fields(of: Date(timeIntervalSince1970: Double(instant)))
        return fields.year
    }

    /// The day number of the `week`-th `weekday` (0 = Sunday) of a month: `week` 1…4 counts
    /// from the start, 5 or more (POSIX) means the last; negative counts from the end (−1 = last).
    public static func weekdayInMonth(year: Int, month: Int, week: Int, weekday: Int) -> Int64? {
        guard let first = dayNumber(year: year, month: month, day: 1),
              let nextFirst = month == 12 ? dayNumber(year: year + 1, month: 1, day: 1) : dayNumber(year: year, month: month + 1, day: 1)
        else { return nil }
        let days = nextFirst - first
        if week > 0 && week < 5 {
            let firstMatch = first + Int64((weekday - self.weekday(first) + 7) % 7)
            return firstMatch + Int64(week - 1) * 7
        }
        let last = first + days - 1
        let lastMatch = last - Int64((self.weekday(last) - weekday + 7) % 7)
        let fromEnd = week < 0 ? -week : 1
        return lastMatch - Int64(fromEnd - 1) * 7
    }
}
