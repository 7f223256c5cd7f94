import TickCore

/// One item as a format carries it: the item, whether it is done, and the line of the
/// input it came from (for messages).
public struct ExchangeEntry: Sendable, Equatable {
    public var item: ToDoItem
    public var done: Bool
    /// The 1-based line where the item starts in its input, when read from one.
    public var line: Int?
    /// The file it was read from, when an import reads several (a vdir).
    public var source: String?
    /// The name of the list it came from, when the input says (tick's JSON of every list).
    public var list: String?
    /// The input gave no creation time (a VTODO without CREATED and DTSTAMP, JSON without
    /// `createdAt`, a task without `entry`): `item.createdAt` is the time of the import, and
    /// an update keeps the list item's own.
    public var createdAtIsDefault: Bool

    public init(item: ToDoItem, done: Bool, line: Int? = nil, source: String? = nil, createdAtIsDefault: Bool = false) {
        self.item = item
        self.done = done
        self.line = line
        self.source = source
        self.createdAtIsDefault = createdAtIsDefault
    }

    /// The entries of `list`'s sections in order (To Do first, then Done).
    public static func entries(of list: ToDoList, sections: [ToDoList.Section] = ToDoList.Section.allCases) -> [ExchangeEntry] {
        var entries: [ExchangeEntry] = []
        entries.reserveCapacity(sections.reduce(0) { $0 + list.items(in: $1).count })
        for section in sections {
            for item in list.items(in: section) { entries.append(ExchangeEntry(item: item, done: section == .done)) }
        }
        return entries
    }
}
