import FoundationEssentials
import Glibc
import TickCore
import TickInterchange
import TickTUI

extension Tick {
    /// Opens the full-screen list on a terminal; returns the process exit code.
    ///
    /// When a vdir is configured (docs/sync.md) and the list is the default one (the vdir in
    /// config.toml is its), or the vdir is a folder of collections (every list syncs with its
    /// own: the app opened on the default list syncs them all), the open list syncs with it in the background (``LiveSync``):
    /// as it opens, a few seconds after changes, every `interval` seconds, and on the sync
    /// key, each time by running `tick sync --porcelain` for the same list as a child
    /// process (``BackgroundSyncCommand``), whose output goes to `sync.log` in tick's state
    /// directory so that it does not scribble over the screen.
    func runFullScreen(store: ToDoStore, options: StoreOptions, mouse: Bool) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var status: StatusMessage?
        var sync: LiveSyncSetup?
        do {
            sync = try BackgroundSyncCommand.setup(forList: options.listName, store: store, options: options, environment: environment)
        } catch {
            status = StatusMessage("sync failed: \(error.description)", isError: true)
        }
        let lists = options.listSet
        let config = ConfigPreferences.load(environment: environment)
        var preferences = config.preferences
        preferences.detailVisible = ViewMemory.detailVisible(environment: environment)
        preferences.rememberDetail = { ViewMemory.remember(detailVisible: $0, environment: environment) }
        // The configuration's problems first: they are why keys or colours are not as written.
        if let problems = config.statusMessage {
            status = StatusMessage(problems.text + (status.map { " · " + $0.text } ?? ""), isError: true)
        }
        // A list opened in the app syncs by the same rule; one whose sync cannot be set up
        // (config.toml broken since) does not.
        return FullScreenApp.run(store: store, mouse: mouse, status: status, preferences: preferences, sync: sync,
                                 lists: lists, listName: options.listName, syncForList: { name in
            guard let store = try? lists.store(named: name) else { return nil }
            return try? BackgroundSyncCommand.setup(forList: name, store: store, options: options, environment: environment)
        }, collectionOfList: { name in
            // (As `tick lists remove` says it: the folder the list's sync state binds it to.)
            guard let store = try? lists.store(named: name), let directory = try? SyncPaths.defaultDirectory(environment: environment) else { return nil }
            return (try? SyncPaths.boundFolder(ofList: store.fileURL, directory: directory)).flatMap { $0 }
        })
    }

    /// False for a terminal that cannot draw the full-screen list (TERM=dumb).
    func terminalCanDrawFullScreen() -> Bool {
        FullScreenApp.canUseTerminal()
    }

    /// `TERM` when this system's terminfo has no entry for it; nil otherwise.
    func unknownTerminalType() -> String? {
        FullScreenApp.unknownTerminalType()
    }
}

/// The one place the open app's background sync is decided and its command spelt: this
/// same tick binary running `tick sync --porcelain` for the list open in the app (its list
/// file resolved here, so that the child's `$TICK_FILE` cannot pick another).
enum BackgroundSyncCommand {
    /// The background sync of the list `name` when it is open in the app, nil when it does
    /// not sync. With a folder of collections every list syncs: showing the default list,
    /// the child syncs every list; showing another, that one. With one collection as the
    /// vdir, only the default list syncs (the vdir is its; `tick sync --list` refuses the
    /// others).
    static func setup(forList name: String, store: ToDoStore, options: StoreOptions, environment: [String: String]) throws(InterchangeError) -> LiveSyncSetup? {
        let only: String? = name == ListSet.defaultName ? nil : name
        let interval: Int?
        if let lists = try CollectionsSync.make(lists: options.listSet, only: only, vdir: nil, environment: environment) {
            interval = lists.interval
        } else if only == nil {
            interval = try SyncSession.make(store: store, vdir: nil, environment: environment)?.interval
        } else {
            interval = nil
        }
        guard let interval else { return nil }
        let logPath = try SyncSession.logPath(environment: environment)
        return LiveSyncSetup(runner: ChildSyncRunner(arguments: arguments(for: options, list: only), logPath: logPath),
                             interval: TimeInterval(interval), logPath: logPath)
    }

    /// The child's arguments: every list, or only the list `name`.
    static func arguments(for options: StoreOptions, list name: String?) -> [String] {
        [executable(), "sync", "--porcelain", "--file", options.defaultFileURL.path] + (name.map { ["--list", $0] } ?? [])
    }

    /// This process's executable: `/proc/self/exe` itself, which still runs this binary after
    /// an upgrade replaced the file it was started from (the path it links to then ends in
    /// " (deleted)"); else the name it was started by.
    private static func executable() -> String {
        FileManager.default.fileExists(atPath: "/proc/self/exe") ? "/proc/self/exe" : CommandLine.arguments[0]
    }
}
