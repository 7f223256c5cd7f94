import FoundationEssentials
import Glibc
import TickCore

/// One sync at a time in a state directory: the open app's background syncs, another
/// window's, `tick sync --watch` and a `tick sync` from cron take turns instead of running
/// vdirsyncer on one pair and merging one list at once (each would write the state file
/// over the other's).
///
/// The lock is `flock(LOCK_EX)` on `sync.lock` beside sync's state, held for a whole sync
/// (vdirsyncer before, the merges, vdirsyncer after) and let go when the process ends, so a
/// killed sync never leaves it held. A second sync waits for the first.
enum SyncLock {
    static let fileName = "sync.lock"

    /// Runs `body` holding the lock of `directory` (made, 0700, when missing); a dry run
    /// (`dryRun`), which writes nothing, runs it without.
    static func holding<T>(in directory: URL, unless dryRun: Bool, _ body: () throws(InterchangeError) -> T) throws(InterchangeError) -> T {
        if dryRun { return try body() }
        let path = directory.appendingPathComponent(fileName).path
        try InterchangeError.converting { () throws(StoreError) in try DurableFile.makeDirectory(for: path) }
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw InterchangeError(source: path, problem: "cannot open the sync lock: \(String(cString: strerror(errno)))")
        }
        defer { close(descriptor) }
        while flock(descriptor, LOCK_EX) != 0 {
            guard errno == EINTR else {
                throw InterchangeError(source: path, problem: "cannot take the sync lock: \(String(cString: strerror(errno)))")
            }
        }
        return try body()
    }
}
