import FoundationEssentials
import TickCore

/// Several lists in the app: `]` / `[` and the picker (`L`) open another list, `m` moves
/// the selected item with its subtasks to one, and the picker makes, renames and removes
/// lists. Update only asks (an ``Effect``); the run loop saves the open list first, does
/// it on disk, and answers with what came of it.
extension AppState {
    mutating func handleLists(_ action: Action) -> [Effect] {
        switch action {
        case .nextList: return openAdjacentList(1)
        case .previousList: return openAdjacentList(-1)
        case .showLists: return [.readLists(.open)]
        case .moveToList:
            guard let item = selectedItem else { return [.bell] }
            // A parent takes its subtasks along, in list order.
            return [.readLists(.move([item.id] + list.descendants(of: item.id), title: item.title))]
        case .pickerUp: return movePicker(by: -1)
        case .pickerDown: return movePicker(by: 1)
        case .pickerChoose: return choosePickedList()
        case .closePicker:
            closePicker()
            return []
        case .pickerAdd: return beginNamingList(renaming: nil)
        case .pickerRename:
            guard let name = picker?.selected?.name else { return [.bell] }
            guard name != ListSet.defaultName else { return refuse("\(name) is the list file itself: it cannot be renamed") }
            return beginNamingList(renaming: name)
        case .pickerRemove: return askToRemoveList()
        case .confirmRemoveList: return confirmRemoveList()
        case .cancelRemoveList:
            mode = picker == nil ? .browsing : .pickingList
            return []
        case .listNamesRead(let names):
            listNames = names
            return []
        case let .listsRead(lists, purpose, selecting):
            listNames = lists.map(\.name)
            var current = lists.firstIndex { $0.name == (selecting ?? picker?.selected?.name ?? listName) } ?? 0
            // Moving: the first list the item can go to.
            if case .move = purpose, lists.indices.contains(current), lists[current].name == listName {
                current = lists.firstIndex { $0.name != listName } ?? current
            }
            picker = ListPicker(purpose: purpose, lists: lists, index: current)
            mode = .pickingList
            editor = nil
            return []
        case .listOpened(let opening): return open(opening)
        case .listRenamed(let opening):
            listName = opening.name
            fileName = opening.fileName
            listNames = opening.names
            liveSync = opening.liveSync
            return []
        case .listsChanged(let message):
            status = StatusMessage(message)
            return []
        case .editedItemMoved(let name):
            guard case .editedItemRemoved = mode, removedEdit != nil else { return [] }
            removedEdit?.movedTo = name
            status = StatusMessage("the item being edited was moved to \(name) elsewhere: Enter keeps your edit there, Esc lets it go", isError: true)
            return []
        case .openListRemoved(let message, let held):
            guard let held else {
                status = StatusMessage(message)
                return []
            }
            // The keys already typed for the editor, the filter or the lists would act on
            // this list's items (a Space ticks, dd deletes): they do nothing until Enter or Esc.
            mode = .openListRemoved
            editor = nil
            removedEdit = nil
            status = StatusMessage(message + "; " + held, isError: true)
            return []
        case .listsFailed(let message):
            if var resumed = resumedEdit {
                // The list the edited item went to did not open: the question again, here.
                resumedEdit = nil
                resumed.movedTo = nil
                removedEdit = resumed
                mode = .editedItemRemoved
                status = StatusMessage(message + "; Enter brings the item back here with your edit, Esc lets it go", isError: true)
                return [.bell]
            }
            if case .confirmingListRemoval = mode { mode = .pickingList }
            status = StatusMessage(message, isError: true)
            return [.bell]
        case .listMoveUndone(let outcome): return listMoveUndone(outcome)
        default: return []
        }
    }

    /// `]` / `[`: the list `offset` away from the open one, round.
    private mutating func openAdjacentList(_ offset: Int) -> [Effect] {
        guard listNames.count > 1, let here = listNames.firstIndex(of: listName) else {
            return refuse("\(listName) is the only list: L, then a, makes another")
        }
        let count = listNames.count
        return [.openList(listNames[((here + offset) % count + count) % count])]
    }

    private mutating func movePicker(by offset: Int) -> [Effect] {
        guard var picker, !picker.lists.isEmpty else { return [.bell] }
        picker.index = min(max(picker.index + offset, 0), picker.lists.count - 1)
        self.picker = picker
        return []
    }

    private mutating func closePicker() {
        picker = nil
        mode = .browsing
        editor = nil
    }

    /// Enter in the picker: opens the list, or moves the item there.
    private mutating func choosePickedList() -> [Effect] {
        guard let picker, let target = picker.selected?.name else { return [.bell] }
        switch picker.purpose {
        case .open:
            closePicker()
            return target == listName ? [] : [.openList(target)]
        case let .move(ids, title):
            guard target != listName else { return refuse("the item is in \(target) already: choose another list") }
            closePicker()
            return [.moveItems(ids, to: target, title: title)]
        }
    }

    private mutating func beginNamingList(renaming old: String?) -> [Effect] {
        mode = .namingList(renaming: old)
        editor = LineEditor(old ?? "")
        return []
    }

    /// Enter on a list's name: asks the loop to make or rename the list.
    /// A name refused (invalid, or another list's in any case) keeps the editor open with
    /// the reason, as the other editors do: closed, the name typed again would run as the
    /// picker's keys (`d`, `y` … remove a list).
    mutating func commitListName(_ text: String, renaming old: String?) -> [Effect] {
        let name = text.trimmed()
        if !name.isEmpty {
            do throws(ListSetError) {
                try ListSet.validateForNew(name)
                if let existing = listNames.first(where: { $0.lowercased() == name.lowercased() && $0 != old }) {
                    throw ListSetError.taken(name, existing: existing)
                }
            } catch {
                return refuse(error.description)
            }
        }
        editor = nil
        mode = .pickingList
        guard !name.isEmpty else { return [] }
        guard let old else { return [.makeList(name)] }
        return name == old ? [] : [.renameList(old, to: name)]
    }

    private mutating func askToRemoveList() -> [Effect] {
        guard let list = picker?.selected else { return [.bell] }
        guard list.name != ListSet.defaultName else { return refuse("\(list.name) is the list file itself: it cannot be removed") }
        guard list.name != listName else { return refuse("\(list.name) is open: open another list first (Enter on it)") }
        mode = .confirmingListRemoval(name: list.name, items: list.open + list.done, withItems: false)
        status = StatusMessage("remove the list \(list.name)? y removes it (u cannot bring it back), any other key keeps it", isError: true)
        return []
    }

    /// `y`: an empty list goes; one with items asks again, saying how many go with it.
    private mutating func confirmRemoveList() -> [Effect] {
        guard case let .confirmingListRemoval(name, items, withItems) = mode else { return [] }
        if items > 0, !withItems {
            mode = .confirmingListRemoval(name: name, items: items, withItems: true)
            let what = "\(items) item\(items == 1 ? "" : "s")"
            status = StatusMessage("\(name) holds \(what): y removes the list and its \(what), any other key keeps it", isError: true)
            return []
        }
        mode = .pickingList
        return [.removeList(name, withItems: items > 0)]
    }

    /// Another list is open now: the state starts afresh on it (no filter, folds or
    /// history of the list left), its sync as the caller's rule says.
    private mutating func open(_ opening: ListOpening) -> [Effect] {
        closePicker()
        listName = opening.name
        fileName = opening.fileName
        listNames = opening.names
        liveSync = opening.liveSync
        pendingOperations = []
        saveError = nil
        filter = nil
        folded = []
        foldView = nil
        foldedOpenCounts = [:]
        sort = .manual
        sortedToDo = nil
        history = UndoHistory()
        undoConfirmID = nil
        diskVersion = nil
        list = opening.list
        columnsStale = true
        scrollOffset = 0
        selection = Self.firstSelection(toDo: list.toDoItems.count, done: list.doneItems.count)
        status = StatusMessage("opened \(opening.name)")
        guard let resumed = resumedEdit else { return [] }
        // The edit of an item moved here elsewhere: kept here, as Enter would have kept it.
        resumedEdit = nil
        guard resumed.movedTo == opening.name, let item = list.item(withID: resumed.item.id), select(id: item.id) else {
            status = StatusMessage("the item being edited is no longer in \(opening.name) either: your edit went with it", isError: true)
            return [.bell]
        }
        mode = .editing(resumed.field)
        editor = LineEditor(resumed.text)
        editOriginal = Self.fieldValue(of: resumed.item, for: resumed.field)
        editConflictShown = false
        return commitEdit()
    }

    /// The state of the list named `name` (at start).
    consuming func opened(as name: String) -> AppState {
        listName = name
        return self
    }

    private mutating func listMoveUndone(_ outcome: ListMoveUndo) -> [Effect] {
        switch outcome {
        case .undid(let name):
            undoConfirmID = nil
            status = StatusMessage("undid \(name)")
        case let .changedElsewhere(id, name):
            undoConfirmID = id
            status = StatusMessage("a list changed elsewhere since: u again to undo \(name) anyway", isError: true)
        case .failed(let problem):
            undoConfirmID = nil
            status = StatusMessage("not undone: \(problem)", isError: true)
            return [.bell]
        }
        return []
    }

    private mutating func refuse(_ message: String) -> [Effect] {
        status = StatusMessage(message, isError: true)
        return [.bell]
    }
}
