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
        let item = entry.item
        var patched = vtodo
        var changed = false
        func set(_ name: String, _ properties: [ICalProperty]) {
            changed = true
            patched.replace(name, with: properties)
        }
        if old.item.title != item.title { set("SUMMARY", [ICalProperty("SUMMARY", value: ICalText.escape(item.title))]) }
        // (Empty notes are no notes, as the decoder reads an empty DESCRIPTION.)
        let notes = item.notes?.isEmpty == false ? item.notes : nil
        if old.item.notes != notes {
            set("DESCRIPTION", notes.map { [ICalProperty("DESCRIPTION", value: ICalText.escape($0))] } ?? [])
        }
        if !sameSecond(old.item.due, item.due) || old.item.dueIsDay != item.dueIsDay {
            if let day = item.dueDay {
                set("DUE", [ICalProperty("DUE", [ICalParameter("VALUE", "DATE")], value: day.basicFormat)])
            } else {
                let floating = startIsFloating(vtodo.properties)
                set("DUE", item.due.map { due in
                    [ICalProperty("DUE", value: floating ? ICalDateTime.floatingText(due, in: resolver.floating) : ICalDateTime.utcText(due))]
                } ?? [])
            }
            // RFC 5545 allows no DURATION beside a DUE, and a DTSTART only of the DUE's value
            // type and not after it: what the new DUE would make invalid goes (see DroppedForDue).
            if item.due != nil, !vtodo.properties("DURATION").isEmpty {
                set("DURATION", [])
                dropped.durations += 1
            }
            if vtodo.properties("DTSTART").contains(where: { !startFits($0, dueOf: item, resolver: &resolver) }) {
                set("DTSTART", [])
                dropped.startDates += 1
            }
        }
        if old.item.location != item.location {
            // A removed location stays removed as a marked empty LOCATION when a geofence would give it back.
            let geofence = ([vtodo] + vtodo.components).contains { !$0.properties("X-APPLE-STRUCTURED-LOCATION").isEmpty }
            set("LOCATION", item.location.map { [ICalProperty("LOCATION", value: ICalText.escape($0.name))] }
                ?? (geofence ? [ICalProperty("LOCATION", [ICalParameter(ICalendar.locationRemovedParameter, "TRUE")], value: "")] : []))
            let geo = item.location?.coordinate.map { ICalendar.geoValue($0) }
            set("GEO", geo.map { [ICalProperty("GEO", value: $0)] } ?? [])
        }
        if old.isDone != entry.isDone || (entry.isDone && !sameSecond(old.item.completedAt, item.completedAt)) {
            if entry.isDone {
                set("STATUS", [ICalProperty("STATUS", value: "COMPLETED")])
                set("COMPLETED", item.completedAt.map { [ICalProperty("COMPLETED", value: ICalDateTime.utcText($0))] } ?? [])
                set("PERCENT-COMPLETE", [ICalProperty("PERCENT-COMPLETE", value: "100")])
            } else {
                set("STATUS", [ICalProperty("STATUS", value: "NEEDS-ACTION")])
                set("COMPLETED", [])
                set("PERCENT-COMPLETE", [])
            }
        }
        if let order = entry.sortOrder, old.sortOrder != order {
            set("X-APPLE-SORT-ORDER", [ICalProperty("X-APPLE-SORT-ORDER", value: String(order))])
        }
        if !sameSecond(old.item.createdAt, item.createdAt), vtodo.property("CREATED") != nil || vtodo.property("DTSTAMP") != nil {
            set("CREATED", [ICalProperty("CREATED", value: ICalDateTime.utcText(item.createdAt))])
        }
        guard changed else { return vtodo }
        let stamp = ICalDateTime.utcText(item.modifiedAt ?? now)
        patched.replace("LAST-MODIFIED", with: [ICalProperty("LAST-MODIFIED", value: stamp)])
        patched.replace("DTSTAMP", with: [ICalProperty("DTSTAMP", value: stamp)])
        let sequence = vtodo.property("SEQUENCE").flatMap { Int($0.value.trimmingWhitespace) } ?? 0
        patched.replace("SEQUENCE", with: [ICalProperty("SEQUENCE", value: String(sequence < Int(Int32.max) ? sequence + 1 : sequence))])
        return patched
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
