import FoundationEssentials
import TickCore

/// The orders To Do can be shown in, cycled by `s`: the list's own (which `K`/`J` change),
/// by due date (soonest first) or by priority (highest first). Items without the key come
/// last, in the list's order; ties keep the list's order too.
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
        let shown = filter?.toDo ?? Array(list.toDoItems.indices)
        let items = list.toDoItems
        let keyed = shown.map { index -> (index: Int, key: Double?) in
            switch sort {
            case .manual: (index, nil)
            case .due: (index, items[index].localDue(calendar: calendar)?.timeIntervalSince1970)
            case .priority: (index, items[index].priority.map(Double.init))
            }
        }
        let sorted = keyed.filter { $0.key != nil }.sorted { ($0.key ?? 0, $0.index) < ($1.key ?? 0, $1.index) }
        sortedToDo = (sorted + keyed.filter { $0.key == nil }).map(\.index)
    }
}
