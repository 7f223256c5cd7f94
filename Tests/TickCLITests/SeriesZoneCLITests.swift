import Foundation
import Testing

/// A repeating item's timed due is written in the user's zone, by TZID, so that other apps
/// expand its RRULE to the days and times tick moves it on to (RFC 5545 expands in the
/// anchor's zone; a UTC DUE repeats at a fixed UTC time).
@Suite("tick CLI: a series' zone in iCalendar")
struct SeriesZoneCLITests {
    static let newYork = ["TZ": "America/New_York"]

    @Test("export writes a repeating timed due with the local zone's TZID and one VTIMEZONE; other dues stay UTC")
    func exportUsesTheLocalZone() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["add", "Bins out", "--due", "2027-01-04 21:00", "--repeat", "every mon"], environment: Self.newYork).status == 0)
        #expect(try tick.run(["add", "Standup", "--due", "2027-03-12 09:00", "--repeat", "every weekday"], environment: Self.newYork).status == 0)
        #expect(try tick.run(["add", "Once", "--due", "2027-01-04 21:00"], environment: Self.newYork).status == 0)
        #expect(try tick.run(["add", "Daily day", "--due", "2027-01-04", "--repeat", "every day"], environment: Self.newYork).status == 0)
        let lines = try tick.run(["export", "--format", "ics"], environment: Self.newYork).stdout.components(separatedBy: "\r\n")
        #expect(lines.contains("DUE;TZID=America/New_York:20270104T210000"), "\(lines)")
        #expect(lines.contains("DUE;TZID=America/New_York:20270312T090000"), "\(lines)")
        #expect(lines.contains("DUE:20270105T020000Z"), "\(lines)")
        #expect(lines.contains("DUE;VALUE=DATE:20270104"), "\(lines)")
        #expect(lines.filter { $0 == "TZID:America/New_York" }.count == 1, "\(lines)")
        // Read back in another zone: the same instants.
        let file = tick.directory.appendingPathComponent("series.ics")
        try lines.joined(separator: "\r\n").write(to: file, atomically: true, encoding: .utf8)
        let other = try TickRunner()
        #expect(try other.run(["import", file.path], environment: ["TZ": "UTC"]).status == 0)
        let json = try other.run(["list", "--json"], environment: ["TZ": "UTC"]).stdout
        #expect(json.contains("\"due\": \"2027-01-05T02:00:00Z\"") && json.contains("\"due\": \"2027-03-12T14:00:00Z\""), "\(json)")
    }

    @Test("in UTC, or with a POSIX rule in TZ (no zone name), a repeating timed due is written in UTC and no VTIMEZONE")
    func utcWithoutAName() throws {
        for zone in ["UTC", "EST5EDT,M3.2.0,M11.1.0"] {
            let tick = try TickRunner()
            #expect(try tick.run(["add", "Bins out", "--due", "2027-01-04 21:00", "--repeat", "every mon"], environment: ["TZ": zone]).status == 0)
            let text = try tick.run(["export", "--format", "ics"], environment: ["TZ": zone]).stdout
            #expect(text.contains("\r\nDUE:2027010") && !text.contains("VTIMEZONE"), "\(zone): \(text)")
        }
    }

    @Test("python-dateutil expands the exported rule to the days and times tick moves the series on to, across the clocks' change")
    func dateutilAgreesWithTick() throws {
        let python = try ExternalTool.venv().appendingPathComponent("bin/python")
        let tick = try TickRunner()
        #expect(try tick.run(["add", "Bins out", "--due", "2027-03-01 21:00", "--repeat", "every mon"], environment: Self.newYork).status == 0)
        let file = tick.directory.appendingPathComponent("bins.ics")
        try tick.run(["export", "--format", "ics"], environment: Self.newYork).stdout.write(to: file, atomically: true, encoding: .utf8)
        var ticked: [String] = []
        for _ in 0..<3 {
            #expect(try tick.run(["check", "1"], environment: Self.newYork).status == 0)
            let json = try tick.run(["list", "--json", "--open"], environment: Self.newYork).stdout
            ticked += json.components(separatedBy: "\"due\": \"").dropFirst().map { String($0.prefix(20)) }
        }
        let script = """
            import sys, icalendar
            from dateutil.rrule import rrulestr
            from datetime import timezone
            todo = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read()).walk("VTODO")[0]
            due = todo["DUE"].dt
            for day in list(rrulestr(todo["RRULE"].to_ical().decode(), dtstart=due)[1:4]):
                print(day.astimezone(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), day.strftime("%a %H:%M"))
            """
        let result = try ExternalTool.run(python, ["-c", script, file.path])
        #expect(result.status == 0, "\(result.stderr)")
        // Monday 21:00 in New York: 02:00 UTC on Tuesdays in winter, 01:00 from March 14 on.
        #expect(result.stdout == "2027-03-09T02:00:00Z Mon 21:00\n2027-03-16T01:00:00Z Mon 21:00\n2027-03-23T01:00:00Z Mon 21:00\n", "\(result.stdout)")
        #expect(ticked == ["2027-03-09T02:00:00Z", "2027-03-16T01:00:00Z", "2027-03-23T01:00:00Z"], "\(ticked)")
    }

    @Test("sync's patch of another app's series keeps the DUE in the zone, and a repeat added in tick gets the zone and its VTIMEZONE")
    func syncPatchUsesTheZone() throws {
        let tick = try TickRunner()
        let vdir = tick.directory.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        let berlin = ["BEGIN:VTIMEZONE", "TZID:Europe/Berlin", "BEGIN:STANDARD", "DTSTART:19701025T030000", "TZOFFSETFROM:+0200",
                      "TZOFFSETTO:+0100", "RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU", "END:STANDARD", "BEGIN:DAYLIGHT",
                      "DTSTART:19700329T020000", "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU",
                      "END:DAYLIGHT", "END:VTIMEZONE"]
        func calendar(_ todo: [String], zone: Bool) -> String {
            (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN"] + (zone ? berlin : []) + ["BEGIN:VTODO"] + todo
                + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
        }
        try calendar(["UID:series-1", "DTSTAMP:20270301T080000Z", "LAST-MODIFIED:20270301T080000Z", "SUMMARY:Water plants",
                      "DUE;TZID=Europe/Berlin:20270327T090000", "RRULE:FREQ=DAILY"], zone: true)
            .write(to: vdir.appendingPathComponent("series-1.ics"), atomically: true, encoding: .utf8)
        try calendar(["UID:plain-1", "DTSTAMP:20270301T080000Z", "LAST-MODIFIED:20270301T080000Z", "SUMMARY:Call",
                      "DUE:20270327T080000Z"], zone: false)
            .write(to: vdir.appendingPathComponent("plain-1.ics"), atomically: true, encoding: .utf8)
        #expect(try tick.run(["sync", "--vdir", vdir.path]).status == 0)
        let list = try tick.run(["list"]).stdout
        #expect(list.contains("Water plants  2027-03-27 09:00"), "\(list)")
        let water = list.hasPrefix("1 [ ] Water") ? "1" : "2", call = water == "1" ? "2" : "1"
        #expect(try tick.run(["check", water]).status == 0)  // 2027-03-28 09:00 in Berlin: summer time from that night
        #expect(try tick.run(["edit", call, "--repeat", "every day"]).status == 0)
        #expect(try tick.run(["sync", "--vdir", vdir.path]).status == 0)
        let series = try String(contentsOf: vdir.appendingPathComponent("series-1.ics"), encoding: .utf8)
        #expect(series.contains("\r\nDUE;TZID=Europe/Berlin:20270328T090000\r\n"), "\(series)")
        #expect(series.components(separatedBy: "TZID:Europe/Berlin").count == 2, "one VTIMEZONE: \(series)")
        let plain = try String(contentsOf: vdir.appendingPathComponent("plain-1.ics"), encoding: .utf8)
        #expect(plain.contains("\r\nDUE;TZID=Europe/Berlin:20270327T090000\r\n"), "\(plain)")
        #expect(plain.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"), "\(plain)")
        #expect((plain.range(of: "BEGIN:VTIMEZONE")?.lowerBound ?? plain.endIndex) < (plain.range(of: "BEGIN:VTODO")?.lowerBound ?? plain.startIndex),
                "the VTIMEZONE before the VTODO: \(plain)")
    }

    @Test("beside a phone's DTSTART with a TZID, the DUE takes that zone too when tick moves the series on, in sync's patch and in export")
    func dueTakesTheStartsZone() throws {
        let tick = try TickRunner()
        let vdir = tick.directory.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        let file = vdir.appendingPathComponent("s.ics")
        try (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:s", "DTSTAMP:20270301T080000Z",
              "LAST-MODIFIED:20270301T080000Z", "SUMMARY:Standup", "DTSTART;TZID=Europe/Berlin:20270322T080000",
              "DUE;TZID=Europe/Berlin:20270322T080000", "RRULE:FREQ=WEEKLY;BYDAY=MO", "END:VTODO", "END:VCALENDAR"]
            .map { $0 + "\r\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)
        #expect(try tick.run(["sync", "--vdir", vdir.path]).status == 0)
        #expect(try tick.run(["check", "1"]).status == 0)
        #expect(try tick.run(["sync", "--vdir", vdir.path]).status == 0)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Berlin:20270329T080000\r\n") && text.contains("\r\nDUE;TZID=Europe/Berlin:20270329T080000\r\n"), "\(text)")
        #expect(text.components(separatedBy: "TZID:Europe/Berlin").count == 2, "one VTIMEZONE: \(text)")
        let exported = try tick.run(["export", "--format", "ics"], environment: ["TZ": "Asia/Tokyo"]).stdout
        #expect(exported.contains("\r\nDUE;TZID=Europe/Berlin:20270329T080000\r\n"), "\(exported)")
    }

    @Test("an item given a time and a repeat in tick beside a DATE DTSTART another app wrote: the DUE is in the local zone, the DTSTART left out or moved into it, never an anchor in UTC")
    func dateStartBesideATime() throws {
        let tick = try TickRunner()
        let vdir = tick.directory.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        let file = vdir.appendingPathComponent("d.ics")
        try (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//phone//EN", "BEGIN:VTODO", "UID:d", "DTSTAMP:20261201T080000Z",
              "LAST-MODIFIED:20261201T080000Z", "SUMMARY:Bins out", "DTSTART;VALUE=DATE:20270104", "DUE;VALUE=DATE:20270104",
              "END:VTODO", "END:VCALENDAR"].map { $0 + "\r\n" }.joined()).write(to: file, atomically: true, encoding: .utf8)
        #expect(try tick.run(["sync", "--vdir", vdir.path], environment: Self.newYork).status == 0)
        #expect(try tick.run(["edit", "1", "--due", "2027-01-04 21:00", "--repeat", "every mon"], environment: Self.newYork).status == 0)
        for text in [try tick.run(["export", "--format", "ics"], environment: Self.newYork).stdout,
                     try { () throws -> String in
                         #expect(try tick.run(["sync", "--vdir", vdir.path], environment: Self.newYork).status == 0)
                         return try String(contentsOf: file, encoding: .utf8)
                     }()] {
            // (The VTODO's own lines: a VTIMEZONE has DTSTARTs of its own.)
            let lines = text.components(separatedBy: "\r\n").drop { $0 != "BEGIN:VTODO" }.prefix { $0 != "END:VTODO" }
            #expect(lines.contains("DUE;TZID=America/New_York:20270104T210000"), "\(lines)")
            #expect(lines.allSatisfy { !$0.hasPrefix("DTSTART") || $0 == "DTSTART;TZID=America/New_York:20270104T000000" }, "\(lines)")
        }
    }
}
