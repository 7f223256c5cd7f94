import FoundationEssentials
import TickCore

/// The open app's background sync as state (and `tick sync --watch`'s): when the next
/// sync is due and why, whether one runs, how many failed in a row, and what the last one
/// said. Pure: the caller hands it the clock and each sync's outcome, and asks
/// ``isDue(at:)`` before starting one.
///
/// A sync is due a few seconds (``settleDelay``) after the last change, so that a burst of
/// changes makes one sync; every ``interval`` seconds after the last sync; and at once on
/// the sync key. A sync that fails is tried again after a pause that doubles with each
/// failure in a row (``retryPause(failures:interval:)``), and changes made meanwhile wait
/// for that pause too, so that a server that is down is never asked in a tight loop.
public struct LiveSync: Sendable, Hashable {
    /// How long after the last change a sync starts.
    public static let settleDelay: TimeInterval = 3
    /// The longest pause between tries while syncs fail.
    public static let longestRetryPause: TimeInterval = 300

    /// Seconds between syncs; nil: no timer (changes and the key still sync).
    public let interval: TimeInterval?
    /// Where the background syncs' output goes, for the status line when one fails.
    public let logPath: String?
    /// A sync is running now.
    public private(set) var running = false
    /// The list changed since the last sync started (or a sync failed since): what a quit
    /// should still send.
    public private(set) var unsent = false
    /// When the last change asks for a sync.
    private(set) var changeDue: Date?
    /// When the timer (or the next retry after a failure) asks for one.
    private(set) var timerDue: Date?
    /// Failures in a row.
    public private(set) var failures = 0
    /// Why some lists failed in the last sync, when it synced the others (``SyncOutcome/partly(_:failure:)``).
    public private(set) var partialFailure: String?
    /// Until when a failing server is left alone (but for the sync key).
    private(set) var retryAt: Date?
    /// What the status line says about sync when nothing else is said.
    public private(set) var status: StatusMessage?

    /// The first sync is due at once (the list is synced as it opens).
    public init(interval: TimeInterval?, logPath: String? = nil, now: Date) {
        self.interval = interval.flatMap { $0 > 0 ? $0 : nil }
        self.logPath = logPath
        timerDue = now
    }

    /// The list changed (a save): a sync follows once changes stop for ``settleDelay``.
    public mutating func changed(at now: Date) {
        unsent = true
        changeDue = now.addingTimeInterval(Self.settleDelay)
    }

    /// The sync key: a sync now, even while a failing server is being left alone.
    public mutating func requestNow(at now: Date) {
        changeDue = now
        retryAt = nil
    }

    /// True when a sync should start now.
    public func isDue(at now: Date) -> Bool {
        guard !running, let due = nextDue else { return false }
        return due <= now
    }

    /// When the next sync is due (nil: none is asked for), leaving out a running one.
    public var nextDue: Date? {
        guard let earliest = [changeDue, timerDue].compactMap({ $0 }).min() else { return nil }
        if let retryAt { return max(earliest, retryAt) }
        return earliest
    }

    /// A sync started: what asked for it is answered.
    public mutating func started(at now: Date) {
        running = true
        unsent = false
        changeDue = nil
        timerDue = nil
        status = StatusMessage("syncing…")
    }

    /// A sync ended with `outcome`, at `now` in `zone`.
    public mutating func finished(_ outcome: SyncOutcome, at now: Date, zone: LocalTime) {
        running = false
        let time = DueDateFormat.clockTime(now, calendar: zone)
        switch outcome {
        case .synced(let counts), .partly(let counts, _):
            // (Some lists failing is no reason to wait longer: the server answers, and the
            // lists that synced keep their interval; the failing ones are tried with them.
            // What they were to send is in their lists still, for the next sync.)
            failures = 0
            if case .partly(_, let failure) = outcome { partialFailure = failure } else { partialFailure = nil }
            retryAt = nil
            timerDue = interval.map { now.addingTimeInterval($0) }
            var text = "synced \(time)" + (counts.brief.isEmpty ? "" : " (\(counts.brief))")
            if counts.conflicts > 0 {
                text += " · \(counts.conflicts) conflict\(counts.conflicts == 1 ? "" : "s")"
                if let file = counts.conflictsFile { text += ": the losing values are in \(file)" }
            }
            if case .partly(_, let failure) = outcome { text += " · failed: \(SyncOutcome.firstLine(failure))" }
            status = StatusMessage(text, isError: counts.conflicts > 0 || outcome != .synced(counts))
        case .failed(let reason):
            failures += 1
            partialFailure = nil
            // What the failed sync was to send is still in the list: it goes with the next.
            unsent = true
            let retry = now.addingTimeInterval(Self.retryPause(failures: failures, interval: interval))
            retryAt = retry
            timerDue = retry
            // The log's path once: vdirsyncer's failure already names it.
            let log = logPath.flatMap { reason.contains($0) ? nil : " · log: \($0)" } ?? ""
            status = StatusMessage("sync failed \(time): \(SyncOutcome.firstLine(reason))\(log)", isError: true)
        }
    }

    /// The pause before trying again after `failures` failed syncs in a row: the interval
    /// (at most 5 s) after the first, doubling after each, at most ``longestRetryPause``.
    public static func retryPause(failures: Int, interval: TimeInterval?) -> TimeInterval {
        let first = min(interval ?? 5, 5)
        let doublings = min(max(failures - 1, 0), 16)
        return min(first * Double(1 << doublings), longestRetryPause)
    }
}
