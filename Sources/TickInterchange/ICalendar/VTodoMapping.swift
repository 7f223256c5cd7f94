/// One row of docs/interchange.md's VTODO mapping table: a property, the item's field it
/// holds, and how it is read and written.
public struct VTodoPropertyMapping: Sendable, Equatable {
    /// The property's name.
    public let property: String
    /// The item's field (or the entry's, for done state and order).
    public let field: String
    /// How it is read and written.
    public let rule: String
}

/// Which VTODO property becomes which field of a tick item, stated once, as rows that carry
/// their own rules (``VTodoProperty``, one type each in `ICalendar/Properties/`): the reader
/// takes the properties they name (everything else stays with the item, verbatim, in
/// `iCalendarExtras`), the writer and sync's patch ask each row in turn, and
/// docs/interchange.md's mapping table lists their rows (a test compares them).
public enum VTodoMapping {
    /// What a VTODO without SUMMARY is called in tick (a title cannot be empty).
    public static let untitled = "(untitled)"

    /// The rows, in the order tick writes their properties in a VTODO.
    static let rows: [any VTodoProperty.Type] = [
        UIDProperty.self,
        ChangeDatesProperties.self,
        SummaryProperty.self,
        DescriptionProperty.self,
        DueProperty.self,
        LocationProperties.self,
        DoneProperties.self,
        SortOrderProperty.self,
        PriorityProperty.self,
        CategoriesProperty.self,
        RecurrenceProperty.self,
        RelatedToProperty.self,
    ]

    /// The mapping as data, a line per property, in the order tick writes them.
    public static let table: [VTodoPropertyMapping] = rows.flatMap { $0.mapping }

    /// The names of the mapped properties.
    static let mappedNames: Set<String> = Set(table.map(\.property))

    /// Each mapped property's row, and its bit for telling a second one (fewer than 64 properties).
    static let rowOfName: [String: (row: any VTodoProperty.Type, bit: Int)] = {
        var rowOfName: [String: (row: any VTodoProperty.Type, bit: Int)] = [:]
        for row in rows {
            for mapping in row.mapping { rowOfName[mapping.property] = (row, rowOfName.count) }
        }
        return rowOfName
    }()

    /// ``rowOfName`` in lists by the name's length in bytes, for ``row(named:)``.
    private static let rowsByLength: [[(name: String, row: any VTodoProperty.Type, bit: Int)]] = {
        var lists = Array(repeating: [(name: String, row: any VTodoProperty.Type, bit: Int)](),
                          count: 1 + (rowOfName.keys.map(\.utf8.count).max() ?? 0))
        for (name, entry) in rowOfName { lists[name.utf8.count].append((name, entry.row, entry.bit)) }
        return lists
    }()

    /// ``rowOfName``'s entry for `key`, found by comparing the one to three names of its
    /// length: the reader asks once per property, and hashing the name cost more.
    static func row(named key: String) -> (row: any VTodoProperty.Type, bit: Int)? {
        let length = key.utf8.count
        guard length < rowsByLength.count else { return nil }
        for candidate in rowsByLength[length] where candidate.name == key { return (candidate.row, candidate.bit) }
        return nil
    }

    /// The rows that have a say over an item's kept lines when it is written.
    static let keptLineRows: [any VTodoProperty.Type] = rows.filter { $0.decidesKeptLines }
}
