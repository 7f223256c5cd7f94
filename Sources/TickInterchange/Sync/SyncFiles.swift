import CTickShims
import FoundationEssentials
import Glibc

/// The file operations of a sync: reading a vdir, and writing its files and sync's state
/// atomically (a temporary file in the same directory, fsync, rename, fsync of the directory),
/// so that a crash at any moment leaves each file whole, old or new.
enum SyncFiles {
    /// A file's size and modification time in nanoseconds; nil when it does not exist.
    static func stamp(_ path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
    }

    /// The names of the `.ics` files in a directory, sorted; nil when it does not exist.
    static func icsFiles(in directory: String) throws(InterchangeError) -> [String]? {
        guard isDirectory(directory) else {
            if stamp(directory) != nil { throw InterchangeError(source: directory, problem: "not a directory") }
            return nil
        }
        guard let stream = opendir(directory) else {
            throw InterchangeError(source: directory, problem: "cannot read the directory: \(String(cString: strerror(errno)))")
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasSuffix(".ics"), !name.hasPrefix(".") { names.append(name) }
        }
        return names.sorted()
    }

    /// A file's bytes. Anything but a regular file (a FIFO, a device) is refused at once
    /// instead of waited on.
    static func read(_ path: String) throws(InterchangeError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw InterchangeError(source: path, problem: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw InterchangeError(source: path, problem: "not a regular file")
        }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw InterchangeError(source: path, problem: "cannot read: \(String(cString: strerror(errno)))")
            }
            if count == 0 { break }
            bytes.append(contentsOf: buffer[0..<count])
            if bytes.count > 16 << 20 { throw InterchangeError(source: path, problem: "larger than 16 MiB, not one to-do item") }
        }
        return bytes
    }

    /// Replaces (or creates) `path` with `bytes`, atomically and durably.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(InterchangeError) {
        let temporary = try writeTemporary(bytes, for: path, syncing: true)
        try moveIntoPlace(temporary, path)
        syncDirectory(directoryPart(path))
    }

    /// Writes `bytes` to a new temporary file beside `path` and returns its path; with
    /// `syncing`, its data is on disk when this returns (else the caller syncs the
    /// filesystem once for several files, see ``syncFilesystem(of:)``).
    static func writeTemporary(_ bytes: [UInt8], for path: String, syncing: Bool) throws(InterchangeError) -> String {
        let temporary = directoryPart(path) + "/.tick-\(UUID().uuidString).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw InterchangeError(source: path, problem: "cannot write: \(String(cString: strerror(errno)))") }
        var written = 0
        var failed = false
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { raw in
                raw.baseAddress.map { Glibc.write(descriptor, $0 + written, raw.count - written) } ?? 0
            }
            if count < 0 {
                if errno == EINTR { continue }
                failed = true
                break
            }
            written += count
        }
        if failed || (syncing && fdatasync(descriptor) != 0) {
            let problem = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw InterchangeError(source: path, problem: "cannot write: \(problem)")
        }
        close(descriptor)
        return temporary
    }

    /// Writes the data of every file written to `directory`'s filesystem to disk: one
    /// flush for many temporary files instead of one each (100 files: 0.9 s → a few ms).
    static func syncFilesystem(of directory: String) throws(InterchangeError) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0, tick_sync_filesystem(descriptor) == 0 else {
            let problem = String(cString: strerror(errno))
            if descriptor >= 0 { close(descriptor) }
            throw InterchangeError(source: directory, problem: "cannot sync: \(problem)")
        }
        close(descriptor)
    }

    /// Renames a temporary file over `path` (removing the temporary file when that fails).
    static func moveIntoPlace(_ temporary: String, _ path: String) throws(InterchangeError) {
        guard rename(temporary, path) == 0 else {
            let problem = String(cString: strerror(errno))
            unlink(temporary)
            throw InterchangeError(source: path, problem: "cannot rename into place: \(problem)")
        }
    }

    /// Removes a file (gone already is fine); the caller syncs the directory.
    static func remove(_ path: String) throws(InterchangeError) {
        guard unlink(path) == 0 || errno == ENOENT else {
            throw InterchangeError(source: path, problem: "cannot remove: \(String(cString: strerror(errno)))")
        }
    }

    /// Creates a directory and its parents (0700).
    static func makeDirectory(_ path: String) throws(InterchangeError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw InterchangeError(source: path, problem: "cannot create the directory: \(error)")
        }
    }

    /// The directory part of a path ("/a/b" → "/a", "b" → ".").
    static func directoryPart(_ path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// Makes the renames and removals in a directory durable.
    static func syncDirectory(_ directory: String) {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}
