import Foundation
import Testing
import TickCore
import TmuxHarness
@testable import TickInterchange

/// A calendar (LF line ends) holding one VTODO with `lines`, then `after` (components after it).
private func calendar(_ lines: [String], after: [String] = []) -> [UInt8] {
    ics((["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:q-1", "DTSTAMP:20261101T100000Z"]
        + lines + ["END:VTODO"] + after + ["END:VCALENDAR"]).joined(separator: "\n"))
}

/// Decode options whose floating zone is the one an export writes floating times in.
private func localOptions() -> ICalendarDecodingOptions {
    var options = testOptions()
    options.floating = .current
    return options
}

/// A VTIMEZONE for a TZID no system knows, with Berlin's rules.
private let madeUpZone = ["BEGIN:VTIMEZONE", "TZID:Made Up Time", "BEGIN:STANDARD", "TZOFFSETFROM:+0200", "TZOFFSETTO:+0100",
                          "DTSTART:19701025T030000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10", "END:STANDARD", "BEGIN:DAYLIGHT",
                          "TZOFFSETFROM:+0100", "TZOFFSETTO:+0200", "DTSTART:19700329T020000", "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
                          "END:DAYLIGHT", "END:VTIMEZONE"]

/// Shapes found in real clients' files and other projects' test data (KDE, eM Client,
/// ical4android, python ical, Radicale), read as one clear meaning or refused with the line.
@Suite("What real files taught the iCalendar codec")
struct RealFileQuirkTests {
    @Test("a bare VTODO, without a VCALENDAR around it, is read as if inside one; a bare VEVENT is still refused")
    func bareVTodo() throws {
        let bare = ics("BEGIN:VTODO\nUID:bare-1\nSUMMARY:Bare task\nDUE;VALUE=DATE:20261201\nEND:VTODO\n"
            + "BEGIN:VTODO\nUID:bare-2\nSUMMARY:Second\nEND:VTODO\n")
        let todos = try ICalendar.decode(bare, source: "bare.ics", options: testOptions()).todos
        #expect(todos.map(\.item.title) == ["Bare task", "Second"])
        #expect(todos.first?.item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        expectError(ics("BEGIN:VEVENT\nUID:e\nEND:VEVENT"), line: 1, "BEGIN:VEVENT is outside a VCALENDAR")
    }

    @Test("a bare VTODO keeps its alarm, as one inside a VCALENDAR does")
    func bareVTodoKeepsAlarm() throws {
        let bare = ics("BEGIN:VTODO\nUID:eds-7\nSUMMARY:With alarm\nBEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM\nEND:VTODO\n")
        let decoded = try ICalendar.decode(bare, source: "task-7.ics", options: testOptions())
        #expect(decoded.skipped.isEmpty)
        #expect(decoded.todos.first?.item.iCalendarExtras == "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nEND:VALARM")
    }

    @Test("a vCalendar 1.0 file is refused at its VERSION line, not read as iCalendar and written back invalid")
    func vCalendarOne() {
        expectError(ics("BEGIN:VCALENDAR\nVERSION:1.0\nBEGIN:VTODO\nSUMMARY;ENCODING=QUOTED-PRINTABLE:Attivit=C3=A0\nSTATUS:NEEDS ACTION\nEND:VTODO\nEND:VCALENDAR"),
                    line: 2, "VERSION:1.0 is vCalendar 1.0, which tick does not read")
        // Before a quoted-printable soft line break makes a line that is no content line.
        expectError(ics("BEGIN:VCALENDAR\nVERSION:1.0\nBEGIN:VTODO\nSUMMARY;ENCODING=QUOTED-PRINTABLE:broken=\nacross lines\nEND:VTODO\nEND:VCALENDAR"),
                    line: 2, "VERSION:1.0 is vCalendar 1.0")
    }

    @Test("a vdir export writes an item read from a bare VTODO file back into that file, not into a second one")
    func bareVTodoInVdir() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bare-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("abc123.ics")
        try Data("BEGIN:VTODO\r\nUID:server-href-uid\r\nSUMMARY:Bare task\r\nEND:VTODO\r\n".utf8).write(to: file)
        var item = try #require(try ICalendar.decode(Array(try Data(contentsOf: file)), source: file.path, options: testOptions()).todos.first).item
        try item.setTitle("Renamed")
        _ = try Vdir.write([ExchangeEntry(item: item, done: false)], to: directory.path)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path) == ["abc123.ics"])
        #expect(try String(contentsOf: file, encoding: .utf8).contains("SUMMARY:Renamed\r\n"))
    }

    @Test("a VTIMEZONE rule whose BYHOUR and BYMINUTE repeat its DTSTART's time (Lotus Notes) is read; other ones are not")
    func lotusZoneRule() throws {
        func file(_ rule: String) -> [UInt8] {
            ics(["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Lotus Development Corporation//NONSGML Notes 8.5.2//EN_S",
                 "BEGIN:VTIMEZONE", "TZID:Pacific", "BEGIN:STANDARD", "DTSTART:19501105T020000", "TZOFFSETFROM:-0700", "TZOFFSETTO:-0800",
                 "RRULE:FREQ=YEARLY;BYMINUTE=0;BYHOUR=\(rule);BYDAY=1SU;BYMONTH=11", "END:STANDARD", "BEGIN:DAYLIGHT",
                 "DTSTART:19500312T020000", "TZOFFSETFROM:-0800", "TZOFFSETTO:-0700", "RRULE:FREQ=YEARLY;BYMINUTE=0;BYHOUR=2;BYDAY=2SU;BYMONTH=3",
                 "END:DAYLIGHT", "END:VTIMEZONE", "BEGIN:VTODO", "UID:l1", "SUMMARY:Lotus", "DUE;TZID=\"Pacific\":20120329T140000",
                 "END:VTODO", "END:VCALENDAR"].joined(separator: "\n"))
        }
        let todo = try #require(try ICalendar.decode(file("2"), source: "notes.ics", options: testOptions()).todos.first)
        #expect(todo.item.due == utc(2012, 3, 29, 21))
        expectError(file("3"), line: 10, "is not a yearly BYMONTH/BYDAY rule")
    }

    @Test("CREATED, DTSTAMP, LAST-MODIFIED and COMPLETED in ISO 8601's extended form (Evolution 2) are read; a DUE or DTSTART so written is not")
    func extendedISOTimes() throws {
        let todo = try decodeOne("UID:e\nSUMMARY:Evolution\nCREATED:2005-03-05T10:00:00Z\nLAST-MODIFIED:2005-03-06T00:56:50Z\nCOMPLETED:2005-03-07T08:00:00Z")
        #expect(todo.item.createdAt == utc(2005, 3, 5, 10))
        #expect(todo.item.modifiedAt == utc(2005, 3, 6, 0, 56, 50))
        #expect(todo.isDone && todo.item.completedAt == utc(2005, 3, 7, 8))
        expectError(calendar(["SUMMARY:a", "DUE:2005-03-06T00:56:50Z"]), line: 8, "DUE \"2005-03-06T00:56:50Z\"")
        expectError(calendar(["SUMMARY:a", "DTSTART:2005-03-06T00:56:50Z"]), line: 8, "DTSTART")
        expectError(calendar(["SUMMARY:a", "CREATED:2005-03-06 00:56:50"]), line: 8, "CREATED")
        // Kept beside a STATUS that says not done, such a COMPLETED is written back in UTC, as RFC 5545 writes it.
        let cancelled = try decodeOne("UID:c\nSUMMARY:Evolution\nSTATUS:CANCELLED\nCOMPLETED:2005-03-07T08:00:00Z")
        #expect(!cancelled.isDone)
        #expect(topLevelLines(try exportICS([cancelled.item]).text, uid: "c").contains("COMPLETED:20050307T080000Z"))
    }

    @Test("a sync patch of a bare VTODO patches it where it stands")
    func bareVTodoPatch() throws {
        let file = ics("BEGIN:VTODO\nUID:bare-1\nSUMMARY:Bare task\nEND:VTODO\n")
        var item = try #require(try ICalendar.decode(file, source: "bare.ics", options: testOptions()).todos.first).item
        try item.setTitle("Renamed")
        item.modifiedAt = utc(2026, 11, 20)
        let patched = text(try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: item, isDone: false),
                                                                source: "bare.ics", options: testOptions())))
        #expect(patched.hasPrefix("BEGIN:VTODO\r\nUID:bare-1\r\nSUMMARY:Renamed\r\n"), "\(patched)")
        #expect(!patched.contains("VCALENDAR"))
    }

    @Test("a TZID no system knows and no VTIMEZONE defines is refused on any property kept, not only on DUE")
    func unknownTZIDOnKeptProperty() throws {
        expectError(calendar(["SUMMARY:a", "DTSTART;TZID=CST:20070514T110000"]), line: 8, "time zone \"CST\" is neither known")
        expectError(calendar(["SUMMARY:a", "EXDATE;TZID=Nowhere/Else:20070514T110000"]), line: 8, "time zone \"Nowhere/Else\"")
        // In an override of a recurrence, which comes after its item.
        expectError(calendar(["SUMMARY:a", "RRULE:FREQ=DAILY"],
                             after: ["BEGIN:VTODO", "UID:q-1", "RECURRENCE-ID;TZID=CST:20070515T110000", "END:VTODO"]),
                    line: 12, "time zone \"CST\"")
        // Defined by a VTIMEZONE of the file, even one after the VTODO, it is read and written back with it.
        let todo = try #require(try ICalendar.decode(calendar(["SUMMARY:a", "DTSTART;TZID=Made Up Time:20261201T090000"], after: madeUpZone),
                                                     source: "z.ics", options: testOptions()).todos.first)
        let (export, _) = try exportICS([todo.item])
        #expect(export.contains("DTSTART;TZID=Made Up Time:20261201T090000\r\n"))
        #expect(export.contains("BEGIN:VTIMEZONE\r\nTZID:Made Up Time\r\n"))
    }

    @Test("a kept DTSTART, RECURRENCE-ID or EXDATE that is not a date or date-time is refused with its line; RDATE periods are kept")
    func badKeptDates() throws {
        expectError(calendar(["SUMMARY:a", "DTSTART:20131009T170000T"]), line: 8, "DTSTART \"20131009T170000T\" is not a date or date-time")
        expectError(calendar(["SUMMARY:a", "DTSTART;TZID=US/Pacific:$now.year.1:0104T130000"]), line: 8, "DTSTART")
        expectError(calendar(["SUMMARY:a", "RRULE:FREQ=DAILY", "EXDATE:20261202T090000Z,2026120"]), line: 9, "EXDATE")
        expectError(calendar(["SUMMARY:a"], after: ["BEGIN:VTODO", "UID:q-1", "RECURRENCE-ID:tomorrow", "END:VTODO"]), line: 11, "RECURRENCE-ID")
        let kept = try decodeOne("UID:p\nSUMMARY:a\nRRULE:FREQ=WEEKLY\nRDATE;VALUE=PERIOD:20261201T090000Z/PT1H\nEXDATE:20261208T090000Z,20261215T090000Z")
        #expect(kept.item.iCalendarExtras?.contains("RDATE;VALUE=PERIOD:20261201T090000Z/PT1H") == true)
        // Empty places in a list pass; a TZID on a property that holds no date is not looked up; an empty DTSTART is no date.
        let lenient = try decodeOne("UID:p\nSUMMARY:a\nRRULE:FREQ=WEEKLY\nEXDATE:20261208T090000Z,\nEXDATE:\nX-FOO;TZID=Nowhere:1")
        #expect(lenient.item.iCalendarExtras?.contains("X-FOO;TZID=Nowhere:1") == true)
        // Kept without the empty places (RFC 5545 wants one date or more): an EXDATE with none left is not kept.
        #expect(lenient.item.iCalendarExtras?.contains("EXDATE:20261208T090000Z\n") == true, "\(lenient.item.iCalendarExtras ?? "")")
        #expect(lenient.item.iCalendarExtras?.contains("EXDATE:\n") == false)
        expectError(calendar(["SUMMARY:a", "DTSTART:"]), line: 8, "DTSTART \"\" is not a date or date-time")
    }

    @Test("beside a floating DTSTART the DUE is written floating, in local time, so that both are of one form (RFC 5545 3.8.2.3)")
    func floatingStartKeepsDueFloating() throws {
        let file = calendar(["SUMMARY:Report", "DUE:20040505T111500", "DTSTART:20040505T101500"])
        var item = try #require(try ICalendar.decode(file, source: "kde.ics", options: localOptions()).todos.first).item
        let lines = topLevelLines(try exportICS([item]).text, uid: "q-1")
        #expect(lines.contains("DUE:20040505T111500"), "\(lines)")
        #expect(lines.contains("DTSTART:20040505T101500"))
        // A due set in tick is written as the local wall time too.
        let due = try #require(LocalTime.current.date(year: 2004, month: 5, day: 6, hour: 8, minute: 30, second: 0))
        item.setDue(instant: due)
        #expect(topLevelLines(try exportICS([item]).text, uid: "q-1").contains("DUE:20040506T083000"))
        // Without a floating DTSTART, a due stays UTC.
        let zoned = try #require(try ICalendar.decode(calendar(["SUMMARY:Report", "DUE:20040505T111500"]), source: "f.ics",
                                                      options: localOptions()).todos.first).item
        #expect(topLevelLines(try exportICS([zoned]).text, uid: "q-1").contains { $0.hasPrefix("DUE:") && $0.hasSuffix("Z") })
    }

    @Test("a sync patch that writes a due beside a floating DTSTART writes it floating")
    func floatingStartPatch() throws {
        let file = Array(SyncFixture.todo(uid: "f-1", summary: "Report", extra: ["DTSTART:20261201T090000"]).utf8)
        var item = try #require(try ICalendar.decode(file, source: "f.ics", options: localOptions()).todos.first).item
        let due = try #require(LocalTime.current.date(year: 2026, month: 12, day: 2, hour: 17, minute: 0, second: 0))
        item.setDue(instant: due)
        item.modifiedAt = utc(2026, 11, 20)
        let patched = text(try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: item, isDone: false),
                                                                source: "f.ics", options: localOptions())))
        #expect(patched.contains("DUE:20261202T170000\r\n") && patched.contains("DTSTART:20261201T090000\r\n"), "\(patched)")
    }

    @Test("an export names only the VTIMEZONEs its lines use, so that leaving a DTSTART out keeps export → import → export stable")
    func unusedTimeZoneLeftOut() throws {
        let file = calendar(["SUMMARY:Vienna", "DTSTART;TZID=Made Up Time:20150530T090000", "DUE;TZID=Made Up Time:20150528T090000"],
                            after: madeUpZone)
        let item = try #require(try ICalendar.decode(file, source: "v.ics", options: testOptions()).todos.first).item
        let first = try exportICS([item])
        #expect(!first.text.contains("DTSTART"), "\(first.text)")
        #expect(!first.text.contains("VTIMEZONE"), "\(first.text)")
        let again = try #require(try ICalendar.decode(Array(first.text.utf8), source: "e.ics", options: testOptions()).todos.first).item
        #expect(try exportICS([again]).text == first.text)
    }

    @Test("a VTODO without SUMMARY, or with a blank one, is titled (untitled) but written back blank until it is given a title")
    func untitledWrittenBlank() throws {
        for lines in ["UID:m", "UID:m\nSUMMARY:  "] {
            var item = try decodeOne(lines).item
            #expect(item.title == VTodoMapping.untitled)
            let export = try exportICS([item]).text
            // (As read: a blank one keeps its spaces.)
            #expect(topLevelLines(export, uid: "m").filter { $0.hasPrefix("SUMMARY") } == [lines == "UID:m" ? "SUMMARY:" : "SUMMARY:  "], "\(export)")
            #expect(!export.contains("(untitled)"))
            let again = try #require(try ICalendar.decode(Array(export.utf8), source: "e.ics", options: testOptions()).todos.first).item
            #expect(again.title == VTodoMapping.untitled)
            #expect(try exportICS([again]).text == export)
            try item.setTitle("Named at last")
            #expect(topLevelLines(try exportICS([item]).text, uid: "m").filter { $0.hasPrefix("SUMMARY") } == ["SUMMARY:Named at last"])
        }
        // The JSON import takes what list --json prints for such an item.
        try ICalendar.checkExtras("SUMMARY:", source: "list.json")
        #expect(throws: InterchangeError.self) { try ICalendar.checkExtras("SUMMARY:Other", source: "list.json") }
    }

    @Test("icalendar 7.3.2 reads the floating DUE and DTSTART of an export as one kind of time, the DUE not before the start")
    func pythonReadsFloatingPair() throws {
        guard let python = venvPython() else {
            Issue.record("no Python venv with icalendar: run Scripts/test (it creates .venv), or set TICK_VENV to a venv with icalendar==7.3.2")
            return
        }
        let file = calendar(["SUMMARY:Report", "DUE:20040505T111500", "DTSTART:20040505T101500"])
        let item = try #require(try ICalendar.decode(file, source: "kde.ics", options: localOptions()).todos.first).item
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-floating-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let export = directory.appendingPathComponent("export.ics")
        try Data(try exportICS([item]).text.utf8).write(to: export)
        let script = directory.appendingPathComponent("check.py")
        try Data("""
            import sys, icalendar
            todo = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read()).walk("VTODO")[0]
            start, due, duration = todo._get_start_end_duration()
            assert start.tzinfo is None and due.tzinfo is None, (start, due)
            assert start <= due
            print(due.isoformat())
            """.utf8).write(to: script)
        let result = try Spawn.run([python, script.path, export.path], timeout: 60)
        #expect(result.succeeded, "\(result.errorOutput)")
        #expect(result.output == "2004-05-05T11:15:00\n")
    }
}
