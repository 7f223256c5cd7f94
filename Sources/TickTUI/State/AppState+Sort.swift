import FoundationEssentials
import TickCore

/// The orders To Do can be shown in, cycled by `s`: the list's own (which `K`/`J` change),
/// or one of TickCore's ``ItemOrder``s (by due date, by priority).
public enum ViewSort: String, Sendable, Hashable, CaseIterable {
    case manual, due, priority

    /// The next order in the cycle.
    var next: ViewSort {
        switch self {
        case .manual: .due
        case .due: .priority
        case .priority: .manual
        }
    }

    /// How the header and the status line name it.
    var name: String {
        switch self {
        case .manual: "the list's order"
        case .due: "due date"
        case .priority: "priority"
        }
    }
}

extension AppState {
    /// Shows To Do in the next order of the cycle, keeping the selected item selected.
    mutating func cycleSort() -> [Effect] {
        let selected = selectedItem?.id
        sort = sort.next
        refreshSort()
        if let selected, !select(id: selected) { clampSelection() }
        status = StatusMessage(sort == .manual ? "To Do in the list's order" : "To Do sorted by \(sort.name) · s for the next order")
        return []
    }

    /// Recomputes ``sortedToDo`` after the list, the filter or the order changed.
    mutating func refreshSort() {
        guard sort != .manual else {
            sortedToDo = nil
            return
        }
        let order: ItemOrder = sort == .due ? .due : .priority
        sortedToDo = order.sorted(filter?.toDo ?? Array(list.toDoItems.indices), of: list.toDoItems, calendar: calendar)
    }
}
