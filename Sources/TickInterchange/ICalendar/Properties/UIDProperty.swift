import FoundationEssentials
import TickCore

/// `UID` ↔ the item's id and externalUID. The id is what an item is made with, so the
/// reader asks for it (``identity(of:derivedID:)``) before the other properties are read.
enum UIDProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "UID", field: "id, externalUID",
              rule: "a UUID is the id; any other UID gives a name-based UUID (v5) as the id and is kept in externalUID and written back unchanged; none: a v5 UUID of the VTODO's text"),
    ]

    /// The id of the item a VTODO is read as, and the UID to keep when it is not the id's
    /// text: a UUID (any case) is the id; any other UID gives a version 5 UUID; a VTODO
    /// without one gets `derivedID`, else a version 5 UUID of its text.
    static func identity(of vtodo: ICalComponent, derivedID: UUID?) -> (id: UUID, externalUID: String?) {
        guard let uid = vtodo.property("UID")?.value, !uid.isEmpty else {
            return (derivedID ?? NameBasedUUID.make(vtodo.bytes), nil)
        }
        if let (id, isUppercase) = parseUUID(uid) { return (id, isUppercase ? nil : uid) }
        return (NameBasedUUID.make(uid.utf8), uid)
    }

    /// The id of the item whose UID is `uid`: the UUID it is (any case), else a version 5
    /// UUID of its text (how RELATED-TO finds a parent by its UID).
    static func id(ofUID uid: String) -> UUID {
        parseUUID(uid)?.id ?? NameBasedUUID.make(uid.utf8)
    }

    /// `uid` as a UUID when it is one, as `UUID(uuidString:)` reads them (8-4-4-4-12 hex
    /// digits, either case; TickCore's ``UUIDText``), and whether it is written as
    /// `uuidString` writes it (upper case).
    static func parseUUID(_ uid: String) -> (id: UUID, isUppercase: Bool)? {
        return uid.withUTF8Bytes { text in
            // (Of a UUID's bytes, only the lower-case hex letters are from "a" on.)
            UUIDText.parse(text).map { ($0, !text.contains { $0 >= UInt8(ascii: "a") }) }
        }
    }

    /// (Taken before the loop, by ``identity(of:derivedID:)``.)
    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) {}

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        writer.start("UID")
        if let external = context.item.externalUID { writer.raw(external) } else { ICalendar.writeUUID(context.item.id, to: &writer) }
        writer.end()
    }
}
