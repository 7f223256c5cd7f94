import FoundationEssentials

/// Moving items between two lists of a set: two files written, in the order that never
/// loses an item.
extension ListSet {
    /// What a move did.
    public struct MoveResult: Sendable, Equatable {
        /// The items moved, as they are now in the target, in their source order.
        public var items: [ToDoItem]
        /// Of those, the ids the target held already (copies left by a move interrupted
        /// between its two writes): not copied again, only dropped from the source.
        public var alreadyInTarget: [UUID]
        /// The undo journals could not be written: the move stands, but undo cannot undo it.
        public var journalError: StoreError?
    }

    /// Moves the items with `ids` (a block: one call for an item and its subtasks) from the
    /// list `source` to the list `target`: same ids, every field kept (unknown and
    /// iCalendar extras too). Each lands in its own section (To Do or Done) of the target
    /// at its end, as `tick add` adds; the source loses them.
    ///
    /// Both lists are locked (in path order, so two opposite moves cannot wait on each
    /// other). The target is written first (durably: synced and renamed), then the source:
    /// a crash between the two leaves the items in both lists — a duplicate, never a loss.
    /// Moving such an item again finds its id in the target already and only drops it from
    /// the source (``MoveResult/alreadyInTarget``), so the duplicate resolves and no second
    /// copy is made.
    ///
    /// With `command` (`tick move`), the move is recorded in both lists' undo journals as
    /// two entries naming each other (``UndoJournal/Entry/pair``), undone together by
    /// ``ToDoStore/undoLast(in:anyway:)`` from either list.
    public func move(_ ids: [UUID], from source: String, to target: String, recordingAs command: String?) throws(ListSetError) -> MoveResult {
        try move(ids, from: source, to: target, recordingAs: command, betweenWrites: {})
    }

    /// ``move(_:from:to:recordingAs:)`` with a test hook run after the target is written and
    /// before the source is: throwing from it stops the move there, as a crash would.
    func move(
        _ ids: [UUID], from source: String, to target: String, recordingAs command: String?,
        betweenWrites: () throws -> Void
    ) throws(ListSetError) -> MoveResult {
        // A store's change reads the clock once, as it reads the file once.
        let now = Date()
        let from = try store(named: source), to = try store(named: target)
        let fromPath = from.file.resolved(), toPath = to.file.resolved()
        guard fromPath != toPath else { throw .sameList(target) }
        let (first, second) = fromPath.path < toPath.path ? (from, to) : (to, from)
        return try Self.storeStep(to.fileURL.path) {
            try first.withLock { _ in
                try second.withLock { _ in
                    var sourceList = try from.read(fromPath) ?? ToDoList()
                    var targetList = try to.read(toPath) ?? ToDoList()
                    var seen = Set<UUID>()
                    var places: [Place] = []
                    for id in ids where seen.insert(id).inserted {
                        guard let place = sourceList.position(of: id) else { throw ListSetError.missingItem(id, list: source) }
                        places.append((sourceList.items(in: place.section)[place.index], place.section, place.index))
                    }
                    // Source order, so that the inverse inserts restore each position; a parent
                    // before its subtasks, which an insert would leave top level without it (a
                    // done parent's open subtask is in To Do, above it).
                    places.sort { ($0.section == .toDo ? 0 : 1, $0.index) < ($1.section == .toDo ? 0 : 1, $1.index) }
                    places = Self.parentsFirst(places)
                    let already = places.filter { targetList.contains($0.item.id) }.map(\.item.id)
                    let inserts = places.filter { !targetList.contains($0.item.id) }.map { ToDoList.Operation.insert($0.item, $0.section, at: nil) }
                    for operation in inserts { try targetList.merge(operation, at: now) }
                    // A duplicate left by an interrupted move whose source copy was edited
                    // since: the target takes the newer copy, in the place it has there.
                    let newer = places.filter { place in
                        targetList.item(withID: place.item.id).map { (place.item.modifiedAt ?? .distantPast) > ($0.modifiedAt ?? .distantPast) } ?? false
                    }
                    for place in newer {
                        guard let there = targetList.position(of: place.item.id) else { continue }
                        try targetList.merge(.remove(place.item.id), at: now)
                        try targetList.merge(.insert(place.item, place.section, at: there.section == place.section ? there.index : nil), at: now)
                    }
                    if !inserts.isEmpty || !newer.isEmpty { try to.write(targetList, to: toPath) }
                    try betweenWrites()
                    let removes = places.map { ToDoList.Operation.remove($0.item.id) }
                    for operation in removes { try sourceList.merge(operation, at: now) }
                    try from.write(sourceList, to: fromPath)
                    let moved = places.compactMap { targetList.item(withID: $0.item.id) }
                    var result = MoveResult(items: moved, alreadyInTarget: already, journalError: nil)
                    guard let command else { return result }
                    let titles = places.map(\.item.title)
                    var sourceEntry = UndoJournal.Entry(
                        name: UndoJournal.name("move", titles: titles) + " to \(target)", forward: removes,
                        inverse: places.map { .insert($0.item, $0.section, at: $0.index) }, source: command
                    )
                    var targetEntry = UndoJournal.Entry(
                        name: UndoJournal.name("move", titles: titles) + " from \(source)",
                        forward: places.map { .insert($0.item, $0.section, at: nil) }, inverse: removes, source: command
                    )
                    sourceEntry.pair = UndoJournal.Pair(list: toPath.path, entry: targetEntry.id)
                    targetEntry.pair = UndoJournal.Pair(list: fromPath.path, entry: sourceEntry.id)
                    do throws(StoreError) {
                        try UndoJournal(list: to.fileURL, directory: journalDirectory)
                            .apply([.recorded(targetEntry)], after: to.file.version(toPath))
                        try UndoJournal(list: from.fileURL, directory: journalDirectory)
                            .apply([.recorded(sourceEntry)], after: from.file.version(fromPath))
                    } catch {
                        result.journalError = error
                    }
                    return result
                }
            }
        }
    }

    /// The places (in source order) in an order that inserts them back each at its index:
    /// each section's in its order, and a parent before its subtasks, which an insert would
    /// leave top level without it (a done parent's open subtask is in To Do, above it).
    /// Within a section a parent is above its subtasks, so taking the first of To Do's or
    /// Done's next places whose parent is in already always goes on.
    typealias Place = (item: ToDoItem, section: ToDoList.Section, index: Int)
    static func parentsFirst(_ places: [Place]) -> [Place] {
        let ids = Set(places.map(\.item.id))
        var placed = Set<UUID>()
        var toDo = places.filter { $0.section == .toDo }[...], done = places.filter { $0.section == .done }[...]
        var ordered: [Place] = []
        func ready(_ place: Place?) -> Bool {
            guard let place else { return false }
            return place.item.parent.map { !ids.contains($0) || placed.contains($0) } ?? true
        }
        while !toDo.isEmpty || !done.isEmpty {
            let next: Place
            if ready(toDo.first), let first = toDo.popFirst() {
                next = first
            } else if ready(done.first), let first = done.popFirst() {
                next = first
            } else {
                // (A list keeps parents free of cycles; were one here, its items go as they are.)
                return ordered + toDo + done
            }
            ordered.append(next)
            placed.insert(next.item.id)
        }
        return ordered
    }
}
