/// Which VTODO property becomes which field of a tick item, stated once: the decoder takes
/// the properties named here (everything else stays with the item, verbatim, in
/// `iCalendarExtras`), the encoder writes them, and docs/interchange.md's mapping table
/// lists these rows (a test compares them).
public struct VTodoPropertyMapping: Sendable, Equatable {
    /// The property's name.
    public let property: String
    /// The item's field (or the entry's, for done state and order).
    public let field: String
    /// How it is read and written.
    public let rule: String
}

public enum VTodoMapping {
    /// What a VTODO without SUMMARY is called in tick (a title cannot be empty).
    public static let untitled = "(untitled)"

    public static let table: [VTodoPropertyMapping] = [
        .init(property: "UID", field: "id, externalUID",
              rule: "a UUID is the id; any other UID gives a name-based UUID (v5) as the id and is kept in externalUID and written back unchanged; none: a v5 UUID of the VTODO's text"),
        .init(property: "SUMMARY", field: "title",
              rule: "TEXT; missing or blank reads as \"(untitled)\", written back blank while the title is that; its parameters (LANGUAGE, ALTREP …) are kept and written back while the text is unchanged"),
        .init(property: "DESCRIPTION", field: "notes",
              rule: "TEXT; empty reads as no notes; parameters kept as for SUMMARY"),
        .init(property: "DUE", field: "due, dueDay",
              rule: "VALUE=DATE is a calendar day; a date-time (UTC, TZID or floating = local time) is an instant, written in UTC (floating beside a floating DTSTART)"),
        .init(property: "LOCATION", field: "location.name",
              rule: "TEXT; empty reads as no location (then Apple's geofence gives it); written empty with X-TICK-REMOVED=TRUE when a removed location would come back from a kept geofence, which that marker stops; parameters kept as for SUMMARY"),
        .init(property: "GEO", field: "location.coordinate",
              rule: "lat;lon in range; without LOCATION the location is named \"lat, lon\""),
        .init(property: "STATUS", field: "done",
              rule: "COMPLETED is done, NEEDS-ACTION is to do; other values (IN-PROCESS, CANCELLED) stay in the extras and are written back while the item is to do"),
        .init(property: "COMPLETED", field: "done, completedAt",
              rule: "present means done unless STATUS says otherwise, when it stays in the extras as read (written back while to do); written while done; unticking removes it"),
        .init(property: "PERCENT-COMPLETE", field: "done",
              rule: "100 is done unless STATUS says otherwise (written while done, removed on unticking); other values, and 100 beside such a STATUS, stay in the extras while to do"),
        .init(property: "CREATED", field: "createdAt",
              rule: "missing: DTSTAMP, else the time of the import (an update keeps the item's own, so importing the file again changes nothing)"),
        .init(property: "DTSTAMP", field: "(none)",
              rule: "always written: modifiedAt, else createdAt"),
        .init(property: "LAST-MODIFIED", field: "modifiedAt",
              rule: "written when the item has changed; the value read is kept to tell whether it has changed since"),
        .init(property: "SEQUENCE", field: "(none)",
              rule: "kept as read; written one higher once modifiedAt differs from the LAST-MODIFIED read (1 for an item tick made and changed)"),
        .init(property: "X-APPLE-SORT-ORDER", field: "order in its section",
              rule: "an integer; written as the item's position in its section"),
    ]

    /// The names of the mapped properties.
    static let mappedNames: Set<String> = Set(table.map(\.property))

    /// Each mapped property's row in ``table`` (fewer than 64 rows, so a bit each).
    static let rowOfName: [String: Int] = Dictionary(uniqueKeysWithValues: table.enumerated().map { ($1.property, $0) })
}
