import FoundationEssentials
import TickCore

/// What an import does to a list: which items it adds, which it updates (same id, other
/// fields or done state) and which it leaves as they are, as the ``ToDoList/Operation``s
/// that do it and the list they make.
///
/// One item per id: an entry whose id is already in the list updates that item in place
/// (an item that changes section goes to the top of Done or the end of To Do, as a check
/// or uncheck would put it); new items are appended to their section in the input's order.
public struct ImportPlan: Sendable {
    public private(set) var added: [ExchangeEntry] = []
    public private(set) var updated: [ExchangeEntry] = []
    public private(set) var unchanged: [ExchangeEntry] = []
    /// The operations that make ``list`` from the original list, by item id, so that the
    /// store can merge them into a file another process changed meanwhile; made when asked
    /// (an import into a list adds 100,000 of them, which `tick import` does not need).
    public var operations: [ToDoList.Operation] {
        changes + Self.parentsFirst(added.map { .insert($0.item, $0.done ? .done : .toDo, at: nil) })
    }
    /// The operations of the updates: replacements in place, then the moves' removals and insertions.
    private var changes: [ToDoList.Operation] = []
    /// The list after the import.
    public private(set) var list: ToDoList

    /// Plans importing `entries`, read from `format`, into `original`; two entries with one
    /// id are an error naming the id and both lines. An update keeps the fields `format`
    /// cannot hold (a taskwarrior import leaves locations as they were), and a date the
    /// format keeps only to the second stays as precise as it was when it names the same second.
    /// `calendar` is the zone the input's days were read in (taskwarrior's local midnights).
    public init(importing entries: [ExchangeEntry], from format: InterchangeFormat = .json, into original: ToDoList,
                source: String, calendar: LocalTime = .current) throws(InterchangeError) {
        var firstLine: [UUID: Int] = [:]
        firstLine.reserveCapacity(entries.count)
        for (index, entry) in entries.enumerated() {
            if let earlierIndex = firstLine.updateValue(index, forKey: entry.item.id) {
                let earlier = entries[earlierIndex]
                let name = entry.item.externalUID ?? entry.item.id.uuidString.lowercased()
                var places = ""
                if let first = earlier.line, let second = entry.line {
                    // Two files of a vdir: name both.
                    if let a = earlier.source, let b = entry.source, a != b {
                        places = " (\(a) line \(first) and \(b) line \(second))"
                    } else {
                        places = " (lines \(first) and \(second))"
                    }
                }
                throw InterchangeError(source: entry.source ?? source, line: entry.line,
                                       problem: "two items have the id \(name)" + places)
            }
        }
        var positions: [UUID: (section: ToDoList.Section, index: Int)] = [:]
        positions.reserveCapacity(original.count)
        for section in ToDoList.Section.allCases {
            for (index, item) in original.items(in: section).enumerated() { positions[item.id] = (section, index) }
        }
        var toDo = Array(original.toDoItems)
        var done = Array(original.doneItems)
        var moved: Set<UUID> = []
        var newlyDone: [ToDoItem] = []
        var reopened: [ToDoItem] = []
        var newToDo: [ToDoItem] = []
        var newDone: [ToDoItem] = []
        var replacements: [ToDoList.Operation] = []
        var moves: [ToDoList.Operation] = []
        added.reserveCapacity(entries.count - min(entries.count, original.count))
        for var entry in entries {
            if let (oldSection, index) = positions[entry.item.id] {
                let existing = oldSection == .toDo ? toDo[index] : done[index]
                // An input without a creation time does not move the item's own to the time of this import.
                if entry.createdAtIsDefault { entry.item.createdAt = existing.createdAt }
                entry.item = Self.merged(entry.item, over: existing, format: format, done: entry.done, calendar: calendar)
            }
            let item = entry.item
            let section: ToDoList.Section = entry.done ? .done : .toDo
            guard let (oldSection, index) = positions[item.id] else {
                added.append(entry)
                if entry.done { newDone.append(item) } else { newToDo.append(item) }
                continue
            }
            if oldSection == section {
                let old = section == .toDo ? toDo[index] : done[index]
                guard old != item else { unchanged.append(entry); continue }
                updated.append(entry)
                if section == .toDo { toDo[index] = item } else { done[index] = item }
                replacements.append(.remove(item.id))
                replacements.append(.insert(item, section, at: index))
            } else {
                updated.append(entry)
                moved.insert(item.id)
                moves.append(.remove(item.id))
                if entry.done {
                    moves.append(.insert(item, .done, at: newlyDone.count))
                    newlyDone.append(item)
                } else {
                    moves.append(.insert(item, .toDo, at: nil))
                    reopened.append(item)
                }
            }
        }
        if !moved.isEmpty {
            toDo.removeAll { moved.contains($0.id) }
            done.removeAll { moved.contains($0.id) }
        }
        // The moves' insertions come after all their removals, as in `moves`: reorder them so.
        let moveRemovals = moves.filter { if case .remove = $0 { true } else { false } }
        let moveInsertions = moves.filter { if case .insert = $0 { true } else { false } }
        do {
            list = try ToDoList(toDoItems: toDo + reopened + newToDo, doneItems: newlyDone + done + newDone,
                                unknownFields: original.unknownFields)
        } catch {
            throw InterchangeError(source: source, problem: error.description)
        }
        // (iCalendar names a parent by UID: one not there yet leaves the item top level.)
        if format == .json { try Self.checkParents(entries, in: list, original: original, source: source) }
        changes = replacements + moveRemovals + moveInsertions
    }

    /// Refuses an entry whose parent is no item of the list the import makes, or is the
    /// item itself or one of its subtasks (a cycle, which the list would otherwise break
    /// without a word).
    private static func checkParents(_ entries: [ExchangeEntry], in list: ToDoList, original: ToDoList,
                                     source: String) throws(InterchangeError) {
        guard entries.contains(where: { $0.item.parent != nil }) else { return }
        // (The parents as the list had them: the list the import makes has broken a cycle already.)
        var parentOf: [UUID: UUID] = [:]
        for item in original.allItems { parentOf[item.id] = item.parent }
        for entry in entries { parentOf[entry.item.id] = entry.item.parent }
        for entry in entries {
            guard let parent = entry.item.parent else { continue }
            func refuse(_ what: String) -> InterchangeError {
                InterchangeError(source: entry.source ?? source, line: entry.line,
                                 problem: "the parent \(parent.uuidString) of \"\(VisibleText.line(entry.item.title))\" is \(what)")
            }
            guard list.contains(parent) else { throw refuse("no item of the input or the list") }
            var current: UUID? = parent, steps = 0
            while let ancestor = current, steps <= parentOf.count {
                if ancestor == entry.item.id { throw refuse(parent == ancestor ? "the item itself" : "one of its own subtasks") }
                current = parentOf[ancestor]
                steps += 1
            }
        }
    }

    /// `insertions` reordered (stably) so that an item's parent is inserted before it, as
    /// applying them needs: by how many of its ancestors are inserted too.
    private static func parentsFirst(_ insertions: [ToDoList.Operation]) -> [ToDoList.Operation] {
        var parentOf: [UUID: UUID] = [:]
        for case let .insert(item, _, _) in insertions { if let parent = item.parent { parentOf[item.id] = parent } }
        guard !parentOf.isEmpty else { return insertions }
        let inserted = Set(insertions.compactMap { if case let .insert(item, _, _) = $0 { item.id } else { nil } })
        func depth(_ id: UUID) -> Int {
            var depth = 0
            var current = parentOf[id]
            while let parent = current, inserted.contains(parent), depth <= parentOf.count {
                depth += 1
                current = parentOf[parent]
            }
            return depth
        }
        let keyed = insertions.enumerated().map { (offset, operation) -> (Int, Int, ToDoList.Operation) in
            guard case let .insert(item, _, _) = operation else { return (0, offset, operation) }
            return (depth(item.id), offset, operation)
        }
        return keyed.sorted { ($0.0, $0.1) < ($1.0, $1.1) }.map(\.2)
    }

    /// `imported` with what `format` cannot hold taken from `existing`, its dates as
    /// `existing` has them when they name the same whole second, and `existing`'s iCalendar
    /// extras when the imported ones would write the same VTODO (tick's own export read
    /// back: the SEQUENCE and LAST-MODIFIED it wrote, now kept as read, change nothing).
    static func merged(_ imported: ToDoItem, over existing: ToDoItem, format: InterchangeFormat, done: Bool,
                       calendar: LocalTime = .current) -> ToDoItem {
        var item = imported
        let leavesOut = Set(format.leavesOut)
        if leavesOut.contains(.location) { item.location = existing.location }
        if leavesOut.contains(.notes) { item.notes = existing.notes }
        if leavesOut.contains(.externalUID) { item.externalUID = existing.externalUID }
        if leavesOut.contains(.iCalendarExtras) { item.iCalendarExtras = existing.iCalendarExtras }
        if leavesOut.contains(.taskwarriorExtras) { item.taskwarriorExtras = existing.taskwarriorExtras }
        if leavesOut.contains(.parent) { item.parent = existing.parent }
        if leavesOut.contains(.tags) { try? item.setTags(existing.tags) }
        if leavesOut.contains(.recurrence) { item.recurrence = existing.recurrence }
        keepLossyFields(of: existing, in: &item, format: format, done: done)
        func sameSecond(_ a: Date?, _ b: Date?) -> Bool {
            guard let a, let b else { return a == nil && b == nil }
            return a.timeIntervalSince1970.rounded(.down) == b.timeIntervalSince1970.rounded(.down)
        }
        if sameSecond(item.createdAt, existing.createdAt) { item.createdAt = existing.createdAt }
        if sameSecond(item.completedAt, existing.completedAt) { item.completedAt = existing.completedAt }
        if sameSecond(item.modifiedAt, existing.modifiedAt) { item.modifiedAt = existing.modifiedAt }
        if sameSecond(item.due, existing.due) {
            if let day = existing.dueDay { item.setDue(day: day) } else { item.setDue(instant: existing.due) }
        }
        // taskwarrior writes a day as its local midnight, and so reads it back: an item whose
        // due is a time at that very midnight keeps its time.
        if format == .taskwarrior, let day = item.dueDay, let due = existing.due, !existing.dueIsDay,
           sameSecond(Taskwarrior.midnight(of: day, in: calendar), due) {
            item.setDue(instant: due)
        }
        if format == .ics || format == .vdir, item.iCalendarExtras != existing.iCalendarExtras {
            var candidate = item
            candidate.iCalendarExtras = existing.iCalendarExtras
            if ICalendar.encodeFile(ICalendarEntry(item: candidate, isDone: done)) == ICalendar.encodeFile(ICalendarEntry(item: item, isDone: done)) {
                item = candidate
            }
        }
        // A time of change alone is no change (`task import` stamps its own `modified`).
        var probe = item
        probe.modifiedAt = existing.modifiedAt
        return probe == existing ? existing : item
    }

    /// The formats that update items by id and hold a priority, a repeat, tags or a due only
    /// in part: taskwarrior's H/M/L, and its recur without COUNT, UNTIL or BYDAY. (todo.txt,
    /// Markdown and calcurse's todo file carry no ids: their items are always new.)
    private static let lossyFormats: Set<InterchangeFormat> = [.taskwarrior]

    /// Keeps `existing`'s priority, repeat, tags, due and kept taskwarrior members where
    /// `imported` holds what the format makes of them (the item written in it and read
    /// back): tick's own export read back (priority 2 came back as H, 1; "every mon,thu" as
    /// weekly; a COUNT the export left out as no repeat; the notes as an annotation) changes
    /// none of them. A value the format holds that differs was changed in the other app, and
    /// is taken.
    private static func keepLossyFields(of existing: ToDoItem, in item: inout ToDoItem, format: InterchangeFormat, done: Bool) {
        guard lossyFormats.contains(format),
              item.priority != existing.priority || item.recurrence != existing.recurrence || item.tags != existing.tags
                || item.due != existing.due || item.dueIsDay != existing.dueIsDay
                || item.taskwarriorExtras != existing.taskwarriorExtras else { return }
        var writer = ByteWriter()
        guard (try? InterchangeCodec.write([ExchangeEntry(item: existing, done: done)], as: format, to: &writer)) != nil else { return }
        let bytes = writer.withBytes { Array($0) }
        guard let back = (try? InterchangeCodec.read(bytes, as: format, source: "", now: existing.createdAt))?.entries.first?.item
        else { return }
        if item.priority == back.priority { try? item.setPriority(existing.priority) }
        if item.recurrence == back.recurrence { item.recurrence = existing.recurrence }
        // (taskwarrior keeps tags as a set, written sorted: their order is not its to change.)
        if item.tags == back.tags || Set(item.tags) == Set(back.tags) { try? item.setTags(existing.tags) }
        if item.taskwarriorExtras == back.taskwarriorExtras { item.taskwarriorExtras = existing.taskwarriorExtras }
        if item.due == back.due && item.dueIsDay == back.dueIsDay {
            if let day = existing.dueDay { item.setDue(day: day) } else { item.setDue(instant: existing.due) }
        }
    }

    /// Whether the import changes nothing.
    public var isEmpty: Bool { changes.isEmpty && added.isEmpty }
}
