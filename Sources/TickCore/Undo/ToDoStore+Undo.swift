import FoundationEssentials
import Glibc

/// The CLI's changes with the undo journal: a change recorded as it is saved, and the
/// journal's newest change undone (`tick undo`).
extension ToDoStore {
    /// What `tick undo` found and did.
    public enum UndoOutcome: Sendable, Hashable {
        /// The entry was undone.
        case undid(UndoJournal.Entry)
        /// The journal is empty.
        case nothingToUndo
        /// The list was changed elsewhere since this entry, by a change the journal does not
        /// hold: nothing was undone.
        case changedElsewhere(UndoJournal.Entry)
        /// Undoing would overwrite these values, changed since: nothing was undone.
        case wouldOverwrite(UndoJournal.Entry, [String])
    }

    /// Like ``modify(_:)``, and records the change `body` names in `journal` with the file's
    /// version after the save, under the list's lock (so that the journal's order is the
    /// file's). `body` returns nil for the entry when it changed nothing worth undoing. A
    /// journal that cannot be written does not undo the change: its error is returned.
    /// `journal` is asked for once the list's directory exists (its key is the resolved path).
    public func modify<T>(
        recordingIn journal: () -> UndoJournal, _ body: (inout ToDoList) throws -> (T, UndoJournal.Entry?)
    ) throws -> (result: T, journalError: StoreError?) {
        var entry: UndoJournal.Entry?
        var journalError: StoreError?
        let result = try modify({ (list: inout ToDoList) throws -> T in
            let (result, made) = try body(&list)
            entry = made
            return result
        }, afterWriting: { version in
            guard let entry else { return }
            do throws(StoreError) {
                _ = try journal().apply([.recorded(entry)], after: version)
            } catch {
                journalError = error
            }
        })
        return (result, journalError)
    }

    /// Undoes the journal's newest change, under the list's lock: its inverse operations
    /// merged into the list as it is on disk, the file written, the entry removed from the
    /// journal. Unless `anyway`, nothing is undone when the list changed elsewhere since
    /// the entry by a change the journal does not hold (its version is not the file's), or
    /// when undoing would overwrite a value changed since.
    ///
    /// A move between lists (an entry with a ``UndoJournal/Entry/pair``) is undone in both
    /// lists at once (``undoMove(_:in:anyway:)``).
    public func undoLast(in journal: UndoJournal, anyway: Bool) throws(StoreError) -> UndoOutcome {
        if let newest = try journal.entries().last, newest.pair != nil {
            return try undoMove(newest, in: journal, anyway: anyway)
        }
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target)
        defer { close(lock) }
        guard let entry = try journal.entries().last else { return .nothingToUndo }
        let now = Date()
        var list = try read(target) ?? ToDoList()
        let current = entry.after != nil && entry.after == file.version(target)
        if !anyway {
            guard current else { return .changedElsewhere(entry) }
            let overwritten = entry.changedSince(in: list)
            guard overwritten.isEmpty else { return .wouldOverwrite(entry, overwritten) }
        }
        let original = list
        for operation in entry.inverse {
            do {
                try list.merge(operation, at: now)
            } catch {
                throw StoreError(kind: .rejected, path: fileURL.path, problem: error.description)
            }
        }
        if list != original { try write(list, to: target) }
        try journal.apply([.undone(entry.id, wasCurrent: current)], after: file.version(target))
        return .undid(entry)
    }
}
