import Foundation
import Testing
import TickCore
import TmuxHarness
@testable import TickInterchange

/// A Thunderbird task with a start and a due in Europe/Berlin, and a task with a start and
/// a DURATION but no DUE (whose alarm repeats with a DURATION of its own).
let startAndDurationFile = ics("""
    BEGIN:VCALENDAR
    PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN
    VERSION:2.0
    BEGIN:VTIMEZONE
    TZID:Europe/Berlin
    BEGIN:DAYLIGHT
    TZOFFSETFROM:+0100
    TZOFFSETTO:+0200
    TZNAME:CEST
    DTSTART:19700329T020000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3
    END:DAYLIGHT
    BEGIN:STANDARD
    TZOFFSETFROM:+0200
    TZOFFSETTO:+0100
    TZNAME:CET
    DTSTART:19701025T030000
    RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10
    END:STANDARD
    END:VTIMEZONE
    BEGIN:VTODO
    CREATED:20261101T100000Z
    LAST-MODIFIED:20261101T100000Z
    DTSTAMP:20261101T100000Z
    UID:report-1@thunderbird.example
    SUMMARY:Submit the report
    DTSTART;TZID=Europe/Berlin:20261201T090000
    DUE;TZID=Europe/Berlin:20261203T170000
    X-MOZ-GENERATION:1
    END:VTODO
    BEGIN:VTODO
    DTSTAMP:20261101T100000Z
    UID:plumber-1@example.org
    SUMMARY:Call the plumber
    DTSTART:20261201T090000Z
    DURATION:PT1H
    BEGIN:VALARM
    ACTION:DISPLAY
    DESCRIPTION:Plumber
    TRIGGER:-PT15M
    DURATION:PT5M
    REPEAT:2
    END:VALARM
    END:VTODO
    END:VCALENDAR
    """)

/// The two items of ``startAndDurationFile``: the Thunderbird task, then the DURATION one.
func startAndDurationItems() throws -> (report: ToDoItem, plumber: ToDoItem) {
    let todos = try ICalendar.decode(startAndDurationFile, source: "tasks.ics", options: testOptions()).todos
    try #require(todos.count == 2)
    return (todos[0].item, todos[1].item)
}

/// The VTODO of `uid`'s own lines (not those of its VALARMs) in an export.
func topLevelLines(_ text: String, uid: String) -> [String] {
    var depth = 0, current: [String] = []
    for line in text.components(separatedBy: "\r\n") {
        if line == "BEGIN:VTODO" { depth = 1; current = []; continue }
        if line == "END:VTODO" {
            if current.contains("UID:" + uid) { return current }
            depth = 0
            continue
        }
        guard depth > 0 else { continue }
        if line.hasPrefix("BEGIN:") { depth += 1 } else if line.hasPrefix("END:") { depth -= 1 } else if depth == 1 { current.append(line) }
    }
    return []
}

/// The ics export of `items` (to do) and its message on standard error.
func exportICS(_ items: [ToDoItem]) throws -> (text: String, message: String?) {
    var writer = ByteWriter(capacity: 4_096)
    let omissions = try InterchangeCodec.write(items.map { ExchangeEntry(item: $0, done: false) }, as: .ics, to: &writer)
    return (text(writer.bytes), omissions.message)
}

@Suite("A DUE tick writes stays valid beside a kept DTSTART or DURATION (RFC 5545)")
struct DueValidityTests {
    @Test("a due changed to a day beside a DTSTART date-time leaves the DTSTART out, and the export says so")
    func dayDueDropsDateTimeStart() throws {
        var (report, _) = try startAndDurationItems()
        report.setDue(day: CalendarDay(year: 2026, month: 11, day: 28))
        let (text, message) = try exportICS([report])
        let lines = topLevelLines(text, uid: "report-1@thunderbird.example")
        #expect(lines.contains("DUE;VALUE=DATE:20261128"))
        #expect(!lines.contains { $0.hasPrefix("DTSTART") }, "\(lines)")
        #expect(lines.contains("X-MOZ-GENERATION:1"))
        #expect(message == "iCalendar left out: DTSTART of 1 item (not the DUE's DATE or DATE-TIME type, or after the DUE)")
    }

    @Test("a due time before the kept DTSTART leaves it out; one at or after it keeps it byte for byte")
    func earlierDueDropsStart() throws {
        var (report, _) = try startAndDurationItems()
        report.setDue(instant: utc(2026, 11, 28, 8))
        let early = try exportICS([report])
        #expect(!topLevelLines(early.text, uid: "report-1@thunderbird.example").contains { $0.hasPrefix("DTSTART") })
        #expect(early.message?.contains("DTSTART of 1 item") == true, "\(early.message ?? "")")
        // 09:00 in Berlin in December is 08:00 UTC: a DUE at the start is allowed.
        for due in [utc(2026, 12, 1, 8), utc(2026, 12, 5, 8)] {
            report.setDue(instant: due)
            let later = try exportICS([report])
            #expect(topLevelLines(later.text, uid: "report-1@thunderbird.example").contains("DTSTART;TZID=Europe/Berlin:20261201T090000"))
            #expect(later.message == nil)
        }
    }

    @Test("a due set on a task with DTSTART and DURATION replaces the DURATION; the DTSTART and the alarm's DURATION stay")
    func dueReplacesDuration() throws {
        var (_, plumber) = try startAndDurationItems()
        // Read as no due: tick does not make one up from DTSTART + DURATION.
        #expect(plumber.due == nil)
        plumber.setDue(instant: utc(2026, 12, 1, 12))
        let (text, message) = try exportICS([plumber])
        let lines = topLevelLines(text, uid: "plumber-1@example.org")
        #expect(lines.contains("DUE:20261201T120000Z"))
        #expect(!lines.contains { $0.hasPrefix("DURATION") }, "\(lines)")
        #expect(lines.contains("DTSTART:20261201T090000Z"))
        #expect(text.contains("TRIGGER:-PT15M\r\nDURATION:PT5M\r\nREPEAT:2\r\n"))
        #expect(message == "iCalendar left out: DURATION of 1 item (a VTODO holds DUE or DURATION, and tick's due replaces it)")
    }

    @Test("items without a due keep DTSTART and DURATION byte for byte and are not counted; only the one given a due loses its DURATION")
    func noDueKeepsEverything() throws {
        var (report, plumber) = try startAndDurationItems()
        report.setDue(instant: nil)
        var withDue = plumber
        withDue.externalUID = "plumber-2@example.org"
        withDue.setDue(instant: utc(2026, 12, 1, 12))
        let (text, message) = try exportICS([report, plumber, withDue])
        #expect(text.contains("\r\nDTSTART;TZID=Europe/Berlin:20261201T090000\r\nX-MOZ-GENERATION:1\r\n"), "\(text)")
        #expect(text.contains("\r\nDTSTART:20261201T090000Z\r\nDURATION:PT1H\r\nBEGIN:VALARM\r\n"), "\(text)")
        #expect(!topLevelLines(text, uid: "plumber-2@example.org").contains { $0.hasPrefix("DURATION") })
        #expect(message == "iCalendar left out: DURATION of 1 item (a VTODO holds DUE or DURATION, and tick's due replaces it)")
    }

    @Test("a vdir export leaves out the same and says so")
    func vdirExport() throws {
        var (report, plumber) = try startAndDurationItems()
        report.setDue(day: CalendarDay(year: 2026, month: 11, day: 28))
        plumber.setDue(instant: utc(2026, 12, 1, 12))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-due-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let omissions: Omissions? = try Vdir.write([ExchangeEntry(item: report, done: false), ExchangeEntry(item: plumber, done: false)],
                                                   to: directory.path)
        #expect(omissions?.message == "vdir left out: DTSTART of 1 item (not the DUE's DATE or DATE-TIME type, or after the DUE), "
            + "DURATION of 1 item (a VTODO holds DUE or DURATION, and tick's due replaces it)")
        let plumberFile = try String(contentsOf: directory.appendingPathComponent("plumber-1@example.org.ics"), encoding: .utf8)
        #expect(!topLevelLines(plumberFile, uid: "plumber-1@example.org").contains { $0.hasPrefix("DURATION") })
    }

    @Test("a sync patch that writes a due drops a DURATION and a DTSTART of another type; one that leaves the due alone keeps both")
    func patch() throws {
        let file = SyncFixture.todo(uid: "day-1", summary: "Plan the trip", extra: ["DTSTART;VALUE=DATE:20261201", "DURATION:P2D"])
        let todo = try #require(try ICalendar.decode(Array(file.utf8), source: "f.ics", options: testOptions()).todos.first)
        var item = todo.item
        try item.setTitle("Plan the whole trip")
        item.modifiedAt = utc(2026, 11, 20)
        let titled = text(try #require(try ICalendar.patchFile(Array(file.utf8), with: ICalendarEntry(item: item, isDone: false),
                                                               source: "f.ics", options: testOptions())))
        #expect(titled.contains("DTSTART;VALUE=DATE:20261201\r\nDURATION:P2D\r\n"))
        item.setDue(instant: utc(2026, 12, 2, 10))
        let due = text(try #require(try ICalendar.patchFile(Array(file.utf8), with: ICalendarEntry(item: item, isDone: false),
                                                            source: "f.ics", options: testOptions())))
        #expect(due.contains("DUE:20261202T100000Z\r\n"))
        #expect(!due.contains("DURATION") && !due.contains("DTSTART"), "\(due)")
    }

    @Test("tick sync writes a valid VTODO when a due is set on a task with DTSTART and DURATION, and says what it left out")
    func syncSaysSo() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("plumber.ics", SyncFixture.todo(uid: "plumber-1", summary: "Call the plumber",
                                                              extra: ["DTSTART:20261201T090000Z", "DURATION:PT1H"]))
        try fixture.run()
        let id = try #require(try fixture.store.load().toDoItems.first?.id)
        try fixture.store.apply([.set(id, .due(utc(2026, 12, 1, 12)))])
        let report = try fixture.run()
        #expect(report.summary.contains("; left out of the vdir: DURATION of 1 item"), "\(report.summary)")
        let written = try fixture.readFile("plumber.ics")
        #expect(written.contains("DUE:20261201T120000Z\r\n") && written.contains("DTSTART:20261201T090000Z\r\n"))
        #expect(!written.contains("DURATION"), "\(written)")
    }

    @Test("icalendar 7.3.2 finds the edited exports valid: DUE and DTSTART of one type, DUE not before DTSTART, no DURATION beside DUE")
    func pythonValidates() throws {
        guard let python = venvPython() else {
            Issue.record("no Python venv with icalendar: run Scripts/test (it creates .venv), or set TICK_VENV to a venv with icalendar==7.3.2")
            return
        }
        var (report, plumber) = try startAndDurationItems()
        var earlier = report
        report.setDue(day: CalendarDay(year: 2026, month: 11, day: 28))
        earlier.externalUID = "report-2@thunderbird.example"
        earlier.setDue(instant: utc(2026, 11, 28, 8))
        plumber.setDue(instant: utc(2026, 12, 1, 12))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.ics")
        try Data(try exportICS([report, earlier, plumber]).text.utf8).write(to: file)
        let script = directory.appendingPathComponent("validate.py")
        // _get_start_end_duration is the check behind Todo.start/end/duration: it raises
        // InvalidCalendar for DUE beside DURATION and for DTSTART and DUE of different types.
        try Data("""
            import sys, icalendar
            calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
            for todo in calendar.walk("VTODO"):
                start, due, duration = todo._get_start_end_duration()
                assert due is not None and duration is None, todo["UID"]
                assert start is None or start <= due, (todo["UID"], start, due)
                assert not todo.errors, todo.errors
            print(len(calendar.walk("VTODO")))
            """.utf8).write(to: script)
        let result = try Spawn.run([python, script.path, file.path], timeout: 60)
        #expect(result.succeeded, "\(result.errorOutput)")
        #expect(result.output == "3\n")
    }

    @Test("control characters, which iCalendar text cannot hold, are left out of SUMMARY and DESCRIPTION (tab kept), and the export says so")
    func controlCharacters() throws {
        var item = try ToDoItem(title: "x\u{0}y esc\u{1B}[1mbold\u{7F}", createdAt: utc(2026, 11, 1, 8))
        item.notes = "tab\there\u{7}\nnext"
        let plain = try ToDoItem(title: "plain", createdAt: utc(2026, 11, 1, 8))
        let (text, message) = try exportICS([item, plain])
        let lines = topLevelLines(text, uid: item.id.uuidString)
        #expect(lines.contains("SUMMARY:xy esc[1mbold"), "\(lines)")
        #expect(lines.contains("DESCRIPTION:tab\there\\nnext"), "\(lines)")
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\t" && $0 != "\r" && $0 != "\n") || $0.value == 0x7F })
        #expect(message == "iCalendar left out: control characters in the text of 1 item (iCalendar text cannot hold them)")
        #expect(ICalText.escape("a\u{1B}b\u{0}") == "ab")
    }
}
