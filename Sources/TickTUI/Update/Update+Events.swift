import FoundationEssentials
import TickCore

extension AppState {
    /// Replaces the list while keeping the selected item selected (by id) and closing an
    /// editor whose item is gone (the keys that follow then do nothing until Enter or Esc).
    mutating func replaceList(with newList: ToDoList) {
        let previous = list
        let selected = selectedItem?.id
        let anchor = selection
        // A whole list (a change on disk, a save that merged one): its columns are measured
        // again. A save of the app's own changes gives back the app's own list, storage and
        // all: its columns stand, and the key after a save costs no pass over the list.
        if !(newList.toDoItems.isIdentical(to: list.toDoItems) && newList.doneItems.isIdentical(to: list.doneItems)) {
            columnsStale = true
        }
        list = newList
        refreshFilter()
        if case .editing(.newItem(let position)) = mode {
            // The new row stays under the item it was opened under, wherever that went.
            let items = list.toDoItems
            let moved = newItemAfter.flatMap { items.position(of: $0).map { $0 + 1 } }
                ?? newItemBefore.flatMap { items.position(of: $0) }
                ?? (newItemAfter == nil ? 0 : min(position, items.count))
            mode = .editing(.newItem(at: moved))
            selection = Selection(section: .toDo, index: moved)
            return
        }
        if let selected {
            // Cheap when the item is still where it was; a scan by id otherwise.
            if selectedItem?.id != selected, !select(id: selected) { selection = anchor }
        }
        if case .editing(let field) = mode, let id = field.itemID, !list.contains(id) {
            // Keys already typed for the editor must not act on the list: they are ignored
            // until Enter or Esc (which the user was about to press anyway). Enter keeps the
            // edit, as a sync does: the item comes back with it.
            if let item = previous.item(withID: id), let (section, index) = previous.position(of: id) {
                removedEdit = RemovedEdit(item: item, section: section, index: index, field: field, text: editor?.text ?? "")
            }
            mode = .editedItemRemoved
            editor = nil
            status = StatusMessage("the item being edited was removed elsewhere: Enter brings it back with your edit, Esc lets it go", isError: true)
        }
    }

    /// Enter after the edited item was removed elsewhere: the item back where it was (unless
    /// it came back meanwhile), then the edit committed as Enter would have.
    mutating func restoreRemovedEdit() -> [Effect] {
        guard let removed = removedEdit else {
            mode = .browsing
            return []
        }
        if let target = removed.movedTo, !list.contains(removed.item.id) {
            // The item is in another list now: the edit goes there, not into a copy here.
            removedEdit = nil
            mode = .browsing
            resumedEdit = removed
            return [.openList(target)]
        }
        if !list.contains(removed.item.id) {
            // A subtask whose parent went too comes back at the top level.
            var item = removed.item
            if let parent = item.parent, !list.contains(parent) { item.parent = nil }
            let position = min(removed.index, list.items(in: removed.section).count)
            // (Refused, the question stays: Esc still lets it go.)
            guard perform([.insert(item, removed.section, at: position)], name: "restore", undoFocus: nil,
                          redoFocus: item.id) else { return [.bell] }
        }
        removedEdit = nil
        mode = .browsing
        guard select(id: removed.item.id) else { return [] }
        mode = .editing(removed.field)
        editor = LineEditor(removed.text)
        editOriginal = Self.fieldValue(of: removed.item, for: removed.field)
        editConflictShown = false
        return commitEdit()
    }

    /// The first `operations` pending ones are in `diskList`; any made since go on top of it.
    mutating func saved(_ diskList: ToDoList, operations: Int) -> [Effect] {
        pendingOperations.removeFirst(min(max(operations, 0), pendingOperations.count))
        let hadFailed = saveError != nil
        saveError = nil
        if pendingOperations.isEmpty { replaceList(with: diskList) } else { _ = externalChange(diskList) }
        if status == nil || (hadFailed && status?.isError == true) { status = .saved }
        if let notice = rewriteNotice {
            status = StatusMessage(notice)
            rewriteNotice = nil
        }
        return []
    }

    mutating func externalChange(_ diskList: ToDoList) -> [Effect] {
        var merged = diskList
        for operation in pendingOperations {
            // An operation that can no longer apply (an empty title cannot occur) is dropped.
            try? merged.merge(operation, at: now, zone: calendar)
        }
        replaceList(with: merged)
        return []
    }
}

extension AppState {
    /// The state, set to say after its next successful save that the file named
    /// `xmlFileName` (an XML list; nil: not XML) was written as binary.
    consuming func noticingRewrite(of xmlFileName: String?) -> AppState {
        if let xmlFileName { rewriteNotice = ListFileFormat.rewriteNotice(fileName: xmlFileName) }
        return self
    }
}
