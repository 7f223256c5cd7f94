import FoundationEssentials
import TickCore

/// The parent of a subtask (RELATED-TO;RELTYPE=PARENT), by id: a subtask moved under another
/// parent, or made top level, on one side is moved so on the other.
enum ParentSyncField: SyncField {
    static var field: SyncFields.Field { .parent }
    static var value: WritableKeyPath<SyncFields, UUID?> { \.parent }
    static func value(of item: ToDoItem, done: Bool) -> UUID? { item.parent }
    static func describe(_ value: UUID?) -> String { value.map { "the subtask of \($0.uuidString)" } ?? "(top level)" }
    static func apply(_ value: UUID?, to item: inout ToDoItem) throws(ModelError) { item.parent = value }

    static func encode(_ value: UUID?, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value, forKey: "parent")
    }

    /// (A state file of a tick before subtasks has none: top level.)
    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> UUID? {
        try container.decodeIfPresent(UUID.self, forKey: "parent")
    }
}

extension SyncFields.Field {
    public static let parent = Self(rawValue: "parent")
}
