import FoundationEssentials

extension ToDoItem {
    /// When the item is due as a clock in `calendar` reads it: a calendar-day due is the
    /// start of that day in the calendar's zone (the same day wherever the user is); a due
    /// instant is itself.
    public func localDue(calendar: LocalTime = .current) -> Date? {
        if let day = dueDay { return calendar.date(year: day.year, month: day.month, day: day.day) ?? due }
        return due
    }
}

extension ParsedDue {
    /// The field change that sets an item's due to what was parsed: a calendar day when the
    /// text named a day (`fri`, `2026-12-01`), else the instant (`fri 17:00`).
    public func dueField(calendar: LocalTime = .current) -> ToDoList.ItemField {
        if isDay, let day = CalendarDay(of: date, in: calendar) { return .dueDay(day) }
        return .due(date)
    }
}

/// Where a due stands at a moment: passed, later today, or on a later day.
public enum DueState: Sendable, Hashable {
    /// A day due whose day has passed, or a timed due whose time has (taskwarrior's
    /// `due.before:now`).
    case overdue
    /// Due later today: today's day, or a time of today still to come.
    case today
    /// Due on a later day.
    case later
}

extension ToDoItem {
    /// How the item's due stands at `now`, nil without a due: a day due is overdue once its
    /// day has passed, a timed due once its time has; the rest of today is ``DueState/today``.
    /// (Whether the item is done is the caller's: a done item is never overdue.)
    public func dueState(now: Date, calendar: LocalTime = .current) -> DueState? {
        guard let due = localDue(calendar: calendar) else { return nil }
        return DueState.of(due, isDay: dueIsDay, now: now, calendar: calendar)
    }
}

extension DueState {
    /// How a due (a day's start when `isDay`, else an instant) stands at `now`.
    public static func of(_ due: Date, isDay: Bool, now: Date, calendar: LocalTime = .current) -> DueState {
        let days = calendar.days(from: now, to: due)
        if days < 0 || (!isDay && due < now) { return .overdue }
        return days == 0 ? .today : .later
    }
}
