import Glibc

extension ToDoStore {
    /// Saves changes that the caller has already applied to its own list, for a caller that
    /// keeps no second copy of the list as it was on disk (the full-screen app, where that
    /// copy would make every change copy a whole section of a large list).
    ///
    /// `list` must be what `operations` made of the list the file held when it had
    /// `version`. Under the lock: when the file still has that version (same device, inode,
    /// size and modification time — every save renames a new file into place), `list` is
    /// written as it is; otherwise (another process saved meanwhile, or `version` is nil)
    /// the file is read and each operation merged into it (``ToDoList/merge(_:)``), and that
    /// list is written if it changed. Returns the list as it now is on disk, with the file's
    /// version read under the lock.
    public func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        let lock = try acquireLock()
        defer { close(lock) }
        if let version, self.version() == version {
            try write(list)
            return (list, self.version())
        }
        return (try merge(operations, into: read() ?? ToDoList()), self.version())
    }
}
