import FoundationEssentials
import TickCore

/// Turns the TZIDs of one calendar file into zones: first the system's zoneinfo (also for
/// the Windows names some clients write, and for TZIDs with a vendor prefix such as
/// `/mozilla.org/20050126_1/Europe/Berlin`), else the file's own VTIMEZONE of that TZID,
/// wherever in the file it is. An unknown TZID with no VTIMEZONE is an error naming it.
///
/// Each zone is read once per file. Nothing here touches the process's `TZ`.
public struct TimeZoneResolver {
    /// Where zoneinfo files are read from.
    public var zoneinfoDirectory: String
    /// The zone of floating times (no `Z`, no TZID): the user's local time.
    public var floating: LocalTime
    private var vtimezones: [String: ICalComponent] = [:]
    private var zones: [String: LocalTime] = [:]
    private let source: String

    public init(source: String, zoneinfoDirectory: String = "/usr/share/zoneinfo", floating: LocalTime = .current) {
        self.source = source
        self.zoneinfoDirectory = zoneinfoDirectory
        self.floating = floating
    }

    /// Makes the VTIMEZONEs of a calendar known (by TZID).
    public mutating func add(vtimezonesOf calendar: ICalComponent) {
        for component in calendar.components where component.name == "VTIMEZONE" { add(vtimezone: component) }
    }

    /// Makes one VTIMEZONE known (by its TZID).
    public mutating func add(vtimezone component: ICalComponent) {
        if let tzid = component.property("TZID")?.value { vtimezones[tzid] = component }
    }

    /// Whether the file has given a VTIMEZONE for `tzid` (so far).
    func vtimezone(definedInFile tzid: String) -> Bool { vtimezones[tzid] != nil }

    /// The VTIMEZONE for `tzid` to write back out: the file's, else one made from the
    /// system zone's current rule (see ``VTimeZoneWriter``), else nil.
    public func vtimezone(_ tzid: String) -> ICalComponent? {
        if let component = vtimezones[tzid] { return component }
        guard let rule = systemZoneInfo(tzid)?.footer else { return nil }
        return VTimeZoneWriter.vtimezone(tzid: tzid, rule: rule)
    }

    /// The zone a TZID names; `line` is where it is used, for the error.
    public mutating func zone(_ tzid: String, line: Int) throws(InterchangeError) -> LocalTime {
        if let known = zones[tzid] { return known }
        let zone: LocalTime
        if let system = systemZone(tzid) {
            zone = system
        } else if let component = vtimezones[tzid] {
            zone = try VTimeZoneRules(component, source: source).localTime
        } else {
            throw InterchangeError(source: source, line: line,
                                   problem: "time zone \"\(tzid)\" is neither known to this system nor defined by a VTIMEZONE in the file")
        }
        zones[tzid] = zone
        return zone
    }

    /// The instant a DATE-TIME names (a DATE: 00:00 UTC of the day); `name` is the property, for the error.
    public mutating func instant(_ value: ICalDateTime, line: Int) throws(InterchangeError) -> Date {
        let result: Date?
        switch value {
        case .date(let day): result = day.utcMidnight
        case .utc(let wall): result = wall.instant(in: .utc)
        case .floating(let wall): result = wall.instant(in: floating)
        case let .zoned(wall, tzid): result = wall.instant(in: try zone(tzid, line: line))
        }
        guard let result else { throw InterchangeError(source: source, line: line, problem: "the date-time names no instant") }
        return result
    }

    // MARK: - The system's zones

    private func systemZone(_ tzid: String) -> LocalTime? {
        SystemZones.zoneInfo(tzid, directory: zoneinfoDirectory)?.localTime
    }

    private func systemZoneInfo(_ tzid: String) -> TZifZone? {
        SystemZones.zoneInfo(tzid, directory: zoneinfoDirectory)
    }
}
