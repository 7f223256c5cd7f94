import FoundationEssentials
import Synchronization

/// The system's time zones by name, read from its zoneinfo files (``TZifZone``), each once
/// per process: what a TZID names, for iCalendar's times and for a repeating item's series.
/// Nothing here touches the process's `TZ`.
public enum SystemZones {
    /// Where zoneinfo files are read from.
    public static let defaultDirectory = "/usr/share/zoneinfo"

    /// zoneinfo files read so far in this process, by path (nil: none there), so that a
    /// sync reading thousands of files reads each zone once.
    private static let systemZones = Mutex<[String: TZifZone?]>([:])

    /// The zone of the system's zoneinfo that `tzid` names (also by its Windows name, or
    /// with a vendor prefix such as `/mozilla.org/20050126_1/Europe/Berlin`); nil when none.
    public static func zoneInfo(_ tzid: String, directory: String = defaultDirectory) -> TZifZone? {
        for name in Self.candidateNames(tzid) where Self.isSafeZoneName(name) {
            let path = directory + "/" + name
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

extension LocalTime {
    /// The system zone `tzid` names (see ``SystemZones``); nil when the system has none.
    public static func named(_ tzid: String) -> LocalTime? {
        SystemZones.zoneInfo(tzid)?.localTime
    }
}
