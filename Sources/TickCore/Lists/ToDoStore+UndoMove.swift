import FoundationEssentials

/// `tick undo` of a move between lists: both halves undone together.
extension ToDoStore {
    /// Undoes `entry`, this list's half of a move between lists, and its pair in the other
    /// list's journal, under both lists' locks (in path order). The half that puts items
    /// back (the source's) is written first, then the half that takes them out (the
    /// target's), so that a crash between leaves a duplicate, never a loss; an item put
    /// back is the target's copy as it is now (an edit made there since is kept), under the
    /// parent it had (a subtask moved alone is top level in the target).
    ///
    /// Unless `anyway`, nothing is undone when either list changed since the move by a
    /// change its journal does not hold, or the other half is not the newest entry of its
    /// journal. When the other half is gone from its journal (or its list is), nothing is
    /// undone even `anyway` (undoing one half alone could lose the items), and this half is
    /// dropped from the journal, so that the changes before it can be undone.
    func undoMove(_ entry: UndoJournal.Entry, in journal: UndoJournal, anyway: Bool) throws(StoreError) -> UndoOutcome {
        guard let pair = entry.pair else { return .nothingToUndo }
        let now = Date()
        let other = ToDoStore(fileURL: URL(fileURLWithPath: pair.list))
        let otherJournal = UndoJournal(list: other.fileURL, directory: journal.url.deletingLastPathComponent())
        let herePath = file.resolved(), therePath = other.file.resolved()
        let (first, second) = herePath.path < therePath.path ? (self, other) : (other, self)
        do {
            return try first.withLock { _ in
                try second.withLock { _ in
                    guard let mine = try journal.entries().last, mine.id == entry.id else { return .changedElsewhere(entry) }
                    let theirs = try otherJournal.entries()
                    guard let partner = theirs.last(where: { $0.id == pair.entry }), other.file.version(therePath) != nil else {
                        // (Renamed or removed, the other list took its journal with it. Kept, this
                        // half would stop every older change here from being undone; dropped, the
                        // move stays, and the change under it describes the list as it is.)
                        try journal.apply([.undone(entry.id, wasCurrent: true)], after: file.version(herePath))
                        throw StoreError(kind: .rejected, path: pair.list, problem: """
                            the other half of the \(entry.name) is gone from this list's undo journal (its list was renamed or \
                            removed); nothing undone (undoing one half alone could lose the items), and the move is dropped from \
                            the journal: undo again undoes the change before it
                            """)
                    }
                    let current = entry.after != nil && entry.after == file.version(herePath)
                        && partner.after != nil && partner.after == other.file.version(therePath)
                    if !anyway && (!current || theirs.last?.id != partner.id) { return .changedElsewhere(entry) }
                    var hereList = try read(herePath) ?? ToDoList()
                    var thereList = try other.read(therePath) ?? ToDoList()
                    // The half that inserts (the source's) first.
                    let hereFirst = entry.inverse.contains { if case .insert = $0 { true } else { false } }
                    let putBack: (inout ToDoList, [ToDoList.Operation], ToDoList) throws -> Void = { list, inverse, current in
                        for operation in inverse {
                            guard case let .insert(item, section, position) = operation else { try list.merge(operation, at: now); continue }
                            // A subtask moved without its parent was top level there: back here,
                            // under its parent again.
                            var back = current.item(withID: item.id) ?? item
                            if back.parent == nil { back.parent = item.parent }
                            try list.merge(.insert(back, section, at: position), at: now)
                        }
                    }
                    if hereFirst {
                        try putBack(&hereList, entry.inverse, thereList)
                        try write(hereList, to: herePath)
                        for operation in partner.inverse { try thereList.merge(operation, at: now) }
                        try other.write(thereList, to: therePath)
                    } else {
                        try putBack(&thereList, partner.inverse, hereList)
                        try other.write(thereList, to: therePath)
                        for operation in entry.inverse { try hereList.merge(operation, at: now) }
                        try write(hereList, to: herePath)
                    }
                    try otherJournal.apply([.undone(partner.id, wasCurrent: current)], after: other.file.version(therePath))
                    try journal.apply([.undone(entry.id, wasCurrent: current)], after: file.version(herePath))
                    return .undid(entry)
                }
            }
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(kind: .rejected, path: fileURL.path, problem: "\(error)")
        }
    }
}
