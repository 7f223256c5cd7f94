import FoundationEssentials
import Synchronization
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

    /// zoneinfo files read so far in this process, by path (nil: none there), so that a
    /// sync reading thousands of files reads each zone once.
    private static let systemZones = Mutex<[String: TZifZone?]>([:])

    private func systemZone(_ tzid: String) -> LocalTime? {
        systemZoneInfo(tzid)?.localTime
    }

    private func systemZoneInfo(_ tzid: String) -> TZifZone? {
        for name in Self.candidateNames(tzid) where Self.isSafeZoneName(name) {
            let path = zoneinfoDirectory + "/" + name
            let zone: TZifZone?
            if let known = Self.systemZones.withLock({ $0[path] }) {
                zone = known
            } else {
                zone = FileManager.default.contents(atPath: path).flatMap { TZifZone(Array($0)) }
                Self.systemZones.withLock { $0[path] = zone }
            }
            if let zone { return zone }
        }
        return nil
    }

    /// The names to look for: the TZID, its Windows equivalent, and the last one and two
    /// path parts of a prefixed TZID.
    static func candidateNames(_ tzid: String) -> [String] {
        var names = [tzid]
        if let windows = windowsZones[tzid] { names.append(windows) }
        let parts = tzid.split(separator: "/")
        if tzid.hasPrefix("/"), parts.count >= 2 {
            names.append(parts.suffix(2).joined(separator: "/"))
            names.append(parts.suffix(3).joined(separator: "/"))
            if let last = parts.last { names.append(String(last)) }
        }
        return names
    }

    /// A zoneinfo name that stays inside the directory: letters, digits, `_ + -`, parts
    /// joined by `/`, no part starting with a dot.
    static func isSafeZoneName(_ name: String) -> Bool {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard !name.isEmpty, name.utf8.count < 128, parts.allSatisfy({ !$0.isEmpty && !$0.hasPrefix(".") }) else { return false }
        return name.utf8.allSatisfy { byte in
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "_"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "/"): true
            default: false
            }
        }
    }

    /// The Windows zone names Outlook, eM Client and Thunderbird (on Windows) write, for the
    /// zones most people use (from CLDR's windowsZones, territory 001).
    static let windowsZones: [String: String] = [
        "W. Europe Standard Time": "Europe/Berlin",
        "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest",
        "Central European Standard Time": "Europe/Warsaw",
        "E. Europe Standard Time": "Europe/Chisinau",
        "FLE Standard Time": "Europe/Kiev",
        "GTB Standard Time": "Europe/Bucharest",
        "GMT Standard Time": "Europe/London",
        "Greenwich Standard Time": "Atlantic/Reykjavik",
        "Russian Standard Time": "Europe/Moscow",
        "Turkey Standard Time": "Europe/Istanbul",
        "Eastern Standard Time": "America/New_York",
        "Central Standard Time": "America/Chicago",
        "Mountain Standard Time": "America/Denver",
        "US Mountain Standard Time": "America/Phoenix",
        "Pacific Standard Time": "America/Los_Angeles",
        "Alaskan Standard Time": "America/Anchorage",
        "Hawaiian Standard Time": "Pacific/Honolulu",
        "Atlantic Standard Time": "America/Halifax",
        "E. South America Standard Time": "America/Sao_Paulo",
        "India Standard Time": "Asia/Kolkata",
        "China Standard Time": "Asia/Shanghai",
        "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul",
        "Singapore Standard Time": "Asia/Singapore",
        "AUS Eastern Standard Time": "Australia/Sydney",
        "New Zealand Standard Time": "Pacific/Auckland",
        "South Africa Standard Time": "Africa/Johannesburg",
        "Israel Standard Time": "Asia/Jerusalem",
        "Arabian Standard Time": "Asia/Dubai",
        "UTC": "Etc/UTC",
    ]
}
