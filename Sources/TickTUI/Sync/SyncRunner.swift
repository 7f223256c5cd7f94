import FoundationEssentials
import TickCore

/// Runs the open app's background syncs, one at a time, outside the event loop; the loop
/// asks between keys whether the running one ended. Injected, so that tests script it.
public protocol SyncRunner: AnyObject {
    /// Starts a sync; nil, or why it could not start.
    func start() -> String?
    /// The running sync's outcome once it has ended (once); nil while it runs or when none
    /// runs. Does not wait.
    func finished() -> SyncOutcome?
    /// Waits up to `timeoutMilliseconds` for the running sync to end; its outcome, or nil
    /// when it still runs (or none runs).
    func wait(timeoutMilliseconds: Int) -> SyncOutcome?
}

/// Background syncs as child processes: `tick sync --porcelain` for the open list (the
/// arguments come from the caller), its standard output (the porcelain line) read through
/// a pipe and its standard error appended to the sync log, run at a lower CPU priority
/// (`nice` +10) than the app. The child takes the list's lock
/// to merge, like any other writer, and the app picks the merged file up as a change made
/// elsewhere, under its own pending changes.
public final class ChildSyncRunner: SyncRunner {
    let arguments: [String]
    let logPath: String
    private var child: ChildProcess?

    public init(arguments: [String], logPath: String) {
        self.arguments = arguments
        self.logPath = logPath
    }

    public func start() -> String? {
        guard child == nil else { return nil }
        do {
            let started = try ChildProcess.start(arguments, standardOutput: .pipe, standardError: .append(logPath))
            // Keys come first: the sync takes the processor only when the app does not need it.
            started.yieldProcessor()
            child = started
            return nil
        } catch {
            return error.description
        }
    }

    public func finished() -> SyncOutcome? {
        guard let child, let status = child.poll() else { return nil }
        return end(child, status: status)
    }

    public func wait(timeoutMilliseconds: Int) -> SyncOutcome? {
        guard let child, let status = child.wait(timeoutMilliseconds: timeoutMilliseconds) else { return nil }
        return end(child, status: status)
    }

    private func end(_ child: ChildProcess, status: Int32) -> SyncOutcome {
        self.child = nil
        return SyncOutcome(output: child.output, status: status)
    }
}

/// What the open app needs to sync in the background: the runner, and config.toml's
/// `interval` (nil or 0: no timer) and where the syncs' output goes.
public struct LiveSyncSetup {
    public let runner: any SyncRunner
    public let interval: TimeInterval?
    public let logPath: String

    public init(runner: any SyncRunner, interval: TimeInterval?, logPath: String) {
        self.runner = runner
        self.interval = interval
        self.logPath = logPath
    }
}
