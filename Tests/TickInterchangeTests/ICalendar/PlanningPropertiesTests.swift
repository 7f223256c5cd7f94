import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

@Suite("VTODO rows: PRIORITY, CATEGORIES and RRULE")
struct PlanningPropertiesTests {
    func export(_ todo: DecodedToDo, dropped: inout DroppedForDue) -> String {
        text(ICalendar.encodeFile(ICalendarEntry(item: todo.item, isDone: todo.isDone), dropped: &dropped))
    }

    @Test("PRIORITY: 1…9 is the priority, 0 none; anything else, or a second one, is refused with its line")
    func priority() throws {
        #expect(try decodeOne("UID:x\nSUMMARY:a\nPRIORITY:1").item.priority == 1)
        #expect(try decodeOne("UID:x\nSUMMARY:a\nPRIORITY: 9").item.priority == 9)
        #expect(try decodeOne("UID:x\nSUMMARY:a\nPRIORITY:0").item.priority == nil)
        #expect(decodeRefusal("UID:x\nSUMMARY:a\nPRIORITY:10") == "t.ics:6: PRIORITY \"10\" is not a priority from 0 (none) to 9")
        #expect(decodeRefusal("UID:x\nSUMMARY:a\nPRIORITY:high")?.contains("t.ics:6: PRIORITY \"high\"") == true)
        #expect(decodeRefusal("UID:x\nSUMMARY:a\nPRIORITY:1\nPRIORITY:2")?.contains("PRIORITY appears twice in one VTODO (lines 6 and 7)") == true)
    }

    @Test("CATEGORIES: every line and every value, escaped commas kept in their tag, each tag once")
    func categories() throws {
        let todo = try decodeOne("UID:x\nSUMMARY:a\nCATEGORIES:Home,Work\nCATEGORIES:Errands,home\\,garden,Home, ,Work")
        #expect(todo.item.tags == ["Home", "Work", "Errands", "home,garden"])
        #expect(todo.item.iCalendarExtras == nil)
        var dropped = DroppedForDue()
        #expect(export(todo, dropped: &dropped).contains("\r\nCATEGORIES:Home,Work,Errands,home\\,garden\r\n"))
        #expect(decodeRefusal("UID:x\nSUMMARY:a\nCATEGORIES:a\\nb")?.contains("t.ics:6: CATEGORIES: the tag") == true)
    }

    @Test("CATEGORIES with parameters is written back as read while the tags are the same")
    func categoriesParameters() throws {
        var todo = try decodeOne("UID:x\nSUMMARY:a\nCATEGORIES;LANGUAGE=de:Haus,Arbeit")
        #expect(todo.item.tags == ["Haus", "Arbeit"])
        var dropped = DroppedForDue()
        #expect(export(todo, dropped: &dropped).contains("\r\nCATEGORIES;LANGUAGE=de:Haus,Arbeit\r\n"))
        try todo.item.setTags(["Haus"])
        let changed = export(todo, dropped: &dropped)
        #expect(changed.contains("\r\nCATEGORIES:Haus\r\n") && !changed.contains("LANGUAGE"))
    }

    @Test("RRULE: its text is the item's repeat, written back as read; a second RRULE is refused")
    func recurrence() throws {
        let todo = try decodeOne("UID:x\nSUMMARY:a\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T000000Z")
        #expect(todo.item.recurrence == "FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T000000Z")
        var dropped = DroppedForDue()
        #expect(export(todo, dropped: &dropped).contains("\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,WE;UNTIL=20261231T000000Z\r\n"))
        #expect(decodeRefusal("UID:x\nSUMMARY:a\nRRULE:FREQ=DAILY\nRRULE:FREQ=WEEKLY")?.contains("RRULE appears twice in one VTODO (lines 6 and 7)") == true)
    }

    @Test("written after X-APPLE-SORT-ORDER, escaped, and read back the same: export, import, export is byte-stable")
    func roundTrip() throws {
        var item = try ToDoItem(title: "Plan", createdAt: utc(2026, 1, 1))
        try item.setPriority(2)
        try item.setTags(["a,b", "c;d", "e\\f"])
        item.recurrence = "FREQ=DAILY;COUNT=3"
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: false, sortOrder: 4)])
        #expect(text(bytes).contains("X-APPLE-SORT-ORDER:4\r\nPRIORITY:2\r\nCATEGORIES:a\\,b,c\\;d,e\\\\f\r\nRRULE:FREQ=DAILY;COUNT=3\r\nEND:VTODO"))
        let read = try #require(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.first)
        #expect(read.item.priority == 2 && read.item.tags == ["a,b", "c;d", "e\\f"] && read.item.recurrence == "FREQ=DAILY;COUNT=3")
        #expect(try reexport(bytes) == bytes)
    }

    @Test("the patch puts a changed priority, tags or repeat in place, and removes what the item no longer has")
    func patch() throws {
        let file = ics("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:p\nDTSTAMP:20260101T000000Z\nSUMMARY:a\nPRIORITY:2\nCATEGORIES:x\nCATEGORIES:y\nX-A:1\nEND:VTODO\nEND:VCALENDAR\n")
        var todo = try #require(try ICalendar.decode(file, source: "f", options: testOptions()).todos.first)
        #expect(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false), source: "f", options: testOptions()) == nil)
        try todo.item.setPriority(5)
        try todo.item.setTags([])
        todo.item.recurrence = "FREQ=MONTHLY"
        todo.item.modifiedAt = utc(2026, 2, 2)
        let patched = try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false), source: "f",
                                                           options: testOptions()))
        #expect(text(patched) == text(ics("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:p\nDTSTAMP:20260202T000000Z\nSUMMARY:a\nPRIORITY:5\nX-A:1\nRRULE:FREQ=MONTHLY\nLAST-MODIFIED:20260202T000000Z\nSEQUENCE:1\nEND:VTODO\nEND:VCALENDAR\n")))
    }

    static let repeating = """
        UID:r
        SUMMARY:Weekly review
        DTSTART;VALUE=DATE:20260105
        DUE:20260105T170000Z
        RRULE:FREQ=WEEKLY
        """

    @Test("a repeating item's DTSTART moves with its due on export, keeping its form, instead of being left out")
    func startMovesOnExport() throws {
        var todo = try decodeOne(Self.repeating)
        var dropped = DroppedForDue()
        // Unchanged due: the anchor stays as read (not dropped for being a DATE beside a DATE-TIME).
        #expect(export(todo, dropped: &dropped).contains("\r\nDTSTART;VALUE=DATE:20260105\r\n"))
        todo.item.setDue(instant: utc(2026, 1, 12, 17))
        let moved = export(todo, dropped: &dropped)
        // Moved, it takes the DUE's value type (RFC 5545 wants one type for both).
        #expect(moved.contains("\r\nDTSTART:20260112T000000Z\r\n") && moved.contains("\r\nDUE:20260112T170000Z\r\n"), "\(moved)")
        #expect(dropped.isEmpty)
        // Read back and moved again: the DUE kept as read is the one just written.
        var again = try #require(try ICalendar.decode(Array(moved.utf8), source: "t", options: testOptions()).todos.first)
        again.item.setDue(instant: utc(2026, 1, 19, 17))
        #expect(export(again, dropped: &dropped).contains("\r\nDTSTART:20260119T000000Z\r\n"))
        // A due that becomes a day takes a DATE-TIME DTSTART along as a day as many days
        // before it as the start was before the due (the same day: not 09:00 + 8 d 7 h, the
        // day before, whose weekday the series would then run on).
        var toDay = try decodeOne(Self.repeating.replacing("DTSTART;VALUE=DATE:20260105", with: "DTSTART:20260105T090000Z"))
        toDay.item.setDue(day: CalendarDay(year: 2026, month: 1, day: 14))
        let dayExport = export(toDay, dropped: &dropped)
        #expect(dayExport.contains("\r\nDTSTART;VALUE=DATE:20260114\r\n") && dayExport.contains("\r\nDUE;VALUE=DATE:20260114\r\n"), "\(dayExport)")
        // A start two days before the due stays two days before it; and back to a time, at 00:00 UTC of that day.
        var twoDays = try decodeOne(Self.repeating.replacing("DTSTART;VALUE=DATE:20260105", with: "DTSTART;TZID=Europe/Berlin:20260103T230000"))
        twoDays.item.setDue(day: CalendarDay(year: 2026, month: 1, day: 14))
        #expect(export(twoDays, dropped: &dropped).contains("\r\nDTSTART;VALUE=DATE:20260112\r\n"))
        var toTime = try decodeOne(Self.repeating)
        toTime.item.setDue(instant: utc(2026, 1, 14, 17))
        #expect(export(toTime, dropped: &dropped).contains("\r\nDTSTART:20260114T000000Z\r\n"))
        // Not repeating: the old rule, a DTSTART of another type is left out and counted.
        var single = try decodeOne(Self.repeating.replacing("RRULE:FREQ=WEEKLY", with: "X-A:1"))
        single.item.setDue(instant: utc(2026, 1, 12, 17))
        #expect(!export(single, dropped: &dropped).contains("DTSTART"))
        #expect(dropped.startDates == 1)
    }

    @Test("a zoned DTSTART moves by the same seconds as its wall time, its TZID and VTIMEZONE kept")
    func zonedStartMoves() throws {
        var todo = try decodeOne("UID:z\nSUMMARY:a\nDTSTART;TZID=Europe/Berlin:20260105T090000\nDUE;TZID=Europe/Berlin:20260105T170000\nRRULE:FREQ=DAILY")
        todo.item.setDue(instant: try #require(todo.item.due).addingTimeInterval(2 * 86_400 + 3_600))
        var dropped = DroppedForDue()
        let moved = export(todo, dropped: &dropped)
        #expect(moved.contains("\r\nDTSTART;TZID=Europe/Berlin:20260107T100000\r\n"))
        #expect(moved.contains("BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin"))
    }

    @Test("sync's patch moves a repeating item's DTSTART with its due, in place")
    func startMovesOnPatch() throws {
        let file = ics("BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\nUID:r\nDTSTAMP:20260101T000000Z\nSUMMARY:Weekly review\nDTSTART;VALUE=DATE:20260105\nDUE:20260105T170000Z\nRRULE:FREQ=WEEKLY\nEND:VTODO\nEND:VCALENDAR\n")
        var todo = try #require(try ICalendar.decode(file, source: "f", options: testOptions()).todos.first)
        todo.item.setDue(instant: utc(2026, 1, 19, 17))
        todo.item.modifiedAt = utc(2026, 1, 6)
        var dropped = DroppedForDue()
        let patched = try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false), source: "f",
                                                           options: testOptions(), dropped: &dropped))
        #expect(text(patched).contains("SUMMARY:Weekly review\r\nDTSTART:20260119T000000Z\r\nDUE:20260119T170000Z\r\nRRULE:FREQ=WEEKLY\r\n"))
        #expect(dropped.isEmpty)
    }
}
