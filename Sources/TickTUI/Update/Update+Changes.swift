import FoundationEssentials
import TickCore

extension AppState {
    /// Applies user operations to the list, queues them for saving and records them for
    /// undo, named `verb of "title"` after the items they change, the last operation's
    /// first (a cascade's own item: `tick of "Pack" (and 2 more)`). Stops at the first
    /// operation the list refuses and reports it in the status line.
    @discardableResult
    mutating func perform(_ operations: [ToDoList.Operation], name verb: String, undoFocus: UUID?, redoFocus: UUID?) -> Bool {
        let titles = itemTitles(operations.suffix(1) + operations.dropLast())
        var done: [ToDoList.Operation] = []
        var inverses: [ToDoList.Operation] = []
        var failure: ModelError?
        for operation in operations {
            let inverse = list.inverses(of: operation, zone: calendar)
            do {
                try list.apply(operation, at: now, zone: calendar)
            } catch {
                failure = error
                break
            }
            done.append(operation)
            widenColumns(after: operation)
            inverses.insert(contentsOf: inverse, at: 0)
        }
        if !done.isEmpty {
            pendingOperations.append(contentsOf: done)
            askToSave()
            history.record(UndoEntry(
                name: UndoJournal.name(verb, titles: titles), forward: done, inverse: inverses,
                source: "window", undoFocus: undoFocus, redoFocus: redoFocus
            ))
            refreshFilter()
        }
        if let failure {
            status = StatusMessage(failure.description, isError: true)
            return false
        }
        return true
    }

    /// Asks for ``Effect/save`` after this action.
    mutating func askToSave() { saveAsked = true }

    /// The titles of the items `operations` change, each once, in order.
    func itemTitles(_ operations: [ToDoList.Operation]) -> [String] {
        var seen = Set<UUID>()
        var titles: [String] = []
        for operation in operations {
            let item: ToDoItem?
            switch operation {
            case .insert(let new, _, _): item = new
            case .check(let id), .uncheck(let id), .remove(let id), .place(let id, _, _), .reorder(let id, _), .set(let id, _),
                 .checkOccurrence(let id, _):
                item = list.item(withID: id)
            case .removeAll: item = nil
            }
            if let item, seen.insert(item.id).inserted { titles.append(item.title) }
        }
        return titles
    }

    /// Applies recorded operations again (undo, redo), tolerant of items changed elsewhere
    /// meanwhile; false when they changed nothing, because what they touch was changed or
    /// removed elsewhere meanwhile.
    @discardableResult
    mutating func replay(_ operations: [ToDoList.Operation]) -> Bool {
        let before = list
        for operation in operations {
            do {
                try list.merge(operation, at: now, zone: calendar)
                pendingOperations.append(operation)
                askToSave()
                widenColumns(after: operation)
            } catch {
                status = StatusMessage(error.description, isError: true)
            }
        }
        refreshFilter()
        return list != before
    }

    mutating func toggleDone() -> [Effect] {
        guard let selection, let item = selectedItem else { return [.bell] }
        let operation: ToDoList.Operation = selection.section == .toDo ? .tick(item) : .uncheck(item.id)
        // Ticking off a parent ticks off its open subtasks too (TickCore's cascade).
        let ticked = perform(list.cascade(operation, at: now, zone: calendar), name: selection.section == .toDo ? "tick" : "untick", undoFocus: item.id, redoFocus: nil)
        // The cursor stays at the same place in the section it left.
        self.selection = selection
        guard ticked else { return [.bell] }
        // A repeating item stayed, moved on to its next occurrence: say when that is, and
        // go to the row after it (wherever a sorted view put it), so that Space again ticks
        // the next item, not the next occurrence.
        // (Only a repeating item stays: looking for any other would pass over all of To Do.)
        if selection.section == .toDo, item.recurrence != nil, let moved = list.item(withID: item.id), list.position(of: item.id)?.section == .toDo,
           let due = moved.localDue(calendar: calendar) {
            status = StatusMessage("done for now; next due \(DueDateFormat.longDate(due, calendar: calendar, withTime: !moved.dueIsDay)) · u undoes")
            if select(id: item.id), var next = self.selection {
                next.index = min(next.index + 1, max(visibleCount(.toDo) - 1, 0))
                self.selection = next
            }
        }
        return []
    }

    mutating func deleteSelected() -> [Effect] {
        guard let selection, let item = selectedItem else { return [.bell] }
        // Removing a parent removes its subtasks too (TickCore's cascade).
        let operations = list.cascade(.remove(item.id), at: now, zone: calendar)
        if perform(operations, name: "delete", undoFocus: item.id, redoFocus: nil) {
            let subtasks = operations.count - 1
            let carried = subtasks == 0 ? "" : " and \(subtasks) subtask\(subtasks == 1 ? "" : "s")"
            status = StatusMessage("deleted “\(DisplayWidth.truncate(VisibleText.line(item.title), toWidth: 30))”\(carried) · u undoes")
        }
        self.selection = selection
        return []
    }

    mutating func moveSelectedItem(by delta: Int) -> [Effect] {
        if let item = selectedItem, let move = siblingMove(of: item, by: delta) {
            // With subtasks: past the neighbouring sibling's whole block.
            guard let move else { return [.bell] }
            if perform([move], name: "move", undoFocus: item.id, redoFocus: item.id) { select(id: item.id) }
            return []
        }
        guard let selection, let item = selectedItem,
              let neighbour = listIndex(at: selection.index + delta, in: selection.section)
        else { return [.bell] }
        if perform([.reorder(item.id, at: neighbour)], name: "move", undoFocus: item.id, redoFocus: item.id) {
            self.selection = Selection(section: selection.section, index: selection.index + delta)
        }
        return []
    }
}
