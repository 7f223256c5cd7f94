import FoundationEssentials

/// A to-do list: an ordered To Do section (unchecked items) and an ordered Done section.
///
/// The order of To Do is its urgency: the top is the most urgent. Checking an item moves
/// it to the top of Done; unchecking moves it to the end of To Do. Ids are unique across
/// both sections.
public struct ToDoList: Sendable, Hashable {
    /// One of the two sections of a list.
    public enum Section: Sendable, Hashable, CaseIterable {
        case toDo
        case done

        /// The section's name as people read it.
        public var title: String {
            switch self {
            case .toDo: "To Do"
            case .done: "Done"
            }
        }

        /// The other section.
        public var other: Section { self == .toDo ? .done : .toDo }
    }

    public private(set) var toDoItems: SectionItems
    public private(set) var doneItems: SectionItems
    /// Archive keys of a newer tick on the list itself, kept unchanged.
    public var unknownFields: UnknownFields
    /// What the items' parents say: made by the first move of an item (a key in the app)
    /// and kept by every change after it; nil until then, so that a list only read, or
    /// changed once by a command, never pays for them. Not part of the list's value.
    private(set) var subtaskCounts: SubtaskCounts?

    /// An empty list.
    public init() {
        toDoItems = SectionItems()
        doneItems = SectionItems()
        unknownFields = UnknownFields()
    }

    /// A list with the given sections, put in tree order (see ``restoreTreeOrder()``);
    /// refuses a repeated id.
    public init(toDoItems: [ToDoItem], doneItems: [ToDoItem], unknownFields: UnknownFields = UnknownFields()) throws(ModelError) {
        if let repeated = IDSet.firstRepeatedID(toDoItems, doneItems) { throw .duplicateID(repeated) }
        self.toDoItems = SectionItems(toDoItems)
        self.doneItems = SectionItems(doneItems)
        self.unknownFields = unknownFields
        restoreTreeOrder()
    }

    public static func == (lhs: ToDoList, rhs: ToDoList) -> Bool {
        lhs.toDoItems == rhs.toDoItems && lhs.doneItems == rhs.doneItems && lhs.unknownFields == rhs.unknownFields
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(toDoItems)
        hasher.combine(doneItems)
        hasher.combine(unknownFields)
    }

    /// The items of a section, in order.
    public func items(in section: Section) -> SectionItems {
        section == .toDo ? toDoItems : doneItems
    }

    /// Every item, To Do first, then Done.
    public var allItems: [ToDoItem] { Array(toDoItems) + doneItems }

    public var count: Int { toDoItems.count + doneItems.count }
    public var isEmpty: Bool { toDoItems.isEmpty && doneItems.isEmpty }

    /// Where the item with this id is, or nil.
    public func position(of id: UUID) -> (section: Section, index: Int)? {
        if let index = toDoItems.position(of: id) { return (.toDo, index) }
        if let index = doneItems.position(of: id) { return (.done, index) }
        return nil
    }

    /// The item with this id, or nil.
    public func item(withID id: UUID) -> ToDoItem? {
        guard let (section, index) = position(of: id) else { return nil }
        return items(in: section)[index]
    }

    public func contains(_ id: UUID) -> Bool { position(of: id) != nil }

    // MARK: - Changes

    /// Appends an item to the end of To Do (or of Done).
    public mutating func add(_ item: ToDoItem, to section: Section = .toDo) throws(ModelError) {
        try insert(item, in: section, at: items(in: section).count)
    }

    /// Inserts an item at a position (0…count) of a section; a subtask then moves down to
    /// stay after its parent (tree order).
    public mutating func insert(_ item: ToDoItem, in section: Section = .toDo, at position: Int) throws(ModelError) {
        guard !contains(item.id) else { throw .duplicateID(item.id) }
        try insert(new: item, in: section, at: position)
    }

    /// ``insert(_:in:at:)`` of an item whose id the caller has just looked for in the list
    /// and not found (each look at a million items is a pass over them).
    mutating func insert(new item: ToDoItem, in section: Section, at position: Int) throws(ModelError) {
        let count = items(in: section).count
        guard (0...count).contains(position) else {
            throw .positionOutOfRange(position: position, section: section, count: count)
        }
        // A top-level item put where a block starts (the end: `tick add`; the top: a
        // repeating item's done copy) keeps tree order unless an item of its section names
        // it as parent: no pass over the whole list.
        let keepsTreeOrder = item.parent == nil && startsBlock(at: position, in: section) && !hasSubtasks(item.id, in: [section])
        mutate(section) { $0.insert(item, at: position) }
        subtaskCounts?.add(item.parent)
        if !keepsTreeOrder { restoreTreeOrder() }
    }

    /// Moves an item to the top of Done. Checking a done item leaves it where it is.
    public mutating func check(_ id: UUID) throws(ModelError) {
        guard let (section, _) = position(of: id) else { throw .unknownID(id) }
        if section == .done { return }
        try place(id, in: .done, at: 0)
    }

    /// Moves an item to the end of To Do. Unchecking an open item leaves it where it is.
    public mutating func uncheck(_ id: UUID) throws(ModelError) {
        guard let (section, _) = position(of: id) else { throw .unknownID(id) }
        if section == .toDo { return }
        try place(id, in: .toDo, at: toDoItems.count)
    }

    /// Removes an item and returns it (its subtasks stay, top level, in tree order).
    @discardableResult
    public mutating func remove(_ id: UUID) throws(ModelError) -> ToDoItem {
        guard let (section, index) = position(of: id) else { throw .unknownID(id) }
        var removed: ToDoItem?
        mutate(section) { removed = $0.remove(at: index) }
        subtaskCounts?.remove(removed?.parent)
        // Its subtasks left behind (removed without them) are top level now, and may stand
        // inside the block of the item's own parent: tree order is restored.
        if hasSubtasks(id) { restoreTreeOrder() }
        return removed ?? items(in: section)[index]
    }

    /// Moves an item to a position within its own section (0…count−1).
    public mutating func move(_ id: UUID, to newIndex: Int) throws(ModelError) {
        guard let (section, _) = position(of: id) else { throw .unknownID(id) }
        let count = items(in: section).count
        guard (0..<count).contains(newIndex) else {
            throw .positionOutOfRange(position: newIndex, section: section, count: count - 1)
        }
        try place(id, in: section, at: newIndex)
    }

    /// Puts an item at a position of either section: the position it will have afterwards
    /// (0…count of that section without the item), then keeps tree order: the item's
    /// subtasks in that section follow it, and a subtask stays within its parent's block.
    /// Most moves keep it without a pass over the list (``keptTreeOrder(moving:from:at:to:at:startedBlock:)``).
    public mutating func place(_ id: UUID, in section: Section, at newIndex: Int) throws(ModelError) {
        guard let (from, index) = position(of: id) else { throw .unknownID(id) }
        let targetCount = items(in: section).count - (from == section ? 1 : 0)
        guard (0...targetCount).contains(newIndex) else {
            throw .positionOutOfRange(position: newIndex, section: section, count: targetCount)
        }
        var item: ToDoItem?
        mutate(from) { item = $0.remove(at: index) }
        guard let item else { return }
        let startedBlock = startsBlock(at: newIndex, in: section)
        mutate(section) { $0.insert(item, at: newIndex) }
        if subtaskCounts == nil { subtaskCounts = SubtaskCounts(toDoItems, doneItems) }
        if !keptTreeOrder(moving: item, from: from, at: index, to: section, at: newIndex, startedBlock: startedBlock) {
            restoreTreeOrder()
        }
    }

    /// Whether an item put at `position` of `section` (0…count, before it is put there)
    /// stands where a block starts: at the top, at the end, or before an item without a
    /// parent. A top-level item without subtasks put there keeps the section in tree order.
    private func startsBlock(at position: Int, in section: Section) -> Bool {
        let items = items(in: section)
        return position == 0 || position == items.count || !items[position].hasParent
    }

    /// Changes an item in place; the id cannot change. A changed parent moves the item (and
    /// its subtasks) to keep tree order.
    public mutating func update(_ id: UUID, _ change: (inout ToDoItem) throws(ModelError) -> Void) throws(ModelError) {
        guard let (section, index) = position(of: id) else { throw .unknownID(id) }
        var item = items(in: section)[index]
        try change(&item)
        guard item.id == id else { throw .unknownID(item.id) }
        let oldParent = items(in: section)[index].parent
        mutate(section) { $0.modify(at: index) { $0 = item } }
        if item.parent != oldParent {
            subtaskCounts?.remove(oldParent)
            subtaskCounts?.add(item.parent)
            restoreTreeOrder()
        }
    }

    /// Removes every item from both sections.
    public mutating func removeAll() {
        toDoItems.removeAll()
        doneItems.removeAll()
        subtaskCounts = SubtaskCounts()
    }

    /// Changes the item `id` at the place an operation has just put it, looked up only when
    /// keeping tree order moved it from there.
    mutating func changeItem(_ id: UUID, in section: Section, at index: Int, _ change: (inout ToDoItem) -> Void) {
        var parents: (old: UUID?, new: UUID?)?
        mutate(section) { items in
            // (Looked at inside, so that no second reference makes the array copy itself.)
            let at = items.indices.contains(index) && items[index].id == id ? index : items.position(of: id)
            guard let at else { return }
            items.modify(at: at) { item in
                let old = item.hasParent ? item.parent : nil
                change(&item)
                if old != nil || item.hasParent { parents = (old, item.parent) }
            }
        }
        if let parents, parents.old != parents.new {
            subtaskCounts?.remove(parents.old)
            subtaskCounts?.add(parents.new)
        }
    }

    /// Puts both sections in tree order (see ToDoList+Subtasks.swift); does nothing, cheaply,
    /// for a list without subtasks.
    mutating func restoreTreeOrder() {
        var wholeWay = false
        for section in Section.allCases {
            mutate(section) { items in
                // After most changes the items are in tree order still: one pass tells, where
                // the map of ids of the whole way would cost a key tens of milliseconds at a
                // million items.
                guard !Self.isInTreeOrder(items) else { return }
                wholeWay = true
                var array = Array(items)
                let order = Self.treeOrderFromScratch(&array)
                items = SectionItems(order.map { order in order.map { array[$0] } } ?? array)
            }
        }
        // (The whole way clears the parent that closes a cycle: the counts are made again.)
        if wholeWay, subtaskCounts != nil { subtaskCounts = SubtaskCounts(toDoItems, doneItems) }
    }

    private mutating func mutate(_ section: Section, _ body: (inout SectionItems) -> Void) {
        switch section {
        case .toDo: body(&toDoItems)
        case .done: body(&doneItems)
        }
    }
}

/// The duplicate check of ids: open addressing over the ids' 16 bytes with a per-use
/// random seed (so crafted ids cannot force collisions), several times cheaper than
/// `Set<UUID>` at 100,000 ids. Slots hold positions in the items (not copies of the ids),
/// and the ids are read in place (iterating the arrays would copy every item, retaining
/// its strings).
enum IDSet {
    /// The first id of `first` then `second` that occurs earlier in them, if any.
    static func firstRepeatedID(_ first: [ToDoItem], _ second: [ToDoItem]) -> UUID? {
        first.withUnsafeBufferPointer { first in
            second.withUnsafeBufferPointer { second in
                firstRepeated(count: first.count + second.count) { position in
                    position < first.count ? first[position].id : second[position - first.count].id
                }
            }
        }
    }

    /// The first of `ids` that occurs earlier in them, if any.
    static func firstRepeatedID(_ ids: [UUID]) -> UUID? {
        ids.withUnsafeBufferPointer { ids in firstRepeated(count: ids.count) { ids[$0] } }
    }

    /// The first of `count` ids (`id(position)`) that occurs at an earlier position.
    @inline(__always)
    private static func firstRepeated(count total: Int, _ id: (Int) -> UUID) -> UUID? {
        guard total > 1, total < Int(UInt32.max) else { return nil }
        var size = 16
        while size < total * 2 { size <<= 1 }
        let mask = size - 1
        let seed = UInt64.random(in: 0 ... .max) | 1
        // Position + 1 in the items, 0 for an empty slot.
        var slots = [UInt32](repeating: 0, count: size)
        return slots.withUnsafeMutableBufferPointer { slots -> UUID? in
            for position in 0..<total {
                let candidate = id(position)
                var index = slot(of: candidate, seed: seed, mask: mask)
                while slots[index] != 0 {
                    if id(Int(slots[index]) - 1) == candidate { return candidate }
                    index = (index + 1) & mask
                }
                slots[index] = UInt32(truncatingIfNeeded: position + 1)
            }
            return nil
        }
    }

    /// The first slot an id probes: every bit of both halves reaches every bit of the hash
    /// (MurmurHash3's finalizer after the seeded low half), so ids that differ only in
    /// their last bytes, such as `…-00000000XXXX`, spread over the table as random ids do.
    static func slot(of id: UUID, seed: UInt64, mask: Int) -> Int {
        let (low, high) = withUnsafeBytes(of: id.uuid) { raw in
            (raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self), raw.loadUnaligned(fromByteOffset: 8, as: UInt64.self))
        }
        var hash = (low ^ seed) &* 0x9E37_79B9_7F4A_7C15
        hash = (hash ^ (hash >> 32) ^ high) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 33
        hash = hash &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 33
        return Int(truncatingIfNeeded: hash) & mask
    }
}
