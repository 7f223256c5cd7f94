import FoundationEssentials
import TickCore

/// The app's loop: draw, save what changed, wait for a key (or a timeout), turn keys into
/// actions, update.
///
/// Everything it touches is injected, so tests run it on a scripted terminal and a
/// temporary file.
struct EventLoop<Store: ListStore> {
    /// Why the loop ended.
    enum Outcome: Equatable {
        case quit
        /// A quit signal arrived; pending changes were saved first.
        case signal(Int32)
    }

    /// What the sync at quit came to.
    enum QuitSync: Equatable {
        /// No sync ran: nothing had changed since the last one.
        case none
        case ended(SyncOutcome)
        /// The time was up; the sync goes on by itself.
        case stillRunning
    }

    let terminal: any Terminal
    /// The open list's store (another list's after ``Effect/openList(_:)``).
    var store: Store
    private(set) var state: AppState
    var watcher: FileWatcher
    /// How long to wait for a key before polling the file and the clock.
    var idleMilliseconds = 250
    /// Asked between keys: a quit signal that arrived, if any.
    var pendingSignal: () -> Int32? = { nil }
    var clock: () -> Date = Date.init
    /// Where frame and save times go for the benchmark, when it asks.
    var trace: FrameTrace?
    /// Keeps whether the detail pane is shown for the next start; returns a problem to show.
    var rememberDetail: (Bool) -> String? = { _ in nil }
    /// Runs the background syncs that ``AppState/liveSync`` asks for (``Effect/sync``).
    var syncRunner: (any SyncRunner)?
    /// The other lists beside the open one; nil: the app knows only its one list.
    var lists: (any ListCatalog<Store>)?
    /// The background sync of a list the app opens (``Effect/openList(_:)``), nil when that
    /// list does not sync: the caller's rule, kept in one place there.
    var syncForList: (String) -> LiveSyncSetup? = { _ in nil }
    /// The folder of the collection a list syncs with, nil when it has none: removed, the
    /// list comes back from it at the next sync, which the app then says.
    var collectionOfList: (String) -> String? = { _ in nil }
    /// Each list's background sync as first made (nil inside: the list does not sync), so
    /// that a list opened again finds its sync still running, and collects it, instead of
    /// starting a second one beside it.
    var syncSetups: [String: LiveSyncSetup?] = [:]

    /// The file's version when tick last read or wrote it: ``AppState/list`` is the list the
    /// file held then with ``AppState/pendingOperations`` applied, so a save writes it as it
    /// is while nobody else has written. (No copy of the list as on disk is kept: it would
    /// share the sections' storage with the state's list, so that every change copied a
    /// whole section.)
    var diskVersion: FileVersion?
    /// True once the user answered yes to "quit and lose the changes?".
    private var quitConfirmed = false
    /// An update asked for a save (``Effect/save``) that has not run yet.
    private var saveRequested = false
    /// A save found the list's lock taken by another tick (a background sync writing the
    /// list) and was put off to the next idle tick; its operations are still pending.
    private var saveDeferred = false
    /// The list's undo journal (nil: undo stays within the session) and its version when
    /// last read or written.
    var journal: UndoJournal?
    var journalWatcher: FileWatcher

    /// `state.list` must be the list as read from the file when it had `fileVersion`.
    init(terminal: any Terminal, store: Store, state: AppState, fileVersion: FileVersion?) {
        self.terminal = terminal
        self.store = store
        self.state = state
        watcher = FileWatcher(lastSeen: fileVersion)
        diskVersion = fileVersion
        journal = store.undoJournal
        journalWatcher = FileWatcher(lastSeen: nil)
    }

    /// Runs until the user quits or a quit signal arrives.
    ///
    /// Each turn draws the frame first, then runs the save that the updates since the last
    /// frame asked for (``Effect/save``), so a change is on screen before the disk is
    /// touched; then it waits for a key. Keys that arrived meanwhile (typed during a save,
    /// or faster than frames) are handled together before the next frame, and make one
    /// next save. So the file is written before the loop waits, and before it ends.
    mutating func run() -> Outcome {
        var size = terminal.size
        dispatch(.resize(size))
        readJournal()
        if let names = try? lists?.names() { dispatch(.listNamesRead(names)) }
        while true {
            if let signal = pendingSignal() {
                saveIfNeeded()
                return .signal(signal)
            }
            let now = terminal.size
            if now != size {
                size = now
                dispatch(.resize(size))
            }
            drawFrame(size)
            if saveRequested {
                // Keys never wait for a sync: while one holds the list's lock, the save
                // waits for the next idle tick instead.
                saveIfNeeded(waitingForLock: false)
                continue
            }
            guard let key = terminal.readKey(timeoutMilliseconds: idleMilliseconds) else {
                idle()
                continue
            }
            var quit = handle(key)
            while !quit, pendingSignal() == nil, let next = terminal.readKey(timeoutMilliseconds: 0) {
                quit = handle(next)
            }
            checkSync()
            if quit {
                drawFrame(size)
                saveIfNeeded()
                // The save is tried again (after a failed one, its cause may be fixed since);
                // failing, the app asks first, unless the user already said yes.
                if state.hasUnsavedChanges && !quitConfirmed {
                    dispatch(.askBeforeQuit)
                    continue
                }
                return .quit
            }
        }
    }

    private func drawFrame(_ size: Size) {
        terminal.draw(render(state, size: size))
        trace?.record("frame")
    }

    /// Turns a key into an action and applies it; true when the app should quit.
    private mutating func handle(_ key: Key) -> Bool {
        let action: Action?
        if key == .resize {
            action = .resize(terminal.size)
        } else {
            action = KeyMap.action(for: key, in: state)
        }
        guard let action else { return false }
        // Undo decides on the file and journal as they are now, not as at the last poll.
        if action == .undo, state.history.journalChanges.isEmpty, state.pendingOperations.isEmpty { refresh() }
        return dispatch(action)
    }

    /// Applies an action and carries out its effects; true when one of them is quit.
    @discardableResult
    mutating func dispatch(_ action: Action) -> Bool {
        if case .confirmQuit = action { quitConfirmed = true }
        var quit = false
        for effect in update(&state, action) {
            switch effect {
            case .quit: quit = true
            case .bell: terminal.bell()
            case .suspend: terminal.suspend()
            case .repaint: terminal.repaint()
            case .save: saveRequested = true
            case .sync:
                if let problem = syncRunner?.start() { dispatch(.syncFinished(.failed(problem))) }
            case .rememberDetail(let visible):
                if let problem = rememberDetail(visible) { state.status = StatusMessage(problem, isError: true) }
            case .readLists, .openList, .makeList, .renameList, .removeList, .moveItems, .undoMove:
                runListEffect(effect)
            }
        }
        return quit
    }

    /// Saves the pending changes, if any (also those of a save that failed), as one batch
    /// of operations.
    mutating func saveIfNeeded(waitingForLock: Bool = true) {
        saveRequested = false
        saveDeferred = false
        // The save starts the background sync's settle delay: from now, not the last idle tick.
        if state.liveSync != nil, !state.pendingOperations.isEmpty { dispatch(.tick(clock())) }
        guard !state.pendingOperations.isEmpty else {
            // An undo that found nothing left to change still leaves the journal.
            if !state.history.journalChanges.isEmpty { saveJournal(version: diskVersion) }
            return
        }
        let operations = state.pendingOperations
        let changes = state.history.journalChanges
        let journal = self.journal
        var recorded: Result<[UndoJournal.Entry], StoreError>?
        do {
            // state.list is the list the file held at diskVersion with the operations applied.
            // The journal is written under the list's lock, so that the list and the journal
            // agree for whoever takes it (tick undo, another window reading the journal).
            let (list, version) = try store.commit(
                operations, appliedTo: state.list, readAt: diskVersion, at: state.now, zone: state.calendar, waitingForLock: waitingForLock
            ) { version in
                guard let journal else { return }
                do throws(StoreError) {
                    recorded = .success(try journal.apply(changes, after: version))
                } catch {
                    recorded = .failure(error)
                }
            }
            watcher.remember(version)
            diskVersion = version
            trace?.record("saved")
            dispatch(.saved(list, operations: operations.count))
            findMovedEdit()
            switch recorded {
            case .success(let entries)?:
                journalWatcher.remember(journal?.version())
                dispatch(.journalSaved(entries, changes: changes.count, version: version, problem: nil))
            case .failure(let error)?:
                dispatch(.journalSaved(nil, changes: changes.count, version: version, problem: error.description))
            case nil:
                dispatch(.journalSaved(nil, changes: changes.count, version: version, problem: nil))
            }
        } catch where error.kind == .busy {
            // Nothing written, nothing lost: the operations stay pending for the next try.
            saveDeferred = true
        } catch {
            dispatch(.saveFailed(error.problem))
        }
    }

    /// Writes the history's journal changes, the list file having `version` after them,
    /// and hands the journal as it now is to the state.
    private mutating func saveJournal(version: FileVersion?) {
        let changes = state.history.journalChanges
        guard let journal else {
            dispatch(.journalSaved(nil, changes: changes.count, version: version, problem: nil))
            return
        }
        do {
            let entries = try journal.apply(changes, after: version)
            journalWatcher.remember(journal.version())
            dispatch(.journalSaved(entries, changes: changes.count, version: version, problem: nil))
        } catch {
            dispatch(.journalSaved(nil, changes: changes.count, version: version, problem: error.description))
        }
    }

    /// Reads the undo journal (at start, and when it or the list changed elsewhere), under
    /// the list's lock: a writer that saved the list has recorded its change by then. One
    /// that cannot be read is said by the next save, which will not write over it.
    mutating func readJournal() {
        guard let journal else { return }
        journalWatcher.remember(journal.version())
        guard let entries = try? store.underLock({ try? journal.entries() }) ?? nil else { return }
        dispatch(.journalRead(entries, version: diskVersion))
    }

    /// No key came: let the clock move on and pick up changes made by other processes.
    private mutating func idle() {
        if saveDeferred { saveIfNeeded(waitingForLock: false) }
        let synced = checkSync()
        dispatch(.tick(clock()))
        refresh()
        // A sync may have made lists (the server's new collections) for ] and [ to reach;
        // read after refresh, which tells the open list renamed by names new since the last read.
        if synced, let names = try? lists?.names(), names != state.listNames { dispatch(.listNamesRead(names)) }
    }

    /// Hands the background sync's outcome to the state once it has ended (without
    /// waiting); the list it merged is picked up as a change made elsewhere. True when one ended.
    private mutating func checkSync() -> Bool {
        guard let outcome = syncRunner?.finished() else { return false }
        dispatch(.tick(clock()))
        dispatch(.syncFinished(outcome))
        return true
    }

    /// At quit: waits up to `milliseconds` for a running background sync, then, when the
    /// list changed since it started (or it failed), runs one more in the time left, so
    /// that the last changes reach the server. A sync still running when the time is up
    /// is left to finish on its own: stopping it halfway (vdirsyncer among its uploads)
    /// would gain nothing, and the list file is the truth that the next sync sends anyway.
    mutating func syncBeforeQuit(milliseconds: Int) -> QuitSync {
        guard let runner = syncRunner, let sync = state.liveSync else { return .none }
        let deadline = monotonicNanoseconds() + UInt64(max(milliseconds, 0)) * 1_000_000
        func left() -> Int {
            let now = monotonicNanoseconds()
            return now < deadline ? Int((deadline - now) / 1_000_000) : 0
        }
        var last: SyncOutcome?
        if sync.running {
            guard let outcome = runner.wait(timeoutMilliseconds: left()) else { return .stillRunning }
            dispatch(.tick(clock()))
            dispatch(.syncFinished(outcome))
            last = outcome
        }
        if state.liveSync?.unsent == true, left() > 0 {
            dispatch(.syncNow)
            guard state.liveSync?.running == true else { return last.map(QuitSync.ended) ?? .none }
            guard let outcome = runner.wait(timeoutMilliseconds: left()) else { return .stillRunning }
            dispatch(.tick(clock()))
            dispatch(.syncFinished(outcome))
            last = outcome
        }
        return last.map(QuitSync.ended) ?? .none
    }

    /// Picks up changes other processes made to the list or the undo journal.
    mutating func refresh() {
        if followOpenList() { return }
        guard watcher.checkForChange(store.version()) else {
            if let journal, journalWatcher.checkForChange(journal.version()) { readJournal() }
            return
        }
        let list: ToDoList
        do {
            list = try store.load()
        } catch {
            dispatch(.externalChangeUnreadable(error.problem))
            return
        }
        // The version was taken before the read: if the file changed in between, the next
        // save sees a different version and reads the file again.
        diskVersion = watcher.lastSeen
        dispatch(.externalChange(list))
        readJournal()
        findMovedEdit()
    }

    /// The item being edited gone from the open list: when another list holds it (a move made
    /// elsewhere), the app says which, and Enter keeps the edit there (looked for once).
    mutating func findMovedEdit() {
        guard case .editedItemRemoved = state.mode, let removed = state.removedEdit, !removed.searched, let lists,
              let names = try? lists.names() else { return }
        state.removedEdit?.searched = true
        for name in names where name != state.listName {
            if (try? lists.openStore(name).load())?.contains(removed.item.id) == true {
                dispatch(.editedItemMoved(to: name))
                return
            }
        }
    }
}
