import FoundationEssentials
import TickCore

/// What the full-screen app needs from the store of its list file: ``ToDoStore`` in the
/// app, a scripted store in tests.
public protocol ListStore {
    /// The file's name, shown in the header.
    var fileName: String { get }
    /// Reads the list as it is on disk.
    func load() throws(StoreError) -> ToDoList
    /// Applies changes by item id to the list on disk (under the store's lock) and returns
    /// the list as it is on disk afterwards, with the file's version read under the lock.
    /// `cached` is the list as last read or written, used instead of reading the file when
    /// the file still has that version.
    /// `expected` is what the operations make of `cached.list`, written as it is while the
    /// file keeps the cached version.
    func commit(
        _ operations: [ToDoList.Operation], cached: (list: ToDoList, version: FileVersion)?, expecting expected: ToDoList?
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?)
    /// What `stat` says about the file now, or nil when it does not exist.
    func version() -> FileVersion?
    /// Reads a large list in two steps (the first items, then all); see
    /// ``ToDoStore/loadInStages(previewItems:minimumItems:preview:)``.
    func loadInStages(previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void) throws(StoreError) -> ToDoList
}

extension ListStore {
    /// Reads the whole list at once: no preview.
    public func loadInStages(previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void) throws(StoreError) -> ToDoList {
        try load()
    }
}
