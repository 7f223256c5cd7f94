import FoundationEssentials

/// What the keys do right now.
public enum Mode: Sendable, Hashable {
    /// Moving through the list.
    case browsing
    /// An inline editor is open on one field (the editor is ``AppState/editor``).
    case editing(EditField)
    /// Typing a filter (the editor is ``AppState/editor``); the list narrows as you type.
    case filtering
    /// Asking whether to quit with unsaved changes after a failed save.
    case confirmingQuit
    /// Asking whether to delete every done item.
    case confirmingClearDone
    /// The item being edited was removed by another process: the editor is closed and keys
    /// do nothing until Enter or Esc, so that what was typed for it never lands elsewhere.
    case editedItemRemoved
    /// The open list was removed by another process while an editor or the filter was open:
    /// another list is open, and keys do nothing until Enter or Esc, so that what was typed
    /// for the editor never acts on that list's items.
    case openListRemoved
    /// The key help screen, scrolled by this many lines.
    case help(scroll: Int)
    /// Choosing a list in the picker (``AppState/picker``).
    case pickingList
    /// Typing a list's name in the picker (the editor is ``AppState/editor``): a new list,
    /// or a new name for the list `renaming`.
    case namingList(renaming: String?)
    /// Asking whether to remove the list `name`, which holds `items` items; `withItems`
    /// once the user said yes and the second question asks about its items.
    case confirmingListRemoval(name: String, items: Int, withItems: Bool)

    /// The mode without its payload: the key table is keyed by this.
    public var kind: ModeKind {
        switch self {
        case .browsing: .browse
        case .editing: .edit
        case .filtering: .filter
        case .confirmingQuit: .confirmQuit
        case .confirmingClearDone: .confirmClearDone
        case .editedItemRemoved: .itemRemoved
        case .openListRemoved: .listRemoved
        case .help: .help
        case .pickingList: .pickList
        case .namingList: .edit
        case .confirmingListRemoval: .confirmRemoveList
        }
    }
}

/// A ``Mode`` without its payload.
public enum ModeKind: Sendable, Hashable, CaseIterable {
    case browse, edit, filter, confirmQuit, confirmClearDone, itemRemoved, listRemoved, help, pickList, confirmRemoveList
}

/// The field an inline editor is changing.
public enum EditField: Sendable, Hashable {
    /// A new item not yet in the list, shown as an editable row at this position of To Do.
    case newItem(at: Int)
    case title(UUID)
    /// `Name`, `Name @ lat, lon`, or `lat, lon` alone (keeps the name).
    case location(UUID)
    case notes(UUID)
    case due(UUID)
    /// The tags, separated by commas.
    case tags(UUID)
    /// The repeat in words or as an RRULE; empty stops it.
    case repeatRule(UUID)

    /// The item being edited, nil for a new item.
    public var itemID: UUID? {
        switch self {
        case .newItem: nil
        case .title(let id), .location(let id), .notes(let id), .due(let id), .tags(let id), .repeatRule(let id): id
        }
    }
}
