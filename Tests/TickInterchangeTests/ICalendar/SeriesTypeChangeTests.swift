import Foundation
import Testing
import TickCore
import TmuxHarness
@testable import TickInterchange

/// A repeating item whose due changes from a time to a day in tick (or back): the DTSTART
/// and the RRULE's UNTIL take the due's type, as RFC 5545 wants of a series.
@Suite("A series whose due changes type: DTSTART on the due's day, UNTIL of its type")
struct SeriesTypeChangeTests {
    /// A weekly Monday series, 09:00–10:00 UTC, until 1 March 2027.
    static let series = "UID:s1\nDTSTAMP:20261101T100000Z\nSUMMARY:Series\nDTSTART:20261130T090000Z\nDUE:20261130T100000Z\nRRULE:FREQ=WEEKLY;UNTIL=20270301T000000Z"

    func exported(_ item: ToDoItem) -> String {
        var dropped = DroppedForDue()
        return text(ICalendar.encodeFile(ICalendarEntry(item: item, isDone: false), dropped: &dropped))
    }

    @Test("a time due made a day: DTSTART and UNTIL are days, the start on the due's Monday; made a time again, UNTIL is the day's last second")
    func exportTakesTheDuesType() throws {
        var todo = try decodeOne(Self.series)
        todo.item.setDue(day: CalendarDay(year: 2026, month: 11, day: 30))
        let day = exported(todo.item)
        #expect(day.contains("\r\nDUE;VALUE=DATE:20261130\r\n") && day.contains("\r\nDTSTART;VALUE=DATE:20261130\r\n"), "\(day)")
        // UNTIL's day as tick reads days: in the local zone (20270301T000000Z is 28 February west of UTC).
        let untilDay = try #require(CalendarDay(of: utc(2027, 3, 1), in: .current)).basicFormat
        #expect(day.contains("\r\nRRULE:FREQ=WEEKLY;UNTIL=\(untilDay)\r\n"), "\(day)")
        // Read back and made a time again.
        var again = try #require(try ICalendar.decode(Array(day.utf8), source: "t", options: testOptions()).todos.first)
        again.item.setDue(instant: utc(2026, 12, 7, 10))
        let time = exported(again.item)
        let untilDate = try #require(CalendarDay(untilDay))
        let lastSecond = try #require(LocalTime.current.date(year: untilDate.year, month: untilDate.month, day: untilDate.day,
                                                              hour: 23, minute: 59, second: 59))
        #expect(time.contains("\r\nRRULE:FREQ=WEEKLY;UNTIL=\(ICalDateTime.utcText(lastSecond))\r\n"), "\(time)")
        #expect(time.contains("\r\nDTSTART:20261207T000000Z\r\n"), "\(time)")
        // The due moved without changing type: the rule is as read.
        var moved = try decodeOne(Self.series)
        moved.item.setDue(instant: utc(2026, 12, 7, 10))
        #expect(exported(moved.item).contains("\r\nRRULE:FREQ=WEEKLY;UNTIL=20270301T000000Z\r\n"))
        // Without a DTSTART, UNTIL follows the due's type whenever they differ.
        let bare = try decodeOne("UID:s2\nSUMMARY:x\nDUE;VALUE=DATE:20261130\nRRULE:FREQ=DAILY;UNTIL=20261205T000000Z;INTERVAL=2")
        let bareDay = try #require(CalendarDay(of: utc(2026, 12, 5), in: .current)).basicFormat
        #expect(exported(bare.item).contains("\r\nRRULE:FREQ=DAILY;UNTIL=\(bareDay);INTERVAL=2\r\n"))
    }

    @Test("sync's patch of a due changed to a day rewrites DTSTART and RRULE's UNTIL in place")
    func patchTakesTheDuesType() throws {
        let file = ics("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\n\(Self.series)\nEND:VTODO\nEND:VCALENDAR\n")
        var todo = try #require(try ICalendar.decode(file, source: "f", options: testOptions()).todos.first)
        todo.item.setDue(day: CalendarDay(year: 2026, month: 11, day: 30))
        todo.item.modifiedAt = utc(2026, 11, 29)
        var dropped = DroppedForDue()
        let patched = text(try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false), source: "f",
                                                               options: testOptions(), dropped: &dropped)))
        let untilDay = try #require(CalendarDay(of: utc(2027, 3, 1), in: .current)).basicFormat
        #expect(patched.contains("\r\nDTSTART;VALUE=DATE:20261130\r\nDUE;VALUE=DATE:20261130\r\nRRULE:FREQ=WEEKLY;UNTIL=\(untilDay)\r\n"), "\(patched)")
    }

    @Test("python-dateutil expands the exported series: Mondays, up to UNTIL")
    func dateutilReadsIt() throws {
        guard let python = venvPython() else {
            Issue.record("no Python venv with icalendar: run Scripts/test (it creates .venv), or set TICK_VENV to a venv with icalendar==7.3.2")
            return
        }
        // (UNTIL at noon UTC: 1 March in every zone from UTC-11 to UTC+11.)
        var todo = try decodeOne(Self.series.replacing("UNTIL=20270301T000000Z", with: "UNTIL=20270301T120000Z"))
        todo.item.setDue(day: CalendarDay(year: 2026, month: 11, day: 30))
        let script = """
            import sys, icalendar
            from dateutil.rrule import rrulestr
            todo = icalendar.Calendar.from_ical(sys.stdin.buffer.read()).walk("VTODO")[0]
            start = todo["DTSTART"].dt
            days = list(rrulestr(todo["RRULE"].to_ical().decode(), dtstart=start))
            print(len(days), days[0].strftime("%a"), days[-1].isoformat()[:10])
            """
        let input = FileManager.default.temporaryDirectory.appendingPathComponent("tick-series-\(UUID().uuidString).ics")
        try Data(exported(todo.item).utf8).write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let result = try Spawn.run([python, "-c", script], stdinPath: input.path, timeout: 60)
        #expect(result.succeeded, "\(result.errorOutput)")
        #expect(result.output == "14 Mon 2027-03-01\n")
    }
}
