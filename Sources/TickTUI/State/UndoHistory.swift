import FoundationEssentials
import Glibc
import TickCore

/// One undoable change: the operations it made, the operations that reverse it, its name
/// (`tick of "Water the plants"`), and the list file's version after it once saved — the
/// undo journal's entry (``UndoJournal/Entry``).
typealias UndoEntry = UndoJournal.Entry

/// Undo and redo: the list's undo journal as last read (``UndoJournal``: the changes made
/// to the list by the app and by the CLI, newest last) with this session's changes not
/// saved yet on top, and this session's redo.
struct UndoHistory: Sendable, Hashable {
    private(set) var undoStack: [UndoEntry] = []
    private(set) var redoStack: [UndoEntry] = []
    /// What the next save must do to the journal, in order.
    private(set) var journalChanges: [UndoJournal.Change] = []

    /// Records a new change; a new change forgets what could be redone.
    mutating func record(_ entry: UndoEntry) {
        undoStack.append(entry)
        redoStack.removeAll()
        journalChanges.append(.recorded(entry))
    }

    /// Takes the newest change off for undoing. `current`: the list had not changed
    /// elsewhere since it, so the change under it describes the list once this is undone.
    mutating func popUndo(current: Bool) -> UndoEntry? {
        guard let entry = undoStack.popLast() else { return nil }
        redoStack.append(entry)
        if let index = journalChanges.firstIndex(of: .recorded(entry)) {
            // Never saved: the journal never hears of it.
            journalChanges.remove(at: index)
        } else if entry.after != nil {
            journalChanges.append(.undone(entry.id, wasCurrent: current))
            // Until the save says the file's new version, the change under it is as current.
            if current, let last = undoStack.indices.last { undoStack[last].after = entry.after }
        }
        return entry
    }

    /// Takes the newest undone change for redoing; it is recorded again as a new change.
    mutating func popRedo() -> UndoEntry? {
        guard var entry = redoStack.popLast() else { return nil }
        entry.id = UUID()
        entry.after = nil
        entry.source = "window"
        entry.process = getpid()
        undoStack.append(entry)
        journalChanges.append(.recorded(entry))
        return entry
    }

    /// The journal as saved or read (`entries`, oldest first), with the changes the next
    /// save will record still on top; redo is forgotten when the journal holds a change
    /// made elsewhere that this history did not know.
    mutating func load(_ entries: [UndoEntry]) {
        let known = Set(undoStack.map(\.id))
        if entries.contains(where: { !known.contains($0.id) && $0.process != getpid() }) { redoStack.removeAll() }
        let unsaved = undoStack.filter { journalChanges.contains(.recorded($0)) }
        undoStack = entries + unsaved
    }

    /// The next save wrote `changes` (the first of ``journalChanges``) to the journal, or
    /// there is no journal: the entries it recorded are saved.
    mutating func saved(_ changes: Int, at version: FileVersion?) {
        let done = journalChanges.prefix(changes)
        journalChanges.removeFirst(min(changes, journalChanges.count))
        for case .recorded(let entry) in done {
            if let index = undoStack.lastIndex(where: { $0.id == entry.id }) { undoStack[index].after = version }
        }
    }
}
