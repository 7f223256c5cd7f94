import FoundationEssentials
import Glibc

/// The hidden temporary files a save writes beside the list (`.<name>.tmp-<pid>-<random>`),
/// and the removal of those a writer left behind.
///
/// A writer holds `flock` on its temporary file from creating it until it is renamed into
/// place or removed. A writer killed mid-save (kill -9, a power cut) leaves its file behind
/// unlocked; the next save, under the list's lock, removes every such file of its list.
package enum TemporaryFiles {
    /// A fresh name beside `file`.
    static func newName(for file: ResolvedPath) -> String {
        "\(file.directory)/\(prefix(of: file))\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files of `file` that no writer holds any more. Errors are
    /// ignored: what cannot be removed now is tried again on the next save.
    static func removeStale(of file: ResolvedPath) {
        removeUnheld(in: file.directory, prefix: prefix(of: file))
    }

    /// Removes the regular files of `directory` whose names begin with `prefix` and that no
    /// process holds `flock` on (a writer that holds its temporary file while it writes
    /// left them behind when it was killed).
    package static func removeUnheld(in directory: String, prefix: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let path = directory + "/" + name
            let fd = open(path, O_RDONLY | O_NONBLOCK | O_NOFOLLOW | O_CLOEXEC)
            guard fd >= 0 else { continue }
            var info = stat()
            if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, flock(fd, LOCK_EX | LOCK_NB) == 0 {
                unlink(path)
            }
            close(fd)
        }
    }

    private static func prefix(of file: ResolvedPath) -> String { ".\(file.name).tmp-" }
}
