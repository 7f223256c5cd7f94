import FoundationEssentials
import TickCore

/// The list picker (`L`, and `m` to choose where the selected item goes): every list with
/// its counts, the row selected, and what Enter does there.
public struct ListPicker: Sendable, Hashable {
    /// What Enter on a list does.
    public enum Purpose: Sendable, Hashable {
        /// Opens the list.
        case open
        /// Moves these items there (an item and its subtasks, in list order); `title` is the
        /// item's, for the status line.
        case move([UUID], title: String)
    }

    public var purpose: Purpose
    public var lists: [ListSummary]
    /// The selected row.
    public var index: Int

    /// The selected list's summary, nil when there are no rows.
    public var selected: ListSummary? { lists.indices.contains(index) ? lists[index] : nil }
}

/// What the run loop hands the state when it opened another list (``Action/listOpened(_:)``).
public struct ListOpening: Sendable, Hashable {
    public var name: String
    public var fileName: String
    /// The list as read from its file.
    public var list: ToDoList
    /// Every list's name, the opened one among them.
    public var names: [String]
    /// The opened list's background sync, nil when it does not sync (the caller's rule,
    /// `BackgroundSyncCommand.setup` in the app).
    public var liveSync: LiveSync?
}

/// How an undo of a move between lists, run by the loop (``Effect/undoMove(anyway:)``), ended.
public enum ListMoveUndo: Sendable, Hashable {
    /// Both lists have the items back where they were; the change's name.
    case undid(String)
    /// A list changed since by something its journal does not hold: a second `u` undoes it
    /// anyway. The entry's id and name.
    case changedElsewhere(UUID, String)
    case failed(String)
}
