import FoundationEssentials
import TickCore

/// The run loop's part of several lists: it saves the open list, then opens another, or
/// makes, renames or removes one, or moves items between two, and hands the outcome to
/// ``update(_:_:)``.
extension EventLoop {
    /// Runs one of the lists' effects. The open list's pending changes are saved first, so
    /// that nothing is lost and a move reads them from the file; when that save fails,
    /// nothing is done, the open list stays open and the status line says why.
    mutating func runListEffect(_ effect: Effect) {
        guard let lists else {
            dispatch(.listsFailed("no other lists here"))
            return
        }
        saveIfNeeded()
        guard state.pendingOperations.isEmpty else {
            dispatch(.listsFailed("not done: \(state.listName)'s changes could not be saved first: \(state.saveError ?? "unknown error")"))
            return
        }
        do throws(ListSetError) {
            switch effect {
            case .readLists(let purpose):
                dispatch(.listsRead(try lists.summaries(), purpose: purpose, selecting: nil))
            case .openList(let name):
                try open(name, in: lists)
            case .makeList(let name):
                try lists.makeList(name)
                // (Enter in the picker opens the list, or, picking where to move an item, moves it there.)
                let enter: String = if case .move? = state.picker?.purpose { "Enter moves it there" } else { "Enter opens it" }
                showPicker(lists, selecting: name, saying: "made the list \(name): \(enter)")
            case let .renameList(old, new):
                try lists.renameList(old, to: new)
                // The open list, renamed, is open under its new name (its file moved).
                if old == state.listName { try open(new, in: lists) }
                showPicker(lists, selecting: new, saying: "renamed \(old) to \(new)")
            case let .removeList(name, withItems):
                let folder = collectionOfList(name)
                let count = try lists.removeList(name, withItems: withItems)
                let items = count == 0 ? "" : " and its \(count) item\(count == 1 ? "" : "s")"
                // (tick never deletes a collection: the next sync makes the list again from it.)
                let stays = folder.map { " · its collection stays (\($0) and the server's copy): delete it there too, or the next sync makes the list again" } ?? ""
                showPicker(lists, selecting: state.listName, saying: "removed the list \(name)\(items)\(stays)")
            case let .moveItems(ids, target, title):
                let journalProblem = try lists.moveItems(ids, from: state.listName, to: target)
                refresh()
                let subtasks = ids.count > 1 ? " and \(ids.count - 1) subtask\(ids.count == 2 ? "" : "s")" : ""
                if let journalProblem {
                    dispatch(.listsFailed("moved “\(title)”\(subtasks) to \(target), but u cannot undo it: \(journalProblem)"))
                } else {
                    dispatch(.listsChanged("moved “\(title)”\(subtasks) to \(target) · u undoes"))
                }
            case .undoMove(let anyway):
                let outcome = lists.undoNewestMove(in: state.listName, anyway: anyway)
                refresh()
                dispatch(.listMoveUndone(outcome))
            default:
                break
            }
        } catch {
            dispatch(.listsFailed(error.description))
        }
    }

    /// When the open list's file is gone — renamed or removed by `tick lists`, another window,
    /// or a sync that carried the server's rename — follows it: the list it became (the one
    /// whose file is the same file, as a rename keeps it, else the one name new since the app
    /// read the names whose list holds its items) stays open under its new name, as it is (an
    /// editor open stays open), its changes not saved yet saved into it; else the default list
    /// opens. The status line says which. False when the file is there.
    mutating func followOpenList() -> Bool {
        guard let lists, state.listName != ListSet.defaultName, store.version() == nil else { return false }
        let old = state.listName
        do throws(ListSetError) {
            let names = try lists.names()
            let last = watcher.lastSeen ?? diskVersion
            let sameFile = names.first { name in
                guard name != old, let last, let version = (try? lists.openStore(name))?.version() else { return false }
                return version.device == last.device && version.inode == last.inode
            }
            // A name new since the app read them is the list renamed only when it holds the
            // list's items (a list made elsewhere meanwhile is another list).
            let new = names.filter { !state.listNames.contains($0) }
            let ids = state.list.toDoItems.prefix(100).map(\.id) + state.list.doneItems.prefix(100).map(\.id)
            let holdsItems = new.count == 1 && !ids.isEmpty
                && ((try? lists.openStore(new[0]).load()).map { list in ids.contains { list.contains($0) } } ?? false)
            guard let renamed = sameFile ?? (holdsItems ? new.first : nil) else {
                let lost = state.pendingOperations.count
                // Keys on their way to an editor, the filter, the lists or a question.
                let held: String? = switch state.mode.kind {
                case .edit, .filter, .itemRemoved: "your typing went with it"
                case .pickList, .confirmRemoveList: "the lists closed"
                case .confirmClearDone: "its question went with it"
                case .browse, .confirmQuit, .listRemoved, .help: nil
                }
                try open(ListSet.defaultName, in: lists)
                let unsaved = lost == 0 ? "" : " (\(lost) change\(lost == 1 ? "" : "s") not saved went with it)"
                dispatch(.openListRemoved("the list \(old) was removed elsewhere\(unsaved): \(ListSet.defaultName) is open", held: held))
                return true
            }
            let opened = try lists.openStore(renamed)
            store = opened
            saveIfNeeded()
            let liveSync = adopt(opened, as: renamed)
            // (Read again at the next look: a sync may have merged into it since the rename.)
            watcher = FileWatcher(lastSeen: nil)
            dispatch(.listRenamed(ListOpening(name: renamed, fileName: opened.fileName, list: state.list, names: names, liveSync: liveSync)))
            dispatch(.listsChanged("the list \(old) was renamed \(renamed) elsewhere: \(renamed) is open"))
        } catch {
            dispatch(.listsFailed("the list \(old) is gone, and no other could be opened: \(error.description)"))
        }
        return true
    }

    /// Opens the list `name` in the open one's place: its store, file watcher, undo journal
    /// and background sync (``syncForList``) follow.
    private mutating func open(_ name: String, in lists: any ListCatalog<Store>) throws(ListSetError) {
        let opened = try lists.openStore(name)
        let list: ToDoList
        do {
            list = try opened.load()
        } catch {
            throw .store(error)
        }
        let names = try lists.names()
        let liveSync = adopt(opened, as: name)
        dispatch(.listOpened(ListOpening(name: name, fileName: opened.fileName, list: list, names: names, liveSync: liveSync)))
        readJournal()
    }

    /// Makes `opened`, the store of the list `name`, the open one's: its file watcher, undo
    /// journal and background sync (made once per list, ``syncForList``) follow; returns the
    /// sync's state for the app, nil when the list does not sync.
    private mutating func adopt(_ opened: Store, as name: String) -> LiveSync? {
        let version = opened.version()
        store = opened
        watcher = FileWatcher(lastSeen: version)
        diskVersion = version
        journal = opened.undoJournal
        journalWatcher = FileWatcher(lastSeen: nil)
        let sync: LiveSyncSetup?
        if let made = syncSetups[name] {
            sync = made
        } else {
            sync = syncForList(name)
            syncSetups[name] = .some(sync)
        }
        syncRunner = sync?.runner
        return sync.map { LiveSync(interval: $0.interval, logPath: $0.logPath, now: clock()) }
    }

    /// The picker again after a change to the lists, on the list `name`, saying `message`.
    private mutating func showPicker(_ lists: any ListCatalog<Store>, selecting name: String, saying message: String) {
        let purpose = state.picker?.purpose ?? .open
        do throws(ListSetError) {
            dispatch(.listsRead(try lists.summaries(), purpose: purpose, selecting: name))
            dispatch(.listsChanged(message))
        } catch {
            dispatch(.listsFailed("\(message), but the lists cannot be read: \(error.description)"))
        }
    }
}
