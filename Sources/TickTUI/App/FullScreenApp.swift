import FoundationEssentials
import Glibc
import TickCore

/// The full-screen list: `tick` with no subcommand on a terminal.
public enum FullScreenApp {
    /// Lists of at least this many items are shown in two steps: their first screen as soon
    /// as its items are read, then the whole list (decoding 100,000 items takes ~50 ms).
    static let stagedLoadingThreshold = 5_000
    /// How many items of each section the first step reads: more than any screen shows.
    static let previewItems = 500

    /// True when the terminal (`TERM`) can draw the full-screen app; when it cannot
    /// (`dumb`, an unknown type), print the list instead.
    public static func canUseTerminal() -> Bool { CursesTerminal.canDrawFullScreen() }
    /// `TERM` when terminfo does not know it (see ``CursesTerminal/unknownTerminalType(_:)``).
    public static func unknownTerminalType() -> String? { CursesTerminal.unknownTerminalType() }

    /// Opens the list full screen and runs until the user quits or a quit signal arrives.
    ///
    /// The list is read before the terminal is touched: an unreadable file is reported in
    /// plain text on standard error and nothing is written. A large list is the exception
    /// in one case: its first screen is drawn once the file's structure and first items
    /// have been read, and a bad item further on is then reported right after tick leaves
    /// the screen again (still before any key is handled, and the file is left as it was).
    /// Returns the process exit code (0 after quitting, 1 when the file or the terminal
    /// cannot be used or changes were left unsaved, 128 + the signal number after SIGTERM,
    /// SIGHUP or SIGINT). `status` is shown in the status line from the start (the outcome
    /// of a sync run before). `preferences` are config.toml's keys and colours and the
    /// remembered detail pane. With `sync`, the list syncs in the background as it opens,
    /// after changes, on the timer and on the sync key (``LiveSync``); a quit waits at most
    /// ``quitSyncMilliseconds`` for the last sync, and says on standard error how it ended
    /// (a failure makes the exit code 1). With `lists`, the app opened on the list
    /// `listName` opens the others too (`]`, `[`, `L`) and moves items to them (`m`); a
    /// list it opens syncs as `syncForList` says, and a list removed in it that has a
    /// collection (`collectionOfList`) is said to come back from it at the next sync.
    public static func run<Store: ListStore>(
        store: Store, mouse: Bool, status: StatusMessage? = nil, preferences: Preferences = Preferences(),
        sync: LiveSyncSetup? = nil, lists: (any ListCatalog<Store>)? = nil, listName: String = ListSet.defaultName,
        syncForList: @escaping (String) -> LiveSyncSetup? = { _ in nil },
        collectionOfList: @escaping (String) -> String? = { _ in nil }
    ) -> Int32 {
        HeapMemory.returnLargeBlocksAtOnce()
        SignalHandling.install()
        defer { SignalHandling.uninstall() }
        let trace = FrameTrace()
        let version = store.version()
        var terminal: CursesTerminal?
        var terminalError: String?
        let list: ToDoList
        do throws(StoreError) {
            list = try store.loadInStages(previewItems: previewItems, minimumItems: stagedLoadingThreshold) { preview in
                do throws(TerminalError) {
                    let opened = try CursesTerminal(mouse: mouse)
                    terminal = opened
                    drawFirstScreen(of: preview, on: opened, fileName: store.fileName, preferences: preferences)
                    trace?.record("frame")
                } catch {
                    terminalError = error.description
                }
            }
        } catch {
            terminal?.shutdown()
            printError(error.description)
            return 1
        }
        if terminal == nil, terminalError == nil {
            do throws(TerminalError) {
                terminal = try CursesTerminal(mouse: mouse)
            } catch {
                terminalError = error.description
            }
        }
        guard let terminal else {
            printError(terminalError ?? "cannot use this terminal")
            return 1
        }
        // The list and the state are handed on (consumed), so that no second reference to
        // the sections' storage stays here and makes the first change copy them.
        let state = showing(status, preferences: preferences, in: AppState(
            list: consume list, fileName: store.fileName, now: Date(),
            colors: terminal.colorsEnabled, unicode: terminal.unicode
        ).noticingRewrite(of: store.fileFormat() == .xml ? store.fileName : nil).opened(as: listName), sync: sync)
        var loop = EventLoop(terminal: terminal, store: store, state: consume state, fileVersion: version)
        // Reading a large list frees as much as it keeps (the preview, the decoder's tables,
        // the other thread's scraps); give the free pages back instead of keeping them as
        // heap for the rest of the session.
        HeapMemory.trim()
        loop.pendingSignal = { SignalHandling.pendingQuitSignal }
        loop.trace = trace
        loop.rememberDetail = preferences.rememberDetail
        loop.syncRunner = sync?.runner
        loop.lists = lists
        loop.syncForList = syncForList
        loop.collectionOfList = collectionOfList
        loop.syncSetups[listName] = .some(sync)
        let outcome = loop.run()
        terminal.shutdown()
        var syncFailed = false
        if outcome == .quit, !loop.state.hasUnsavedChanges {
            switch loop.syncBeforeQuit(milliseconds: quitSyncMilliseconds) {
            case .none: break
            case .ended(let ended):
                switch ended { case .failed, .partly: syncFailed = true; case .synced: break }
                if let said = loop.state.liveSync?.status { printError(said.text) }
            case .stillRunning:
                printError("the sync goes on in the background (its output: \(sync?.logPath ?? "")); what it does not send goes with the next sync")
            }
        }
        if loop.state.hasUnsavedChanges, let problem = loop.state.saveError {
            // A quit signal cannot wait for an answer: say what was not saved.
            let count = loop.state.pendingOperations.count
            printError("\(count) change\(count == 1 ? "" : "s") could not be saved: \(problem)")
        }
        let code = exitStatus(for: outcome, unsavedChanges: loop.state.hasUnsavedChanges)
        return code == 0 && syncFailed ? 1 : code
    }

    /// How long a quit waits for the last background sync.
    static let quitSyncMilliseconds = 3_000

    /// 0 after quitting with everything saved; 1 after quitting anyway when a save had
    /// failed (`q` then `y`: scripts must learn that changes were lost); 128 + the signal
    /// number after a quit signal.
    static func exitStatus<Store>(for outcome: EventLoop<Store>.Outcome, unsavedChanges: Bool) -> Int32 {
        switch outcome {
        case .quit: unsavedChanges ? 1 : 0
        case .signal(let signal): 128 + signal
        }
    }

    /// The state with `status` in its status line and the preferences applied (moved, not
    /// copied).
    private static func showing(_ status: StatusMessage?, preferences: Preferences, in state: consuming AppState, sync: LiveSyncSetup?) -> AppState {
        var state = state
        if let sync { state.liveSync = LiveSync(interval: sync.interval, logPath: sync.logPath, now: state.now) }
        if let status { state.status = status }
        state.keyMap = preferences.keyMap
        state.colorScheme = preferences.colorScheme
        state.detailVisible = preferences.detailVisible
        return state
    }

    /// Draws the start of a large list, with the sections' full counts, while the rest is read.
    private static func drawFirstScreen(of preview: ListPreview, on terminal: CursesTerminal, fileName: String, preferences: Preferences) {
        var state = AppState(
            list: preview.list, fileName: fileName, now: Date(),
            colors: terminal.colorsEnabled, unicode: terminal.unicode,
            loadingTotals: SectionTotals(toDo: preview.toDoCount, done: preview.doneCount)
        )
        state.keyMap = preferences.keyMap
        state.colorScheme = preferences.colorScheme
        state.detailVisible = preferences.detailVisible
        let size = terminal.size
        _ = update(&state, .resize(size))
        terminal.draw(render(state, size: size))
    }

    private static func printError(_ message: String) {
        StandardError.say(message)
    }
}
