import FoundationEssentials
import TickCore

/// The priority (PRIORITY: 1 highest … 9 lowest, nil none).
enum PrioritySyncField: SyncField {
    static var field: SyncFields.Field { .priority }
    static var value: WritableKeyPath<SyncFields, Int?> { \.priority }
    static func value(of item: ToDoItem, done: Bool) -> Int? { item.priority }
    static func describe(_ value: Int?) -> String { value.map(String.init) ?? "(none)" }
    static func apply(_ value: Int?, to item: inout ToDoItem) throws(ModelError) { try item.setPriority(value) }

    static func encode(_ value: Int?, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value, forKey: "priority")
    }

    /// (A state file of a tick before priorities has none.)
    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> Int? {
        try container.decodeIfPresent(Int.self, forKey: "priority")
    }
}

/// The tags (CATEGORIES), in their order: a change of the order is a change. Changed on
/// both sides, they merge as a set: what either side added is kept, what either side
/// removed is gone, so a tag added in tick and another added on the phone both stay.
enum TagsSyncField: SyncField {
    static var field: SyncFields.Field { .tags }
    static var value: WritableKeyPath<SyncFields, [String]> { \.tags }
    static func value(of item: ToDoItem, done: Bool) -> [String] { item.tags }

    /// The list's tags that neither side removed, then the vdir's that the list does not
    /// have and the list did not remove. Without a base (an item both sides added before
    /// their first sync) nothing was removed: every tag of both.
    static func combined(list: [String], vdir: [String], base: [String]?) -> [String]? {
        let base = Set(base ?? [])
        let listTags = Set(list), vdirTags = Set(vdir)
        let removed = base.subtracting(listTags).union(base.subtracting(vdirTags))
        return list.filter { !removed.contains($0) } + vdir.filter { !listTags.contains($0) && !removed.contains($0) }
    }
    static func describe(_ value: [String]) -> String { value.isEmpty ? "(none)" : value.joined(separator: ", ") }
    static func apply(_ value: [String], to item: inout ToDoItem) throws(ModelError) { try item.setTags(value) }

    /// No tags, no key: the state of an item without tags is written as before tags.
    static func encode(_ value: [String], to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        if !value.isEmpty { try container.encode(value, forKey: "tags") }
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> [String] {
        try container.decodeIfPresent([String].self, forKey: "tags") ?? []
    }
}

/// How the item repeats (RRULE's text).
enum RepeatSyncField: SyncField {
    static var field: SyncFields.Field { .repeat }
    static var value: WritableKeyPath<SyncFields, String?> { \.recurrence }
    static func value(of item: ToDoItem, done: Bool) -> String? { item.recurrence }
    static func describe(_ value: String?) -> String { value ?? "(none)" }
    static func apply(_ value: String?, to item: inout ToDoItem) throws(ModelError) { item.recurrence = value }

    static func encode(_ value: String?, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value, forKey: "recurrence")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> String? {
        try container.decodeIfPresent(String.self, forKey: "recurrence")
    }
}

extension SyncFields.Field {
    public static let priority = Self(rawValue: "priority")
    public static let tags = Self(rawValue: "tags")
    public static let `repeat` = Self(rawValue: "repeat")
}
