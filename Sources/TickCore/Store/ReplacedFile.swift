import Dispatch
import Glibc

/// The list file a save is about to replace, kept open across the rename and closed
/// afterwards on a background thread.
///
/// When a rename takes away a file's last name, the kernel drops the file's cached pages
/// there and then, inside `rename`: about 5 ms for a 24 MiB list. While a descriptor is
/// open, that waits for its `close` instead, which then runs on another core while the save
/// returns. Files under ``minimumSize`` are closed at once: their pages go in microseconds.
enum ReplacedFile {
    /// Smaller files are not worth a background close.
    static let minimumSize = 1 << 20

    private static let closing = DispatchGroup()

    /// Opens the regular file at `path` if it is at least ``minimumSize`` bytes; nil
    /// otherwise (missing, small, or not a regular file: nothing to keep).
    static func hold(_ path: String) -> Int32? {
        // (Non-blocking, so that a FIFO put in the file's place cannot stall the save.)
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size >= minimumSize else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    /// Closes `descriptor` on a background thread.
    static func release(_ descriptor: Int32) {
        DispatchQueue.global(qos: .utility).async(group: closing) { _ = close(descriptor) }
    }

    /// Waits until every background close so far has happened.
    static func waitForReleases() {
        closing.wait()
    }
}
