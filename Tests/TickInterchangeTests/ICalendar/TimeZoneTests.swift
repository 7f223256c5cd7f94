import FoundationEssentials
import Testing
@testable import TickCore
@testable import TickInterchange

/// A VTIMEZONE for a made-up TZID with the EU's rules at +01:00/+02:00.
let customZone = """
    BEGIN:VTIMEZONE
    TZID:Custom/Berlin
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    DTSTART:19810329T020000
    RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    DTSTART:19961027T030000
    RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
    END:STANDARD
    END:VTIMEZONE
    """

@Suite("Time zones")
struct TimeZoneTests {
    @Test("a zone unknown to the system comes from the file's VTIMEZONE, also when it follows the VTODO")
    func vtimezone() throws {
        for zoneFirst in [true, false] {
            let todo = "BEGIN:VTODO\nUID:x\nSUMMARY:a\nDUE;TZID=Custom/Berlin:20260701T120000\nEND:VTODO"
            let body = zoneFirst ? customZone + "\n" + todo : todo + "\n" + customZone
            let decoded = try ICalendar.decode(ics("BEGIN:VCALENDAR\n\(body)\nEND:VCALENDAR"), source: "t", options: testOptions())
            #expect(decoded.todos.first?.item.due == utc(2026, 7, 1, 10))
        }
    }

    @Test("VTIMEZONE rules: the changes fall on the last Sunday of March and October")
    func vtimezoneRules() throws {
        let component = try #require(try ICalComponent.parse(ics(customZone), source: "t").first)
        let zone = try VTimeZoneRules(component, source: "t")
        func offset(_ date: Date) -> Int { zone.offset(at: Int64(date.timeIntervalSince1970)) }
        #expect(offset(utc(2026, 3, 29, 0, 59)) == 3_600)
        #expect(offset(utc(2026, 3, 29, 1, 0)) == 7_200)
        #expect(offset(utc(2026, 10, 25, 0, 59)) == 7_200)
        #expect(offset(utc(2026, 10, 25, 1, 0)) == 3_600)
        #expect(offset(utc(1970, 1, 1)) == 3_600)  // before every onset: the earliest one's TZOFFSETFROM
        #expect(VTimeZoneRules.yearlyRule("FREQ=YEARLY;BYMONTH=3;BYDAY=2SU")?.week == 2)
        // A DTSTART written with a stray Z is read as the local time it should be.
        let withZ = try #require(try ICalComponent.parse(ics(customZone.replacingOccurrences(of: "T030000", with: "T030000Z")), source: "t").first)
        #expect(try VTimeZoneRules(withZ, source: "t").offset(at: Int64(utc(2026, 10, 25, 1, 0).timeIntervalSince1970)) == 3_600)
        #expect(VTimeZoneRules.yearlyRule("FREQ=MONTHLY;BYMONTH=3;BYDAY=2SU") == nil)
    }

    @Test("a VTIMEZONE tick cannot read is an error with its line")
    func badVTimezone() {
        let zone = "BEGIN:VTIMEZONE\nTZID:Custom/X\nBEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETTO:+0100\nEND:STANDARD\nEND:VTIMEZONE"
        let text = "BEGIN:VCALENDAR\n\(zone)\nBEGIN:VTODO\nUID:x\nSUMMARY:a\nDUE;TZID=Custom/X:20260701T120000\nEND:VTODO\nEND:VCALENDAR"
        #expect {
            _ = try ICalendar.decode(ics(text), source: "t.ics", options: testOptions())
        } throws: { error in
            (error as? InterchangeError)?.line == 4 && (error as? InterchangeError)?.problem.contains("TZOFFSETFROM") == true
        }
    }

    @Test("zoneinfo files give the known offsets in winter and summer, before and long after their last transition")
    func zoneinfoOffsets() throws {
        let resolverZones = ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "America/Sao_Paulo"]
        for name in resolverZones {
            let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
            let zone = try #require(TZifZone(Array(data)))
            // Known offsets (seconds east) in January and July.
            let expected: [String: (Int, Int)] = [
                "Europe/Berlin": (3_600, 7_200), "America/New_York": (-18_000, -14_400), "Australia/Sydney": (39_600, 36_000),
                "Asia/Kolkata": (19_800, 19_800), "America/Sao_Paulo": (-10_800, -10_800),
            ]
            for year in [2021, 2026, 2040, 2100] {
                let january = zone.offset(at: Int64(utc(year, 1, 15, 12).timeIntervalSince1970))
                let july = zone.offset(at: Int64(utc(year, 7, 15, 12).timeIntervalSince1970))
                #expect((january, july) == expected[name].map { ($0.0, $0.1) } ?? (0, 0), "\(name) \(year)")
            }
        }
    }

    @Test("POSIX TZ rules: fixed, northern and southern daylight time, Julian days")
    func posixRules() throws {
        let fixed = try #require(PosixTimeZone("<+0530>-5:30"))
        #expect(fixed.offset(at: 0) == 19_800)
        let berlin = try #require(PosixTimeZone("CET-1CEST,M3.5.0,M10.5.0/3"))
        #expect(berlin.offset(at: Int64(utc(2031, 3, 30, 0, 59).timeIntervalSince1970)) == 3_600)
        #expect(berlin.offset(at: Int64(utc(2031, 3, 30, 1, 0).timeIntervalSince1970)) == 7_200)
        let sydney = try #require(PosixTimeZone("AEST-10AEDT,M10.1.0,M4.1.0/3"))
        #expect(sydney.offset(at: Int64(utc(2031, 1, 10).timeIntervalSince1970)) == 39_600)
        #expect(sydney.offset(at: Int64(utc(2031, 7, 10).timeIntervalSince1970)) == 36_000)
        let julian = try #require(PosixTimeZone("XST3XDT,J60/2,J300/2"))
        #expect(julian.offset(at: Int64(utc(2031, 6, 1).timeIntervalSince1970)) == -7_200)
        #expect(PosixTimeZone("") == nil && PosixTimeZone("CET-1CEST,M13.5.0,M10.5.0") == nil)
    }

    @Test("zone names that could leave the zoneinfo directory are never opened")
    func safeNames() {
        #expect(SystemZones.isSafeZoneName("America/Argentina/Buenos_Aires"))
        #expect(SystemZones.isSafeZoneName("Etc/GMT+5"))
        for name in ["../etc/passwd", "/etc/passwd", "Europe/../../x", ".hidden", "a//b", "", "Europe/Berlin\u{0}"] {
            #expect(!SystemZones.isSafeZoneName(name), "\(name)")
        }
    }

    @Test("a zoneinfo file is read once per process, however many calendars use it")
    func zoneinfoReadOnce() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-zoneinfo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("Test"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/Europe/Berlin"))
        #expect(FileManager.default.createFile(atPath: directory.appendingPathComponent("Test/Zone").path, contents: data))
        var options = testOptions()
        options.zoneinfoDirectory = directory.path
        let file = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:x\nSUMMARY:a\nDUE;TZID=Test/Zone:20260701T120000\nEND:VTODO\nEND:VCALENDAR")
        #expect(try ICalendar.decode(file, source: "1.ics", options: options).todos.first?.item.due == utc(2026, 7, 1, 10))
        try FileManager.default.removeItem(at: directory.appendingPathComponent("Test/Zone"))
        #expect(try ICalendar.decode(file, source: "2.ics", options: options).todos.first?.item.due == utc(2026, 7, 1, 10))
    }

    @Test("a VTIMEZONE made from a system zone's rule states it, and gives the zone's offsets")
    func madeVTimezone() throws {
        let rule = try #require(PosixTimeZone("CET-1CEST,M3.5.0,M10.5.0/3"))
        let component = try #require(VTimeZoneWriter.vtimezone(tzid: "Europe/Berlin", rule: rule))
        #expect(text(component.bytes) == text(ics("""
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            BEGIN:DAYLIGHT
            DTSTART:19700329T020000
            TZOFFSETFROM:+0100
            TZOFFSETTO:+0200
            RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU
            END:DAYLIGHT
            BEGIN:STANDARD
            DTSTART:19701025T030000
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0100
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
            END:STANDARD
            END:VTIMEZONE

            """)))
        for name in ["Europe/Berlin", "America/New_York", "Australia/Sydney", "Asia/Kolkata", "Asia/Tokyo"] {
            let data = try #require(FileManager.default.contents(atPath: "/usr/share/zoneinfo/" + name))
            let zone = try #require(TZifZone(Array(data)))
            let made = try #require(zone.footer.flatMap { VTimeZoneWriter.vtimezone(tzid: name, rule: $0) }, "\(name)")
            let rules = try VTimeZoneRules(made, source: name)
            for hour in stride(from: 0, to: 24 * 366 * 2, by: 7) {
                let instant = Int64(utc(2030, 1, 1).timeIntervalSince1970) + Int64(hour) * 3_600
                #expect(rules.offset(at: instant) == zone.offset(at: instant), "\(name) at \(instant)")
            }
        }
        // Chile changes at 24:00 of a Saturday, which a yearly BYDAY rule cannot say: no VTIMEZONE is made.
        #expect(PosixTimeZone("<-04>4<-03>,M9.1.6/24,M4.1.6/24").flatMap { VTimeZoneWriter.vtimezone(tzid: "America/Santiago", rule: $0) } == nil)
        #expect(VTimeZoneWriter.offset(-12_600) == "-0330" && VTimeZoneWriter.offset(19_845) == "+053045")
    }

    @Test("kept content naming a system zone the file did not define carries a VTIMEZONE, written once per export")
    func keptZoneDefined() throws {
        let file = ics("""
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:a
            SUMMARY:a
            DTSTART;TZID=America/New_York:20260105T090000
            END:VTODO
            BEGIN:VTODO
            UID:b
            SUMMARY:b
            DTSTART;TZID=America/New_York:20260106T090000
            END:VTODO
            END:VCALENDAR
            """)
        let decoded = try ICalendar.decode(file, source: "t", options: testOptions())
        #expect(decoded.todos[0].item.iCalendarExtras?.contains("BEGIN:VTIMEZONE\nTZID:America/New_York\nBEGIN:DAYLIGHT") == true)
        let written = text(ICalendar.encode(decoded.todos.map { ICalendarEntry(item: $0.item, isDone: $0.isDone) }))
        #expect(written.components(separatedBy: "BEGIN:VTIMEZONE").count == 2)
        #expect(written.hasSuffix("END:VTIMEZONE\r\nEND:VCALENDAR\r\n"))
    }

    @Test("a VTIMEZONE with a huge number of parts is refused, not read over and over")
    func hugeVTimezone() {
        var text = "BEGIN:VCALENDAR\nBEGIN:VTIMEZONE\nTZID:Huge/Zone\n"
        for _ in 0..<1_001 { text += "BEGIN:STANDARD\nDTSTART:19700101T000000\nTZOFFSETFROM:+0100\nTZOFFSETTO:+0100\nEND:STANDARD\n" }
        text += "END:VTIMEZONE\nBEGIN:VTODO\nUID:x\nSUMMARY:a\nDUE;TZID=Huge/Zone:20260701T120000\nEND:VTODO\nEND:VCALENDAR"
        expectError(ics(text), line: 2, "more than 1000 STANDARD and DAYLIGHT parts")
    }
}
