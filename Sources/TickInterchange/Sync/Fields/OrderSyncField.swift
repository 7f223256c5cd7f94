import FoundationEssentials
import TickCore

/// The item's place in its section (X-APPLE-SORT-ORDER, an integer, smaller first, as
/// Apple Reminders writes it). Only the list knows a place, so the list's value comes from
/// ``SyncOrder/values(of:base:)``, not from the item; a file without the property says no
/// order and is taken as unchanged. Sync moves the item rather than ``apply(_:to:)``
/// (``SyncOrder/sorted(_:by:)``).
enum OrderSyncField: SyncField {
    static var field: SyncFields.Field { .order }
    static var value: WritableKeyPath<SyncFields, Int?> { \.order }
    static func value(of item: ToDoItem, done: Bool) -> Int? { nil }
    static func describe(_ value: Int?) -> String { value.map(String.init) ?? "(none)" }
    /// Other items moving renumber this one: no reason to bring it back when deleted.
    static var keepsDeletedItem: Bool { false }

    static func encode(_ value: Int?, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value, forKey: "order")
    }

    /// (A state file of a tick before order synced has none: see ``SyncPlan``.)
    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> Int? {
        try container.decodeIfPresent(Int.self, forKey: "order")
    }
}

extension SyncFields.Field {
    public static let order = Self(rawValue: "order")
}
