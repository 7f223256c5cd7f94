import FoundationEssentials
import TickCore

/// tick's JSON: what `tick list --json`, `tick show --json` and `tick export --format json`
/// print and `tick import` reads back exactly.
///
/// An array of objects, one per item, To Do first, then Done, each section in its order.
/// The keys, in the order written, are ``Key``'s cases. Dates are ISO 8601 in UTC with as
/// many digits of a second's fraction as read back to the same instant; a due that is a
/// calendar day is `"2026-12-01"`.
public enum TickJSON {
    /// The schema: every key, in the order written, with what it holds.
    public enum Key: String, CaseIterable, Sendable {
        /// The item's UUID (upper-case); read back as it is, a new one when missing.
        case id
        /// Non-empty text.
        case title
        /// Text or null.
        case notes
        /// null, a calendar day `"2026-12-01"` or an instant `"2026-12-01T08:30:00Z"`.
        case due
        /// null or `{"name": text, "latitude": number or null, "longitude": number or null}`.
        case location
        /// 1 (highest) … 9 (lowest), iCalendar's scale, or null.
        case priority
        /// An array of strings, empty when none.
        case tags
        /// How it repeats: an RRULE value (`FREQ=WEEKLY;BYDAY=MO`), or null.
        case `repeat`
        /// true for an item of the Done section.
        case done
        /// An instant; now when missing on import.
        case createdAt
        /// An instant or null: when it was ticked off.
        case completedAt
        /// An instant or null: when it last changed.
        case modifiedAt
        /// Another app's iCalendar UID when it is not the id's text, or null.
        case externalUID
        /// iCalendar content tick keeps for other apps, verbatim, or null.
        case iCalendarExtras
        /// taskwarrior's members tick keeps (`wait`, UDAs, dated annotations …): the text of a
        /// JSON object, verbatim, or null.
        case taskwarriorExtras
        /// The id of the item this one is a subtask of (in the same list), or null.
        case parent
        /// The name of the list the item is in: written by `tick list --all-lists --json`;
        /// an import without `--list` puts each item in its list.
        case list
    }

    /// Writes `entries` as the JSON array, one object a line, flushing as it goes.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter) throws(InterchangeError) {
        try writeArray(count: entries.count, to: &writer) { (index, writer: inout ByteWriter) in writeObject(entries[index], to: &writer) }
    }

    /// Writes the sections of `list` as the JSON array, reading the items in place (no
    /// array of entries: `list --json` of a large list holds only the list and 1 MiB).
    public static func write(_ list: ToDoList, sections: [ToDoList.Section], to writer: inout ByteWriter) throws(InterchangeError) {
        let parts = sections.map { (items: list.items(in: $0), done: $0 == .done) }
        var part = 0, offset = 0
        try writeArray(count: parts.reduce(0) { $0 + $1.items.count }, to: &writer) { (_, writer: inout ByteWriter) in
            while offset == parts[part].items.count { part += 1; offset = 0 }
            writeObject(parts[part].items[offset], done: parts[part].done, to: &writer)
            offset += 1
        }
    }

    private static func writeArray(count: Int, to writer: inout ByteWriter,
                                   _ element: (Int, inout ByteWriter) -> Void) throws(InterchangeError) {
        var array = ArrayStream()
        for index in 0..<count {
            array.startElement(to: &writer)
            element(index, &writer)
            try writer.flushIfFull()
        }
        try array.finish(to: &writer)
    }

    /// The JSON array written an element at a time, for a caller that reads its items one
    /// at a time (`tick list --json`): the same bytes as ``write(_:sections:to:)``.
    public struct ArrayStream {
        private var count = 0

        public init() {}

        /// Writes what comes before the next element (`[` or the comma after the last).
        public mutating func startElement(to writer: inout ByteWriter) {
            writer.ascii(count == 0 ? "[\n  " : ",\n  ")
            count += 1
        }

        /// Ends the array and writes out what the writer holds.
        public func finish(to writer: inout ByteWriter) throws(InterchangeError) {
            writer.ascii(count == 0 ? "[]\n" : "\n]\n")
            try writer.flush()
        }
    }

    /// Writes one item's object (no line break): ``Key``'s cases in order, each key
    /// written as a literal.
    public static func writeObject(_ entry: ExchangeEntry, to writer: inout ByteWriter) {
        writeObject(entry.item, done: entry.done, to: &writer)
    }

    /// Writes one item's object, the item read in place; with `list`, the name of the list
    /// it is in as its last member (`tick list --all-lists --json`).
    public static func writeObject(_ item: borrowing ToDoItem, done: Bool, list: String? = nil, to writer: inout ByteWriter) {
        writer.ascii("{\"id\": \"")
        writer.uuid(item.id)
        writer.ascii("\", \"title\": ")
        writer.jsonString(item.title)
        writer.ascii(", \"notes\": ")
        if let notes = item.notes { writer.jsonString(notes) } else { writer.ascii("null") }
        writer.ascii(", \"due\": ")
        if let day = item.dueDay {
            writer.byte(UInt8(ascii: "\""))
            writer.day(day)
            writer.byte(UInt8(ascii: "\""))
        } else {
            quotedDate(item.due, &writer)
        }
        writer.ascii(", \"location\": ")
        if let location = item.location {
            writer.ascii("{\"name\": ")
            writer.jsonString(location.name)
            if let coordinate = location.coordinate {
                writer.ascii(", \"latitude\": ")
                writer.jsonNumber(coordinate.latitude)
                writer.ascii(", \"longitude\": ")
                writer.jsonNumber(coordinate.longitude)
                writer.byte(UInt8(ascii: "}"))
            } else {
                writer.ascii(", \"latitude\": null, \"longitude\": null}")
            }
        } else {
            writer.ascii("null")
        }
        writer.ascii(", \"priority\": ")
        if let priority = item.priority { writer.byte(UInt8(ascii: "0") + UInt8(priority)) } else { writer.ascii("null") }
        writer.ascii(", \"tags\": [")
        for (index, tag) in item.tags.enumerated() {
            if index > 0 { writer.ascii(", ") }
            writer.jsonString(tag)
        }
        writer.ascii("], \"repeat\": ")
        if let rule = item.recurrence { writer.jsonString(rule) } else { writer.ascii("null") }
        writer.ascii(done ? ", \"done\": true" : ", \"done\": false")
        writer.ascii(", \"createdAt\": ")
        quotedDate(item.createdAt, &writer)
        writer.ascii(", \"completedAt\": ")
        quotedDate(item.completedAt, &writer)
        writer.ascii(", \"modifiedAt\": ")
        quotedDate(item.modifiedAt, &writer)
        writer.ascii(", \"externalUID\": ")
        if let uid = item.externalUID { writer.jsonString(uid) } else { writer.ascii("null") }
        writer.ascii(", \"iCalendarExtras\": ")
        if let extras = item.iCalendarExtras { writer.jsonString(extras) } else { writer.ascii("null") }
        writer.ascii(", \"taskwarriorExtras\": ")
        if let extras = item.taskwarriorExtras { writer.jsonString(extras) } else { writer.ascii("null") }
        writer.ascii(", \"parent\": ")
        if let parent = item.parent { writer.jsonString(parent.uuidString) } else { writer.ascii("null") }
        if let list {
            writer.ascii(", \"list\": ")
            writer.jsonString(list)
        }
        writer.byte(UInt8(ascii: "}"))
    }

    /// The date in quotes, or null.
    private static func quotedDate(_ date: Date?, _ writer: inout ByteWriter) {
        guard let date else { return writer.ascii("null") }
        writer.byte(UInt8(ascii: "\""))
        writer.iso8601(date)
        writer.byte(UInt8(ascii: "\""))
    }
}
