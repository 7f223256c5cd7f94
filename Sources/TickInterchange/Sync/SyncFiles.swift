import FoundationEssentials
import Glibc
import TickCore

/// The files of sync's own beside the vdir's (its state, its conflicts, config.toml):
/// read and written whole through ``DurableFile``. The vdir's files go through ``Vdir``.
enum SyncFiles {
    /// A file's size and modification time in nanoseconds; nil when it does not exist.
    static func stamp(_ path: String) -> (size: Int64, modified: Int64)? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return (Int64(info.st_size), Int64(info.st_mtim.tv_sec) * 1_000_000_000 + Int64(info.st_mtim.tv_nsec))
    }

    /// A file's bytes (refused when it is not a regular file, or larger than 16 MiB).
    static func read(_ path: String) throws(InterchangeError) -> [UInt8] {
        try Vdir.readFile(path)
    }

    /// Replaces (or creates, 0600, its directory too) `path` with `bytes`, atomically and durably.
    static func writeAtomically(_ bytes: [UInt8], to path: String) throws(InterchangeError) {
        try InterchangeError.converting { () throws(StoreError) in try DurableFile.write(bytes, to: path) }
    }
}
