import FoundationEssentials
import TickCore

/// The widths the list's columns need for every item of the list, not only those on screen,
/// so that the columns stay put while scrolling: the due column wide enough for any item's
/// due phrase (8 for this year's — "tomorrow" — or a date of another year, "Dec 13 2027"),
/// the location column for the widest place name (up to ``RowFormat/maximumLocationWidth``),
/// and the priority mark's column when any item has a priority.
///
/// Measured over the whole list when it comes in (start, a save, a change on disk: those
/// read the whole list anyway) and widened by the items a change in the app touches
/// (``widen(for:now:calendar:)``), so a key costs no pass over the list and drawing
/// follows the visible rows. Columns only grow between measurements: they stay put.
struct ListColumns: Sendable, Hashable {
    var dueWidth = 0
    var locationWidth = 0
    var markWidth = 0

    init() {}

    init(list: ToDoList, now: Date, calendar: LocalTime) {
        let year = Year(now, calendar: calendar)
        for item in list.toDoItems { include(item, year: year, calendar: calendar) }
        for item in list.doneItems { include(item, year: year, calendar: calendar) }
    }

    /// Widens the columns for one item, never narrowing them.
    mutating func widen(for item: ToDoItem, now: Date, calendar: LocalTime) {
        include(item, year: Year(now, calendar: calendar), calendar: calendar)
    }

    /// `now`'s year, as a number and as a range of instants.
    private struct Year {
        let number: Int
        let instants: Range<Date>

        init(_ now: Date, calendar: LocalTime) {
            number = calendar.fields(of: now).year
            instants = (calendar.date(year: number, month: 1, day: 1) ?? now)..<(calendar.date(year: number + 1, month: 1, day: 1) ?? now)
        }
    }

    private mutating func include(_ item: ToDoItem, year: Year, calendar: LocalTime) {
        func otherYear(day: Int, year: Int) -> Int { 5 + (day < 10 ? 1 : 2) + String(year).count }
        if item.priority != nil { markWidth = 2 }
        if let day = item.dueDay {
            dueWidth = max(dueWidth, day.year == year.number ? 8 : otherYear(day: day.day, year: day.year))
        } else if let due = item.due {
            if year.instants.contains(due) {
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
}

extension AppState {
    /// Measures the list's columns again when a whole new list came in (``columnsStale``).
    mutating func refreshColumns() {
        guard columnsStale else { return }
        columns = ListColumns(list: list, now: now, calendar: calendar)
        columnsStale = false
    }

    /// Widens the columns for what an operation applied in the app may have made wider:
    /// an inserted item, a changed field, a repeating item ticked off (its next due).
    mutating func widenColumns(after operation: ToDoList.Operation) {
        switch operation {
        case .insert(let item, _, _):
            columns.widen(for: item, now: now, calendar: calendar)
        case .set(let id, _):
            if let item = list.item(withID: id) { columns.widen(for: item, now: now, calendar: calendar) }
        case .check(let id), .checkOccurrence(let id, _):
            // A checked item is at the top of Done (a repeating one stays in To Do): looked
            // for there first, not after a pass over all of To Do.
            let item = list.doneItems.first.flatMap { $0.id == id ? $0 : nil } ?? list.item(withID: id)
            if let item { columns.widen(for: item, now: now, calendar: calendar) }
        case .uncheck, .remove, .place, .reorder, .removeAll:
            break
        }
    }
}
