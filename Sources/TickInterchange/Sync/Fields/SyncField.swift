import FoundationEssentials
import TickCore

/// One field that sync merges on its own, as a row of ``SyncFields/rows``: how it is read
/// from a list item (or a VTODO, through the item the codec read), where ``SyncFields``
/// holds it, how two values compare, how it is described in the conflicts file, how it is
/// written back into an item, and its keys in the state file. Adding a field is one more
/// type (its value held in ``SyncFields``) and one more entry in ``SyncFields/rows``.
protocol SyncField: Sendable {
    associatedtype Value: Equatable & Sendable
    /// Its name: in the conflicts file and in a ``SyncConflict``.
    static var field: SyncFields.Field { get }
    /// Where ``SyncFields`` holds its value.
    static var value: WritableKeyPath<SyncFields, Value> { get }
    /// Its value in an item (`done` from the item's section).
    static func value(of item: ToDoItem, done: Bool) -> Value
    /// Whether two values are the same change (by default equal).
    static func isSame(_ lhs: Value, _ rhs: Value) -> Bool
    /// One value that holds both sides' changes since `base` (nil: none yet), when the row
    /// can combine them; nil (the default) makes changes on both sides a conflict that the
    /// newer side wins.
    static func combined(list: Value, vdir: Value, base: Value?) -> Value?
    /// A value in words, for the conflicts file.
    static func describe(_ value: Value) -> String
    /// Writes a value into an item (by default nothing: a field the list holds another way).
    static func apply(_ value: Value, to item: inout ToDoItem) throws(ModelError)
    /// Writes a value under its keys of the state file.
    static func encode(_ value: Value, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws
    /// Reads a value from its keys of the state file (a key an older tick did not write gives the value of "none").
    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> Value
    /// Whether a change of it is an edit that brings back an item the other side deleted
    /// (by default yes).
    static var keepsDeletedItem: Bool { get }
}

extension SyncField {
    static func isSame(_ lhs: Value, _ rhs: Value) -> Bool { lhs == rhs }
    static func combined(list: Value, vdir: Value, base: Value?) -> Value? { nil }
    static var keepsDeletedItem: Bool { true }
    static func apply(_ value: Value, to item: inout ToDoItem) throws(ModelError) {}

    // The row's part of SyncFields, for the loops over the rows.

    static func read(_ item: ToDoItem, done: Bool, into fields: inout SyncFields) {
        fields[keyPath: value] = value(of: item, done: done)
    }

    static func same(_ lhs: SyncFields, _ rhs: SyncFields) -> Bool { isSame(lhs[keyPath: value], rhs[keyPath: value]) }

    static func take(from other: SyncFields, into fields: inout SyncFields) { fields[keyPath: value] = other[keyPath: value] }

    /// Puts into `fields` the value that combines both sides' changes; false when the row
    /// does not combine them.
    static func combine(list: SyncFields, vdir: SyncFields, base: SyncFields?, into fields: inout SyncFields) -> Bool {
        guard let value = combined(list: list[keyPath: value], vdir: vdir[keyPath: value], base: base?[keyPath: value]) else { return false }
        fields[keyPath: Self.value] = value
        return true
    }

    static func describe(_ fields: SyncFields) -> String { describe(fields[keyPath: value]) }

    static func apply(_ fields: SyncFields, to item: inout ToDoItem) throws(ModelError) { try apply(fields[keyPath: value], to: &item) }

    static func encode(_ fields: SyncFields, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try encode(fields[keyPath: value], to: &container)
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>, into fields: inout SyncFields) throws {
        fields[keyPath: value] = try decode(from: container)
    }
}
