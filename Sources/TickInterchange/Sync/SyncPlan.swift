import FoundationEssentials
import TickCore

/// One item of the vdir as sync sees it.
struct VdirItem {
    var file: String
    var uid: String
    var fields: SyncFields
    /// LAST-MODIFIED; nil for a file unchanged since the last sync.
    var modified: Date?
    var size: Int64
    var stamp: Int64
    /// The item the file holds, as the iCalendar codec reads it; nil when the file was not
    /// read because it did not change.
    var decoded: ToDoItem?
}

/// What one sync changes on each side: the three-way decision (``SyncMerge``) for every
/// item either side or the last state knows.
struct SyncPlan {
    enum ListChange {
        case insert(UUID, SyncFields, from: VdirItem)
        case update(UUID, SyncFields, from: VdirItem?)
        case remove(UUID)
    }

    enum VdirChange {
        /// Writes the item's file: patches the existing one (`old` is what it held) or makes a
        /// new one from the list's item.
        case write(file: String, uid: String, fields: SyncFields, old: VdirItem?, listItem: ToDoItem?, modified: Date)
        case delete(file: String)
    }

    var listChanges: [ListChange] = []
    var vdirChanges: [VdirChange] = []
    /// The next state, before the files written get their new stamps.
    var entries: [SyncState.Entry] = []
    var conflicts: [SyncConflict] = []
    /// Whether the merged order differs from the list's: the sections are sorted by it.
    var reordersList = false

    /// Decides every item. `listChangedAt` stands in for an item's `modifiedAt` when the
    /// list does not say when it changed (the list file's modification time: the change
    /// was saved at or before it).
    init(list: ToDoList, vdir: [UUID: VdirItem], base: [UUID: SyncState.Entry], listChangedAt: Date?, now: Date,
         movedAway: @autoclosure () -> Set<UUID> = [], movedOnServer: @autoclosure () -> Set<UUID> = []) {
        // (Asked for only when an item the last sync saw is gone from the list, or from the
        // vdir after tick changed it.)
        var moved: Set<UUID>?
        var movedThere: Set<UUID>?
        var seen = Set<UUID>()
        var usedFiles = Set(vdir.values.map(\.file)).union(base.values.map(\.file))
        var listOrder: [UUID: Int] = [:]
        // The list's values keep the last sync's; an item the last sync did not see (all of
        // them when starting over) keeps its file's where the list's order agrees, so that one
        // order numbered otherwise on the two sides is no change.
        let orderBase = vdir.compactMapValues(\.fields.order).merging(base.compactMapValues(\.fields.order)) { _, last in last }
        for section in [list.toDoItems, list.doneItems] {
            let ids = section.map(\.id)
            let values = SyncOrder.values(of: ids, base: orderBase)
            for (id, value) in zip(ids, values) { listOrder[id] = value }
        }
        let bothTicked = Self.occurrencesTickedOnBothSides(list: list, vdir: vdir, base: base)
        let supersededCopies = Set(bothTicked.values)
        // A new item from the vdir that says no order goes where it is put: at To Do's end, Done's top.
        var lastToDo = list.toDoItems.last.flatMap { listOrder[$0.id] } ?? -1
        var firstDone = list.doneItems.first.flatMap { listOrder[$0.id] } ?? 0
        func decide(_ id: UUID, listItem: ToDoItem?, done: Bool) {
            guard seen.insert(id).inserted else { return }
            let entry = base[id]
            var vItem = vdir[id]
            // An item tick moved to another list (of a folder of collections) leaves this
            // collection: its file goes, as the move's other half makes one in that list's; what
            // the file was changed to since is kept in the conflicts file, not brought back here
            // as a second copy of the item.
            if listItem == nil, let entry, let file = vItem, { moved = moved ?? movedAway(); return moved?.contains(id) ?? false }() {
                conflicts += Self.lostToMove(file.fields, since: entry.fields, side: .vdir, kept: "(moved to another list in tick)")
                vdirChanges.append(.delete(file: file.file))
                return
            }
            // The other way round: an item another app moved to another collection while tick
            // changed it here leaves this list (that collection's sync brings it into its
            // list); what tick changed since is kept in the conflicts file, not brought back
            // here as a second copy.
            if vItem == nil, let listItem, let entry, case let fields = SyncFields(item: listItem, done: done),
               !fields.sameEdits(as: entry.fields), { movedThere = movedThere ?? movedOnServer(); return movedThere?.contains(id) ?? false }() {
                conflicts += Self.lostToMove(fields, since: entry.fields, side: .list, kept: "(moved to another list elsewhere)")
                listChanges.append(.remove(id))
                return
            }
            // tick's done copy of an occurrence the other app completed too: it goes (below).
            if supersededCopies.contains(id), entry == nil, vItem == nil {
                listChanges.append(.remove(id))
                return
            }
            var listFields = listItem.map { SyncFields(item: $0, done: done) }
            listFields?.order = listOrder[id]
            // The series the other app completed as its own way of ticking the occurrence off:
            // its completion stands (the list's moving on is the same tick, made twice); what
            // else tick changed merges as ever.
            if bothTicked[id] != nil, let last = entry?.fields {
                listFields?.done = last.done
                listFields?.due = last.due
                listFields?.dueIsDay = last.dueIsDay
                listFields?.recurrence = last.recurrence
            }
            // A state from before order synced, and a file without X-APPLE-SORT-ORDER, say no
            // order: taken as unchanged (the list's order, as the state's or the file's).
            var baseFields = entry?.fields
            if baseFields?.order == nil { baseFields?.order = listOrder[id] ?? vItem?.fields.order }
            if vItem?.fields.order == nil { vItem?.fields.order = baseFields?.order ?? listOrder[id] }
            if let done = vItem?.fields.done, vItem?.fields.order == nil {
                // Saturating: a file's value may be Int's end (the next sync numbers again).
                if done { firstDone = firstDone.subtractingReportingOverflow(1).overflow ? firstDone : firstDone - 1 }
                else { lastToDo = lastToDo.addingReportingOverflow(1).overflow ? lastToDo : lastToDo + 1 }
                vItem?.fields.order = done ? firstDone : lastToDo
            }
            let listModified = listItem.flatMap { item in
                item.modifiedAt ?? (baseFields.map { !(listFields?.same(as: $0) ?? true) } ?? true ? listChangedAt : nil)
            }
            let result = SyncMerge.merge(
                base: baseFields,
                list: listFields.map { SyncMerge.Version(fields: $0, modified: listModified) },
                vdir: vItem.map { SyncMerge.Version(fields: $0.fields, modified: $0.modified) })
            conflicts += result.conflicts
            guard let merged = result.merged else {
                if listItem != nil { listChanges.append(.remove(id)) }
                if let vItem { vdirChanges.append(.delete(file: vItem.file)) }
                return
            }
            if let listFields {
                // What tick keeps of other apps' properties follows the file whenever the file
                // was read (it changed since the last sync), also when no field of tick's did.
                let keptChanged = vItem?.decoded.map { $0.iCalendarExtras != listItem?.iCalendarExtras } ?? false
                if !merged.same(as: listFields) || keptChanged { listChanges.append(.update(id, merged, from: vItem)) }
                if merged.order != listFields.order { reordersList = true }
            } else if let vItem {
                listChanges.append(.insert(id, merged, from: vItem))
                if merged.order != nil { reordersList = true }
            }
            let uid = vItem?.uid ?? entry?.uid ?? listItem?.externalUID ?? id.uuidString
            var file = vItem?.file ?? entry?.file ?? ""
            if file.isEmpty {
                file = Vdir.fileName(for: uid, taken: &usedFiles)
            }
            if vItem.map({ !merged.same(as: $0.fields) }) ?? true {
                let modified = max(listModified ?? now, vItem?.modified ?? .distantPast)
                vdirChanges.append(.write(file: file, uid: uid, fields: merged, old: vItem, listItem: listItem, modified: modified))
            }
            entries.append(SyncState.Entry(id: id.uuidString, uid: uid, file: file, fields: merged,
                                           size: vItem?.size ?? -1, modified: vItem?.stamp ?? -1))
        }
        for item in list.toDoItems { decide(item.id, listItem: item, done: false) }
        for item in list.doneItems { decide(item.id, listItem: item, done: true) }
        // Then what only the vdir or only the state holds (few, so sorted after filtering).
        let vdirOnly = vdir.filter { !seen.contains($0.key) }.map { (id: $0.key, file: $0.value.file) }
        for (id, _) in vdirOnly.sorted(by: { $0.file < $1.file }) { decide(id, listItem: nil, done: false) }
        let baseOnly = base.filter { !seen.contains($0.key) }.map { (id: $0.key, text: $0.value.id) }
        for (id, _) in baseOnly.sorted(by: { $0.text < $1.text }) { decide(id, listItem: nil, done: false) }
        entries.sort { $0.id < $1.id }
    }

    /// Whether the list changes.
    var changesList: Bool { !listChanges.isEmpty }

    /// The changes one side made since the last sync to an item the other side moved to
    /// another list: they lose to the move, one conflict per field (its place aside).
    static func lostToMove(_ fields: SyncFields, since base: SyncFields, side: SyncConflict.Side, kept: String) -> [SyncConflict] {
        SyncFields.rows.filter { $0.field != .order && !$0.same(fields, base) }.map { row in
            SyncConflict(field: row.field, title: fields.title, kept: kept, lost: row.describe(fields), lostSide: side, reason: "moved")
        }
    }

    /// The repeating items ticked off on both sides since the last sync, by their series id,
    /// each with the id of tick's done copy of the occurrence: tick moved the series on (and
    /// made the copy); the other app, as todoman does, completed the series itself, its rule
    /// dropped, at the due it had (and made a new series, a new item of the vdir). Merged field
    /// by field they would make a done item due at the next occurrence; the other app's
    /// completion stands instead, and the copy, a second done item for the occurrence, goes.
    static func occurrencesTickedOnBothSides(list: ToDoList, vdir: [UUID: VdirItem], base: [UUID: SyncState.Entry]) -> [UUID: UUID] {
        var result: [UUID: UUID] = [:]
        for item in list.toDoItems where item.recurrence != nil {
            guard let last = base[item.id]?.fields, let file = vdir[item.id]?.fields, let lastDue = last.due,
                  last.recurrence != nil, !last.done, file.done, file.recurrence == nil, file.due == lastDue,
                  let due = item.due, due.timeIntervalSince1970 != lastDue else { continue }
            result[item.id] = ToDoList.occurrenceID(series: item.id, due: Date(timeIntervalSince1970: lastDue), isDay: last.dueIsDay)
        }
        return result
    }
}
