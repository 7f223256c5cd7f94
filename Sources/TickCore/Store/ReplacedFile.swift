import CTickShims
import Dispatch
import Glibc

/// The list file a save is about to replace, kept open across the rename and the
/// directory's fsync, and closed afterwards on a background thread.
///
/// When a rename takes away a file's last name, the kernel drops the file's cached pages
/// and frees its blocks there and then, inside `rename`: about 5–8 ms for a 24 MiB list.
/// While a descriptor is open, that waits for its `close` instead, which then runs on
/// another core while the save returns (a process that exits at once, like the CLI, pays
/// it at exit as before). The close must come after the directory's fsync: freeing the
/// blocks is journalled, and the fsync's commit would wait for it. Only
/// regular files of ``minimumSize`` or more on local filesystems are kept (see
/// `tick_hold_replaced_file`): smaller files' pages go in microseconds, and NFS and FUSE
/// move an open file aside before replacing it, which would leave the path empty for a moment.
@_spi(Benchmark)
public enum ReplacedFile {
    /// Smaller files are not worth a background close.
    static let minimumSize = 1 << 20

    private static let closing = DispatchGroup()

    /// A descriptor that keeps the file at `path` alive, or nil when there is nothing worth
    /// keeping (missing, small, not a regular file, or not on a local filesystem).
    public static func hold(_ path: String) -> Int32? {
        let descriptor = tick_hold_replaced_file(path, Int64(minimumSize))
        return descriptor >= 0 ? descriptor : nil
    }

    /// Closes `descriptor` on a background thread.
    public static func release(_ descriptor: Int32) {
        DispatchQueue.global(qos: .utility).async(group: closing) { _ = close(descriptor) }
    }

    /// Waits until every background close so far has happened.
    public static func waitForReleases() {
        closing.wait()
    }
}
