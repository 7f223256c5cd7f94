import FoundationEssentials
import Glibc

/// The hidden temporary files ``DurableFile`` writes beside a file
/// (`.<name>.tmp-<pid>-<random>`), and the removal of those a writer left behind.
///
/// A writer holds `flock` on its temporary file from creating it until it is renamed into
/// place or removed (a batch holds its directory instead, ``DurableFile/Batch``). A writer
/// killed mid-write (kill -9, a power cut) leaves its file behind unlocked; the next write
/// of that file removes every such file of it, and the next batch in that directory every
/// such file of the directory. Names older tick versions used are removed the same way:
/// `.<name>.tick-export-<UUID>` (export) and `.tick-<UUID>.tmp` (sync).
package enum TemporaryFiles {
    /// A fresh name beside `target`.
    static func newName(for target: String) -> String {
        "\(parentDirectory(of: target))/\(prefix(of: lastComponent(of: target)))\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    }

    /// Removes the temporary files of `target` that no writer holds any more. Errors are
    /// ignored: what cannot be removed now is tried again on the next write.
    static func removeStale(of target: String) {
        let name = lastComponent(of: target)
        removeUnheld(in: parentDirectory(of: target)) { $0.hasPrefix(prefix(of: name)) || $0.hasPrefix(".\(name).tick-export-") }
    }

    /// Removes every temporary file of `directory` (of any file) that no writer holds.
    static func removeUnheld(in directory: String) {
        removeUnheld(in: directory) { name in
            name.hasPrefix(".") && (name.contains(".tmp-") || name.contains(".tick-export-") || (name.hasPrefix(".tick-") && name.hasSuffix(".tmp")))
        }
    }

    /// Removes the regular files of `directory` whose names `matches` and that no process
    /// holds `flock` on.
    private static func removeUnheld(in directory: String, matching matches: (String) -> Bool) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where matches(name) {
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

    private static func prefix(of name: String) -> String { ".\(name).tmp-" }
}
