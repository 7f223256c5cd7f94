import FoundationEssentials
import TickCore

/// What the full-screen app needs from the store of its list file: ``ToDoStore`` in the
/// app, a scripted store in tests.
public protocol ListStore {
    /// The file's name, shown in the header.
    var fileName: String { get }
    /// Reads the list as it is on disk.
    func load() throws(StoreError) -> ToDoList
    /// Saves changes already applied to the caller's list: `list` is what `operations` made
    /// of the list the file held when it had `version`. While the file keeps that version,
    /// `list` is written as it is; otherwise the operations are merged, by item id, into the
    /// list on disk (under the store's lock). Returns the list as it is on disk afterwards,
    /// with the file's version read under the lock. See
    /// ``ToDoStore/commit(_:appliedTo:readAt:at:zone:)``.
    func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?)
    /// What `stat` says about the file now, or nil when it does not exist.
    func version() -> FileVersion?
    /// Reads a large list in two steps (the first items, then all); see
    /// ``ToDoStore/loadInStages(previewItems:minimumItems:preview:)``.
    func loadInStages(previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void) throws(StoreError) -> ToDoList
    /// The kind of property list the file holds now (an XML list is rewritten as binary by
    /// the first save); nil when there is no file.
    func fileFormat() -> ListFileFormat?
    /// The list's undo journal, shared with the CLI and other windows; nil: undo stays
    /// within the session.
    var undoJournal: UndoJournal? { get }
    /// ``commit(_:appliedTo:readAt:at:zone:)``, then `underLock` with the version after the save,
    /// still under the list's lock (see ``ToDoStore/commit(_:appliedTo:readAt:at:zone:waitingForLock:underLock:)``).
    /// Not `waitingForLock`, a lock another tick holds (a background sync writing the
    /// list) is a `.busy` error and nothing is written.
    func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime,
        waitingForLock: Bool, underLock: (FileVersion?) -> Void
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?)
    /// Runs `body` under the list's lock (see ``ToDoStore/underLock(_:)``).
    func underLock<T>(_ body: () -> T) throws(StoreError) -> T
}

extension ListStore {
    /// The kind of property list the file holds now; nil when unknown (or no file).
    public func fileFormat() -> ListFileFormat? { nil }

    /// No journal: undo stays within the session.
    public var undoJournal: UndoJournal? { nil }

    /// Commits, then runs `underLock` (a store without a lock of its own, so never busy).
    public func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime,
        waitingForLock: Bool, underLock: (FileVersion?) -> Void
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        let result = try commit(operations, appliedTo: list, readAt: version, at: now, zone: zone)
        underLock(result.version)
        return result
    }

    /// Runs `body` (a store without a lock of its own).
    public func underLock<T>(_ body: () -> T) throws(StoreError) -> T { body() }

    /// Reads the whole list at once: no preview.
    public func loadInStages(previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void) throws(StoreError) -> ToDoList {
        try load()
    }
}
