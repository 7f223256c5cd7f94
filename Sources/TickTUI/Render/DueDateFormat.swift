import FoundationEssentials
import TickCore

/// How due dates read: short phrases on rows, relative phrases in the detail pane, and the
/// text the due-date editor opens with. English names, computed with the app's calendar
/// (the user's time zone, its offset taken at each date shown), never the process locale.
public enum DueDateFormat {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Whole calendar days from `now`'s day to `date`'s day (negative when past).
    static func days(from now: Date, to date: Date, calendar: LocalTime) -> Int {
        calendar.days(from: now, to: date)
    }

    /// The phrase on a row: "today", "tomorrow", "Fri" (within a week), "Dec 3",
    /// "Dec 3 2027" (another year), or "overdue" for an open item whose due has passed (a
    /// day once it has, an instant — `isDay` false — once its time has: ``DueState``).
    static func rowText(for due: Date, isDay: Bool = true, now: Date, calendar: LocalTime, done: Bool) -> (text: String, overdue: Bool) {
        let days = days(from: now, to: due, calendar: calendar)
        if !done && (days < 0 || (!isDay && due < now)) { return ("overdue", true) }
        switch days {
        case 0: return ("today", false)
        case 1: return ("tomorrow", false)
        case 2...6: return (weekday(of: due, calendar: calendar), false)
        default: return (shortDate(due, now: now, calendar: calendar), false)
        }
    }

    /// "in 3 days", "tomorrow", "today", "yesterday"-style phrases: "1 day overdue"; an
    /// instant of today (`isDay` false) that has passed is "today, overdue".
    static func relativePhrase(for due: Date, isDay: Bool = true, now: Date, calendar: LocalTime) -> String {
        let days = days(from: now, to: due, calendar: calendar)
        if days == 0 && !isDay && due < now { return "today, overdue" }
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case 2...: return "in \(days) days"
        case -1: return "1 day overdue"
        default: return "\(-days) days overdue"
        }
    }

    static func weekday(of date: Date, calendar: LocalTime) -> String {
        weekdayName(calendar.fields(of: date).weekday)
    }

    /// "Dec 3", with the year when it is not `now`'s year.
    static func shortDate(_ date: Date, now: Date, calendar: LocalTime) -> String {
        let parts = calendar.fields(of: date)
        let text = "\(monthName(parts.month)) \(parts.day)"
        if parts.year != calendar.fields(of: now).year { return "\(text) \(parts.year)" }
        return text
    }

    /// "Fri, Dec 4 2026", with " 09:30" when the time is not midnight or `withTime` (a due
    /// that is an instant, not a day, shows its time also at midnight).
    static func longDate(_ date: Date, calendar: LocalTime, withTime: Bool = false) -> String {
        let parts = calendar.fields(of: date)
        var text = "\(weekdayName(parts.weekday)), \(monthName(parts.month)) \(parts.day) \(parts.year)"
        if parts.hour != 0 || parts.minute != 0 || withTime {
            text += " " + twoDigits(parts.hour) + ":" + twoDigits(parts.minute)
        }
        return text
    }

    /// What the due-date editor opens with: "2026-12-04" for a day, "2026-12-04T09:30" for
    /// an instant (also "…T00:00": Enter on it unchanged must not turn it into a day).
    static func editingText(for date: Date, calendar: LocalTime, withTime: Bool = false) -> String {
        let parts = calendar.fields(of: date)
        var text = "\(parts.year)-\(twoDigits(parts.month))-\(twoDigits(parts.day))"
        if parts.hour != 0 || parts.minute != 0 || withTime {
            text += "T" + twoDigits(parts.hour) + ":" + twoDigits(parts.minute)
        }
        return text
    }

    /// `14:02`: the time of day of a date (the status line's time of a sync).
    public static func clockTime(_ date: Date, calendar: LocalTime) -> String {
        let parts = calendar.fields(of: date)
        return twoDigits(parts.hour) + ":" + twoDigits(parts.minute)
    }

    private static func weekdayName(_ weekday: Int) -> String {
        weekdays.indices.contains(weekday - 1) ? weekdays[weekday - 1] : "?"
    }

    private static func monthName(_ month: Int) -> String {
        months.indices.contains(month - 1) ? months[month - 1] : "?"
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
