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
