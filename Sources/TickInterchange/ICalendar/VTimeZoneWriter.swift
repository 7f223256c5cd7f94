import TickCore

/// Makes a VTIMEZONE from a system zone's current rule (the POSIX TZ rule at the end of its
/// zoneinfo file), for content kept with an item that names a TZID the file it came from
/// did not define: written back out, the calendar then still defines every TZID it uses.
///
/// Only today's rule is stated (as Thunderbird and Apple write theirs), so times in years
/// with other rules are read by other programs with today's offsets.
enum VTimeZoneWriter {
    static func vtimezone(tzid: String, rule: PosixTimeZone) -> ICalComponent? {
        guard let daylight = rule.daylight else {
            return ICalComponent(name: "VTIMEZONE", properties: [ICalProperty("TZID", value: tzid)], components: [
                observance("STANDARD", start: "19700101T000000", from: rule.standardOffset, to: rule.standardOffset, rule: nil),
            ])
        }
        guard let start = yearly(daylight.start), let end = yearly(daylight.end) else { return nil }
        return ICalComponent(name: "VTIMEZONE", properties: [ICalProperty("TZID", value: tzid)], components: [
            observance("DAYLIGHT", start: start.dtstart, from: rule.standardOffset, to: daylight.offset, rule: start.rule),
            observance("STANDARD", start: end.dtstart, from: daylight.offset, to: rule.standardOffset, rule: end.rule),
        ])
    }

    /// DTSTART (its first onset on or after 1970) and RRULE of a `Mm.w.d/time` change; nil for
    /// Julian-day rules and times outside the day, which RRULE's BYDAY cannot say.
    private static func yearly(_ change: PosixTimeZone.Change) -> (dtstart: String, rule: String)? {
        guard case let .monthWeekDay(month, week, weekday) = change.day, (0..<86_400).contains(change.time),
              let day = ZoneDays.weekdayInMonth(year: 1970, month: month, week: week, weekday: weekday),
              let first = ZoneDays.dayNumber(year: 1970, month: month, day: 1) else { return nil }
        let names = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]
        let dayOfMonth = Int(day - first) + 1
        let time = change.time
        let dtstart = "1970" + pad(month) + pad(dayOfMonth) + "T" + pad(time / 3_600) + pad(time / 60 % 60) + pad(time % 60)
        let byDay = (week >= 5 ? "-1" : String(week)) + names[weekday]
        return (dtstart, "FREQ=YEARLY;BYMONTH=\(month);BYDAY=\(byDay)")
    }

    private static func observance(_ name: String, start: String, from: Int, to: Int, rule: String?) -> ICalComponent {
        var properties = [ICalProperty("DTSTART", value: start), ICalProperty("TZOFFSETFROM", value: offset(from)),
                          ICalProperty("TZOFFSETTO", value: offset(to))]
        if let rule { properties.append(ICalProperty("RRULE", value: rule)) }
        return ICalComponent(name: name, properties: properties)
    }

    /// `+0100`, `-0330`, `+053045` (seconds only when there are any).
    static func offset(_ seconds: Int) -> String {
        let magnitude = abs(seconds)
        let text = pad(magnitude / 3_600) + pad(magnitude / 60 % 60) + (magnitude % 60 == 0 ? "" : pad(magnitude % 60))
        return (seconds < 0 ? "-" : "+") + text
    }

    private static func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : String(value) }
}
