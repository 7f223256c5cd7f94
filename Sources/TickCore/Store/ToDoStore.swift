import FoundationEssentials
import Glibc

/// The list file on disk: reads it, and applies changes to it under an advisory lock.
///
/// Every change takes one path to disk (``ListFile`` makes the system calls):
///
/// 1. **Resolve.** The path is followed to the file it leads to: symbolic links of its last
///    component, then `realpath` of the directory. A list reached through a link and
///    through its real path is one file, with one lock.
/// 2. **Lock.** `flock(LOCK_EX)` on the sidecar `.<name>.lock` beside that file (for
///    `ToDoItems.plist`: `.ToDoItems.plist.lock`), held for this one change only, so a
///    script's `tick add` works while the app is open and two writers never interleave.
/// 3. **Read.** The file is read whole with `read()` (opened without blocking; anything
///    but a regular file is refused) and decoded — unless the caller already holds the list
///    as the file was at the version `stat` still reports (``commit(_:appliedTo:readAt:at:zone:)``).
///    A missing file is an empty list. A file that cannot be read is never written over.
/// 4. **Merge.** Each operation, named by item id, is merged into what the file holds
///    (``ToDoList/merge(_:)``: changes to items deleted elsewhere are dropped, positions
///    clamped). Nothing changed: nothing is written.
/// 5. **Write.** The list is encoded into a new hidden temporary file beside the list,
///    which takes the old file's mode and owner (0600 for a new list), then fsynced.
///    Temporary files left by writers that died mid-save are removed first.
/// 6. **Replace.** The temporary file is renamed over the list and the directory fsynced:
///    the path always holds the whole old list or the whole new one.
///
/// Plain reads take no lock: the rename means a reader always sees a whole file. A list
/// whose mode lets nobody write it (0444) is refused rather than replaced. A save by rename
/// makes a new file: other hard links to the old one keep the old list.
public struct ToDoStore: Sendable {
    /// The list file.
    public let fileURL: URL
    /// Test hook: runs after the temporary file (its path given) is written and synced,
    /// before the rename. Throwing from it aborts the save as a failed rename would.
    var beforeRename: (@Sendable (_ temporaryURL: URL) throws -> Void)?
    /// A named list's store (``ListSet/store(named:)``): its file is never made by a save.
    /// Gone — renamed or removed by another tick while this one held the store — a save is
    /// refused rather than bring the old list back with only this change in it.
    public internal(set) var fileMustExist = false

    /// A store for the file at `fileURL`, in tick's keyed-archive format.
    public init(fileURL: URL) {
        self.init(fileURL: fileURL, beforeRename: nil)
    }

    init(fileURL: URL, beforeRename: (@Sendable (URL) throws -> Void)?) {
        self.fileURL = fileURL
        self.beforeRename = beforeRename
    }

    /// Where the list lives unless a `--file` says otherwise: `TICK_FILE`, else
    /// `$XDG_DATA_HOME/tick/ToDoItems.plist`, else `~/.local/share/tick/ToDoItems.plist`.
    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let file = environment["TICK_FILE"], !file.isEmpty {
            return URL(fileURLWithPath: file)
        }
        return TickDirectories.data(environment: environment)
            .appendingPathComponent("ToDoItems.plist", isDirectory: false)
    }

    /// The sidecar file that `flock` is taken on around every change, beside the file the
    /// path leads to.
    public var lockFileURL: URL { URL(fileURLWithPath: file.resolved().lockPath) }

    var file: ListFile { ListFile(path: fileURL.path) }

    // MARK: - Reading

    /// The list as it is on disk now; a missing file is an empty list. Takes no lock.
    public func load() throws(StoreError) -> ToDoList {
        try read(file.resolved()) ?? ToDoList()
    }

    /// Reads a large list in two steps, so that its first screen can be shown sooner: when
    /// the file holds at least `minimumItems` items, `preview` first gets the first
    /// `previewItems` items of each section (and how many each holds), then the whole list
    /// is decoded from the same bytes and returned. A smaller list or an XML file gets no
    /// preview. The file is checked whole before the preview, so a broken file is an error
    /// with no preview (or after it, when only an item past the preview is bad).
    public func loadInStages(
        previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void
    ) throws(StoreError) -> ToDoList {
        guard let bytes = try file.read(file.resolved()) else { return ToDoList() }
        return try decode(bytes, itemsPerSection: previewItems) { first in
            if !first.isComplete, first.toDoCount + first.doneCount >= minimumItems { preview(first) }
        }
    }

    /// What `stat` says about the file now, or nil when it does not exist; compare two
    /// versions to notice that another process saved.
    public func version() -> FileVersion? {
        file.version(file.resolved())
    }

    // MARK: - Changing

    /// Applies operations to the file as it is on disk, under the lock: reads it, merges each
    /// operation (``ToDoList/merge(_:)``: changes to items that are gone are dropped), writes
    /// it if anything changed, and returns the list as it now is on disk.
    @discardableResult
    public func apply(_ operations: [ToDoList.Operation]) throws(StoreError) -> ToDoList {
        // A command's operations happen as it runs, in the zone it runs in.
        try change(operations, applied: nil, at: Date(), zone: .current).list
    }

    /// Saves changes that the caller has already applied to its own list, for a caller that
    /// keeps no second copy of the list as it was on disk (the full-screen app, where that
    /// copy would make every change copy a whole section of a large list).
    ///
    /// `list` must be what `operations` made of the list the file held when it had
    /// `version`. Under the lock: when the file still has that version (same device, inode,
    /// size and modification time — every save renames a new file into place), `list` is
    /// written as it is; otherwise (another process saved meanwhile, or `version` is nil)
    /// the file is read and each operation merged into it, and that list is written if it
    /// changed. Returns the list as it now is on disk, with the file's version read under
    /// the lock.
    public func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        try change(operations, applied: version.map { (list, $0) }, at: now, zone: zone)
    }

    /// ``commit(_:appliedTo:readAt:at:zone:)``, then `underLock` with the file's version after the
    /// save, still under the list's lock (the app records the change in the undo journal
    /// there, so that whoever holds the lock sees the list and the journal agree).
    public func commit(
        _ operations: [ToDoList.Operation], appliedTo list: ToDoList, readAt version: FileVersion?, at now: Date, zone: LocalTime,
        waitingForLock: Bool = true, underLock: (FileVersion?) -> Void
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        try change(operations, applied: version.map { (list, $0) }, at: now, zone: zone, waitingForLock: waitingForLock, underLock: underLock)
    }

    /// Runs `body` under the list's lock: no tick writes the list or records in its undo
    /// journal meanwhile.
    public func underLock<T>(_ body: () -> T) throws(StoreError) -> T {
        try file.createDirectory()
        let lock = try file.lock(file.resolved())
        defer { close(lock) }
        return body()
    }

    /// Runs `body` under the list's lock with the file the path leads to, its errors
    /// rethrown: for changes that span files (``ListSet``), which read and write with
    /// ``read(_:)`` and ``write(_:to:)``.
    func withLock<T>(_ body: (ResolvedPath) throws -> T) throws -> T {
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target)
        defer { close(lock) }
        return try body(target)
    }

    /// ``apply(_:)`` and ``commit(_:appliedTo:readAt:at:zone:)``: `applied` is the caller's list with
    /// the operations applied and the version of the file it started from.
    private func change(
        _ operations: [ToDoList.Operation], applied: (list: ToDoList, version: FileVersion)?, at now: Date, zone: LocalTime,
        waitingForLock: Bool = true, underLock: (FileVersion?) -> Void = { _ in }
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target, waiting: waitingForLock)
        defer { close(lock) }
        if let (list, version) = applied, file.version(target) == version {
            try write(list, to: target)
            let saved = file.version(target)
            underLock(saved)
            return (list, saved)
        }
        var list = try read(target) ?? ToDoList()
        var changed = false
        for operation in operations {
            do {
                if try Self.merge(operation, into: &list, at: now, zone: zone) { changed = true }
            } catch {
                throw StoreError(kind: .rejected, path: fileURL.path, problem: error.description)
            }
        }
        if changed { try write(list, to: target) }
        let saved = file.version(target)
        underLock(saved)
        return (list, saved)
    }

    /// Merges `operation` into `list` in place and says whether anything changed. An
    /// operation changes at most the item it names (what it holds, whether and where it
    /// is; the others only shift around it; a repeating item's tick also adds its done copy,
    /// and always moves the item's due) or, `removeAll`, empties the list: comparing
    /// that item before and after spares a copy of the whole list to compare with.
    private static func merge(_ operation: ToDoList.Operation, into list: inout ToDoList, at now: Date, zone: LocalTime) throws(ModelError) -> Bool {
        let id: UUID
        switch operation {
        case .insert(let item, _, _): id = item.id
        case .check(let named), .uncheck(let named), .remove(let named), .place(let named, _, _),
             .reorder(let named, _), .set(let named, _), .checkOccurrence(let named, _):
            id = named
        case .removeAll:
            let wasEmpty = list.isEmpty
            try list.merge(operation, at: now, zone: zone)
            return !wasEmpty
        }
        let before = list.position(of: id).map { ($0, list.items(in: $0.section)[$0.index]) }
        try list.merge(operation, at: now, zone: zone)
        let after = list.position(of: id).map { ($0, list.items(in: $0.section)[$0.index]) }
        switch (before, after) {
        case (nil, nil): return false
        case let ((wherePlaced, item)?, (nowPlaced, nowItem)?):
            return wherePlaced != nowPlaced || item != nowItem
        default: return true
        }
    }

    /// Reads the list under the lock, lets `body` change it, and writes it if it changed.
    /// An error from `body` leaves the file as it was and is rethrown.
    public func modify<T>(_ body: (inout ToDoList) throws -> T) throws -> T {
        try modify(body, afterWriting: { _ in })
    }

    /// ``modify(_:)``, then, still under the lock and only when the list was written,
    /// `afterWriting` with the file's new version (the undo journal records there).
    func modify<T>(_ body: (inout ToDoList) throws -> T, afterWriting: (FileVersion?) -> Void) throws -> T {
        try file.createDirectory()
        let target = file.resolved()
        let lock = try file.lock(target)
        defer { close(lock) }
        let original = try read(target) ?? ToDoList()
        var list = original
        let result = try body(&list)
        if list != original {
            try write(list, to: target)
            afterWriting(file.version(target))
        }
        return result
    }

    // MARK: - Steps

    /// The decoded file, nil when it does not exist.
    func read(_ target: ResolvedPath) throws(StoreError) -> ToDoList? {
        guard let bytes = try file.read(target) else { return nil }
        return try decode(bytes)
    }

    /// Encodes `list` and atomically replaces the file with it; the caller holds the lock.
    func write(_ list: ToDoList, to target: ResolvedPath) throws(StoreError) {
        if fileMustExist, file.version(target) == nil {
            throw StoreError(kind: .rejected, path: fileURL.path, problem: "the list is gone (renamed or removed by another tick); nothing written")
        }
        let hook = beforeRename.map { hook in { (temporary: String) throws in try hook(URL(fileURLWithPath: temporary)) } }
        try file.replace(target, beforeRename: hook) { sink in encode(list, into: &sink) }
    }
}
