import FoundationEssentials
import TickCore

extension ICalendar {
    /// An existing VTODO with an entry's mapped fields put in and everything else kept as it
    /// was, property for property (for sync, which writes back what it read). Only fields
    /// that differ from what the VTODO says are touched; when any is, LAST-MODIFIED and
    /// DTSTAMP become the item's modifiedAt (else `now`) and SEQUENCE goes one up. A VTODO
    /// that already says what the entry says comes back unchanged.
    public static func patch(_ vtodo: ICalComponent, with entry: ICalendarEntry, resolver: inout TimeZoneResolver,
                             source: String, now: Date = Date()) throws(InterchangeError) -> ICalComponent {
        var dropped = DroppedForDue()
        return try patch(vtodo, with: entry, resolver: &resolver, source: source, now: now, dropped: &dropped)
    }

    /// ``patch(_:with:resolver:source:now:)``, adding what it left out beside a DUE it wrote
    /// to `dropped`: a DUE tick writes replaces a DURATION, and a DTSTART of another value
    /// type or after it goes (see ``DroppedForDue``); without a due, both stay as they were.
    public static func patch(_ vtodo: ICalComponent, with entry: ICalendarEntry, resolver: inout TimeZoneResolver,
                             source: String, now: Date = Date(), dropped: inout DroppedForDue) throws(InterchangeError) -> ICalComponent {
        var options = ICalendarDecodingOptions()
        options.floating = resolver.floating
        options.zoneinfoDirectory = resolver.zoneinfoDirectory
        options.now = entry.item.createdAt
        let old = try decodeToDo(vtodo, resolver: &resolver, source: source, options: options)
        var state = VTodoPatchState(vtodo, old: old, entry: entry, now: now)
        for row in VTodoMapping.rows { row.patch(&state, resolver: &resolver) }
        for row in VTodoMapping.rows { row.finishPatch(&state) }
        dropped.add(state.dropped)
        return state.changed ? state.patched : vtodo
    }

    /// A calendar file's bytes with the VTODO of the entry's UID (the one without
    /// RECURRENCE-ID) patched (see ``patch(_:with:resolver:source:now:)``), everything else
    /// as it was. The file must hold that VTODO; bytes are only rewritten when it changed
    /// (nil: nothing to write).
    public static func patchFile(_ bytes: [UInt8], with entry: ICalendarEntry, source: String,
                                 options: ICalendarDecodingOptions = ICalendarDecodingOptions(),
                                 now: Date = Date()) throws(InterchangeError) -> [UInt8]? {
        var dropped = DroppedForDue()
        return try patchFile(bytes, with: entry, source: source, options: options, now: now, dropped: &dropped)
    }

    /// ``patchFile(_:with:source:options:now:)``, adding what it left out beside a DUE it
    /// wrote to `dropped` (see ``patch(_:with:resolver:source:now:dropped:)``).
    public static func patchFile(_ bytes: [UInt8], with entry: ICalendarEntry, source: String,
                                 options: ICalendarDecodingOptions = ICalendarDecodingOptions(),
                                 now: Date = Date(), dropped: inout DroppedForDue) throws(InterchangeError) -> [UInt8]? {
        var calendars = try ICalComponent.parse(bytes, source: source)
        var resolver = TimeZoneResolver(source: source, zoneinfoDirectory: options.zoneinfoDirectory, floating: options.floating)
        for calendar in calendars { resolver.add(vtimezonesOf: calendar) }
        let uid = uid(of: entry.item)
        func isItem(_ component: ICalComponent) -> Bool {
            component.name == "VTODO" && component.property("UID")?.value == uid && component.property("RECURRENCE-ID") == nil
        }
        // The item's VTODO, inside a calendar or bare (see ICalComponent.bareChildren).
        var path: (calendar: Int, index: Int?)?
        for (calendarIndex, calendar) in calendars.enumerated() where path == nil {
            if isItem(calendar) {
                path = (calendarIndex, nil)
            } else if calendar.name == "VCALENDAR", let index = calendar.components.firstIndex(where: isItem) {
                path = (calendarIndex, index)
            }
        }
        if let path {
            let component = path.index.map { calendars[path.calendar].components[$0] } ?? calendars[path.calendar]
            let patched = try patch(component, with: entry, resolver: &resolver, source: source, now: now, dropped: &dropped)
            guard patched != component else { return nil }
            if let index = path.index { calendars[path.calendar].components[index] = patched } else { calendars[path.calendar] = patched }
            // (Only a DUE tick wrote: a file's own DUE;TZID without its VTIMEZONE stays as it was.)
            if patched.property("DUE") != component.property("DUE") { SeriesZone.defineDueZone(of: patched, in: &calendars[path.calendar]) }
            var writer = ICalWriter(reservingCapacity: bytes.count + 256)
            for calendar in calendars { calendar.write(to: &writer) }
            return writer.bytes
        }
        throw InterchangeError(source: source, problem: "holds no VTODO with UID \"\(uid)\"")
    }
}

/// Whether two times name the same second, as iCalendar writes them (tick's own times carry
/// fractions of a second, which a file never does).
func sameSecond(_ lhs: Date?, _ rhs: Date?) -> Bool {
    lhs.map { LocalTime.utc.fields(of: $0) } == rhs.map { LocalTime.utc.fields(of: $0) }
}

extension ICalComponent {
    /// Replaces the properties named `key` with `properties`, where the first of them was
    /// (or before END when there was none); an empty list removes them.
    mutating func replace(_ key: String, with replacement: [ICalProperty]) {
        let first = properties.firstIndex { $0.key == key }
        properties.removeAll { $0.key == key }
        properties.insert(contentsOf: replacement, at: min(first ?? properties.count, properties.count))
    }
}
