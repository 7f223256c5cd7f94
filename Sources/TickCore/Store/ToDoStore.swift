import FoundationEssentials
import Glibc

/// The list file on disk: reads it, and applies changes to it under an advisory lock.
///
/// - A missing file is an empty list; its directory is created on the first save (0700).
/// - Every save writes a temporary file in the same directory (mode 0600), fsyncs it,
///   renames it over the list file and fsyncs the directory, so the path always holds the
///   whole old list or the whole new one.
/// - A file that cannot be read (bad bytes, zero bytes, a directory) is never overwritten:
///   changes fail with a ``StoreError`` naming the file.
/// - A read-modify-write holds `flock(LOCK_EX)` on the sidecar `.<name>.lock` in the same
///   directory (for `ToDoItems.plist`: `.ToDoItems.plist.lock`), only for the duration of
///   that one change. Plain reads take no lock.
public struct ToDoStore: Sendable {
    /// The list file.
    public let fileURL: URL
    let coder: StoreCoder
    /// Test hook: runs after the temporary file is written and synced, before the rename.
    /// Throwing from it aborts the save as a failed rename would.
    var beforeRename: (@Sendable (_ temporaryURL: URL) throws -> Void)?
    /// Test hook: runs after the rename, just before the directory's fsync.
    var beforeDirectorySync: (@Sendable () -> Void)?
    /// Closes the file a save replaced (``ReplacedFile/release(_:)``; tests wrap it).
    var releaseReplaced: @Sendable (Int32) -> Void = ReplacedFile.release

    /// A store for the file at `fileURL`, in tick's keyed-archive format.
    public init(fileURL: URL) {
        self.init(fileURL: fileURL, coder: .keyedArchive)
    }

    init(fileURL: URL, coder: StoreCoder, beforeRename: (@Sendable (URL) throws -> Void)? = nil) {
        self.fileURL = fileURL
        self.coder = coder
        self.beforeRename = beforeRename
    }

    /// Where the list lives unless a `--file` says otherwise: `TICK_FILE`, else
    /// `$XDG_DATA_HOME/tick/ToDoItems.plist`, else `~/.local/share/tick/ToDoItems.plist`.
    public static func defaultFileURL(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let file = environment["TICK_FILE"], !file.isEmpty {
            return URL(fileURLWithPath: file)
        }
        let dataHome: URL
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: xdg, isDirectory: true)
        } else {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? FileManager.default.homeDirectoryForCurrentUser.path
            dataHome = URL(fileURLWithPath: home, isDirectory: true)
                .appendingPathComponent(".local", isDirectory: true)
                .appendingPathComponent("share", isDirectory: true)
        }
        return dataHome
            .appendingPathComponent("tick", isDirectory: true)
            .appendingPathComponent("ToDoItems.plist", isDirectory: false)
    }

    /// The sidecar file that `flock` is taken on around every read-modify-write.
    public var lockFileURL: URL {
        fileURL.deletingLastPathComponent().appendingPathComponent(".\(fileURL.lastPathComponent).lock")
    }

    var path: String { fileURL.path }

    // MARK: - Reading

    /// The list as it is on disk now; a missing file is an empty list. Takes no lock.
    public func load() throws(StoreError) -> ToDoList {
        try read() ?? ToDoList()
    }

    /// Reads a large list in two steps, so that its first screen can be shown sooner: when
    /// the file holds at least `minimumItems` items, `preview` first gets the first
    /// `previewItems` items of each section (and how many each holds), then the whole list
    /// is read from the same bytes and returned. A smaller list, an XML file or a file whose
    /// start cannot be read is read whole, with no preview, so its error comes first.

    public func loadInStages(
        previewItems: Int, minimumItems: Int, preview: (ListPreview) -> Void
    ) throws(StoreError) -> ToDoList {
        guard let contents = try readContents() else { return ToDoList() }
        if let first = try? coder.preview(contents.bytes, previewItems),
           !first.isComplete, first.toDoCount + first.doneCount >= minimumItems {
            preview(first)
        }
        return try decode(contents)
    }

    /// What `stat` says about the file now, or nil when it does not exist; compare two
    /// versions to notice that another process saved.
    public func version() -> FileVersion? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileVersion(
            device: UInt64(info.st_dev),
            inode: UInt64(info.st_ino),
            size: Int64(info.st_size),
            modificationNanoseconds: Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec)
        )
    }

    // MARK: - Changing

    /// Applies operations to the file as it is on disk, under the lock: reads it, merges each
    /// operation (``ToDoList/merge(_:)``: changes to items that are gone are dropped), writes
    /// it if anything changed, and returns the list as it now is on disk.
    @discardableResult
    public func apply(_ operations: [ToDoList.Operation]) throws(StoreError) -> ToDoList {
        try commit(operations).list
    }

    /// ``apply(_:)``, also returning the file's ``FileVersion`` as it was while the lock was
    /// held, so that a watcher can tell a later write by another process from this one.
    ///
    /// `cached` is the list as this process last read or wrote it, with the version the file
    /// had then: when the file still has that version (same device, inode, size and
    /// modification time — every save renames a new file into place), the list is taken
    /// from it instead of being read and decoded again. (A caller that has applied the
    /// operations to its own list already uses ``commit(_:appliedTo:readAt:)``.)
    public func commit(
        _ operations: [ToDoList.Operation],
        cached: (list: ToDoList, version: FileVersion)? = nil
    ) throws(StoreError) -> (list: ToDoList, version: FileVersion?) {
        let lock = try acquireLock()
        defer { close(lock) }
        let original: ToDoList
        if let cached, version() == cached.version {
            original = cached.list
        } else {
            original = try read() ?? ToDoList()
        }
        return (try merge(operations, into: original), version())
    }

    /// Merges each operation into `original` (``ToDoList/merge(_:)``) and writes the result
    /// if it differs; the caller holds the lock.
    func merge(_ operations: [ToDoList.Operation], into original: ToDoList) throws(StoreError) -> ToDoList {
        var list = original
        for operation in operations {
            do {
                try list.merge(operation)
            } catch {
                throw StoreError(kind: .rejected, path: path, problem: error.description)
            }
        }
        if list != original { try write(list) }
        return list
    }

    /// Reads the list under the lock, lets `body` change it, and writes it if it changed.
    /// An error from `body` leaves the file as it was and is rethrown.
    public func modify<T>(_ body: (inout ToDoList) throws -> T) throws -> T {
        let lock = try acquireLock()
        defer { close(lock) }
        let original = try read() ?? ToDoList()
        var list = original
        let result = try body(&list)
        if list != original { try write(list) }
        return result
    }

    // MARK: - Mechanics

    /// The decoded file, nil when it does not exist.
    func read() throws(StoreError) -> ToDoList? {
        guard let contents = try readContents(populate: true) else { return nil }
        return try decode(contents)
    }

    /// The file's bytes (mapped, see ``MappedFile``; with `populate`, all at once for a file
    /// read whole), nil when it does not exist.
    private func readContents(populate: Bool = false) throws(StoreError) -> FileContents? {
        switch FileContents.read(path, populate: populate) {
        case .missing: return nil
        case let .failure(kind, message): throw StoreError(kind: kind, path: path, problem: message)
        case .contents(let contents): return contents
        }
    }

    /// The list a file's bytes hold; an empty file or bad bytes are an unreadable file, and
    /// so is a file that another process cut short while it was read.
    private func decode(_ contents: FileContents) throws(StoreError) -> ToDoList {
        guard !contents.bytes.isEmpty else {
            throw StoreError(
                kind: .unreadable, path: path,
                problem: "file is empty — perhaps a full disk left it so; tick will not overwrite it"
            )
        }
        let list: ToDoList
        do {
            list = try coder.decode(contents.bytes)
        } catch {
            if contents.wasCutShort { throw cutShort() }
            throw StoreError(
                kind: .unreadable, path: path,
                problem: "cannot read this file as a to-do list (\(error)); tick will not overwrite it"
            )
        }
        if contents.wasCutShort { throw cutShort() }
        return list
    }

    private func cutShort() -> StoreError {
        StoreError(
            kind: .io, path: path,
            problem: "the file was cut short or could not be read while tick read it (did another program write it in place?); tick will not overwrite it"
        )
    }

    /// Encodes and atomically replaces the file.
    func write(_ list: ToDoList) throws(StoreError) {
        let directory = fileURL.deletingLastPathComponent()
        try createDirectory(directory)
        let target = resolvedTargetPath()
        let targetDirectory = parentDirectory(of: target)
        let temporary = targetDirectory + "/.\(lastComponent(of: target)).tmp-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"

        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ioError("cannot create a temporary file in \(targetDirectory)") }
        var closed = false
        func cleanUp() {
            if !closed { close(fd); closed = true }
            unlink(temporary)
        }
        guard fchmod(fd, 0o600) == 0, writeContents(of: list, to: fd) else {
            let error = ioError("cannot write the temporary file \(temporary)")
            cleanUp()
            throw error
        }
        guard fsync(fd) == 0 else {
            let error = ioError("cannot sync the temporary file \(temporary)")
            cleanUp()
            throw error
        }
        let closeResult = close(fd)
        closed = true
        guard closeResult == 0 else {
            let error = ioError("cannot close the temporary file \(temporary)")
            cleanUp()
            throw error
        }
        let replaced = ReplacedFile.hold(target)
        if let beforeRename {
            do {
                try beforeRename(URL(fileURLWithPath: temporary))
            } catch {
                if let replaced { close(replaced) }
                cleanUp()
                throw StoreError(kind: .io, path: path, problem: "save interrupted: \(error)")
            }
        }
        guard rename(temporary, target) == 0 else {
            let error = ioError("cannot rename the new file into place")
            if let replaced { close(replaced) }
            cleanUp()
            throw error
        }
        // The replaced file is closed only after the directory's fsync: the close frees its
        // blocks, and an fsync that commits the journal meanwhile waits for that (7 of the
        // close's 8 ms measured at 24 MiB).
        defer { if let replaced { releaseReplaced(replaced) } }
        beforeDirectorySync?()
        let directoryFD = open(targetDirectory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if directoryFD >= 0 {
            let synced = fsync(directoryFD) == 0
            let syncErrno = errno
            close(directoryFD)
            if !synced && syncErrno != EINVAL {
                errno = syncErrno
                throw ioError("saved, but cannot sync the directory \(targetDirectory)")
            }
        }
    }

    /// Writes the list's bytes into the new temporary file. False on an error (errno says which).
    private func writeContents(of list: ToDoList, to fd: Int32) -> Bool {
        writeAll(fd, coder.encode(list))
    }

    /// The path to rename onto: the file itself, or what it links to when it is a symbolic link,
    /// so that a linked list file stays linked.
    private func resolvedTargetPath() -> String {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { return current }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/")
                ? destination
                : parentDirectory(of: current) + "/" + destination
        }
        return current
    }

    private func createDirectory(_ directory: URL) throws(StoreError) {
        var info = stat()
        if stat(directory.path, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                throw StoreError(kind: .io, path: path, problem: "\(directory.path) is not a directory")
            }
            return
        }
        do {
            try FileManager.default.createDirectory(
                at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw StoreError(kind: .io, path: path, problem: "cannot create the directory \(directory.path): \(error)")
        }
    }

    /// Opens the sidecar lock file and takes `flock(LOCK_EX)` on it; closing the descriptor
    /// releases the lock.
    func acquireLock() throws(StoreError) -> Int32 {
        try createDirectory(fileURL.deletingLastPathComponent())
        let lockPath = lockFileURL.path
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else { throw ioError("cannot open the lock file \(lockPath)", kind: .lock) }
        while flock(fd, LOCK_EX) != 0 {
            guard errno == EINTR else {
                let error = ioError("cannot lock \(lockPath)", kind: .lock)
                close(fd)
                throw error
            }
        }
        return fd
    }

    private func ioError(_ what: String, kind: StoreError.Kind = .io) -> StoreError {
        StoreError(kind: kind, path: path, problem: "\(what): \(String(cString: strerror(errno)))")
    }
}

/// The directory part of a path ("/a/b" → "/a", "b" → ".", "/b" → "/").
private func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of a path ("/a/b" → "b").
private func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
