import FoundationEssentials
import TickCore

extension AppState {
    /// ``Effect/sync`` when a background sync is due now (``LiveSync/isDue(at:)``), after
    /// any action: the clock's ticks, a save, the sync key.
    mutating func startSyncIfDue() -> [Effect] {
        guard var sync = liveSync, sync.isDue(at: now) else { return [] }
        sync.started(at: now)
        liveSync = sync
        return [.sync]
    }

    /// The sync key: a sync now (after the running one, if one runs).
    mutating func syncNow() -> [Effect] {
        guard liveSync != nil else {
            status = StatusMessage("no vdir to sync with: set `vdir` under [sync] in config.toml (see docs/sync.md)", isError: true)
            return [.bell]
        }
        liveSync?.requestNow(at: now)
        if liveSync?.running == true { status = StatusMessage("a sync is running; another follows it") }
        return []
    }
}
