import FoundationEssentials
import Glibc

/// The list file on disk, and every system call the store makes on it: finding the file a
/// path leads to, locking, reading, and replacing it. ``ToDoStore`` explains the order in
/// which a change uses them. Every failure is a ``StoreError`` naming the path as given.
struct ListFile: Sendable {
    /// The path as the user gave it (errors name it).
    let path: String

    /// The file the path leads to: symbolic links of the last component followed (also a
    /// link to a file not made yet), and the directory made canonical (`realpath`), so that
    /// every way of reaching one list locks, compares and replaces the same file.
    func resolved() -> ResolvedPath {
        var current = path
        for _ in 0..<40 {
            var info = stat()
            guard lstat(current, &info) == 0, (info.st_mode & S_IFMT) == S_IFLNK else { break }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { break }
            let destination = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            current = destination.hasPrefix("/") ? destination : parentDirectory(of: current) + "/" + destination
        }
        let name = lastComponent(of: current)
        guard let canonical = realpath(parentDirectory(of: current), nil) else {
            return ResolvedPath(directory: parentDirectory(of: current), name: name)
        }
        defer { free(canonical) }
        return ResolvedPath(directory: String(cString: canonical), name: name)
    }

    /// Makes the directory of the path as given (0700) when it is missing.
    func createDirectory() throws(StoreError) {
        let directory = parentDirectory(of: path)
        var info = stat()
        if stat(directory, &info) == 0 {
            guard (info.st_mode & S_IFMT) == S_IFDIR else { throw failure("\(directory) is not a directory") }
            return
        }
        do {
            try FileManager.default.createDirectory(
                atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700]
            )
        } catch {
            throw failure("cannot create the directory \(directory): \(error)")
        }
    }

    /// Takes `flock(LOCK_EX)` on the sidecar lock file beside the resolved file, waiting for
    /// another writer to finish; closing the returned descriptor releases it.
    func lock(_ file: ResolvedPath, waiting: Bool = true) throws(StoreError) -> Int32 {
        // Readable by all, so that every user who may write a shared list can flock it read-only.
        var fd = open(file.lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        // The error said is the first one: in a folder this user may not write, the
        // read-only fallback's ENOENT (no lock file yet) would hide the EACCES that matters.
        let firstError = errno
        if fd < 0 && firstError == EACCES { fd = open(file.lockPath, O_RDONLY | O_CLOEXEC) }
        guard fd >= 0 else {
            throw systemFailure("cannot open the lock file \(file.lockPath)", kind: .lock, code: errno == ENOENT ? firstError : errno)
        }
        // The umask (077) may have taken that read bit from a lock file this user owns: give it
        // back, or every other user of a shared list is locked out by the first one's lock file.
        var info = stat()
        if fstat(fd, &info) == 0, info.st_uid == geteuid(), info.st_mode & 0o044 != 0o044 {
            _ = fchmod(fd, (info.st_mode & 0o7777) | 0o044)
        }
        while flock(fd, waiting ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            if errno == EWOULDBLOCK {
                close(fd)
                throw StoreError(kind: .busy, path: path, problem: "another tick is writing the list")
            }
            guard errno == EINTR else {
                let error = systemFailure("cannot lock \(file.lockPath)", kind: .lock)
                close(fd)
                throw error
            }
        }
        return fd
    }

    /// What `stat` says about the resolved file now, or nil when it does not exist.
    func version(_ file: ResolvedPath) -> FileVersion? {
        var info = stat()
        guard stat(file.path, &info) == 0 else { return nil }
        return FileVersion(info)
    }

    /// The whole file (``DurableFile/read(_:reportingAs:limit:)``); nil when it does not exist.
    func read(_ file: ResolvedPath) throws(StoreError) -> [UInt8]? {
        try DurableFile.read(file.path, reportingAs: path)
    }

    /// Atomically replaces the resolved file with what `contents` writes, through
    /// ``DurableFile`` (0600 for a new list; see ``ToDoStore`` for the whole path). A file
    /// whose mode lets nobody write it, or that the user may not write, is refused. The
    /// caller holds the lock; `beforeRename` is a test hook.
    func replace(
        _ file: ResolvedPath, beforeRename: ((String) throws -> Void)?, contents: (inout DescriptorSink) -> Void
    ) throws(StoreError) {
        try refuseUnwritable(file)
        try DurableFile.replace(file.path, reportingAs: path, newMode: 0o600, beforeRename: beforeRename, contents: contents)
    }

    /// Refuses to replace a file whose mode lets nobody write it, or that the user may not write.
    func refuseUnwritable(_ file: ResolvedPath) throws(StoreError) {
        var old = stat()
        guard stat(file.path, &old) == 0 else { return }
        let mode = "mode 0" + String(old.st_mode & 0o7777, radix: 8)
        if old.st_mode & 0o222 == 0 {
            throw StoreError(kind: .readOnly, path: path, problem: "the file is read-only (\(mode)); tick will not replace it")
        }
        // (Root passes every access check, hence the mode bits above.)
        if geteuid() != 0 && access(file.path, W_OK) != 0 && errno == EACCES {
            throw StoreError(kind: .readOnly, path: path, problem: "you may not write this file (\(mode)); tick will not replace it")
        }
    }

    private func failure(_ problem: String) -> StoreError {
        StoreError(kind: .io, path: path, problem: problem)
    }

    /// An error naming what failed and the text of `code` (`errno` unless given).
    private func systemFailure(_ what: String, kind: StoreError.Kind = .io, code: Int32 = errno) -> StoreError {
        StoreError(kind: kind, path: path, problem: "\(what): \(String(cString: strerror(code)))")
    }
}

/// Writes a file being built to a descriptor, piece by piece, retrying short writes and
/// EINTR; after a failure it writes nothing more and keeps the failure.
struct DescriptorSink: ByteSink {
    let fd: Int32
    /// The `errno` of the first call that failed.
    private(set) var failure: Int32?

    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard failure == nil, var next = bytes.baseAddress else { return }
        var left = bytes.count
        while left > 0 {
            let count = Glibc.write(fd, next, left)
            if count < 0 && errno == EINTR { continue }
            // A write that takes nothing would be retried forever: it fails the save too.
            guard count > 0 else { failure = count == 0 ? EIO : errno; return }
            next += count
            left -= count
        }
    }

    mutating func restart() {
        guard failure == nil else { return }
        if ftruncate(fd, 0) != 0 || lseek(fd, 0, SEEK_SET) != 0 { failure = errno }
    }
}

/// A list file as ``ListFile/resolved()`` found it: a canonical directory and a name.
struct ResolvedPath: Sendable, Hashable {
    let directory: String
    let name: String

    var path: String { directory == "/" ? "/" + name : directory + "/" + name }
    /// The sidecar file that `flock` is taken on around every change.
    var lockPath: String { directory == "/" ? "/.\(name).lock" : "\(directory)/.\(name).lock" }
}

/// The directory part of a path ("/a/b" → "/a", "b" → ".", "/b" → "/").
func parentDirectory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
}

/// The last component of a path ("/a/b" → "b").
func lastComponent(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return path }
    return String(path[path.index(after: slash)...])
}
