import FoundationEssentials
import TickCore

/// What the app needs from the set of lists beside its open one (``ListSet`` in the app, one
/// in a temporary folder in tests): their names and counts, a list's store to open it, and
/// the changes the picker and `m` ask for. The run loop calls these after saving the open
/// list.
public protocol ListCatalog<Store> {
    associatedtype Store: ListStore
    /// Every list's name, the default list first.
    func names() throws(ListSetError) -> [String]
    /// Every list with its counts, as on disk.
    func summaries() throws(ListSetError) -> [ListSummary]
    /// The store of the list `name`.
    func openStore(_ name: String) throws(ListSetError) -> Store
    func makeList(_ name: String) throws(ListSetError)
    func renameList(_ old: String, to new: String) throws(ListSetError)
    /// Removes the list (with its items when `withItems`); how many items went.
    func removeList(_ name: String, withItems: Bool) throws(ListSetError) -> Int
    /// Moves a block of items (an item and its subtasks) between two lists, recorded for
    /// undo in both; a problem writing the undo journals comes back as a string.
    func moveItems(_ ids: [UUID], from source: String, to target: String) throws(ListSetError) -> String?
    /// Undoes the list's newest change, a move between lists, in both lists.
    func undoNewestMove(in name: String, anyway: Bool) -> ListMoveUndo
}

extension ListSet: ListCatalog {
    public func openStore(_ name: String) throws(ListSetError) -> ToDoStore { try store(named: name) }

    public func makeList(_ name: String) throws(ListSetError) { try add(name) }

    public func renameList(_ old: String, to new: String) throws(ListSetError) { try rename(old, to: new) }

    public func removeList(_ name: String, withItems: Bool) throws(ListSetError) -> Int { try remove(name, withItems: withItems) }

    public func moveItems(_ ids: [UUID], from source: String, to target: String) throws(ListSetError) -> String? {
        try move(ids, from: source, to: target, recordingAs: "window").journalError?.description
    }

    public func undoNewestMove(in name: String, anyway: Bool) -> ListMoveUndo {
        do {
            let store = try store(named: name)
            switch try store.undoLast(in: UndoJournal(list: store.fileURL, directory: journalDirectory), anyway: anyway) {
            case .undid(let entry): return .undid(entry.name)
            case .changedElsewhere(let entry), .wouldOverwrite(let entry, _): return .changedElsewhere(entry.id, entry.name)
            case .nothingToUndo: return .failed("nothing to undo")
            }
        } catch {
            return .failed("\(error)")
        }
    }
}
