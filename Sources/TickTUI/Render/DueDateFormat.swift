import FoundationEssentials

/// How due dates read: short phrases on rows, relative phrases in the detail pane, and the
/// text the due-date editor opens with. English names, computed with the app's calendar
/// (and its time zone), never the process locale.
enum DueDateFormat {
    static let weekdays = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// Whole calendar days from `now`'s day to `date`'s day (negative when past).
    static func days(from now: Date, to date: Date, calendar: Calendar) -> Int {
        let start = calendar.startOfDay(for: now)
        let end = calendar.startOfDay(for: date)
        return calendar.dateComponents([.day], from: start, to: end).day ?? 0
    }

    /// The phrase on a row: "today", "tomorrow", "Fri" (within a week), "Dec 3",
    /// "Dec 3 2027" (another year), or "overdue" for a past day of an open item.
    static func rowText(for due: Date, now: Date, calendar: Calendar, done: Bool) -> (text: String, overdue: Bool) {
        let days = days(from: now, to: due, calendar: calendar)
        if days < 0 && !done { return ("overdue", true) }
        switch days {
        case 0: return ("today", false)
        case 1: return ("tomorrow", false)
        case 2...6: return (weekday(of: due, calendar: calendar), false)
        default: return (shortDate(due, now: now, calendar: calendar), false)
        }
    }

    /// "in 3 days", "tomorrow", "today", "yesterday"-style phrases: "1 day overdue".
    static func relativePhrase(for due: Date, now: Date, calendar: Calendar) -> String {
        let days = days(from: now, to: due, calendar: calendar)
        switch days {
        case 0: return "today"
        case 1: return "tomorrow"
        case 2...: return "in \(days) days"
        case -1: return "1 day overdue"
        default: return "\(-days) days overdue"
        }
    }

    static func weekday(of date: Date, calendar: Calendar) -> String {
        let index = calendar.component(.weekday, from: date) - 1
        return weekdays.indices.contains(index) ? weekdays[index] : "?"
    }

    /// "Dec 3", with the year when it is not `now`'s year.
    static func shortDate(_ date: Date, now: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        let month = parts.month.map { months.indices.contains($0 - 1) ? months[$0 - 1] : "?" } ?? "?"
        let text = "\(month) \(parts.day ?? 0)"
        if parts.year != calendar.component(.year, from: now) { return "\(text) \(parts.year ?? 0)" }
        return text
    }

    /// "Fri, Dec 4 2026", with " 09:30" when the time is not midnight.
    static func longDate(_ date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let month = parts.month.map { months.indices.contains($0 - 1) ? months[$0 - 1] : "?" } ?? "?"
        var text = "\(weekday(of: date, calendar: calendar)), \(month) \(parts.day ?? 0) \(parts.year ?? 0)"
        if let hour = parts.hour, let minute = parts.minute, hour != 0 || minute != 0 {
            text += " " + twoDigits(hour) + ":" + twoDigits(minute)
        }
        return text
    }

    /// What the due-date editor opens with: "2026-12-04", or "2026-12-04T09:30".
    static func editingText(for date: Date, calendar: Calendar) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        var text = "\(parts.year ?? 0)-\(twoDigits(parts.month ?? 0))-\(twoDigits(parts.day ?? 0))"
        if let hour = parts.hour, let minute = parts.minute, hour != 0 || minute != 0 {
            text += "T" + twoDigits(hour) + ":" + twoDigits(minute)
        }
        return text
    }

    private static func twoDigits(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
