import FoundationEssentials
import TickCore

/// Everything the full-screen app shows and remembers: the list, the selection, the scroll
/// position, the mode and its editor, the filter, undo and redo, and the status line.
///
/// Changed only by ``update(_:_:)``; drawn by ``render(_:size:)``.
public struct AppState: Sendable {
    /// The list as the user sees it: the file's list with ``pendingOperations`` applied.
    public internal(set) var list: ToDoList
    /// Changes not yet confirmed on disk, in order; the run loop saves them and answers
    /// with ``Action/saved(_:)`` or ``Action/saveFailed(_:)``.
    public var pendingOperations: [ToDoList.Operation] = []
    /// The current time, for due phrases.
    public var now: Date
    public internal(set) var fileName: String
    /// The open list's name (``ListSet/defaultName`` for the default file).
    public internal(set) var listName = ListSet.defaultName
    /// Every list's name as last read, the open one among them (empty: not known, one list).
    public internal(set) var listNames: [String] = []
    /// The list picker while it is open (`L`, `m`); it stays open under its questions.
    public internal(set) var picker: ListPicker?
    /// The user's calendar and time zone (``LocalTime/current``), for due dates.
    public let calendar: LocalTime
    /// False for `NO_COLOR` and monochrome terminals: attributes only.
    public let colors: Bool
    /// True in a UTF-8 locale: ☐ / ☑ boxes, … and box-drawing lines.
    public let unicode: Bool
    /// The colours config.toml's `[colors]` chose (the defaults without it).
    public var colorScheme = ColorScheme()
    /// The key table, with config.toml's `[keys]` applied.
    public var keyMap = KeyMap.standard

    public internal(set) var mode: Mode = .browsing
    /// The open inline editor (while editing a field or typing a filter).
    public internal(set) var editor: LineEditor?
    /// The selected row: a section and a position among its visible rows; nil when nothing
    /// is shown.
    public internal(set) var selection: Selection?
    /// The first list row shown.
    public internal(set) var scrollOffset = 0
    /// Whether the detail pane is shown (`i`; remembered across starts by the app's caller).
    public var detailVisible = true
    /// The last message for the status line.
    public internal(set) var status: StatusMessage?
    /// The message of the last failed save, nil once a save succeeds.
    public internal(set) var saveError: String?
    /// The action being handled changed the list or the undo journal: ``update(_:_:)``
    /// returns ``Effect/save`` for it.
    var saveAsked = false
    /// The background sync with a vdir; nil when none is configured.
    public var liveSync: LiveSync?
    public internal(set) var size = Size(columns: 80, rows: 24)

    /// While a large list is still being read: how many items each section holds in all
    /// (``list`` has only the first of them). Nil once the whole list is in.
    public internal(set) var loadingTotals: SectionTotals?

    var filter: Filter?
    /// The items whose subtasks are folded away (`z`).
    var folded: Set<UUID> = []
    /// While an item is folded and no filter is on: the list positions of the rows shown
    /// (see AppState+Subtasks.swift).
    var foldView: Filter?
    /// Each folded item's open subtasks (and theirs), shown as `(+N)`; made with ``foldView``.
    var foldedOpenCounts: [UUID: Int] = [:]
    /// The parent of the item being added on the new-item row (`A`), nil for a top-level one.
    var newItemParent: UUID?
    /// The To Do items the new-item row was opened between (nil: at that end), so that the row
    /// stays under the one above it when a change from elsewhere moves it, else above the one
    /// below it (when the one above left To Do).
    var newItemAfter: UUID?
    var newItemBefore: UUID?
    /// An edit whose item was removed elsewhere while it was open (``Mode/editedItemRemoved``).
    var removedEdit: RemovedEdit?
    /// An edit to keep in the list being opened, where its item was moved (``RemovedEdit/movedTo``).
    var resumedEdit: RemovedEdit?
    /// The order To Do is shown in (`s` cycles it); the list's own order stays.
    public internal(set) var sort: ViewSort = .manual
    /// While sorted: the list positions of To Do's shown items, in the order shown (the
    /// filter's matches when one is active); nil in the list's own order.
    var sortedToDo: [Int]?
    var history = UndoHistory()
    /// The list's column widths (``ListColumns``), measured over every item.
    var columns = ListColumns()
    /// True when a whole new list came in since ``columns`` were measured.
    var columnsStale = true
    /// Said in the status line after the next successful save, once: the file was XML
    /// and that save wrote it as binary.
    var rewriteNotice: String?
    /// The item a first `d` was pressed on, while the second `d` of `dd` is awaited.
    var pendingDeleteID: UUID?
    /// The list file's version as last read or saved, to tell whether the newest undo
    /// entry is still the file's last change (``UndoJournal/Entry/after``).
    var diskVersion: FileVersion?
    /// The undo entry a first `u` warned about (the list changed elsewhere since, or undoing
    /// would overwrite a value changed since), while the second `u` that undoes it anyway
    /// is awaited.
    var undoConfirmID: UUID?
    /// The open editor's field as it was when the editor opened, to notice that it changed
    /// elsewhere meanwhile.
    var editOriginal: ToDoList.ItemField?
    /// The open editor's field changed elsewhere and the user was told: Enter again saves.
    var editConflictShown = false

    public init(
        list: ToDoList, fileName: String, now: Date, calendar: LocalTime = .current,
        colors: Bool = true, unicode: Bool = true, loadingTotals: SectionTotals? = nil
    ) {
        self.loadingTotals = loadingTotals
        self.list = list
        self.fileName = fileName
        self.now = now
        self.calendar = calendar
        self.colors = colors
        self.unicode = unicode
        selection = Self.firstSelection(toDo: list.toDoItems.count, done: list.doneItems.count)
        refreshColumns()
    }

    /// How many items a section holds, counting those not read yet while loading.
    public func total(_ section: ToDoList.Section) -> Int {
        guard let loadingTotals else { return list.items(in: section).count }
        return section == .toDo ? loadingTotals.toDo : loadingTotals.done
    }

    /// The filter text while a filter is active.
    public var filterQuery: String? { filter?.query }

    /// The selected item, nil when nothing (or the new-item row) is selected.
    public var selectedItem: ToDoItem? {
        guard let selection else { return nil }
        return item(at: selection.index, in: selection.section)
    }

    /// True when changes could not be saved and are still only in memory.
    public var hasUnsavedChanges: Bool { !pendingOperations.isEmpty && saveError != nil }

    static func firstSelection(toDo: Int, done: Int) -> Selection? {
        if toDo > 0 { return Selection(section: .toDo, index: 0) }
        if done > 0 { return Selection(section: .done, index: 0) }
        return nil
    }
}

/// How many items each section holds.
public struct SectionTotals: Sendable, Hashable {
    public var toDo: Int
    public var done: Int

    public init(toDo: Int, done: Int) {
        self.toDo = toDo
        self.done = done
    }
}

/// A selected row: a section and a position among the rows shown for that section.
public struct Selection: Sendable, Hashable {
    public var section: ToDoList.Section
    public var index: Int

    public init(section: ToDoList.Section, index: Int) {
        self.section = section
        self.index = index
    }
}

/// A message on the status line.
public struct StatusMessage: Sendable, Hashable {
    public var text: String
    public var isError: Bool

    public init(_ text: String, isError: Bool = false) {
        self.text = text
        self.isError = isError
    }

    /// The note a save leaves: passing, so that what a sync sent replaces it.
    static let saved = StatusMessage("saved")
}

/// An active filter: the query and the list positions of the items that match it.
struct Filter: Sendable, Hashable {
    var query: String
    var toDo: [Int]
    var done: [Int]

    func matches(in section: ToDoList.Section) -> [Int] { section == .toDo ? toDo : done }
}

// MARK: - Rows as shown

extension AppState {
    /// The position of the new-item row in To Do while adding.
    var newItemPosition: Int? {
        if case .editing(.newItem(let position)) = mode { return position }
        return nil
    }

    /// How many rows a section shows (matching items, plus the new-item row while adding).
    func visibleCount(_ section: ToDoList.Section) -> Int {
        let count = (section == .toDo ? sortedToDo?.count : nil) ?? shownRows(in: section)?.count ?? list.items(in: section).count
        return count + (section == .toDo && newItemPosition != nil ? 1 : 0)
    }

    /// The list position of the item shown at a row of a section; nil for the new-item row
    /// or a row that does not exist.
    func listIndex(at index: Int, in section: ToDoList.Section) -> Int? {
        var index = index
        if section == .toDo, let position = newItemPosition {
            if index == position { return nil }
            if index > position { index -= 1 }
        }
        if section == .toDo, let sortedToDo { return sortedToDo.indices.contains(index) ? sortedToDo[index] : nil }
        if let matches = shownRows(in: section) { return matches.indices.contains(index) ? matches[index] : nil }
        return (0..<list.items(in: section).count).contains(index) ? index : nil
    }

    /// The list positions of a section's rows when a filter or a fold hides some, else nil.
    func shownRows(in section: ToDoList.Section) -> [Int]? {
        (filter ?? foldView)?.matches(in: section)
    }

    /// The item shown at a row of a section.
    func item(at index: Int, in section: ToDoList.Section) -> ToDoItem? {
        guard let listIndex = listIndex(at: index, in: section) else { return nil }
        return section == .toDo ? list.toDoItems[listIndex] : list.doneItems[listIndex]
    }

    /// The row that shows the item at a list position (O(log n) with a filter).
    func visibleIndex(ofListIndex listIndex: Int, in section: ToDoList.Section) -> Int? {
        // (Sorted: a look through the rows, O(n), as sorting them was.)
        if section == .toDo, let sortedToDo { return sortedToDo.firstIndex(of: listIndex) }
        guard let matches = shownRows(in: section) else {
            return (0..<list.items(in: section).count).contains(listIndex) ? listIndex : nil
        }
        var low = 0, high = matches.count
        while low < high {
            let mid = (low + high) / 2
            if matches[mid] < listIndex { low = mid + 1 } else { high = mid }
        }
        return low < matches.count && matches[low] == listIndex ? low : nil
    }

    /// Selects the item with this id if it is shown; returns whether it is.
    @discardableResult
    mutating func select(id: UUID) -> Bool {
        guard let (section, listIndex) = list.position(of: id),
              let index = visibleIndex(ofListIndex: listIndex, in: section) else { return false }
        selection = Selection(section: section, index: index)
        return true
    }

    /// Moves the selection onto an existing row: clamps it within its section, or moves to
    /// the other section when its own is empty.
    mutating func clampSelection() {
        let toDo = visibleCount(.toDo), done = visibleCount(.done)
        guard var selection else {
            self.selection = Self.firstSelection(toDo: toDo, done: done)
            return
        }
        let count = selection.section == .toDo ? toDo : done
        if count > 0 {
            selection.index = min(max(selection.index, 0), count - 1)
            self.selection = selection
        } else {
            let other = selection.section.other
            let otherCount = other == .toDo ? toDo : done
            self.selection = otherCount > 0 ? Selection(section: other, index: selection.section == .toDo ? 0 : otherCount - 1) : nil
        }
    }

    /// Recomputes the filter's matches after the list changed (O(n), only with a filter).
    mutating func refreshFilter() {
        defer { refreshSort() }
        defer { refreshFolds() }
        guard let query = filter?.query else { return }
        filter = makeFilter(query: query, within: nil)
    }

    /// The items that match `query` (ignoring case and accents, in title, notes or location
    /// name: TickCore's ``TextMatcher``, as `tick list TEXT`; and for the words `today` and
    /// `overdue`, the open items so due: ``DueWord``), searching only `within` when the
    /// query only grew.
    func makeFilter(query: String, within previous: Filter?) -> Filter {
        let matcher = TextMatcher(query)
        let word = DueWord(query: query)
        let (now, calendar) = (now, calendar)
        func search(_ items: SectionItems, _ candidates: [Int]?, due: Bool) -> [Int] {
            func matches(_ item: ToDoItem) -> Bool {
                if due, let word, word.matches(item, now: now, calendar: calendar) { return true }
                return matcher.matches(item)
            }
            // (A due word finds items its letters do not: never only within the last matches.)
            if let candidates, word == nil { return candidates.filter { matches(items[$0]) } }
            return items.indices.filter { matches(items[$0]) }
        }
        return Filter(
            query: query,
            toDo: search(list.toDoItems, previous?.toDo, due: true),
            done: search(list.doneItems, previous?.done, due: false)
        )
    }
}

/// The words the `/` filter reads as due dates, as a whole query, besides finding them in
/// text (so a title with "today" in it is found too): `today` is what is due today or
/// overdue (what `T` shows), `overdue` only what is overdue. Done items are never due.
enum DueWord: String, Sendable, Hashable {
    case today, overdue

    init?(query: String) {
        self.init(rawValue: query.trimmed().lowercased())
    }

    /// Whether an open item is due so at `now`.
    func matches(_ item: ToDoItem, now: Date, calendar: LocalTime) -> Bool {
        switch (self, item.dueState(now: now, calendar: calendar)) {
        case (.today, .today?), (_, .overdue?): true
        default: false
        }
    }
}

/// An edit whose item was removed elsewhere while its editor was open: the item as it was,
/// where it was, and what was typed, so that Enter can bring it back with the edit (as a sync
/// keeps an edit over a removal).
struct RemovedEdit: Sendable, Hashable {
    var item: ToDoItem
    var section: ToDoList.Section
    var index: Int
    var field: EditField
    var text: String
    /// The list the item was moved to, when another list holds it (a move made elsewhere):
    /// Enter then opens that list and keeps the edit there, instead of bringing back a
    /// second item with the same id.
    var movedTo: String?
    /// Whether the other lists were looked through for it (once: each is read whole).
    var searched = false
}
