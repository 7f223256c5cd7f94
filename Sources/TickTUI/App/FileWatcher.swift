import TickCore

/// Notices that the list file was replaced by another process since tick last read or
/// wrote it, by comparing ``FileVersion``s.
struct FileWatcher {
    private(set) var lastSeen: FileVersion?

    init(lastSeen: FileVersion?) {
        self.lastSeen = lastSeen
    }

    /// Records the file as tick itself left it (after a load or a save).
    mutating func remember(_ version: FileVersion?) {
        lastSeen = version
    }

    /// True, and remembers the new version, when the file differs from the last one seen.
    mutating func checkForChange(_ current: FileVersion?) -> Bool {
        guard current != lastSeen else { return false }
        lastSeen = current
        return true
    }
}
