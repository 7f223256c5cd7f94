import FoundationEssentials

/// The three-way decision for one item: the list's version, the vdir's version and the
/// version both had at the last sync (the base) give the item both sides hold afterwards.
///
/// - A field changed on one side only takes that change.
/// - A field changed on both sides to different values takes both changes when its row
///   combines them (``SyncField/combined(list:vdir:base:)``: the tags, as a set); else the
///   newer side's value (the list's `modifiedAt` against the VTODO's LAST-MODIFIED; a side
///   without a time is the older, and on a tie the vdir wins), and the loser is reported as
///   a ``SyncConflict``.
/// - An item new on one side is taken; new on both (the first sync of a list with a vdir
///   that holds the same UIDs) is merged field by field as a conflict of every field that differs.
/// - An item deleted on one side and unchanged on the other is deleted; edited on the other,
///   the edit wins and the item comes back (a new place in its section is no such edit).
public enum SyncMerge {
    /// One side's version of an item.
    public struct Version: Sendable, Equatable {
        public var fields: SyncFields
        /// When that side last changed the item, if it says.
        public var modified: Date?

        public init(fields: SyncFields, modified: Date?) {
            self.fields = fields
            self.modified = modified
        }
    }

    /// The item both sides hold after the sync (nil: deleted on both), and the losing values.
    public struct Result: Sendable, Equatable {
        public var merged: SyncFields?
        public var conflicts: [SyncConflict]
    }

    public static func merge(base: SyncFields?, list: Version?, vdir: Version?) -> Result {
        switch (list, vdir) {
        case (nil, nil):
            return Result(merged: nil, conflicts: [])
        case (let list?, nil):
            // Deleted in the vdir: gone unless the list changed it since.
            if let base, list.fields.sameEdits(as: base) { return Result(merged: nil, conflicts: []) }
            return Result(merged: list.fields, conflicts: [])
        case (nil, let vdir?):
            if let base, vdir.fields.sameEdits(as: base) { return Result(merged: nil, conflicts: []) }
            return Result(merged: vdir.fields, conflicts: [])
        case (let list?, let vdir?):
            return mergeFields(base: base, list: list, vdir: vdir)
        }
    }

    /// Both sides hold the item: field by field.
    private static func mergeFields(base: SyncFields?, list: Version, vdir: Version) -> Result {
        // Start from the vdir's version, so that what only the file says (a due that is a
        // day) stays when the list did not change that field.
        var merged = vdir.fields
        var conflicts: [SyncConflict] = []
        let listIsNewer = (list.modified ?? .distantPast) > (vdir.modified ?? .distantPast)
        for row in SyncFields.rows where !row.same(list.fields, vdir.fields) {
            let listChanged = base.map { !row.same(list.fields, $0) } ?? true
            let vdirChanged = base.map { !row.same(vdir.fields, $0) } ?? true
            if listChanged && !vdirChanged {
                row.take(from: list.fields, into: &merged)
            } else if listChanged && vdirChanged {
                if row.combine(list: list.fields, vdir: vdir.fields, base: base, into: &merged) { continue }
                let (winner, loser) = listIsNewer ? (list.fields, vdir.fields) : (vdir.fields, list.fields)
                row.take(from: winner, into: &merged)
                conflicts.append(SyncConflict(field: row.field, title: merged.title, kept: row.describe(winner),
                                              lost: row.describe(loser), lostSide: listIsNewer ? .vdir : .list))
            }
        }
        return Result(merged: merged, conflicts: conflicts)
    }
}

/// A field changed on both sides: the value kept and the value that lost.
public struct SyncConflict: Sendable, Equatable, Codable {
    public enum Side: String, Sendable, Codable {
        case list, vdir
    }

    public var field: SyncFields.Field
    /// The item's title after the merge, to find it.
    public var title: String
    public var kept: String
    public var lost: String
    /// The side whose value lost.
    public var lostSide: Side
    /// Why the kept value won, when not by being the newer change (an item tick moved to
    /// another list: its file goes whatever the other app changed).
    public var reason: String? = nil
}
