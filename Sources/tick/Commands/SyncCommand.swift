import ArgumentParser
import FoundationEssentials
import TickCore
import TickInterchange

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
            again after it when the merge changed the vdir. See docs/sync.md.

            Examples:
              tick sync
              tick sync --vdir ~/.local/share/vdirsyncer/tasks/personal --dry-run
            """
    )

    @Option(help: ArgumentHelp("The vdir to merge with (default: [sync] vdir in the config file).", valueName: "dir"),
            completion: .directory)
    var vdir: String?

    @Flag(help: "Say what would change, and change nothing (vdirsyncer is not run).")
    var dryRun = false

    @Flag(help: "Allow a sync that deletes every item because the vdir is empty or gone.")
    var forceDelete = false

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
                // config.toml's vdir belongs to the default list: another list syncs only
                // with a vdir named for it.
                if storeOptions.listName != ListSet.defaultName && vdir == nil {
                    throw CLIError("the vdir in config.toml is the \(ListSet.defaultName) list's; tick sync --list \(storeOptions.listName) needs --vdir DIR")
                }
                guard var session = try SyncSession.make(store: storeOptions.makeStore(), vdir: vdir, environment: environment) else {
                    throw CLIError("no vdir to sync with: give --vdir DIR, or set `vdir` under [sync] in \(SyncConfig.path(environment: environment).path)")
                }
                session.sync.forceDelete = forceDelete
                let report = try session.run(dryRun: dryRun)
                output(report.summary)
            } catch let error as InterchangeError {
                throw CLIError(error.description)
            }
        }
    }
}
