import FoundationEssentials
import Synchronization
import TickCore

/// The zone a repeating item's timed DUE is written in: its DTSTART's, when another app gave
/// it one with a TZID (the series' anchor, which tick moves on in that zone), else the
/// user's, by its zoneinfo name, with a VTIMEZONE of it beside. tick moves a series on by
/// the wall clock (09:00 stays 09:00 across a daylight-saving change, Monday stays Monday);
/// RFC 5545 expands an RRULE in its anchor's zone, so a UTC DUE would repeat at a fixed UTC
/// time in other apps (an hour off after a change, a day off when the UTC date differs).
/// Nil when the zone has no zoneinfo name or is UTC: the DUE is then written in UTC, which
/// means the same.
struct SeriesZone: Sendable {
    let tzid: String
    /// The zone's wall clock, as its zoneinfo file says (the one libc reads for `TZ`).
    let localTime: LocalTime
    /// Its VTIMEZONE, and the same as content lines.
    let vtimezone: ICalComponent
    let vtimezoneLines: [Substring]

    static let local: SeriesZone? = SystemZones.localName.flatMap(named)

    /// The zone `tzid` names, made once per process (an export of many items beside one
    /// phone's DTSTART zone makes its VTIMEZONE once).
    static func named(_ tzid: String) -> SeriesZone? {
        if let known = made.withLock({ $0[tzid] }) { return known }
        let zone = SeriesZone(tzid: tzid)
        made.withLock { $0[tzid] = zone }
        return zone
    }

    private static let made = Mutex<[String: SeriesZone?]>([:])

    private init?(tzid: String) {
        guard let info = SystemZones.zoneInfo(tzid), let rule = info.footer,
              rule.daylight != nil || rule.standardOffset != 0,
              let component = VTimeZoneWriter.vtimezone(tzid: tzid, rule: rule) else { return nil }
        var writer = ICalWriter(reservingCapacity: 512)
        component.write(to: &writer)
        self.tzid = tzid
        localTime = info.localTime
        vtimezone = component
        vtimezoneLines = String(decoding: writer.bytes, as: UTF8.self).split(separator: "\r\n")
    }

    /// The DUE of `due` in this zone: `DUE;TZID=Europe/Berlin:20270104T210000`.
    func dueLine(_ due: Date) -> ICalProperty {
        ICalProperty("DUE", [ICalParameter("TZID", tzid)], value: ICalDateTime.floatingText(due, in: localTime))
    }

    /// The zone a repeating item's timed DUE is written in beside `start` (its DTSTART, if
    /// any): the DTSTART's TZID's, else, without a DTSTART, the local one (``local``); nil
    /// beside a UTC or floating DTSTART (the DUE is then UTC, or floating too) and for other
    /// items.
    static func writes(_ item: ToDoItem, start: ICalProperty?) -> SeriesZone? {
        guard item.recurrence != nil, !item.dueIsDay else { return nil }
        switch start.flatMap(ICalDateTime.init) {
        case .zoned(_, let tzid)?: return named(tzid)
        case .utc?, .floating?: return nil
        // (A DATE start beside a time due is left out, or becomes a time in this zone: ``DueProperty/movedStart(_:from:to:)``.)
        case .date?, nil: return local
        }
    }

    /// Adds the VTIMEZONE of the TZID `vtodo`'s DUE names to `calendar` (before its first
    /// other component) unless it defines that TZID already.
    static func defineDueZone(of vtodo: ICalComponent, in calendar: inout ICalComponent) {
        guard calendar.name == "VCALENDAR", let tzid = vtodo.property("DUE")?.parameter("TZID"),
              !calendar.components.contains(where: { $0.name == "VTIMEZONE" && $0.property("TZID")?.value == tzid }),
              let zone = named(tzid) else { return }
        calendar.components.insert(zone.vtimezone, at: calendar.components.firstIndex { $0.name != "VTIMEZONE" } ?? calendar.components.count)
    }
}
