import FoundationEssentials
import TickCore

/// What tick left out of the VTODOs it wrote so that the DUE it writes stays valid beside
/// the content it kept (RFC 5545): a DURATION, because a VTODO holds DUE or DURATION, never
/// both (3.6.2), and tick's due replaces it; a DTSTART whose value type (DATE or DATE-TIME)
/// is not the DUE's, or which is after the DUE (3.8.2.3). Servers such as Nextcloud
/// (sabre/vobject) refuse such a VTODO. Also the control characters TEXT cannot hold
/// (3.3.11), which a title or notes may have. Counted by items, for the message that says so.
public struct DroppedForDue: Sendable, Equatable {
    /// Items whose DTSTART was left out.
    public var startDates = 0
    /// Items whose DURATION was left out.
    public var durations = 0
    /// Items with control characters in their text, which iCalendar's TEXT cannot hold.
    public var controlCharacters = 0

    public init() {}

    public var isEmpty: Bool { startDates == 0 && durations == 0 && controlCharacters == 0 }

    /// Adds another count to this one (a vdir's files, one at a time).
    public mutating func add(_ other: DroppedForDue) {
        startDates += other.startDates
        durations += other.durations
        controlCharacters += other.controlCharacters
    }

    /// The parts of the message on standard error, such as
    /// `DTSTART of 1 item (not the DUE's DATE or DATE-TIME type, or after the DUE)`; none when nothing was left out.
    public var descriptions: [String] {
        func items(_ count: Int) -> String { "\(count) item\(count == 1 ? "" : "s")" }
        var parts: [String] = []
        if startDates > 0 { parts.append("DTSTART of \(items(startDates)) (not the DUE's DATE or DATE-TIME type, or after the DUE)") }
        if durations > 0 { parts.append("DURATION of \(items(durations)) (a VTODO holds DUE or DURATION, and tick's due replaces it)") }
        if controlCharacters > 0 { parts.append("control characters in the text of \(items(controlCharacters)) (iCalendar text cannot hold them)") }
        return parts
    }
}

extension Omissions {
    /// Adds what an iCalendar export left out beside the DUEs it wrote (see ``DroppedForDue``).
    public mutating func note(_ dropped: DroppedForDue) {
        for part in dropped.descriptions { note(part) }
    }
}

extension ICalendar {
    /// Whether a kept DTSTART may stay beside the DUE tick writes for `item`: the same value
    /// type (a calendar-day due is written as DATE, any other as a UTC DATE-TIME) and not
    /// after the DUE. True when the item has no due (tick writes no DUE then). A DTSTART tick
    /// cannot read (a bad value, a TZID it cannot resolve) stays: tick has no ground to drop it.
    static func startFits(_ start: ICalProperty, dueOf item: ToDoItem, resolver: inout TimeZoneResolver) -> Bool {
        guard let due = item.due, let value = ICalDateTime(start) else { return true }
        switch (value, item.dueDay) {
        case let (.date(startDay), dueDay?): return startDay <= dueDay
        case (.date, nil), (_, _?): return false
        default:
            guard let instant = try? resolver.instant(value, line: start.line) else { return true }
            // The DUE is written to the second (fractions dropped), so compare with that.
            return instant.timeIntervalSince1970 <= due.timeIntervalSince1970.rounded(.down)
        }
    }

    /// ``startFits(_:dueOf:resolver:)`` of a DTSTART kept in an item's extras, its TZID
    /// resolved by the system's zoneinfo or the VTIMEZONEs kept with it; floating times are
    /// the user's local time, as an import reads them.
    static func startFits(_ line: Substring, dueOf item: ToDoItem, extras: ICalendarExtras) -> Bool {
        guard let start = property(of: line) else { return true }
        var resolver = TimeZoneResolver(source: "iCalendarExtras")
        if let tzid = start.parameter("TZID") {
            for zone in extras.timeZones where zone.tzid == tzid {
                let bytes = Array(zone.lines.joined(separator: "\r\n").utf8) + [0x0D, 0x0A]
                for component in (try? ICalComponent.parse(bytes, source: "iCalendarExtras")) ?? [] {
                    resolver.add(vtimezone: component)
                }
            }
        }
        return startFits(start, dueOf: item, resolver: &resolver)
    }

    /// Whether a VTODO's DTSTART (among `properties`, its own) is a floating DATE-TIME. Its
    /// DUE is then written floating too, as the user's local time, because RFC 5545 (3.8.2.3)
    /// wants DUE floating exactly when DTSTART is; a DUE tick read as floating was read as
    /// local time, so it is written back as it was.
    static func startIsFloating(_ properties: some Sequence<ICalProperty>) -> Bool {
        guard let start = properties.first(where: { $0.key == "DTSTART" }), case .floating? = ICalDateTime(start) else { return false }
        return true
    }

    /// The DTSTART kept in an item's extras (outside its alarms); nil when it has none.
    static func keptStart(_ extras: ICalendarExtras?) -> ICalProperty? {
        guard let extras else { return nil }
        var depth = 0
        for line in extras.inner {
            let name = ICalendarExtras.name(of: line)
            if name == "BEGIN" { depth += 1 } else if name == "END" { depth -= 1 }
            if depth == 0, name == "DTSTART", let property = property(of: line) { return property }
        }
        return nil
    }

    /// One content line (unfolded) as a property; nil when it is not one.
    static func property(of line: Substring) -> ICalProperty? {
        let bytes = Array(line.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var reader = ContentLineReader(bytes: buffer, source: "iCalendarExtras")
            return (try? reader.next()) ?? nil
        }
    }
}
