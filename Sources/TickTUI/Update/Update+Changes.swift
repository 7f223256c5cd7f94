import FoundationEssentials
import TickCore

extension AppState {
    /// Applies user operations to the list, queues them for saving and records them for
    /// undo. Stops at the first operation the list refuses and reports it in the status line.
    @discardableResult
    mutating func perform(_ operations: [ToDoList.Operation], name: String, undoFocus: UUID?, redoFocus: UUID?) -> Bool {
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
            history.record(UndoEntry(forward: done, inverse: inverses, undoFocus: undoFocus, redoFocus: redoFocus, name: name))
            refreshFilter()
        }
        if let failure {
            status = StatusMessage(failure.description, isError: true)
            return false
        }
        return true
    }

    /// Applies operations of undo or redo: tolerant of items changed elsewhere meanwhile.
    /// Applies recorded operations again (undo, redo); false when they changed nothing,
    /// because what they touch was changed or removed elsewhere meanwhile.
    @discardableResult
    private mutating func replay(_ operations: [ToDoList.Operation]) -> Bool {
        let before = list
        for operation in operations {
            do {
                try list.merge(operation, at: now, zone: calendar)
                pendingOperations.append(operation)
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
        let operation: ToDoList.Operation = selection.section == .toDo ? .check(item.id) : .uncheck(item.id)
        perform([operation], name: selection.section == .toDo ? "tick" : "untick", undoFocus: item.id, redoFocus: nil)
        // The cursor stays at the same place in the section it left.
        self.selection = selection
        // A repeating item stayed, moved on to its next occurrence: say when that is.
        if selection.section == .toDo, let moved = list.item(withID: item.id), list.position(of: item.id)?.section == .toDo,
           let due = moved.localDue(calendar: calendar) {
            status = StatusMessage("done for now; next due \(DueDateFormat.longDate(due, calendar: calendar, withTime: !moved.dueIsDay)) · u undoes")
        }
        return []
    }

    mutating func deleteSelected() -> [Effect] {
        guard let selection, let item = selectedItem else { return [.bell] }
        if perform([.remove(item.id)], name: "delete", undoFocus: item.id, redoFocus: nil) {
            status = StatusMessage("deleted “\(DisplayWidth.truncate(VisibleText.line(item.title), toWidth: 30))” · u undoes")
        }
        self.selection = selection
        return []
    }

    mutating func moveSelectedItem(by delta: Int) -> [Effect] {
        guard let selection, let item = selectedItem,
              let neighbour = listIndex(at: selection.index + delta, in: selection.section)
        else { return [.bell] }
        if perform([.reorder(item.id, at: neighbour)], name: "move", undoFocus: item.id, redoFocus: item.id) {
            self.selection = Selection(section: selection.section, index: selection.index + delta)
        }
        return []
    }

    mutating func undo() -> [Effect] {
        step(history.popUndo(), verb: "undo", done: "undid") { ($0.inverse, $0.undoFocus) }
    }

    mutating func redo() -> [Effect] {
        step(history.popRedo(), verb: "redo", done: "redid") { ($0.forward, $0.redoFocus) }
    }

    /// Replays one side of an undo entry and says what happened.
    private mutating func step(
        _ entry: UndoEntry?, verb: String, done: String,
        _ side: (UndoEntry) -> (operations: [ToDoList.Operation], focus: UUID?)
    ) -> [Effect] {
        guard let entry else {
            status = StatusMessage("nothing to \(verb)")
            return [.bell]
        }
        let anchor = selection
        let (operations, focusID) = side(entry)
        let changed = replay(operations)
        focus(focusID, else: anchor)
        status = changed
            ? StatusMessage("\(done) \(entry.name)")
            : StatusMessage("nothing to \(verb) for the \(entry.name): the item was changed or removed elsewhere")
        return []
    }

    /// Selects an item by id when it is shown, else keeps the selection where it was.
    private mutating func focus(_ id: UUID?, else anchor: Selection?) {
        if let id, select(id: id) { return }
        selection = anchor
    }
}
