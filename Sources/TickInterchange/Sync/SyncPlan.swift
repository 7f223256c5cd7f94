import FoundationEssentials
import TickCore

/// One item of the vdir as sync sees it.
struct VdirItem {
    var file: String
    var uid: String
    var fields: SyncFields
    /// LAST-MODIFIED (else DTSTAMP); nil for a file unchanged since the last sync.
    var modified: Date?
    var completed: Date?
    var created: Date?
    var size: Int64
    var stamp: Int64
    /// The file as read; nil when it was not read because it did not change.
    var parsed: VTODOFile?
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
        /// Writes the item's file: patches the existing one (`old` is what it holds) or makes a new one.
        case write(id: UUID, file: String, uid: String, fields: SyncFields, old: VdirItem?, modified: Date, completed: Date?, created: Date?)
        case delete(file: String)
    }

    var listChanges: [ListChange] = []
    var vdirChanges: [VdirChange] = []
    /// The next state, before the files written get their new stamps.
    var entries: [SyncState.Entry] = []
    var conflicts: [SyncConflict] = []

    /// Decides every item. `listChangedAt` stands in for an item's `modifiedAt` when the
    /// list does not say when it changed (the list file's modification time: the change
    /// was saved at or before it).
    init(list: ToDoList, vdir: [UUID: VdirItem], base: [UUID: SyncState.Entry], listChangedAt: Date?, now: Date) {
        var seen = Set<UUID>()
        var usedFiles = Set(vdir.values.map(\.file)).union(base.values.map(\.file))
        func decide(_ id: UUID, listItem: ToDoItem?, done: Bool) {
            guard seen.insert(id).inserted else { return }
            let entry = base[id]
            let vItem = vdir[id]
            let listFields = listItem.map { SyncFields(item: $0, done: done) }
            let listModified = listItem.flatMap { item in
                item.modifiedAt ?? (entry.map { !SyncFields(item: item, done: done).same(as: $0.fields) } ?? true ? listChangedAt : nil)
            }
            let result = SyncMerge.merge(
                base: entry?.fields,
                list: listFields.map { SyncMerge.Version(fields: $0, modified: listModified) },
                vdir: vItem.map { SyncMerge.Version(fields: $0.fields, modified: $0.modified) })
            conflicts += result.conflicts
            guard let merged = result.merged else {
                if listItem != nil { listChanges.append(.remove(id)) }
                if let vItem { vdirChanges.append(.delete(file: vItem.file)) }
                return
            }
            if let listFields {
                if !merged.same(as: listFields) { listChanges.append(.update(id, merged, from: vItem)) }
            } else if let vItem {
                listChanges.append(.insert(id, merged, from: vItem))
            }
            let uid = vItem?.uid ?? entry?.uid ?? listItem?.externalUID ?? id.uuidString
            var file = vItem?.file ?? entry?.file ?? ""
            if file.isEmpty {
                file = Self.fileName(for: uid, avoiding: usedFiles)
                usedFiles.insert(file)
            }
            if vItem.map({ !merged.same(as: $0.fields) }) ?? true {
                let modified = max(listModified ?? now, vItem?.modified ?? .distantPast)
                vdirChanges.append(.write(id: id, file: file, uid: uid, fields: merged, old: vItem, modified: modified,
                                          completed: listItem?.completedAt, created: listItem?.createdAt))
            }
            entries.append(SyncState.Entry(id: id.uuidString, uid: uid, file: file, fields: merged,
                                           size: vItem?.size ?? -1, modified: vItem?.stamp ?? -1))
        }
        for item in list.toDoItems { decide(item.id, listItem: item, done: false) }
        for item in list.doneItems { decide(item.id, listItem: item, done: true) }
        for item in vdir.values.sorted(by: { $0.file < $1.file }) {
            if let id = SyncIdentity.id(forUID: item.uid) { decide(id, listItem: nil, done: false) }
        }
        for (id, _) in base.sorted(by: { $0.value.id < $1.value.id }) { decide(id, listItem: nil, done: false) }
        entries.sort { $0.id < $1.id }
    }

    /// `<uid-safe>.ics`: the UID with every character but letters, digits, `-`, `_`, `.`
    /// and `@` made `_`, and a number added when that name is taken.
    static func fileName(for uid: String, avoiding used: Set<String>) -> String {
        let safe = String(uid.unicodeScalars.prefix(200).map { scalar -> Character in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || "-_.@".unicodeScalars.contains(scalar))
                ? Character(scalar) : "_"
        })
        let stem = safe.isEmpty || safe.hasPrefix(".") ? "item" + safe : safe
        var name = stem + ".ics"
        var number = 2
        while used.contains(name) {
            name = "\(stem)-\(number).ics"
            number += 1
        }
        return name
    }

    /// Whether the list changes.
    var changesList: Bool { !listChanges.isEmpty }
}

/// The list item id a VTODO UID stands for.
enum SyncIdentity {
    /// The UUID the UID spells, else a stable UUID derived from its text (the same UID
    /// always gives the same id, so a non-UUID UID matches its item on every sync).
    static func id(forUID uid: String) -> UUID? {
        if let id = UUID(uuidString: uid) { return id }
        guard !uid.isEmpty else { return nil }
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in uid.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
            return hash
        }
        let high = fnv(0xCBF2_9CE4_8422_2325), low = fnv(0x8422_2325_CBF2_9CE4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (56 - 8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (56 - 8 * index))
        }
        bytes[6] = (bytes[6] & 0x0F) | 0x80  // version 8: a custom, name-based UUID
        bytes[8] = (bytes[8] & 0x3F) | 0x80  // RFC 4122 variant
        return UUID(uuid: (bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                           bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]))
    }
}
