import FoundationEssentials
import TickCore

/// One `tick sync` as a user runs it: `vdirsyncer sync PAIR` (when a pair is configured),
/// the merge of the list with the vdir, and `vdirsyncer sync PAIR` again when the merge
/// changed the vdir — so that one command syncs the list with the server.
public struct SyncSession: Sendable {
    public var sync: VdirSync
    /// The vdirsyncer pair, nil to leave vdirsyncer out.
    public var pair: String?
    public var program: String
    /// Where vdirsyncer's output goes (appended); nil for this process's standard output.
    public var vdirsyncerOutput: String?
    /// Seconds between the open app's background syncs (and `tick sync --watch`'s); 0: none
    /// but after changes.
    public var interval = SyncConfig.defaultInterval

    public init(sync: VdirSync, pair: String?, program: String?) {
        self.sync = sync
        self.pair = pair
        self.program = program ?? "vdirsyncer"
    }

    /// The session for `vdir` (else the configured vdir); nil when neither names one.
    /// A vdirsyncer pair is used only with the configured vdir; a vdir given here is one the
    /// user named (``VdirSync/namedByUser``).
    public static func make(store: ToDoStore, vdir: String?, environment: [String: String]) throws(InterchangeError) -> SyncSession? {
        let config = try SyncConfig.load(environment: environment)
        guard let path = vdir ?? config.vdir, !path.isEmpty else { return nil }
        var sync = VdirSync(store: store, vdir: URL(fileURLWithPath: path),
                            stateDirectory: SyncPaths.defaultDirectory(environment: environment))
        sync.namedByUser = vdir != nil
        var session = SyncSession(sync: sync, pair: vdir == nil ? config.vdirsyncerPair : nil, program: config.vdirsyncerProgram)
        session.interval = config.interval ?? SyncConfig.defaultInterval
        return session
    }

    /// Where the background syncs' output and vdirsyncer's go: `sync.log` in tick's state
    /// directory, which is made when missing.
    public static func logPath(environment: [String: String]) throws(InterchangeError) -> String {
        let path = SyncPaths.defaultDirectory(environment: environment).appendingPathComponent("sync.log").path
        try InterchangeError.converting { () throws(StoreError) in try DurableFile.makeDirectory(for: path) }
        return path
    }

    /// Runs it, one sync at a time (``SyncLock``); a dry run runs no vdirsyncer and writes
    /// nothing.
    public func run(dryRun: Bool = false) throws(InterchangeError) -> SyncReport {
        try SyncLock.holding(in: sync.paths.state.deletingLastPathComponent(), unless: dryRun) { () throws(InterchangeError) in
            if !dryRun { try runVdirsyncer() }
            let report = try sync.run(dryRun: dryRun)
            if !dryRun, report.writtenToVdir + report.removedFromVdir > 0 { try runVdirsyncer() }
            return report
        }
    }

    private func runVdirsyncer() throws(InterchangeError) {
        guard let pair else { return }
        let status = try ProgramRun.run([program, "sync", pair], outputPath: vdirsyncerOutput)
        guard status == 0 else {
            let seeLog = vdirsyncerOutput.map { " (its output is in \($0))" } ?? ""
            throw InterchangeError(source: program, problem: "`\(program) sync \(pair)` failed with status \(status)\(seeLog)")
        }
    }
}
