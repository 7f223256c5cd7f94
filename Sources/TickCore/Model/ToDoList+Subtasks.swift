import FoundationEssentials

/// Subtasks: an item's ``ToDoItem/parent`` names another item of the list.
///
/// The flat order of each section stays the one truth, and the list keeps it in *tree
/// order*: within a section, an item whose parent is in the same section comes right after
/// its parent's earlier subtasks (depth first), so a parent and its subtasks in a section
/// form one contiguous block and numbering stays positional. An item whose parent is in the
/// other section (a done subtask of an open parent, an open subtask of a done parent) is
/// top level in its own section. Every change keeps tree order (``restoreTreeOrder()``),
/// and a list read from a file that breaks it is put in tree order by the same stable rule:
/// top-level items and the subtasks of one parent keep their order in the file. A cycle of
/// parents read from a file is broken at the item, in file order, whose parent closes it.
extension ToDoList {
    /// The number of ancestors of the item at `index` of `section` that are in that section
    /// too: how far it is indented under them.
    public func depth(ofItemAt index: Int, in section: Section) -> Int {
        let items = items(in: section)
        var depth = 0
        var current = index
        // Tree order puts a parent before its subtasks, so the look-back stops.
        while let parent = items.withItem(at: current, { $0.pointee.hasParent ? $0.pointee.parent : nil }),
              let above = items.lastPosition(of: parent, before: current) {
            depth += 1
            current = above
        }
        return depth
    }

    /// The ids of the item's subtasks and theirs, depth first, each section's in its order
    /// (To Do's before Done's among one parent's).
    public func descendants(of id: UUID) -> [UUID] {
        // (Most items are no one's parent: told without a pass over the list, once the
        // list has its counts.)
        guard hasSubtasks(id) else { return [] }
        // Most often all of them stand right after it, in its section (ToDoList+TreeOrder.swift).
        if let block = descendantsInBlock(of: id) { return block }
        // Else a pass over the items in place (no item copied) for each level below `id`, each
        // collecting the subtasks of the level above: the list's other parent links are
        // not collected (a map of them all would cost a parent's Space tens of milliseconds
        // at a million items). With the counts, a level of items without subtasks is the last.
        var children: [UUID: [UUID]] = [:]
        var level: Set<UUID> = [id]
        var seen: Set<UUID> = [id]
        while !level.isEmpty {
            var next: Set<UUID> = []
            for section in Section.allCases {
                items(in: section).forEachInPlace { item in
                    guard item.pointee.hasParent, let parent = item.pointee.parent, level.contains(parent) else { return }
                    let child = item.pointee.id
                    children[parent, default: []].append(child)
                    if seen.insert(child).inserted, subtaskCounts?.hasSubtasks(child) ?? true { next.insert(child) }
                }
            }
            level = next
        }
        var found: [UUID] = []
        var stack: [UUID] = (children[id] ?? []).reversed()
        var walked: Set<UUID> = [id]
        while let next = stack.popLast() {
            guard walked.insert(next).inserted else { continue }
            found.append(next)
            stack.append(contentsOf: (children[next] ?? []).reversed())
        }
        return found
    }

    /// Whether an item of the list names `id` as its parent: from the counts when the list
    /// has them (an item of any section), else by one pass over the items of `sections`
    /// in place.
    func hasSubtasks(_ id: UUID, in sections: [Section] = Section.allCases) -> Bool {
        if let subtaskCounts { return subtaskCounts.hasSubtasks(id) }
        var found = false
        for section in sections {
            items(in: section).forEachInPlace { item in found = found || (item.pointee.hasParent && item.pointee.parent == id) }
        }
        return found
    }

    /// Refuses a parent that is not an item of the list, or that is `id` or one of its
    /// subtasks (nil, top level, is always fine).
    public func checkParent(_ parent: UUID?, of id: UUID) throws(ModelError) {
        guard let parent else { return }
        guard contains(parent) else { throw .unknownParent(parent) }
        var ancestor: UUID? = parent
        var steps = 0
        while let current = ancestor, steps <= count {
            if current == id { throw .parentCycle(item: id, parent: parent) }
            ancestor = item(withID: current)?.parent
            steps += 1
        }
    }

    /// `operation` with what it carries along to subtasks, in the order to apply them: ticking
    /// off an open item first ticks off its open subtasks (a repeating one's occurrence, as
    /// Space does), last first so that Done shows them under it in order; removing an item
    /// first removes its subtasks in both sections, last first, so that undoing puts each
    /// back after its parent. Unticking carries nothing: the subtasks stay done.
    ///
    /// A repeating item that moves on to its next occurrence is a checklist done again each
    /// time (as Tasks.org and Planify do it): its open subtasks stay open, and its done ones
    /// are opened again in the checklist's order, for the next occurrence. `now` and `zone`
    /// are the tick's (they tell whether the series goes on).
    public func cascade(_ operation: Operation, at now: Date, zone: LocalTime) -> [Operation] {
        switch operation {
        case .check(let id), .checkOccurrence(let id, _):
            guard let (section, index) = position(of: id), section == .toDo else { return [operation] }
            let item = toDoItems[index]
            // (An occurrence ticked off already, a save replayed, carries nothing: the tick does nothing.)
            if case .checkOccurrence(_, let due) = operation, !(item.due.map { abs($0.timeIntervalSince(due)) < 1 } ?? false) {
                return [operation]
            }
            if Self.repeatTick(item, at: now, zone: zone) != nil {
                var open: [ToDoItem] = [], done: [ToDoItem] = []
                for subtask in descendants(of: id) {
                    guard let (section, position) = position(of: subtask) else { continue }
                    if section == .toDo { open.append(toDoItems[position]) } else { done.append(doneItems[position]) }
                }
                return Self.reopening(done, into: open, after: index, series: id) + [operation]
            }
            let open = descendants(of: id).compactMap { id -> ToDoItem? in
                guard let (section, index) = position(of: id), section == .toDo else { return nil }
                return toDoItems[index]
            }
            return open.reversed().map { Operation.tick($0) } + [operation]
        case .remove(let id):
            return descendants(of: id).reversed().map { Operation.remove($0) } + [operation]
        default:
            return [operation]
        }
    }

    /// The operations that open the done subtasks `done` of the repeating item `series` again,
    /// `block` being its open subtasks (and theirs), which follow it at `index` of To Do in
    /// tree order: each is put among its open siblings where its making puts it (before the
    /// first one made after it, else at the end of its parent's part of the block), oldest
    /// first, so that a checklist keeps its order. Worked out on the block alone, so that a
    /// tick at a million items copies no section.
    private static func reopening(_ done: [ToDoItem], into block: [ToDoItem], after index: Int, series: UUID) -> [Operation] {
        var block = block
        var operations: [Operation] = []
        for item in done.sorted(by: { $0.createdAt < $1.createdAt }) {
            var target = block.count
            if let later = block.firstIndex(where: { $0.parent == item.parent && $0.createdAt > item.createdAt }) {
                target = later
            } else if item.parent != series, let parent = block.firstIndex(where: { $0.id == item.parent }) {
                // Past the items under its parent (its part of the block, in tree order).
                var under: Set<UUID> = [block[parent].id]
                target = parent + 1
                while target < block.count, let above = block[target].parent, under.contains(above) {
                    under.insert(block[target].id)
                    target += 1
                }
            }
            block.insert(item, at: target)
            operations.append(.place(item.id, .toDo, at: index + 1 + target))
        }
        return operations
    }

    /// The indices of `items` in tree order (nil when they are in it already), worked out
    /// whole: each item's parent found through a map of ids, the parent of an item whose
    /// parent closes a cycle cleared, the forest walked depth first.
    static func treeOrderFromScratch(_ items: inout [ToDoItem]) -> [Int]? {
        var indexOf: [UUID: Int] = [:]
        indexOf.reserveCapacity(items.count)
        for (index, item) in items.enumerated() { indexOf[item.id] = index }
        var parentIndex: [Int?] = items.map { $0.parent.flatMap { indexOf[$0] } }
        breakCycles(&parentIndex, in: &items)
        var children = [[Int]](repeating: [], count: items.count)
        var roots: [Int] = []
        for index in items.indices {
            if let parent = parentIndex[index] { children[parent].append(index) } else { roots.append(index) }
        }
        var order: [Int] = []
        order.reserveCapacity(items.count)
        var stack: [Int] = roots.reversed()
        while let next = stack.popLast() {
            order.append(next)
            stack.append(contentsOf: children[next].reversed())
        }
        return order.elementsEqual(items.indices) ? nil : order
    }

    /// True when `items` are in tree order, told in one pass without hashing: each item
    /// whose parent is in `items` comes after that parent, with only the parent's earlier
    /// subtasks (and theirs) between them, so its parent is on the path of the item above
    /// it (the item and its ancestors). A parent not on that path must be in no place of
    /// `items` (the item is top level); with more such parents than a short list holds (16,
    /// each counted once: the done subtasks of one open parent are one), this says false
    /// and ``treeOrderFromScratch(_:)`` finds out the long way.
    static func isInTreeOrder(_ items: SectionItems) -> Bool {
        var depths = SubtaskDepths()
        var elsewhere: [UUID] = []
        var tooMany = false
        items.forEachInPlace { item in
            guard !tooMany else { return }
            // (Depth 0 with a parent: the parent is not on the path above.)
            let parent = item.pointee.hasParent ? item.pointee.parent : nil
            guard depths.next(id: item.pointee.id, parent: parent) == 0, let parent, !elsewhere.contains(parent) else { return }
            if elsewhere.count < 16 { elsewhere.append(parent) } else { tooMany = true }
        }
        if tooMany { return false }
        guard !elsewhere.isEmpty else { return true }
        var found = false
        items.forEachInPlace { item in found = found || elsewhere.contains(item.pointee.id) }
        return !found
    }

    /// Cuts each cycle of `parentIndex` at the item, met first in order, whose parent closes
    /// it, clearing that item's parent.
    private static func breakCycles(_ parentIndex: inout [Int?], in items: inout [ToDoItem]) {
        // 0 not met, 1 on the current walk, 2 known to reach the top level.
        var state = [UInt8](repeating: 0, count: items.count)
        for start in items.indices where state[start] == 0 {
            var walk: [Int] = []
            var current: Int? = start
            while let index = current, state[index] == 0 {
                state[index] = 1
                walk.append(index)
                current = parentIndex[index]
            }
            if let index = current, state[index] == 1, let last = walk.last {
                parentIndex[last] = nil
                items[last].parent = nil
            }
            for index in walk { state[index] = 2 }
        }
    }
}

/// The depths of a list's items met one at a time in order, To Do then Done (a list read
/// as a stream, never held whole): an item is as deep as its parent plus one when its
/// parent is on the path of items above it in its section, else top level.
public struct SubtaskDepths: Sendable {
    private var path: [UUID] = []
    private var section: ToDoList.Section?

    public init() {}

    /// The next item's depth (the number of its ancestors above it in its section).
    public mutating func next(_ item: borrowing ToDoItem, in section: ToDoList.Section) -> Int {
        // (Emptied keeping the array's memory: most items are at the top level.)
        if section != self.section { path.removeAll(keepingCapacity: true); self.section = section }
        // (`hasParent` first: most items have no box to look into.)
        return next(id: item.id, parent: item.hasParent ? item.parent : nil)
    }

    /// The depth of the next item (`id`, its `parent`) among items of one section: the
    /// number of the items on the path above it (the item above and its ancestors) up to
    /// its parent; 0 when its parent is not on that path or it has none. (Given the two
    /// ids, not the item: a pass over items in place copies none, nor retains its strings.)
    @inline(__always)
    mutating func next(id: UUID, parent: UUID?) -> Int {
        // (A top-level item after another replaces it in place: most items, at the cost of
        // a store.)
        if parent == nil, path.count == 1 {
            path[0] = id
            return 0
        }
        if let parent, let at = path.lastIndex(of: parent) {
            path.removeSubrange((at + 1)...)
        } else {
            path.removeAll(keepingCapacity: true)
        }
        path.append(id)
        return path.count - 1
    }
}

/// How many items of a list name each id as their parent, in either section: what the
/// items' parents say, kept by every change of ``ToDoList`` so that a key tells an item
/// without subtasks (most) without a pass over the list, which at a million items is most
/// of the key's time.
struct SubtaskCounts: Sendable, Equatable {
    /// The number of items naming each id as parent; ids no item names are absent.
    private(set) var counts: [UUID: Int] = [:]

    init() {}

    /// The counts of the items of these sections (read in place: no item copied).
    init(_ sections: SectionItems...) {
        for items in sections {
            items.forEachInPlace { item in if item.pointee.hasParent { add(item.pointee.parent) } }
        }
    }

    /// Whether some item names `id` as its parent.
    func hasSubtasks(_ id: UUID) -> Bool { counts[id] != nil }

    /// How many items name `id` as their parent.
    func count(of id: UUID) -> Int { counts[id] ?? 0 }

    /// Counts an item whose parent is `parent` (nil: a top-level item, not counted).
    mutating func add(_ parent: UUID?) {
        if let parent { counts[parent, default: 0] += 1 }
    }

    /// Stops counting an item whose parent is `parent`.
    mutating func remove(_ parent: UUID?) {
        guard let parent, let count = counts[parent] else { return }
        counts[parent] = count > 1 ? count - 1 : nil
    }
}
