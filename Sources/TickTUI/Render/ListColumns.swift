import FoundationEssentials
import TickCore

/// The widths the list's columns need for every item of the list, not only those on screen,
/// so that the columns stay put while scrolling: the due column wide enough for any item's
/// due phrase (8 for this year's — "tomorrow" — or a date of another year, "Dec 13 2027"),
/// the location column for the widest place name (up to ``RowFormat/maximumLocationWidth``),
/// and the priority mark's column when any item has a priority.
///
/// Computed when the list changes (``AppState/refreshColumns()``: one pass, a comparison
/// or two per item), never while drawing, so that drawing still follows the visible rows.
struct ListColumns: Sendable, Hashable {
    var dueWidth = 0
    var locationWidth = 0
    var markWidth = 0

    init() {}

    init(list: ToDoList, now: Date, calendar: LocalTime) {
        let year = calendar.fields(of: now).year
        let thisYear = (calendar.date(year: year, month: 1, day: 1) ?? now)..<(calendar.date(year: year + 1, month: 1, day: 1) ?? now)
        func otherYear(day: Int, year: Int) -> Int { 5 + (day < 10 ? 1 : 2) + String(year).count }
        func measure(_ item: ToDoItem) {
            if item.priority != nil { markWidth = 2 }
            if let day = item.dueDay {
                dueWidth = max(dueWidth, day.year == year ? 8 : otherYear(day: day.day, year: day.year))
            } else if let due = item.due {
                if thisYear.contains(due) {
                    dueWidth = max(dueWidth, 8)
                } else {
                    let fields = calendar.fields(of: due)
                    dueWidth = max(dueWidth, otherYear(day: fields.day, year: fields.year))
                }
            }
            if locationWidth < RowFormat.maximumLocationWidth, let name = item.location?.name {
                locationWidth = max(locationWidth, min(Screen.width(of: name), RowFormat.maximumLocationWidth))
            }
        }
        for item in list.toDoItems { measure(item) }
        for item in list.doneItems { measure(item) }
    }
}

extension AppState {
    /// Measures the list's columns again after it changed (``columnsStale``).
    mutating func refreshColumns() {
        guard columnsStale else { return }
        columns = ListColumns(list: list, now: now, calendar: calendar)
        columnsStale = false
    }
}
