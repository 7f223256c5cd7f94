import FoundationEssentials

/// The items of one section of a list, in order: a gap buffer of two arrays, the items
/// before the place of the last change in order (`before`) and the items after it last
/// first (`after`).
///
/// A change at that place, or near it, moves no other item: ticking off the top item of To
/// Do puts it on top of Done, key after key, at the same cost at a million items as at a
/// hundred (an array moved every other item of both sections, about 96 MB at a million).
/// A change elsewhere first moves the gap there, an item at a time: as many as an array's
/// insert or remove would have moved, once. Reading is an array's: an item by its position
/// in O(1), and passes over the items in place (``forEachInPlace(_:)``).
public struct SectionItems: RandomAccessCollection, Sendable, Hashable, ExpressibleByArrayLiteral {
    /// Items `0..<before.count`, in order.
    @usableFromInline var before: [ToDoItem]
    /// The other items, last first: `after.last` is item `before.count`.
    @usableFromInline var after: [ToDoItem]

    /// The items of an array, in its order (its storage kept: no copy).
    public init(_ items: [ToDoItem]) {
        before = items
        after = []
    }

    public init(arrayLiteral items: ToDoItem...) { self.init(items) }

    public init() { self.init([]) }

    public var startIndex: Int { 0 }
    public var endIndex: Int { before.count + after.count }
    public var count: Int { before.count + after.count }
    public var isEmpty: Bool { before.isEmpty && after.isEmpty }

    @inlinable
    public subscript(position: Int) -> ToDoItem {
        position < before.count ? before[position] : after[after.count - 1 - (position - before.count)]
    }

    /// Calls `body` with each item, in order, read where it is stored (a copy of each would
    /// retain its strings).
    @inlinable @inline(__always)
    public func forEachInPlace(_ body: (UnsafePointer<ToDoItem>) throws -> Void) rethrows {
        try before.withUnsafeBufferPointer { part in
            for index in part.indices { try body(part.baseAddress.unsafelyUnwrapped + index) }
        }
        try after.withUnsafeBufferPointer { part in
            for index in part.indices.reversed() { try body(part.baseAddress.unsafelyUnwrapped + index) }
        }
    }

    /// `body` of the item at `position`, read where it is stored.
    @inlinable
    public func withItem<Result>(at position: Int, _ body: (UnsafePointer<ToDoItem>) throws -> Result) rethrows -> Result {
        precondition(position >= 0 && position < count, "SectionItems: position out of range")
        if position < before.count {
            return try before.withUnsafeBufferPointer { try body($0.baseAddress.unsafelyUnwrapped + position) }
        }
        let index = after.count - 1 - (position - before.count)
        return try after.withUnsafeBufferPointer { try body($0.baseAddress.unsafelyUnwrapped + index) }
    }

    /// The position of the item with this id, the ids read in place.
    public func position(of id: UUID) -> Int? {
        if let index = before.withUnsafeBufferPointer({ part in part.indices.first { part[$0].id == id } }) { return index }
        return after.withUnsafeBufferPointer { part in
            part.indices.reversed().first { part[$0].id == id }.map { before.count + part.count - 1 - $0 }
        }
    }

    /// The position of the nearest item before `end` with this id, looking back from `end`
    /// (in tree order, a subtask's parent in its section is above it, most often near).
    func lastPosition(of id: UUID, before end: Int) -> Int? {
        var position = Swift.min(end, count) - 1
        while position >= 0 {
            if withItem(at: position, { $0.pointee.id == id }) { return position }
            position -= 1
        }
        return nil
    }

    /// Whether `other` is this very value: the same storage, told in O(1) (false does not
    /// mean the items differ).
    public func isIdentical(to other: SectionItems) -> Bool {
        func same(_ a: [ToDoItem], _ b: [ToDoItem]) -> Bool {
            a.count == b.count && (a.isEmpty || a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { a.baseAddress == $0.baseAddress } })
        }
        return same(before, other.before) && same(after, other.after)
    }

    public static func == (lhs: SectionItems, rhs: SectionItems) -> Bool {
        guard lhs.count == rhs.count else { return false }
        // (Two lists of one arrangement compare as arrays: at once when they share storage.)
        if lhs.before.count == rhs.before.count { return lhs.before == rhs.before && lhs.after == rhs.after }
        return lhs.elementsEqual(rhs)
    }

    /// An array's hash of the same items.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(count)
        for item in self { hasher.combine(item) }
    }

    // MARK: - Changes (ToDoList's)

    /// Inserts an item at a position (0…count).
    mutating func insert(_ item: ToDoItem, at position: Int) {
        moveGap(to: position)
        before.append(item)
    }

    /// Removes the item at a position and returns it.
    @discardableResult
    mutating func remove(at position: Int) -> ToDoItem {
        if position >= before.count {
            moveGap(to: position)
            return after.removeLast()
        }
        moveGap(to: position + 1)
        return before.removeLast()
    }

    /// Changes the item at a position in place.
    mutating func modify(at position: Int, _ change: (inout ToDoItem) -> Void) {
        if position < before.count {
            change(&before[position])
        } else {
            change(&after[after.count - 1 - (position - before.count)])
        }
    }

    mutating func removeAll() {
        before = []
        after = []
    }

    /// Moves the gap to `position` (0…count), an item at a time from one side to the other.
    /// Each side keeps its memory, as an array does when items are removed: a far move
    /// touches fresh memory only the first time (at a million items, tens of milliseconds
    /// once), and moves items only after that (about as long as an array's insert at the
    /// top).
    private mutating func moveGap(to position: Int) {
        precondition((0...count).contains(position), "SectionItems: position out of range")
        if before.count > position { Self.makeRoom(in: &after, for: before.count - position) }
        if before.count < position { Self.makeRoom(in: &before, for: position - before.count) }
        while before.count > position { after.append(before.removeLast()) }
        while before.count < position { before.append(after.removeLast()) }
    }

    /// Room for `more` items on a side at once, at least doubling it (asked for only a
    /// little more at each of many short moves, it would copy the whole side each time).
    private static func makeRoom(in side: inout [ToDoItem], for more: Int) {
        if side.capacity < side.count + more { side.reserveCapacity(Swift.max(side.count + more, 2 * side.capacity)) }
    }
}

extension SectionItems {
    /// Compares with an array of items, in order (both ways round).
    public static func == (lhs: SectionItems, rhs: [ToDoItem]) -> Bool {
        lhs.after.isEmpty ? lhs.before == rhs : lhs.elementsEqual(rhs)
    }

    public static func == (lhs: [ToDoItem], rhs: SectionItems) -> Bool { rhs == lhs }
    public static func != (lhs: SectionItems, rhs: [ToDoItem]) -> Bool { !(lhs == rhs) }
    public static func != (lhs: [ToDoItem], rhs: SectionItems) -> Bool { !(rhs == lhs) }
}
