import FoundationEssentials
import TickCore

/// Done or to do (STATUS:COMPLETED, COMPLETED, PERCENT-COMPLETE): the item's section, which
/// sync changes by moving the item, not through ``apply(_:to:)``.
enum DoneSyncField: SyncField {
    static var field: SyncFields.Field { .done }
    static var value: WritableKeyPath<SyncFields, Bool> { \.done }
    static func value(of item: ToDoItem, done: Bool) -> Bool { done }
    static func describe(_ value: Bool) -> String { value ? "done" : "to do" }

    static func encode(_ value: Bool, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encode(value, forKey: "done")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> Bool {
        try container.decode(Bool.self, forKey: "done")
    }
}

extension SyncFields.Field {
    public static let done = Self(rawValue: "done")
}
