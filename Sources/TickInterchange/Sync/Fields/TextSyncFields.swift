import FoundationEssentials
import TickCore

/// The title (SUMMARY).
enum TitleSyncField: SyncField {
    static var field: SyncFields.Field { .title }
    static var value: WritableKeyPath<SyncFields, String> { \.title }
    static func value(of item: ToDoItem, done: Bool) -> String { item.title }
    static func describe(_ value: String) -> String { value }

    static func apply(_ value: String, to item: inout ToDoItem) throws(ModelError) {
        if item.title != value { try item.setTitle(value) }
    }

    static func encode(_ value: String, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encode(value, forKey: "title")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> String {
        try container.decode(String.self, forKey: "title")
    }
}

/// The notes (DESCRIPTION); empty notes are none, as an empty DESCRIPTION is read.
enum NotesSyncField: SyncField {
    static var field: SyncFields.Field { .notes }
    static var value: WritableKeyPath<SyncFields, String?> { \.notes }
    static func value(of item: ToDoItem, done: Bool) -> String? { item.notes?.isEmpty == false ? item.notes : nil }
    static func describe(_ value: String?) -> String { value ?? "(none)" }
    static func apply(_ value: String?, to item: inout ToDoItem) throws(ModelError) { item.notes = value }

    static func encode(_ value: String?, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value, forKey: "notes")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> String? {
        try container.decodeIfPresent(String.self, forKey: "notes")
    }
}

extension SyncFields.Field {
    public static let title = Self(rawValue: "title")
    public static let notes = Self(rawValue: "notes")
}
