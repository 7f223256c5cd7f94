import FoundationEssentials
import TickCore

/// An item to write as a VTODO, with what the list knows about it.
public struct ICalendarEntry: Sendable, Equatable {
    public var item: ToDoItem
    public var isDone: Bool
    /// Written as X-APPLE-SORT-ORDER when given (tick writes the position in its section).
    public var sortOrder: Int?
    /// The UID the parent's VTODO is written with, when it is not the text of the parent's
    /// id (another app's UID, ``ToDoItem/externalUID``): a RELATED-TO tick writes names the
    /// parent by it, as the other apps know the parent by it (see ``parentUIDs(of:)``).
    public var parentUID: String?

    public init(item: ToDoItem, isDone: Bool, sortOrder: Int? = nil, parentUID: String? = nil) {
        self.item = item
        self.isDone = isDone
        self.sortOrder = sortOrder
        self.parentUID = parentUID
    }
}

extension ICalendar {
    /// PRODID of what tick writes.
    public static let productID = "-//tick//tick//EN"

    /// The entries of a list: To Do, then Done, each with its position in its section as sort order.
    public static func entries(of list: ToDoList, toDo: Bool = true, done: Bool = true) -> [ICalendarEntry] {
        var entries: [ICalendarEntry] = []
        entries.reserveCapacity((toDo ? list.toDoItems.count : 0) + (done ? list.doneItems.count : 0))
        if toDo { for (index, item) in list.toDoItems.enumerated() { entries.append(ICalendarEntry(item: item, isDone: false, sortOrder: index)) } }
        if done { for (index, item) in list.doneItems.enumerated() { entries.append(ICalendarEntry(item: item, isDone: true, sortOrder: index)) } }
        return entries
    }

    /// A VCALENDAR holding every entry as a VTODO (VERSION 2.0, PRODID, and the VTIMEZONEs
    /// the items' kept content and repeating dues refer to; tick's other times are written in UTC).
    public static func encode(_ entries: some Sequence<ICalendarEntry>, reservingCapacity capacity: Int = 64 * 1_024) -> [UInt8] {
        var writer = ICalWriter(reservingCapacity: capacity)
        encode(entries, to: &writer)
        return writer.bytes
    }

    /// Writes a VCALENDAR holding every entry into `writer` (see ``encode(_:reservingCapacity:)``);
    /// returns what it left out beside the DUEs it wrote.
    @discardableResult
    public static func encode(_ entries: some Sequence<ICalendarEntry>, to writer: inout ICalWriter) -> DroppedForDue {
        var timeZones: [(tzid: String, lines: [Substring])] = []
        var dropped = DroppedForDue()
        writeStart(to: &writer)
        for entry in entries { writeVTodo(entry, to: &writer, timeZones: &timeZones, dropped: &dropped) }
        writeEnd(timeZones, to: &writer)
        return dropped
    }

    /// Writes the VCALENDAR of ``encode(_:reservingCapacity:)`` to `output` in pieces of
    /// about 1 MiB as they are made, so that a large list is never held whole as text;
    /// returns what it left out beside the DUEs it wrote.
    @discardableResult
    public static func write(_ entries: some Sequence<ICalendarEntry>, to output: inout ByteWriter) throws(InterchangeError) -> DroppedForDue {
        var writer = ICalWriter(reservingCapacity: piece + 64 * 1_024)
        var timeZones: [(tzid: String, lines: [Substring])] = []
        var dropped = DroppedForDue()
        writeStart(to: &writer)
        for entry in entries {
            writeVTodo(entry, to: &writer, timeZones: &timeZones, dropped: &dropped)
            if writer.count >= piece { try writer.drain(to: &output) }
        }
        writeEnd(timeZones, to: &writer)
        try writer.drain(to: &output)
        try output.flush()
        return dropped
    }

    /// ``write(_:to:)`` of the sections of `list`, the items read in place, each with its
    /// position in its section as sort order.
    @discardableResult
    public static func write(_ list: ToDoList, sections: [ToDoList.Section], to output: inout ByteWriter) throws(InterchangeError) -> DroppedForDue {
        var writer = ICalWriter(reservingCapacity: piece + 64 * 1_024)
        var timeZones: [(tzid: String, lines: [Substring])] = []
        var dropped = DroppedForDue()
        writeStart(to: &writer)
        let parentUIDs = parentUIDs(of: list)
        for section in sections {
            let items = list.items(in: section)
            for index in items.indices {
                let item = items[index]
                // (Most lists have no other app's parents: then no look at each item's parent.)
                let parentUID = parentUIDs.isEmpty ? nil : item.parent.flatMap { parentUIDs[$0] }
                writeVTodo(item, isDone: section == .done, sortOrder: index, parentUID: parentUID,
                           to: &writer, timeZones: &timeZones, dropped: &dropped)
                if writer.count >= piece { try writer.drain(to: &output) }
            }
        }
        writeEnd(timeZones, to: &writer)
        try writer.drain(to: &output)
        try output.flush()
        return dropped
    }

    /// How much ``write(_:to:)`` collects before it hands it on.
    private static let piece = 1 << 20

    private static func writeStart(to writer: inout ICalWriter) {
        writer.line("BEGIN", value: "VCALENDAR")
        writer.line("VERSION", value: "2.0")
        writer.line("PRODID", value: productID)
    }

    private static func writeEnd(_ timeZones: [(tzid: String, lines: [Substring])], to writer: inout ICalWriter) {
        for zone in timeZones { for line in zone.lines { writer.contentLine(line) } }
        writer.line("END", value: "VCALENDAR")
    }

    /// One entry as a calendar file of its own (one file of a vdir).
    public static func encodeFile(_ entry: ICalendarEntry) -> [UInt8] {
        encode(CollectionOfOne(entry), reservingCapacity: 1_024)
    }

    /// ``encodeFile(_:)``, adding what it left out beside the DUE to `dropped`.
    public static func encodeFile(_ entry: ICalendarEntry, dropped: inout DroppedForDue) -> [UInt8] {
        var writer = ICalWriter(reservingCapacity: 1_024)
        dropped.add(encode(CollectionOfOne(entry), to: &writer))
        return writer.bytes
    }

    /// The UIDs of the items among `items` that are parents of others and are written with
    /// another app's UID (``ICalendarEntry/parentUID``), by id; empty when there are none.
    public static func parentUIDs(of items: some Collection<ToDoItem>) -> [UUID: String] {
        let parents = Set(items.lazy.compactMap(\.parent))
        guard !parents.isEmpty else { return [:] }
        var uids: [UUID: String] = [:]
        for item in items {
            if let uid = item.externalUID, parents.contains(item.id) { uids[item.id] = uid }
        }
        return uids
    }

    /// ``parentUIDs(of:)`` of a list's items, read in place (an export of 100,000 items
    /// copies none of them for it).
    public static func parentUIDs(of list: ToDoList) -> [UUID: String] {
        var parents = Set<UUID>()
        for section in ToDoList.Section.allCases {
            list.items(in: section).forEachInPlace { item in if let parent = item.pointee.parent { parents.insert(parent) } }
        }
        guard !parents.isEmpty else { return [:] }
        var uids: [UUID: String] = [:]
        for section in ToDoList.Section.allCases {
            list.items(in: section).forEachInPlace { item in
                if let uid = item.pointee.externalUID, parents.contains(item.pointee.id) { uids[item.pointee.id] = uid }
            }
        }
        return uids
    }

    /// The UID an item is written with: the other app's UID it came with, else its id.
    public static func uid(of item: ToDoItem) -> String {
        item.externalUID ?? item.id.uuidString
    }

    /// Writes an entry's VTODO, then the overrides of its recurrences; adds the VTIMEZONEs
    /// its kept content needs to `timeZones` (each TZID once), and what it left out beside
    /// the DUE it wrote to `dropped`.
    public static func writeVTodo(_ entry: ICalendarEntry, to writer: inout ICalWriter,
                                  timeZones: inout [(tzid: String, lines: [Substring])], dropped: inout DroppedForDue) {
        writeVTodo(entry.item, isDone: entry.isDone, sortOrder: entry.sortOrder, parentUID: entry.parentUID, to: &writer,
                   timeZones: &timeZones, dropped: &dropped)
    }

    /// ``writeVTodo(_:to:timeZones:dropped:)`` of the item read in place.
    static func writeVTodo(_ item: ToDoItem, isDone: Bool, sortOrder: Int?, parentUID: String?, to writer: inout ICalWriter,
                           timeZones: inout [(tzid: String, lines: [Substring])], dropped: inout DroppedForDue) {
        var context = VTodoWriteContext(item: item, isDone: isDone, sortOrder: sortOrder, parentUID: parentUID,
                                        extras: item.iCalendarExtras.map(ICalendarExtras.init))
        let controlCharacters = writer.controlCharactersLeftOut
        defer { if writer.controlCharactersLeftOut > controlCharacters { dropped.controlCharacters += 1 } }
        writer.line("BEGIN", value: "VTODO")
        for row in VTodoMapping.rows { row.write(&context, to: &writer) }
        // The kept lines written inside the VTODO: those outside its sub-components are the
        // rows' to leave out or write in another form (see VTodoProperty.keptLine).
        var written: [Substring] = []
        if let extras = context.extras {
            var depth = 0
            for line in extras.inner {
                let name = ICalendarExtras.name(of: line)
                var decision = KeptLine.asRead
                if depth == 0 {
                    for row in VTodoMapping.keptLineRows {
                        decision = row.keptLine(line, name: name, context: &context)
                        if case .asRead = decision { continue }
                        break
                    }
                }
                switch decision {
                case .asRead:
                    if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
                    writer.contentLine(line)
                    if !extras.timeZones.isEmpty { written.append(line) }
                case .leftOut:
                    continue
                case .replaced(let replacement):
                    writer.contentLine(Substring(replacement))
                    if !extras.timeZones.isEmpty { written.append(Substring(replacement)) }
                }
            }
            dropped.add(context.dropped)
        }
        writer.line("END", value: "VTODO")
        defer {
            // The DUE's zone: the item's kept VTIMEZONE of that TZID when it has one (below), else the system's.
            if let zone = context.dueZone, !timeZones.contains(where: { $0.tzid == zone.tzid }) {
                timeZones.append((zone.tzid, zone.vtimezoneLines))
            }
        }
        guard let extras = context.extras else { return }
        for override in extras.overrides { for line in override { writer.contentLine(line) } }
        // The kept VTIMEZONEs that the lines written name (a DTSTART left out may have been the only one).
        guard !extras.timeZones.isEmpty else { return }
        var named = Set((written + extras.overrides.joined()).compactMap { property(of: $0)?.parameter("TZID") })
        if let zone = context.dueZone { named.insert(zone.tzid) }
        for zone in extras.timeZones where named.contains(zone.tzid) && !timeZones.contains(where: { $0.tzid == zone.tzid }) {
            timeZones.append(zone)
        }
    }

    /// Writes SUMMARY, DESCRIPTION or LOCATION: the line as read, parameters and all, while
    /// the field still holds its text (a blank SUMMARY while the title is still the
    /// placeholder it was read as); else the text alone.
    static func writeText(_ name: StaticString, _ text: String, asRead extras: ICalendarExtras?, to writer: inout ICalWriter) {
        // (Titles and location names are kept trimmed; the line as read may not be.)
        if let line = extras?.textAsRead[name.description],
           case let read = ICalText.unescape(String(ICalendarExtras.value(of: line))).trimmingWhitespace,
           read == text || (read.isEmpty && text == VTodoMapping.untitled) {
            writer.contentLine(line)
        } else {
            writer.start(name)
            writer.text(text)
            writer.end()
        }
    }

    /// The parameter of the empty LOCATION tick writes for a location it removed from an
    /// item with Apple's geofence (an empty LOCATION without it does not hide the geofence).
    static let locationRemovedParameter = "X-TICK-REMOVED"

    /// `GEO`'s value, `lat;lon`, as RFC 5545's FLOATs: plain decimals, never an exponent
    /// (Swift writes 0.00001 as `1e-05`, which no reader of FLOAT, tick's included, takes).
    static func geoValue(_ coordinate: Location.Coordinate) -> String {
        func decimal(_ value: Double) -> String {
            let text = String(value)
            guard let e = text.firstIndex(of: "e"), let exponent = Int(text[text.index(after: e)...]), exponent < 0 else { return text }
            let negative = text.hasPrefix("-")
            let digits = text[..<e].filter { $0.isNumber }
            return (negative ? "-0." : "0.") + String(repeating: "0", count: -exponent - 1) + digits
        }
        return decimal(coordinate.latitude) + ";" + decimal(coordinate.longitude)
    }

    /// A UUID's canonical text (upper-case, as `uuidString`), without making a string.
    static func writeUUID(_ id: UUID, to writer: inout ICalWriter) {
        writer.ascii(36) { out in
            let hex: StaticString = "0123456789ABCDEF"
            ByteWriter.writeUUID(id, digits: hex.utf8Start, to: out)
        }
    }
}
