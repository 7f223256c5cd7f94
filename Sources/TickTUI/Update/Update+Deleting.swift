import FoundationEssentials
import TickCore

extension AppState {
    /// `d`: the first of `dd` waits for the second on the same item; the second deletes.
    mutating func startDelete() -> [Effect] {
        guard let item = selectedItem else { return [.bell] }
        if pendingDeleteID == item.id {
            pendingDeleteID = nil
            return deleteSelected()
        }
        pendingDeleteID = item.id
        status = StatusMessage("d: d again deletes “\(item.title)”, any other key does not")
        return []
    }

    /// `D`: asks before deleting every done item.
    mutating func askToClearDone() -> [Effect] {
        let count = list.doneItems.count
        guard count > 0 else { return [.bell] }
        mode = .confirmingClearDone
        status = StatusMessage("delete the \(count) done item\(count == 1 ? "" : "s")? y deletes (u undoes), any other key keeps them")
        return []
    }

    /// `y` on the clear-Done question: removes every done item as one undoable change.
    ///
    /// The removals are queued one per item, by id (an item checked elsewhere meanwhile is
    /// left alone); the list is rebuilt once instead of searching for each item.
    mutating func clearDoneItems() -> [Effect] {
        mode = .browsing
        let done = list.doneItems
        guard !done.isEmpty else { return [] }
        let anchor = selection.map { Selection(section: .toDo, index: $0.section == .toDo ? $0.index : 0) }
        let operations = done.map { ToDoList.Operation.remove($0.id) }
        let inverses = done.enumerated().map { ToDoList.Operation.insert($0.element, .done, at: $0.offset) }
        do {
            list = try ToDoList(toDoItems: Array(list.toDoItems), doneItems: [], unknownFields: list.unknownFields)
        } catch {
            status = StatusMessage(error.description, isError: true)
            return [.bell]
        }
        pendingOperations.append(contentsOf: operations)
        askToSave()
        history.record(UndoEntry(
            name: UndoJournal.name("clearing of Done", titles: done.map(\.title)), forward: operations, inverse: inverses,
            source: "window", undoFocus: done.first?.id
        ))
        refreshFilter()
        selection = anchor
        status = StatusMessage("deleted \(done.count) done item\(done.count == 1 ? "" : "s") · u undoes")
        return []
    }
}
