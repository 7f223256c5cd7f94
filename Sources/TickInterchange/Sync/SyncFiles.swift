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

    /// A file's bytes.
    static func read(_ path: String) throws(InterchangeError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw InterchangeError(source: path, problem: "cannot open: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
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

    /// Replaces (or creates) `path` with `bytes`, atomically and durably. With
    /// `syncingDirectory` false the caller syncs the directory itself once after several
    /// files (see ``syncDirectory(_:)``): until then a crash may undo the rename, never
    /// leave a half-written file.
    static func writeAtomically(_ bytes: [UInt8], to path: String, syncingDirectory: Bool = true) throws(InterchangeError) {
        let directory = directoryPart(path)
        let temporary = directory + "/.tick-\(UUID().uuidString).tmp"
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
        if failed || fdatasync(descriptor) != 0 {
            let problem = String(cString: strerror(errno))
            close(descriptor)
            unlink(temporary)
            throw InterchangeError(source: path, problem: "cannot write: \(problem)")
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let problem = String(cString: strerror(errno))
            unlink(temporary)
            throw InterchangeError(source: path, problem: "cannot rename into place: \(problem)")
        }
        if syncingDirectory { syncDirectory(directory) }
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
