import FoundationEssentials
import Glibc
import TickCore

/// `u` and Ctrl-R over the undo journal, and the journal's news from the run loop.
///
/// `u` undoes the list's newest change, made here, in another window or by the CLI, and
/// names it (`undid remove of "Buy milk" (made by tick remove)`). When the list changed
/// elsewhere since that change by something the journal does not hold (the entry's file
/// version is not the file's), or undoing would put back a value changed since, the first
/// `u` only says so and a second `u` undoes it anyway: undo never silently reverts
/// someone else's change.
extension AppState {
    mutating func undo() -> [Effect] {
        guard let entry = history.undoStack.last else {
            status = StatusMessage("nothing to undo")
            return [.bell]
        }
        // One half of a move between lists: undone alone it would leave a duplicate or,
        // from the list the items went to, lose them; the loop undoes both halves on disk
        // (a second `u` after "changed elsewhere" undoes it anyway).
        if entry.pair != nil { return [.undoMove(anyway: undoConfirmID == entry.id)] }
        let current = entry.after == nil || entry.after == diskVersion
        if undoConfirmID != entry.id {
            let overwritten = entry.changedSince(in: list)
            if !current || !overwritten.isEmpty {
                undoConfirmID = entry.id
                let what = current
                    ? "\(overwritten.joined(separator: ", ")) changed elsewhere since"
                    : "the list changed elsewhere since"
                status = StatusMessage("\(what): u again to undo \(entry.name) anyway", isError: true)
                return []
            }
        }
        undoConfirmID = nil
        guard let entry = history.popUndo(current: current) else { return [.bell] }
        return step(entry, verb: "undo", done: "undid", operations: entry.inverse, focus: entry.undoFocus)
    }

    mutating func redo() -> [Effect] {
        guard let entry = history.popRedo() else {
            status = StatusMessage("nothing to redo")
            return [.bell]
        }
        return step(entry, verb: "redo", done: "redid", operations: entry.forward, focus: entry.redoFocus)
    }

    /// Replays one side of an undo entry and says what happened, and where the change was
    /// made when not here.
    private mutating func step(
        _ entry: UndoEntry, verb: String, done: String, operations: [ToDoList.Operation], focus focusID: UUID?
    ) -> [Effect] {
        let anchor = selection
        let changed = replay(operations)
        // Even a step that changed nothing here moved the journal (undone, recorded again).
        askToSave()
        focus(focusID, else: anchor)
        status = changed
            ? StatusMessage("\(done) \(entry.name)\(Self.provenance(of: entry))")
            : StatusMessage("nothing to \(verb) for the \(entry.name): the item was changed or removed elsewhere")
        return []
    }

    /// Where a change was made, when not in this window: ` (made by tick remove)`, ` (made
    /// in another tick window)` while the window that made it is open, else ` (made earlier
    /// in tick)` (this window's own, before it was closed and opened again).
    static func provenance(of entry: UndoEntry) -> String {
        if entry.source != "window" { return " (made by \(entry.source))" }
        if entry.process == getpid() { return "" }
        let running = kill(entry.process, 0) == 0 || errno == EPERM
        return running ? " (made in another tick window)" : " (made earlier in tick)"
    }

    /// Selects an item by id when it is shown, else keeps the selection where it was.
    private mutating func focus(_ id: UUID?, else anchor: Selection?) {
        if let id, select(id: id) { return }
        selection = anchor
    }

    /// A save wrote the history's first `changes` journal changes (see
    /// ``Action/journalSaved(_:changes:version:problem:)``).
    mutating func journalSaved(_ entries: [UndoEntry]?, changes: Int, version: FileVersion?, problem: String?) -> [Effect] {
        history.saved(changes, at: entries == nil ? nil : version)
        if let entries {
            history.load(entries)
            diskVersion = version
        }
        if let problem {
            status = StatusMessage("saved, but the undo journal was not: \(problem)", isError: true)
        }
        return []
    }
}
