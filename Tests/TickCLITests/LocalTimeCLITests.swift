import Foundation
import Testing

/// The CLI's dates in the user's zone as libc reads `TZ`, across daylight-saving changes,
/// with a POSIX rule (no tzdata needed) and with a zoneinfo name.
@Suite("tick CLI: local time")
struct LocalTimeCLITests {
    /// Central European time as a POSIX rule: +01:00, summer time from the last Sunday of
    /// March 02:00 to the last Sunday of October 03:00.
    static let centralEurope = ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"]

    @Test("a day after spring forward is that calendar day, shown on its own day")
    func afterSpringForward() throws {
        let tick = try TickRunner()
        let id = try tick.run(["add", "Pay rent", "--due", "2026-03-30"], environment: Self.centralEurope)
        #expect(id.status == 0, "\(id.stderr)")
        let json = try tick.run(["list", "--json"], environment: Self.centralEurope)
        #expect(json.stdout.contains("\"due\": \"2026-03-30\""))
        let human = try tick.run(["list"], environment: Self.centralEurope)
        #expect(human.stdout.contains("[ ] Pay rent  2026-03-30 overdue\n"))
        let show = try tick.run(["show", "1"], environment: Self.centralEurope)
        #expect(show.stdout.contains("2026-03-30  overdue\n"))
    }

    @Test("a weekly series started at 09:00 in Berlin moves on to 09:00 there across its clock change, ticked and exported in any zone")
    func seriesInItsOwnZone() throws {
        let ics = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:dst1", "SUMMARY:Standup",
                   "DTSTART;TZID=Europe/Berlin:20270327T090000", "DUE;TZID=Europe/Berlin:20270327T100000", "RRULE:FREQ=WEEKLY",
                   "END:VTODO", "END:VCALENDAR"].map { $0 + "\r\n" }.joined()
        for zone in ["UTC", "America/New_York", "Europe/Berlin"] {
            let tick = try TickRunner()
            let file = tick.directory.appendingPathComponent("dst.ics").path
            try ics.write(toFile: file, atomically: true, encoding: .utf8)
            #expect(try tick.run(["import", file], environment: ["TZ": zone]).status == 0)
            #expect(try tick.run(["check", "1"], environment: ["TZ": zone]).status == 0)
            for exportZone in ["UTC", "America/New_York"] {
                let lines = try tick.run(["export", "--format", "ics", "--open"], environment: ["TZ": exportZone]).stdout.components(separatedBy: "\r\n")
                // 10:00 summer time in Berlin, in the start's zone; the start an hour before, on Berlin's clock.
                #expect(lines.contains("DUE;TZID=Europe/Berlin:20270403T100000"), "ticked in \(zone), exported in \(exportZone): \(lines)")
                #expect(lines.contains("DTSTART;TZID=Europe/Berlin:20270403T090000"), "ticked in \(zone), exported in \(exportZone): \(lines)")
            }
        }
    }

    @Test("a day after fall back is that calendar day, and times show in the offset of their own day")
    func afterFallBack() throws {
        let tick = try TickRunner()
        try tick.run(["add", "Winter", "--due", "2026-10-26"], environment: Self.centralEurope)
        try tick.run(["add", "Summer noon", "--due", "2026-07-01T10:00:00Z"], environment: Self.centralEurope)
        try tick.run(["add", "Winter noon", "--due", "2026-12-01T11:00:00Z"], environment: Self.centralEurope)
        let json = try tick.run(["list", "--json"], environment: Self.centralEurope)
        #expect(json.stdout.contains("\"due\": \"2026-10-26\""))
        #expect(json.stdout.contains("\"due\": \"2026-07-01T10:00:00Z\""))
        let human = try tick.run(["list"], environment: Self.centralEurope)
        #expect(human.stdout.contains("Winter  2026-10-26 overdue\n"))
        #expect(human.stdout.contains("Summer noon  2026-07-01 12:00 overdue\n"))
        #expect(human.stdout.contains("Winter noon  2026-12-01 12:00")) // overdue from December on
    }

    @Test("a due given as a day is the same day in every zone: added in Berlin, read in New York and Tokyo")
    func dayDueInEveryZone() throws {
        let tick = try TickRunner()
        try tick.run(["add", "Pay rent", "--due", "2026-12-01"], environment: ["TZ": "Europe/Berlin"])
        for zone in ["America/New_York", "Asia/Tokyo", "Europe/Berlin"] {
            let human = try tick.run(["list"], environment: ["TZ": zone])
            #expect(human.stdout.contains("Pay rent  2026-12-01"), "\(zone): \(human.stdout)")
            let json = try tick.run(["list", "--json"], environment: ["TZ": zone])
            #expect(json.stdout.contains("\"due\": \"2026-12-01\""), "\(zone): \(json.stdout)")
        }
    }

    @Test("a due that is a time at local midnight shows 00:00 in list and show, so it does not read as a day")
    func midnightInstant() throws {
        let tick = try TickRunner()
        let zone = ["TZ": "America/New_York"]
        // 23:00 in Chicago is midnight in New York.
        try tick.run(["add", "Call Chicago", "--due", "2037-01-19T05:00:00Z"], environment: zone)
        try tick.run(["add", "Pay rent", "--due", "2037-01-19"], environment: zone)
        let human = try tick.run(["list"], environment: zone)
        #expect(human.stdout.contains("[ ] Call Chicago  2037-01-19 00:00\n"), "\(human.stdout)")
        #expect(human.stdout.contains("[ ] Pay rent  2037-01-19\n"), "\(human.stdout)")
        #expect(try tick.run(["show", "1"], environment: zone).stdout.contains("due:      2037-01-19 00:00\n"))
        #expect(try tick.run(["show", "2"], environment: zone).stdout.contains("due:      2037-01-19\n"))
    }

    @Test("a zoneinfo name works too: New York after its November change")
    func zoneinfoName() throws {
        let tick = try TickRunner()
        let zone = ["TZ": "America/New_York"]
        try tick.run(["add", "Vote", "--due", "2026-11-03T09:00"], environment: zone)
        try tick.run(["add", "Before", "--due", "2026-10-31T09:00"], environment: zone)
        let json = try tick.run(["list", "--json"], environment: zone)
        #expect(json.stdout.contains("\"due\": \"2026-11-03T14:00:00Z\""))
        #expect(json.stdout.contains("\"due\": \"2026-10-31T13:00:00Z\""))
        let berlin = try tick.run(["list"]) // the runner's default, Europe/Berlin
        #expect(berlin.stdout.contains("Vote  2026-11-03 15:00 overdue\n"))
        #expect(berlin.stdout.contains("Before  2026-10-31 14:00 overdue\n"))
    }

    @Test("the tick binary links neither ICU nor FoundationInternationalization")
    func noICU() throws {
        let binary = try Data(contentsOf: TickRunner.executable())
        #expect(binary.range(of: Data("libFoundationInternationalization.so".utf8)) == nil)
        #expect(binary.range(of: Data("lib_FoundationICU.so".utf8)) == nil)
        #expect(binary.range(of: Data("libFoundationEssentials.so".utf8)) != nil) // the search can succeed
    }
}
