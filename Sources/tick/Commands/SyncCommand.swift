import ArgumentParser
import FoundationEssentials
import TickCore
import TickInterchange
import TickTUI
import Glibc

/// `tick sync`: merges the list with a vdir, through vdirsyncer with a CalDAV server.
struct SyncCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sync",
        abstract: "Merge the list with a vdir (a folder of .ics files that vdirsyncer keeps in step with a CalDAV server).",
        discussion: """
            Each item is merged field by field against the last sync: a change on one side \
            is taken; the same field changed on both sides takes the newer change, and the \
            value that lost is written to a conflicts file that the summary names. New \
            items go both ways; a delete goes both ways unless the other side edited the item.

            Without --vdir, the vdir comes from $XDG_CONFIG_HOME/tick/config.toml \
            (~/.config/tick/config.toml):
              [sync]
              vdir = "~/.local/share/vdirsyncer/tasks/personal"
              vdirsyncer_pair = "tasks"
            With vdirsyncer_pair set, `vdirsyncer sync PAIR` runs before the merge and \
            again after it when the merge changed the vdir.

            A list is bound to the folder it first synced with. Another folder, or a \
            folder with items that never synced with a list with items, is refused unless \
            --vdir names it (the list is then bound to it).

            A vdir that is a folder of collections (vdirsyncer's storage folder, one \
            sub-folder per server list) syncs every list with its own collection: the one \
            it is bound to, else the one whose displayname is its name; a collection with no \
            list makes a list, a list with no collection makes a folder. --list NAME syncs \
            that list alone. A list that fails is named, and the others sync. See docs/sync.md.

            With --watch, tick syncs again and again until Ctrl-C (for a machine that keeps \
            no tick open): every `interval` seconds of [sync] (default 60) or --interval, \
            printing one line per sync; a sync that fails is tried again after a growing pause.

            Examples:
              tick sync
              tick sync --vdir ~/.local/share/vdirsyncer/tasks/personal --dry-run
              tick sync --watch --interval 120
            """
    )

    @Option(help: ArgumentHelp("The vdir to merge with, asked for by name (default: [sync] vdir in the config file).", valueName: "dir"),
            completion: .directory)
    var vdir: String?

    @Flag(help: "Say what would change, and change nothing (vdirsyncer is not run).")
    var dryRun = false

    @Flag(help: "Allow a sync that deletes every item because the vdir is empty or gone.")
    var forceDelete = false

    @Flag(help: "Sync until Ctrl-C: every interval, one line per sync.")
    var watch = false

    @Option(help: ArgumentHelp("Seconds between syncs with --watch (default: [sync] interval, else 60).", valueName: "seconds"))
    var interval: Int?

    @Flag(help: "Say what a sync did as one line for programs: tab-separated counts, `partly` with them when some lists failed, or `failed` and the reason (docs/sync.md).")
    var porcelain = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        // What config.toml holds that tick does not know. A file that cannot be read at all
        // is the sync's own error, said once, below.
        if let file = try? ConfigFile.load(environment: ProcessInfo.processInfo.environment) {
            ConfigPreferences.read(file).report()
        }
        try reportingErrors {
            do {
                let environment = ProcessInfo.processInfo.environment
                // A folder of collections: every list (or --list's) with its own collection.
                if var lists = try CollectionsSync.make(lists: storeOptions.listSet, only: storeOptions.list.map { _ in storeOptions.listName }, vdir: vdir, environment: environment) {
                    lists.forceDelete = forceDelete
                    if porcelain { lists.vdirsyncerOutput = try quietForPorcelain(environment) }
                    return try runEach(interval: lists.interval) { () throws(InterchangeError) in
                        let report = try lists.run(dryRun: dryRun)
                        return (report.outcome, report.lines, report.failures.isEmpty ? nil : report.failureSummary)
                    }
                }
                // config.toml's vdir belongs to the default list: another list syncs only
                // with a vdir named for it.
                if storeOptions.listName != ListSet.defaultName && vdir == nil {
                    throw CLIError("the vdir in config.toml is the \(ListSet.defaultName) list's; tick sync --list \(storeOptions.listName) needs --vdir DIR")
                }
                guard var session = try SyncSession.make(store: storeOptions.makeStore(), vdir: vdir, environment: environment) else {
                    throw CLIError("no vdir to sync with: give --vdir DIR, or set `vdir` under [sync] in \(SyncConfig.path(environment: environment).path)")
                }
                session.sync.forceDelete = forceDelete
                if porcelain { session.vdirsyncerOutput = try quietForPorcelain(environment) }
                try runEach(interval: session.interval) { () throws(InterchangeError) in
                    let report = try session.run(dryRun: dryRun)
                    return (.synced(SyncCounts(report)), [report.summary], nil)
                }
            } catch let error as InterchangeError {
                throw CLIError(error.description)
            }
        }
    }

    /// With --porcelain: vdirsyncer's chatter goes to the sync log, not among the one line on
    /// standard output; a reader that went away must not end the sync halfway.
    private func quietForPorcelain(_ environment: [String: String]) throws(InterchangeError) -> String {
        signal(SIGPIPE, SIG_IGN)
        return try SyncSession.logPath(environment: environment)
    }

    /// Runs one sync (or, with --watch, one after another every --interval, else the
    /// `configured` interval, seconds) and says what it did: the
    /// porcelain line, else the lines for people. A sync that went partly wrong says so
    /// (`failure`) and exits 1 after its lines.
    private func runEach(interval configured: Int, _ sync: () throws(InterchangeError) -> (outcome: SyncOutcome, lines: [String], failure: String?)) throws {
        if watch { return try self.watch(interval: interval ?? configured, sync) }
        let result: (outcome: SyncOutcome, lines: [String], failure: String?)
        do throws(InterchangeError) {
            result = try sync()
        } catch {
            if porcelain { output(SyncOutcome.failed(error.description).porcelain) }
            throw error
        }
        if porcelain { output(result.outcome.porcelain) } else { result.lines.forEach(output) }
        if let failure = result.failure { throw CLIError(failure) }
    }
}
