import FoundationEssentials
import Glibc
import TickCore

/// `tick sync`: merges a list with a vdir (a directory of `.ics` files, one VTODO each, as
/// vdirsyncer and todoman keep them), three ways against the state of the last sync.
///
/// The steps, in an order that loses nothing when a sync is killed between any two of them
/// (the next sync finds each side's change again against the old state and completes it):
/// 1. read the state and the vdir (files unchanged since the last sync are not read again);
///    a broken file stops the sync here, naming it, with nothing written;
/// 2. decide every item (``SyncPlan``) and save the list through ``ToDoStore/modify(_:)``
///    — under the list's lock, on the list as it is on disk, so a running app merges it;
/// 3. write and delete the vdir's files, each atomically;
/// 4. write the state.
/// A conflict's losing value is appended to the conflicts file in step 2, before the list
/// is saved.
/// A sync with nothing to do writes nothing at all.
public struct VdirSync: Sendable {
    /// A point between steps, for tests that interrupt a sync there.
    public enum Step: Sendable, Equatable {
        case listSaved
        case vdirFileWritten(String)
        case vdirWritten
    }

    public let store: ToDoStore
    public let vdir: URL
    /// The vdir's layout, reading and writing.
    var folder: Vdir { Vdir(vdir.path) }
    public let paths: SyncPaths
    /// The zone of floating times and of TZIDs sync does not resolve.
    public var zone: LocalTime = .current
    /// Lets a sync delete every item when the vdir is empty or gone.
    public var forceDelete = false
    /// Whether the user named this folder for this sync (`tick sync --vdir DIR`): only then
    /// may a list and a folder that never synced together merge (``SyncBinding``).
    public var namedByUser = false
    /// The ids of the items other lists hold (a folder of collections, ``CollectionsSync``):
    /// a list emptied by moves to those lists is not refused as lost, and an item moved to
    /// one leaves this list's collection (edited there since or not). Asked only then.
    public var heldElsewhere: (@Sendable () -> Set<UUID>)?
    /// The ids of the items the other collections' folders hold (``CollectionsSync``): an
    /// item gone from this folder that tick changed is not brought back when another app
    /// moved it to one of those. Asked only then.
    public var inOtherFolders: (@Sendable () -> Set<UUID>)?
    public var now: @Sendable () -> Date = { Date() }
    /// Test hook: runs after each step; throwing stops the sync there, as a kill would.
    public var checkpoint: @Sendable (Step) throws(InterchangeError) -> Void = { _ throws(InterchangeError) in }

    public init(store: ToDoStore, vdir: URL, stateDirectory: URL) {
        self.store = store
        self.vdir = vdir.standardizedFileURL
        self.paths = SyncPaths(list: store.fileURL, vdir: vdir, directory: stateDirectory)
    }

    /// Refuses to sync a list that became empty (or whose file is gone) while the state
    /// remembers items: the merge would delete every file of the vdir, and vdirsyncer then
    /// every copy on the server.
    private func refuseEmptiedList(_ list: ToDoList, state: SyncState) throws(InterchangeError) {
        guard list.isEmpty, !state.entries.isEmpty, !forceDelete else { return }
        if let held = heldElsewhere?(), state.entries.allSatisfy({ UUID(uuidString: $0.id).map(held.contains) ?? false }) { return }
        throw InterchangeError(source: store.fileURL.path, problem: """
            the list is empty or gone, but the last sync left \(state.entries.count) item\(state.entries.count == 1 ? "" : "s") in it; \
            sync refuses to delete them all from the vdir. If they should go, run `tick sync --force-delete`; \
            if the list was lost, restore it and sync again
            """)
    }

    /// Runs one sync; with `dryRun`, decides and reports but writes nothing.
    public func run(dryRun: Bool = false) throws(InterchangeError) -> SyncReport {
        try folder.refuseCollectionsFolder()
        let state = try readState()
        let pairHasState = SyncFiles.stamp(paths.state.path) != nil
        let binding = try SyncBinding.read(paths.binding.path)
        let folderBinding = try SyncBinding.read(paths.folderBinding.path)
        let base = Dictionary(state.entries.compactMap { entry in UUID(uuidString: entry.id).map { ($0, entry) } }) { first, _ in first }
        let now = now()
        let vdirItems = try readVdir(state: state, now: now)
        // (A folder emptied by moves to the other collections, which hold its items, is not
        // lost; the other folders are read once, only then.)
        if vdirItems.isEmpty, !state.entries.isEmpty, !forceDelete,
           !(inOtherFolders.map { read in
               let held = read()
               return state.entries.allSatisfy { UUID(uuidString: $0.id).map(held.contains) ?? false }
           } ?? false) {
            throw InterchangeError(source: vdir.path, problem: """
                the vdir is empty or gone, but the last sync left \(state.entries.count) item\(state.entries.count == 1 ? "" : "s") in it; \
                sync refuses to delete them all from the list. If they should go, run `tick sync --force-delete`; \
                if the vdir was lost, restore it (or run vdirsyncer) and sync again
                """)
        }
        func checkBinding(_ list: ToDoList) throws(InterchangeError) {
            try SyncBinding.check(binding, folder: folderBinding, list: store.fileURL.path, vdir: vdir.path, namedByUser: namedByUser,
                                  pairHasState: pairHasState, listHasItems: !list.isEmpty, vdirHasItems: !vdirItems.isEmpty)
        }
        let listChangedAt = store.version().map { Date(timeIntervalSince1970: Double($0.modificationNanoseconds) / 1e9) }
        if dryRun {
            let list = try storeCall { () throws(StoreError) in try store.load() }
            try refuseEmptiedList(list, state: state)
            try checkBinding(list)
            let plan = SyncPlan(list: list, vdir: vdirItems, base: base, listChangedAt: listChangedAt, now: now,
                                movedAway: heldElsewhere?() ?? [], movedOnServer: inOtherFolders?() ?? [])
            return SyncReport(plan: plan, dryRun: true, conflictsFile: nil)
        }
        let plan: SyncPlan
        var conflictsFile: String?
        do {
            plan = try store.modify { list in
                try refuseEmptiedList(list, state: state)
                try checkBinding(list)
                let plan = SyncPlan(list: list, vdir: vdirItems, base: base, listChangedAt: listChangedAt, now: now,
                                    movedAway: heldElsewhere?() ?? [], movedOnServer: inOtherFolders?() ?? [])
                // The losing values are kept before either side is written over.
                if !plan.conflicts.isEmpty { conflictsFile = try appendConflicts(plan.conflicts, at: now) }
                try Self.apply(plan, to: &list, now: now)
                return plan
            }
        } catch let error as InterchangeError {
            throw error
        } catch let error as StoreError {
            throw InterchangeError(source: error.path, problem: error.problem)
        } catch let error as ModelError {
            throw InterchangeError(source: store.fileURL.path, problem: error.description)
        } catch {
            throw InterchangeError(source: store.fileURL.path, problem: "\(error)")
        }
        try checkpoint(.listSaved)
        var entries = plan.entries
        let dropped = try writeVdir(plan, entries: &entries, now: now)
        try checkpoint(.vdirWritten)
        try writeState(SyncState(list: state.list, vdir: state.vdir, entries: entries), old: state)
        var bound = SyncBinding(list: store.fileURL.standardizedFileURL.path, vdir: vdir.path)
        // The name a collection and its list last agreed on (``CollectionsSync``) stays while they stay together.
        if binding?.vdir == bound.vdir { bound.displayName = binding?.displayName }
        if binding != bound { try bound.write(to: paths.binding.path) }
        if folderBinding?.list != bound.list || folderBinding?.vdir != bound.vdir { try bound.write(to: paths.folderBinding.path) }
        var report = SyncReport(plan: plan, dryRun: false, conflictsFile: conflictsFile)
        report.droppedForDue = dropped
        return report
    }

    // MARK: - Steps

    private func readState() throws(InterchangeError) -> SyncState {
        let empty = SyncState(list: store.fileURL.standardizedFileURL.path, vdir: vdir.path, entries: [])
        guard SyncFiles.stamp(paths.state.path) != nil else { return empty }
        let bytes = try SyncFiles.read(paths.state.path)
        do {
            return try JSONDecoder().decode(SyncState.self, from: Data(bytes))
        } catch {
            throw InterchangeError(source: paths.state.path, problem: """
                the sync state cannot be read (\(error)); move it aside to sync again as a first sync (merging by UID)
                """)
        }
    }

    private func readVdir(state: SyncState, now: Date) throws(InterchangeError) -> [UUID: VdirItem] {
        guard let names = try folder.itemFiles() else { return [:] }
        let known = Dictionary(state.entries.map { ($0.file, $0) }) { first, _ in first }
        var items: [UUID: VdirItem] = [:]
        for name in names {
            let path = folder.path(of: name)
            guard let stamp = SyncFiles.stamp(path) else { continue }
            let found: (UUID, VdirItem)?
            if let entry = known[name], entry.size == stamp.size, entry.modified == stamp.modified, let id = UUID(uuidString: entry.id) {
                found = (id, VdirItem(file: name, uid: entry.uid, fields: entry.fields, size: stamp.size, stamp: stamp.modified))
            } else {
                found = try readItem(name: name, path: path, stamp: stamp, now: now).map { ($0.decoded?.id ?? UUID(), $0) }
            }
            guard let (id, item) = found else { continue }
            if let other = items[id] {
                throw InterchangeError(source: path, problem: "UID \(item.uid) is also the UID of \(other.file); a vdir holds one file per item")
            }
            items[id] = item
        }
        return items
    }

    /// How vdir files are read: floating times in ``zone``.
    private func decodingOptions(now: Date) -> ICalendarDecodingOptions {
        var options = ICalendarDecodingOptions()
        options.floating = zone
        options.now = now
        return options
    }

    /// The file's one VTODO (nil for a file that holds none, such as an event).
    private func decodeFile(_ bytes: [UInt8], path: String, now: Date) throws(InterchangeError) -> DecodedToDo? {
        let calendar = try ICalendar.decode(bytes, source: path, options: decodingOptions(now: now))
        guard calendar.todos.count <= 1 else {
            throw InterchangeError(source: path, problem: "holds \(calendar.todos.count) VTODOs with different UIDs; a vdir holds one item per file")
        }
        return calendar.todos.first
    }

    private func readItem(name: String, path: String, stamp: (size: Int64, modified: Int64), now: Date) throws(InterchangeError) -> VdirItem? {
        guard let todo = try decodeFile(try folder.read(name), path: path, now: now) else { return nil }
        var fields = SyncFields(item: todo.item, done: todo.isDone)
        fields.order = todo.sortOrder
        return VdirItem(file: name, uid: ICalendar.uid(of: todo.item), fields: fields,
                        modified: todo.item.modifiedAt, size: stamp.size, stamp: stamp.modified, decoded: todo.item)
    }

    /// Applies the plan's list changes (inside the store's locked read-modify-write). New
    /// items are added together at the end (one duplicate check for the list, not one
    /// search per item): To Do's at its end, Done's at its top.
    static func apply(_ plan: SyncPlan, to list: inout ToDoList, now: Date) throws(ModelError) {
        var newToDo: [ToDoItem] = [], newDone: [ToDoItem] = []
        for change in plan.listChanges {
            switch change {
            case let .insert(id, fields, from: source):
                // The item as the codec read it keeps what tick does not map (iCalendarExtras) and the UID.
                var item: ToDoItem
                if let decoded = source.decoded { item = decoded } else { item = try ToDoItem(id: id, title: fields.title, createdAt: now) }
                try fields.apply(to: &item)
                if fields.done {
                    item.completedAt = item.completedAt ?? now
                    newDone.append(item)
                } else {
                    newToDo.append(item)
                }
            case let .update(id, fields, from: source):
                let changedAt = source?.modified ?? now
                try list.update(id) { (item: inout ToDoItem) throws(ModelError) in
                    try fields.apply(to: &item)
                    // The file's own content beyond tick's fields (alarms, X- properties, the
                    // LAST-MODIFIED and SEQUENCE read) is the server's: never kept stale.
                    if let decoded = source?.decoded { item.iCalendarExtras = decoded.iCalendarExtras }
                    item.modifiedAt = max(item.modifiedAt ?? changedAt, changedAt)
                }
                guard let (section, _) = list.position(of: id) else { continue }
                if fields.done, section == .toDo {
                    try list.place(id, in: .done, at: 0)
                    try list.update(id) { $0.completedAt = source?.decoded?.completedAt ?? now }
                } else if !fields.done, section == .done {
                    try list.place(id, in: .toDo, at: list.toDoItems.count)
                    try list.update(id) { $0.completedAt = nil }
                }
            case .remove(let id):
                try list.remove(id)
            }
        }
        if !newToDo.isEmpty || !newDone.isEmpty {
            list = try ToDoList(toDoItems: list.toDoItems + newToDo, doneItems: newDone + list.doneItems, unknownFields: list.unknownFields)
        }
        if plan.reordersList {
            let order = Dictionary(plan.entries.compactMap { entry in
                entry.fields.order.flatMap { value in UUID(uuidString: entry.id).map { ($0, value) } }
            }) { first, _ in first }
            list = try ToDoList(toDoItems: SyncOrder.sorted(Array(list.toDoItems), by: order), doneItems: SyncOrder.sorted(Array(list.doneItems), by: order),
                                unknownFields: list.unknownFields)
        }
    }

    /// Writes the vdir's changes: every new file's bytes into a temporary file first, one
    /// sync of the filesystem for all of them, then the renames and removals, then one sync
    /// of the directory. A crash at any point leaves each file whole, old or new. Returns
    /// what the files left out beside the DUEs tick wrote into them (see ``DroppedForDue``).
    private func writeVdir(_ plan: SyncPlan, entries: inout [SyncState.Entry], now: Date) throws(InterchangeError) -> DroppedForDue {
        var dropped = DroppedForDue()
        guard !plan.vdirChanges.isEmpty else { return dropped }
        let writer = try folder.batch()
        // A subtask names its parent by the UID of the parent's file (another app's UID as it
        // wrote it), from the state's entries, looked up once a written item has a parent.
        var uids: [String: String]?
        for change in plan.vdirChanges {
            guard case let .write(file, uid, fields, old, listItem, modified) = change else { continue }
            let path = folder.path(of: file)
            var parentUID: String?
            if let parent = fields.parent?.uuidString {
                if uids == nil { uids = Dictionary(entries.map { ($0.id, $0.uid) }) { first, _ in first } }
                parentUID = uids?[parent].flatMap { $0 == parent ? nil : $0 }
            }
            let bytes: [UInt8]?
            if old != nil {
                // Patch what the file holds now: only the fields that differ change.
                let current = try folder.read(file)
                guard let todo = try decodeFile(current, path: path, now: now) else {
                    throw InterchangeError(source: path, problem: "no longer holds a VTODO")
                }
                // A file rewritten is revised after what it says (LAST-MODIFIED): one rewritten for
                // its place in the list, which no item's change time records, is revised now.
                // (To the second, as LAST-MODIFIED says it.)
                let revised = todo.item.modifiedAt.map { modified.timeIntervalSince1970.rounded(.down) <= $0.timeIntervalSince1970 } ?? false
                    ? now : modified
                let target = try Self.target(from: todo.item, fields: fields, modified: revised, now: now)
                bytes = try ICalendar.patchFile(current, with: ICalendarEntry(item: target, isDone: fields.done, sortOrder: fields.order, parentUID: parentUID),
                                                source: path,
                                                options: decodingOptions(now: now), now: revised, dropped: &dropped)
            } else {
                guard let listItem else { throw InterchangeError(source: path, problem: "no item to write") }
                var target = try Self.target(from: listItem, fields: fields, modified: modified, now: now)
                if ICalendar.uid(of: target) != uid { target.externalUID = uid }
                bytes = ICalendar.encodeFile(ICalendarEntry(item: target, isDone: fields.done, sortOrder: fields.order, parentUID: parentUID),
                                             dropped: &dropped)
            }
            if let bytes { try writer.add(bytes, as: file) }
        }
        try writer.flush()
        let indexByFile = Dictionary(entries.enumerated().map { ($1.file, $0) }) { first, _ in first }
        while let file = try writer.placeNext() {
            if let index = indexByFile[file], let stamp = SyncFiles.stamp(folder.path(of: file)) {
                entries[index].size = stamp.size
                entries[index].modified = stamp.modified
            }
            try checkpoint(.vdirFileWritten(file))
        }
        for case .delete(let file) in plan.vdirChanges {
            try writer.remove(file)
            try checkpoint(.vdirFileWritten(file))
        }
        try writer.finish()
        return dropped
    }

    /// `item` with the merged fields, stamped as changed at `modified`.
    private static func target(from item: ToDoItem, fields: SyncFields, modified: Date, now: Date) throws(InterchangeError) -> ToDoItem {
        var target = item
        do { try fields.apply(to: &target) } catch { throw InterchangeError(source: "sync", problem: error.description) }
        target.modifiedAt = modified
        target.completedAt = fields.done ? (item.completedAt ?? now) : nil
        return target
    }

    private func writeState(_ state: SyncState, old: SyncState) throws(InterchangeError) {
        guard state != old else { return }
        let bytes: [UInt8]
        do { bytes = try state.encoded() } catch { throw InterchangeError(source: paths.state.path, problem: "\(error)") }
        try SyncFiles.writeAtomically(bytes, to: paths.state.path)
    }

    /// Appends the losing values, one line each, and returns the file's path.
    private func appendConflicts(_ conflicts: [SyncConflict], at now: Date) throws(InterchangeError) -> String {
        let path = paths.conflicts.path
        var text = SyncFiles.stamp(path) == nil ? [] : try SyncFiles.read(path)
        for conflict in conflicts {
            let winner = conflict.lostSide == .list ? "vdir" : "list"
            let line = "\(ICalDateTime.utcText(now)) \"\(conflict.title)\" \(conflict.field.rawValue): kept \"\(conflict.kept)\" "
                + "(\(winner), \(conflict.reason ?? "newer")), lost \"\(conflict.lost)\" (\(conflict.lostSide.rawValue))\n"
            text += Array(line.utf8)
        }
        try SyncFiles.writeAtomically(text, to: path)
        return path
    }

    private func storeCall<T>(_ body: () throws(StoreError) -> T) throws(InterchangeError) -> T {
        do { return try body() } catch { throw InterchangeError(source: error.path, problem: error.problem) }
    }
}

/// What a sync did (or, for a dry run, would do).
public struct SyncReport: Sendable, Equatable {
    public var addedToList = 0, updatedInList = 0, removedFromList = 0
    public var writtenToVdir = 0, removedFromVdir = 0
    public var conflicts: [SyncConflict] = []
    /// Where the conflicts' losing values were written.
    public var conflictsFile: String?
    public var dryRun = false
    /// What the files written left out beside the DUEs tick wrote (a dry run writes none, so counts none).
    public var droppedForDue = DroppedForDue()

    init(plan: SyncPlan, dryRun: Bool, conflictsFile: String?) {
        for change in plan.listChanges {
            switch change {
            case .insert: addedToList += 1
            case .update: updatedInList += 1
            case .remove: removedFromList += 1
            }
        }
        for change in plan.vdirChanges {
            switch change {
            case .write: writtenToVdir += 1
            case .delete: removedFromVdir += 1
            }
        }
        conflicts = plan.conflicts
        self.conflictsFile = conflictsFile
        self.dryRun = dryRun
    }

    /// Whether nothing changed on either side.
    public var isIdle: Bool { addedToList + updatedInList + removedFromList + writtenToVdir + removedFromVdir == 0 }

    /// One line for people: `synced: list +1 ~2 -0, vdir 3 written, 0 removed`.
    public var summary: String {
        if isIdle { return dryRun ? "sync: nothing to do" : "synced: nothing to do" }
        var text = dryRun ? "would sync: " : "synced: "
        text += "list +\(addedToList) ~\(updatedInList) -\(removedFromList), vdir \(writtenToVdir) written, \(removedFromVdir) removed"
        if !conflicts.isEmpty {
            text += "; \(conflicts.count) conflict\(conflicts.count == 1 ? "" : "s")"
            if let conflictsFile { text += " (the losing values are in \(conflictsFile))" }
        }
        if !droppedForDue.isEmpty { text += "; left out of the vdir: " + droppedForDue.descriptions.joined(separator: ", ") }
        return text
    }
}
