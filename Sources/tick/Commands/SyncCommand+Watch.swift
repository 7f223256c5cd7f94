import FoundationEssentials
import Glibc
import TickCore
import TickInterchange
import TickTUI

extension SyncCommand {
    /// `tick sync --watch`: syncs on ``LiveSync``'s schedule (the open app's: every
    /// `interval` seconds, a growing pause after a failure) until SIGINT, SIGTERM or SIGHUP,
    /// printing one line per sync; then returns (exit status 0).
    ///
    /// The quit signals are blocked and waited for with `sigtimedwait` between syncs, so
    /// that one arriving during a sync is taken right after it, and none is lost between a
    /// check and a wait. vdirsyncer starts with them unblocked (``ChildProcess``): Ctrl-C in
    /// a terminal ends it too, and that sync fails.
    func watch(interval: Int, _ sync: () throws(InterchangeError) -> (outcome: SyncOutcome, lines: [String], failure: String?)) throws(CLIError) {
        guard interval > 0 else { throw CLIError("--watch needs an interval of 1 second or more (--interval, or `interval` under [sync])") }
        var signals = sigset_t()
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&signals, signal) }
        sigprocmask(SIG_BLOCK, &signals, nil)
        defer { sigprocmask(SIG_UNBLOCK, &signals, nil) }
        let zone = LocalTime.current
        var schedule = LiveSync(interval: TimeInterval(interval), now: Date())
        while true {
            if schedule.isDue(at: Date()) {
                schedule.started(at: Date())
                let outcome: SyncOutcome
                let said: String
                do throws(InterchangeError) {
                    let result = try sync()
                    outcome = result.outcome
                    said = result.lines.joined(separator: "\n")
                } catch {
                    outcome = .failed(error.description)
                    said = "sync failed: \(error.description)"
                }
                let end = Date()
                schedule.finished(outcome, at: end, zone: zone)
                output(porcelain ? outcome.porcelain : "\(DueDateFormat.clockTime(end, calendar: zone)) \(said)")
                fflush(nil)
            }
            // At most a day at a time: a huge --interval waits again rather than overflow.
            let wait = min(max(schedule.nextDue?.timeIntervalSinceNow ?? TimeInterval(interval), 0), 86_400)
            var timeout = timespec(tv_sec: Int(wait), tv_nsec: Int((wait - wait.rounded(.down)) * 1_000_000_000))
            if sigtimedwait(&signals, nil, &timeout) > 0 { return }
        }
    }
}

extension SyncCounts {
    /// The counts of a sync's report.
    init(_ report: SyncReport) {
        self.init(added: report.addedToList, changed: report.updatedInList, removed: report.removedFromList,
                  sent: report.writtenToVdir, deletedOnServer: report.removedFromVdir,
                  conflicts: report.conflicts.count, conflictsFile: report.conflictsFile)
    }
}

extension CollectionsReport {
    /// The porcelain outcome: every list's counts added up; when lists failed, the first
    /// of them and why: a failure when none synced, else a partial sync.
    var outcome: SyncOutcome {
        if let failure = failures.first {
            let more = failures.count - 1
            let reason = "\(failure.list): \(failure.reason)" + (more > 0 ? " (and \(more) more list\(more == 1 ? "" : "s"))" : "")
            guard !lists.isEmpty else { return .failed(reason) }
            return .partly(total, failure: reason)
        }
        return .synced(total)
    }

    /// Every synced list's counts added up.
    private var total: SyncCounts {
        var total = SyncCounts()
        for counts in lists.map({ SyncCounts($0.report) }) {
            total.added += counts.added
            total.changed += counts.changed
            total.removed += counts.removed
            total.sent += counts.sent
            total.deletedOnServer += counts.deletedOnServer
            total.conflicts += counts.conflicts
            total.conflictsFile = total.conflictsFile ?? counts.conflictsFile
        }
        return total
    }
}
