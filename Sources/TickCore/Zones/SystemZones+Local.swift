#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension SystemZones {
    /// The zoneinfo name of the user's zone (``LocalTime/current``), for writing a repeating
    /// item's times with a TZID that other apps expand as tick does; nil when the zone has
    /// no such name (a POSIX rule in `TZ`, no /etc/localtime link) or no zoneinfo file.
    public static let localName: String? = {
        var link = [CChar](repeating: 0, count: 4_096)
        let count = readlink("/etc/localtime", &link, link.count - 1)
        let target = count > 0 ? String(decoding: link[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self) : nil
        return localName(tz: getenv("TZ").map { String(cString: $0) }, localtimeLink: target)
    }()

    /// The zone name `TZ` gives (as libc reads it: `Europe/Berlin` or `:Europe/Berlin`), else
    /// the one /etc/localtime links to (`/usr/share/zoneinfo/Europe/Berlin`); nil when `TZ`
    /// is a POSIX rule or names no zoneinfo file, or neither says. An empty `TZ` is UTC.
    public static func localName(tz: String?, localtimeLink: String?, directory: String = defaultDirectory) -> String? {
        var name: String
        if let tz {
            name = tz.hasPrefix(":") ? String(tz.dropFirst()) : tz
            if name.isEmpty { return "UTC" }
        } else if let link = localtimeLink, let range = link.ranges(of: "zoneinfo/").last {
            name = String(link[range.upperBound...])
        } else {
            return nil
        }
        // Debian's copies, by the same names (right/: with leap seconds, which iCalendar does not count).
        for copies in ["posix/", "right/"] where name.hasPrefix(copies) { name.removeFirst(copies.count) }
        guard isSafeZoneName(name), zoneInfo(name, directory: directory) != nil else { return nil }
        return name
    }
}
