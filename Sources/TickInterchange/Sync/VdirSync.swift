import FoundationEssentials
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
/// 4. write the state, and append any conflict's losing values to the conflicts file.
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
    public let paths: SyncPaths
    /// The zone of floating times and of TZIDs sync does not resolve.
    public var zone: LocalTime = .current
    /// Lets a sync delete every item when the vdir is empty or gone.
    public var forceDelete = false
    public var now: @Sendable () -> Date = { Date() }
    /// Test hook: runs after each step; throwing stops the sync there, as a kill would.
    public var checkpoint: @Sendable (Step) throws(InterchangeError) -> Void = { _ throws(InterchangeError) in }

    public init(store: ToDoStore, vdir: URL, stateDirectory: URL) {
        self.store = store
        self.vdir = vdir.standardizedFileURL
        self.paths = SyncPaths(list: store.fileURL, vdir: vdir, directory: stateDirectory)
    }

    /// Runs one sync; with `dryRun`, decides and reports but writes nothing.
    public func run(dryRun: Bool = false) throws(InterchangeError) -> SyncReport {
        let state = try readState()
        let base = Dictionary(state.entries.compactMap { entry in UUID(uuidString: entry.id).map { ($0, entry) } }) { first, _ in first }
        let vdirItems = try readVdir(state: state)
        if vdirItems.isEmpty, !state.entries.isEmpty, !forceDelete {
            throw InterchangeError(source: vdir.path, problem: """
                the vdir is empty or gone, but the last sync left \(state.entries.count) items in it; \
                sync refuses to delete them all from the list. If they should go, run `tick sync --force-delete`; \
                if the vdir was lost, restore it (or run vdirsyncer) and sync again
                """)
        }
        let listChangedAt = store.version().map { Date(timeIntervalSince1970: Double($0.modificationNanoseconds) / 1e9) }
        let now = now()
        if dryRun {
            let list = try storeCall { () throws(StoreError) in try store.load() }
            let plan = SyncPlan(list: list, vdir: vdirItems, base: base, listChangedAt: listChangedAt, now: now)
            return SyncReport(plan: plan, dryRun: true, conflictsFile: nil)
        }
        let plan: SyncPlan
        do {
            plan = try store.modify { list in
                let plan = SyncPlan(list: list, vdir: vdirItems, base: base, listChangedAt: listChangedAt, now: now)
                try Self.apply(plan, to: &list, now: now)
                return plan
            }
        } catch let error as StoreError {
            throw InterchangeError(source: error.path, problem: error.problem)
        } catch let error as ModelError {
            throw InterchangeError(source: store.fileURL.path, problem: error.description)
        } catch {
            throw InterchangeError(source: store.fileURL.path, problem: "\(error)")
        }
        try checkpoint(.listSaved)
        var entries = plan.entries
        try writeVdir(plan, entries: &entries)
        try checkpoint(.vdirWritten)
        try writeState(SyncState(list: state.list, vdir: state.vdir, entries: entries), old: state)
        let conflictsFile = plan.conflicts.isEmpty ? nil : try appendConflicts(plan.conflicts, at: now)
        return SyncReport(plan: plan, dryRun: false, conflictsFile: conflictsFile)
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

    private func readVdir(state: SyncState) throws(InterchangeError) -> [UUID: VdirItem] {
        guard let names = try SyncFiles.icsFiles(in: vdir.path) else { return [:] }
        let known = Dictionary(state.entries.map { ($0.file, $0) }) { first, _ in first }
        var items: [UUID: VdirItem] = [:]
        for name in names {
            let path = vdir.appendingPathComponent(name).path
            guard let stamp = SyncFiles.stamp(path) else { continue }
            let item: VdirItem
            if let entry = known[name], entry.size == stamp.size, entry.modified == stamp.modified {
                item = VdirItem(file: name, uid: entry.uid, fields: entry.fields, size: stamp.size, stamp: stamp.modified)
            } else {
                item = try readItem(name: name, path: path, stamp: stamp)
            }
            guard let id = SyncIdentity.id(forUID: item.uid) else { continue }
            if let other = items[id] {
                throw InterchangeError(source: path, problem: "UID \(item.uid) is also the UID of \(other.file); a vdir holds one file per item")
            }
            items[id] = item
        }
        return items
    }

    private func readItem(name: String, path: String, stamp: (size: Int64, modified: Int64)) throws(InterchangeError) -> VdirItem {
        let file = try VTODOFile(bytes: try SyncFiles.read(path), source: path)
        guard let uid = file.property("UID")?.value, !uid.isEmpty else {
            throw InterchangeError(source: path, problem: "the VTODO has no UID")
        }
        let fields = try SyncFields(todo: file, zone: zone)
        func instant(_ property: String) -> Date? {
            guard let line = file.property(property),
                  case .instant(let date)? = ICalendarDate.parse(line.value, tzid: line.parameter("TZID"), zone: zone) else { return nil }
            return date
        }
        return VdirItem(file: name, uid: uid, fields: fields, modified: instant("LAST-MODIFIED") ?? instant("DTSTAMP"),
                        completed: instant("COMPLETED"), created: instant("CREATED"),
                        size: stamp.size, stamp: stamp.modified, parsed: file)
    }

    /// Applies the plan's list changes (inside the store's locked read-modify-write). New
    /// items are added together at the end (one duplicate check for the list, not one
    /// search per item): To Do's at its end, Done's at its top.
    static func apply(_ plan: SyncPlan, to list: inout ToDoList, now: Date) throws(ModelError) {
        var newToDo: [ToDoItem] = [], newDone: [ToDoItem] = []
        for change in plan.listChanges {
            switch change {
            case let .insert(id, fields, from: source):
                var item = try ToDoItem(id: id, title: fields.title, createdAt: source.created ?? now)
                try fields.apply(to: &item)
                if source.uid != id.uuidString { item.externalUID = source.uid }
                item.modifiedAt = source.modified
                if fields.done {
                    item.completedAt = source.completed ?? now
                    newDone.append(item)
                } else {
                    newToDo.append(item)
                }
            case let .update(id, fields, from: source):
                let changedAt = source?.modified ?? now
                try list.update(id) { (item: inout ToDoItem) throws(ModelError) in
                    try fields.apply(to: &item)
                    item.modifiedAt = max(item.modifiedAt ?? changedAt, changedAt)
                }
                guard let (section, _) = list.position(of: id) else { continue }
                if fields.done, section == .toDo {
                    try list.place(id, in: .done, at: 0)
                    try list.update(id) { $0.completedAt = source?.completed ?? now }
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
    }

    private func writeVdir(_ plan: SyncPlan, entries: inout [SyncState.Entry]) throws(InterchangeError) {
        guard !plan.vdirChanges.isEmpty else { return }
        if !SyncFiles.isDirectory(vdir.path) { try SyncFiles.makeDirectory(vdir.path) }
        let indexByID = Dictionary(entries.enumerated().map { ($1.id, $0) }) { first, _ in first }
        for change in plan.vdirChanges {
            switch change {
            case let .write(id, file, uid, fields, old, modified, completed, created):
                let path = vdir.appendingPathComponent(file).path
                var document: VTODOFile
                if let parsed = old?.parsed {
                    document = parsed
                } else if old != nil {
                    document = try VTODOFile(bytes: try SyncFiles.read(path), source: path)
                } else {
                    document = VTODOFile(newWithUID: uid, created: created ?? modified, stamp: modified, source: path)
                }
                fields.patch(&document, old: old?.fields, modified: modified, completed: completed)
                try SyncFiles.writeAtomically(document.bytes, to: path)
                if let index = indexByID[id.uuidString], let stamp = SyncFiles.stamp(path) {
                    entries[index].size = stamp.size
                    entries[index].modified = stamp.modified
                }
                try checkpoint(.vdirFileWritten(file))
            case .delete(let file):
                try SyncFiles.remove(vdir.appendingPathComponent(file).path)
                try checkpoint(.vdirFileWritten(file))
            }
        }
    }

    private func writeState(_ state: SyncState, old: SyncState) throws(InterchangeError) {
        guard state != old else { return }
        let bytes: [UInt8]
        do { bytes = try state.encoded() } catch { throw InterchangeError(source: paths.state.path, problem: "\(error)") }
        try SyncFiles.makeDirectory(SyncFiles.directoryPart(paths.state.path))
        try SyncFiles.writeAtomically(bytes, to: paths.state.path)
    }

    /// Appends the losing values, one line each, and returns the file's path.
    private func appendConflicts(_ conflicts: [SyncConflict], at now: Date) throws(InterchangeError) -> String {
        let path = paths.conflicts.path
        var text = SyncFiles.stamp(path) == nil ? [] : try SyncFiles.read(path)
        for conflict in conflicts {
            let winner = conflict.lostSide == .list ? "vdir" : "list"
            let line = "\(ICalendarDate.utcText(now)) \"\(conflict.title)\" \(conflict.field.rawValue): kept \"\(conflict.kept)\" "
                + "(\(winner), newer), lost \"\(conflict.lost)\" (\(conflict.lostSide.rawValue))\n"
            text += Array(line.utf8)
        }
        try SyncFiles.makeDirectory(SyncFiles.directoryPart(path))
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
        return text
    }
}
