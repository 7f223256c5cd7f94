import Testing
@testable import TickCore

/// The user's zone by its zoneinfo name, as libc reads `TZ` and /etc/localtime.
@Suite("SystemZones.localName")
struct LocalZoneNameTests {
    @Test("TZ names the zone, with or without libc's leading colon; an empty TZ is UTC")
    func fromTZ() {
        #expect(SystemZones.localName(tz: "Europe/Berlin", localtimeLink: "/usr/share/zoneinfo/Asia/Tokyo") == "Europe/Berlin")
        #expect(SystemZones.localName(tz: ":America/New_York", localtimeLink: nil) == "America/New_York")
        #expect(SystemZones.localName(tz: "", localtimeLink: "/usr/share/zoneinfo/Asia/Tokyo") == "UTC")
    }

    @Test("without TZ, the zoneinfo file /etc/localtime links to, relative or through Debian's posix copies")
    func fromTheLink() {
        #expect(SystemZones.localName(tz: nil, localtimeLink: "/usr/share/zoneinfo/Asia/Tokyo") == "Asia/Tokyo")
        #expect(SystemZones.localName(tz: nil, localtimeLink: "../usr/share/zoneinfo/posix/Europe/Paris") == "Europe/Paris")
        #expect(SystemZones.localName(tz: "right/Europe/Paris", localtimeLink: nil) == "Europe/Paris")
    }

    @Test("a POSIX rule, a name with no zoneinfo file, one leaving the directory, or nothing at all gives no name")
    func noName() {
        #expect(SystemZones.localName(tz: "CET-1CEST,M3.5.0,M10.5.0/3", localtimeLink: nil) == nil)
        #expect(SystemZones.localName(tz: "Mars/Olympus_Mons", localtimeLink: nil) == nil)
        #expect(SystemZones.localName(tz: "../../etc/passwd", localtimeLink: nil) == nil)
        #expect(SystemZones.localName(tz: nil, localtimeLink: "/etc/some-file") == nil)
        #expect(SystemZones.localName(tz: nil, localtimeLink: nil) == nil)
    }
}
