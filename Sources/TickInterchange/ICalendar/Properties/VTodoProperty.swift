import FoundationEssentials
import TickCore

/// One row of ``VTodoMapping``: a VTODO property that holds one field of an item (or a
/// few that must be read, written and patched together, such as LOCATION and GEO), with
/// its rules for all three. The reader, the writer and the sync's patch are loops over
/// ``VTodoMapping/rows``; a new field is one more type and one more entry there.
///
/// Everything is static: a row is a metatype in a static array, so that the writer, which
/// exports 100,000 items at a time, allocates nothing for the rows themselves.
protocol VTodoProperty: Sendable {
    /// Its rows of docs/interchange.md's mapping table, one per property, in the order it
    /// writes them. The reader takes the properties named here.
    static var mapping: [VTodoPropertyMapping] { get }

    /// Whether a VTODO may hold the property `key` (one of ``mapping``'s) more than once;
    /// by default not: RFC 5545 allows each mapped property once, and keeping one would
    /// drop the other.
    static func repeats(_ key: String) -> Bool

    /// Reads one of its properties, as the property loop meets it in the VTODO.
    static func read(_ property: ICalProperty, into state: inout VTodoReadState,
                     resolver: inout TimeZoneResolver) throws(InterchangeError)

    /// After every property was read, in table order: puts what it read, or what its
    /// absence means, into the item (by default nothing more: ``read(_:into:resolver:)`` did).
    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError)

    /// Writes its properties for an entry, in the order of ``mapping``.
    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter)

    /// Whether it has a say over the item's kept lines (see ``keptLine(_:name:context:)``).
    static var decidesKeptLines: Bool { get }

    /// What becomes of a kept line outside the VTODO's sub-components (`name` upper-cased)
    /// beside what this row wrote. Asked only of rows whose ``decidesKeptLines`` is true;
    /// the first that does not say ``KeptLine/asRead`` decides.
    static func keptLine(_ line: Substring, name: String, context: inout VTodoWriteContext) -> KeptLine

    /// Puts the entry's field into the VTODO sync is patching, where it differs from what
    /// the VTODO says (by default nothing: a row tick only reads or writes whole).
    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver)

    /// After every row's ``patch(_:resolver:)``, in table order (by default nothing): for
    /// the properties that record the change itself.
    static func finishPatch(_ state: inout VTodoPatchState)

    /// Whether text kept for an item from elsewhere (a JSON import's `iCalendarExtras`) may
    /// hold this property of the row: by default not, as the row writes it from the item.
    static func mayBeKept(_ property: ICalProperty) -> Bool
}

extension VTodoProperty {
    static func repeats(_ key: String) -> Bool { false }
    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {}
    static var decidesKeptLines: Bool { false }
    static func keptLine(_ line: Substring, name: String, context: inout VTodoWriteContext) -> KeptLine { .asRead }
    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {}
    static func finishPatch(_ state: inout VTodoPatchState) {}
    static func mayBeKept(_ property: ICalProperty) -> Bool { false }
}

/// What becomes of one kept line when a VTODO is written (see ``VTodoProperty/keptLine(_:name:context:)``).
enum KeptLine {
    /// Written as kept.
    case asRead
    /// Left out: beside what tick wrote it would be wrong or invalid.
    case leftOut
    /// Written in this form instead.
    case replaced(String)
}

/// What one entry's VTODO is written from, handed to each row in turn.
struct VTodoWriteContext {
    let item: ToDoItem
    let isDone: Bool
    /// Written as X-APPLE-SORT-ORDER when given.
    let sortOrder: Int?
    /// The parent's UID when it is not the text of its id (``ICalendarEntry/parentUID``).
    let parentUID: String?
    /// The item's kept content, split (nil when it has none).
    let extras: ICalendarExtras?
    /// What this item's VTODO left out beside its DUE (each count 0 or 1).
    var dropped = DroppedForDue()
    /// The zone its DUE was written in, whose VTIMEZONE the calendar needs (see ``SeriesZone``).
    var dueZone: SeriesZone?
}
