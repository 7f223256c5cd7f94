import FoundationEssentials
import Testing
@testable import TickCore

@Suite("Ticking off a repeating item moves it on and leaves a done copy")
struct RepeatTickTests {
    private let now = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-11-30

    private func item(_ rule: String, day: CalendarDay?) throws -> ToDoItem {
        var item = try ToDoItem(title: "Take out the trash", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        item.setDue(day: day)
        item.recurrence = rule
        try item.setPriority(1)
        try item.setTags(["home"])
        return item
    }

    @Test("a weekly item stays in To Do with the next due; its copy, done, has the old due, no rule, and a derived id")
    func weekly() throws {
        let series = try item("FREQ=WEEKLY;BYDAY=TU", day: CalendarDay(year: 2026, month: 12, day: 1))
        var list = try ToDoList(toDoItems: [series], doneItems: [])
        try list.apply(.check(series.id), at: now)
        let moved = try #require(list.toDoItems.first)
        #expect(list.toDoItems.count == 1 && moved.id == series.id)
        #expect(moved.dueDay == CalendarDay(year: 2026, month: 12, day: 8))
        #expect(moved.recurrence == "FREQ=WEEKLY;BYDAY=TU" && moved.completedAt == nil && moved.modifiedAt == now)
        let copy = try #require(list.doneItems.first)
        #expect(copy.id == ToDoList.occurrenceID(series: series.id, due: try #require(series.due), isDay: true))
        #expect(copy.id != series.id && copy.recurrence == nil && copy.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(copy.completedAt == now && copy.title == series.title && copy.priority == 1 && copy.tags == ["home"])
    }

    @Test("a repeat from the day it is done (todo.txt's rec:1w, Obsidian's when done) moves on from the day it is ticked off, at the due's time")
    func whenDone() throws {
        let day = try item("FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE", day: CalendarDay(year: 2026, month: 11, day: 20))
        var timed = try item("FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE", day: nil)
        timed.setDue(instant: Date(timeIntervalSince1970: 1_795_165_200))  // 2026-11-20 09:00 UTC
        var list = try ToDoList(toDoItems: [day, timed], doneItems: [])
        try list.apply(.check(day.id), at: now)  // 2026-11-30
        try list.apply(.check(timed.id), at: now)
        #expect(list.toDoItems.map(\.dueDay) == [CalendarDay(year: 2026, month: 12, day: 7), nil])
        #expect(list.toDoItems[1].due == Date(timeIntervalSince1970: 1_795_165_200 + 17 * 86_400))  // 2026-12-07 09:00
        // The copy is of the occurrence that was due.
        #expect(list.doneItems.map(\.dueDay).contains(CalendarDay(year: 2026, month: 11, day: 20)))
        #expect(try RecurrenceRule(parsing: "FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE").words(zone: .utc) == "every week when done")
    }

    @Test("two machines ticking the same occurrence make the same copy; a copy already there is not added twice")
    func sameCopy() throws {
        let series = try item("FREQ=DAILY", day: CalendarDay(year: 2026, month: 12, day: 1))
        let first = try #require(ToDoList.repeatTick(series, at: now))
        let second = try #require(ToDoList.repeatTick(series, at: now.addingTimeInterval(60)))
        #expect(first.copy.id == second.copy.id)
        var list = try ToDoList(toDoItems: [series], doneItems: [first.copy])
        try list.apply(.check(series.id), at: now)
        #expect(list.doneItems.count == 1)
    }

    @Test("COUNT counts down as the series moves; its last occurrence ticks the item itself off")
    func count() throws {
        var list = try ToDoList(toDoItems: [try item("FREQ=DAILY;COUNT=2", day: CalendarDay(year: 2026, month: 12, day: 1))], doneItems: [])
        let id = list.toDoItems[0].id
        try list.apply(.check(id), at: now)
        #expect(list.toDoItems.first?.recurrence == "FREQ=DAILY;COUNT=1")
        #expect(list.toDoItems.first?.dueDay == CalendarDay(year: 2026, month: 12, day: 2))
        try list.apply(.check(id), at: now)
        #expect(list.toDoItems.isEmpty)
        #expect(list.doneItems.map(\.id).contains(id) && list.doneItems.count == 2)
    }

    @Test("past UNTIL, or without a due, the item is ticked off itself")
    func plainCheck() throws {
        for (rule, day) in [("FREQ=DAILY;UNTIL=20261201", CalendarDay(year: 2026, month: 12, day: 1)), ("FREQ=DAILY", nil)] {
            var list = try ToDoList(toDoItems: [try item(rule, day: day)], doneItems: [])
            try list.apply(.check(list.toDoItems[0].id), at: now)
            #expect(list.toDoItems.isEmpty && list.doneItems.count == 1, "\(rule)")
        }
    }

    @Test("a rule tick cannot follow is not ticked off (that would end the series everywhere): refused with a message")
    func unreadableRefused() throws {
        for rule in ["FREQ=SOMETIMES", "RSCALE=HEBREW;FREQ=YEARLY", "FREQ=MONTHLY;SKIP=BACKWARD;RSCALE=GREGORIAN"] {
            let series = try item(rule, day: CalendarDay(year: 2026, month: 12, day: 1))
            var list = try ToDoList(toDoItems: [series], doneItems: [])
            #expect(throws: ModelError.unreadableRepeat(rule)) { try list.apply(.tick(series), at: now) }
            #expect(list.toDoItems == [series] && list.doneItems.isEmpty)
        }
        // RFC 7529's Gregorian scale with invalid dates omitted is what RFC 5545 means: it repeats.
        var list = try ToDoList(toDoItems: [try item("RSCALE=GREGORIAN;FREQ=MONTHLY;BYMONTHDAY=31;SKIP=OMIT", day: CalendarDay(year: 2026, month: 12, day: 31))], doneItems: [])
        try list.apply(.tick(list.toDoItems[0]), at: now)
        #expect(list.toDoItems.first?.dueDay == CalendarDay(year: 2027, month: 1, day: 31))
    }

    @Test("the tick of an occurrence made twice (a save replayed onto a list ticked elsewhere meanwhile) ticks it once")
    func occurrenceOnce() throws {
        let series = try item("FREQ=WEEKLY", day: CalendarDay(year: 2026, month: 12, day: 1))
        var list = try ToDoList(toDoItems: [series], doneItems: [])
        let tick = ToDoList.Operation.tick(series)
        try list.apply(tick, at: now)
        try list.merge(tick, at: now)
        try list.apply(tick, at: now)
        #expect(list.toDoItems.first?.dueDay == CalendarDay(year: 2026, month: 12, day: 8))
        #expect(list.doneItems.count == 1)
    }

    @Test("a series with another app's DTSTART runs on it: the due stays as far after each start as it was")
    func anchoredAtStart() throws {
        // Starts on Mondays, due on the Wednesday after (as read: DTSTART Mon Jan 5, DUE Wed Jan 7).
        var series = try item("FREQ=WEEKLY;BYDAY=MO", day: CalendarDay(year: 2026, month: 1, day: 7))
        series.iCalendarExtras = "DUE;VALUE=DATE:20260107\nDTSTART;VALUE=DATE:20260105"
        var list = try ToDoList(toDoItems: [series], doneItems: [])
        try list.apply(.tick(series), at: now)
        #expect(list.toDoItems.first?.dueDay == CalendarDay(year: 2026, month: 1, day: 14))
        try list.apply(.tick(list.toDoItems[0]), at: now)
        #expect(list.toDoItems.first?.dueDay == CalendarDay(year: 2026, month: 1, day: 21))
        // Without a DTSTART the due itself is the anchor: BYDAY=MO from a Wednesday is the next Monday.
        let plain = try item("FREQ=WEEKLY;BYDAY=MO", day: CalendarDay(year: 2026, month: 1, day: 7))
        #expect(ToDoList.repeatTick(plain, at: now)?.moved.dueDay == CalendarDay(year: 2026, month: 1, day: 12))
    }

    @Test("the starts the series' EXDATEs name are passed over, and still count toward a COUNT; all passed, the item is ticked off")
    func excludedStarts() throws {
        func next(_ rule: String, from day: Int, excluding: String) throws -> ToDoItem? {
            var series = try item(rule, day: CalendarDay(year: 2026, month: 12, day: day))
            series.iCalendarExtras = excluding
            return ToDoList.repeatTick(series, at: now)?.moved
        }
        #expect(try next("FREQ=DAILY", from: 1, excluding: "EXDATE;VALUE=DATE:20261202")?.dueDay == CalendarDay(year: 2026, month: 12, day: 3))
        #expect(try next("FREQ=WEEKLY", from: 3, excluding: "EXDATE;VALUE=DATE:20261210,20261217")?.dueDay
                == CalendarDay(year: 2026, month: 12, day: 24))
        // Two lines, and a date-time EXDATE beside a day due, which names no day of the series.
        #expect(try next("FREQ=DAILY", from: 1, excluding: "EXDATE;VALUE=DATE:20261202\nEXDATE:20261203T000000Z\nEXDATE;VALUE=DATE:20261203")?.dueDay
                == CalendarDay(year: 2026, month: 12, day: 4))
        let counted = try next("FREQ=DAILY;COUNT=3", from: 1, excluding: "EXDATE;VALUE=DATE:20261202")
        #expect(counted?.dueDay == CalendarDay(year: 2026, month: 12, day: 3) && counted?.recurrence == "FREQ=DAILY;COUNT=1")
        #expect(try next("FREQ=DAILY;COUNT=2", from: 1, excluding: "EXDATE;VALUE=DATE:20261202") == nil)
        // A timed series: the EXDATE's instant.
        var timed = try ToDoItem(title: "Standup", createdAt: now)
        timed.setDue(instant: Date(timeIntervalSince1970: 1_796_115_600))  // 2026-12-01 09:00 UTC
        timed.recurrence = "FREQ=DAILY"
        timed.iCalendarExtras = "EXDATE:20261202T090000Z"
        #expect(ToDoList.repeatTick(timed, at: now, zone: .utc)?.moved.due == Date(timeIntervalSince1970: 1_796_115_600 + 2 * 86_400))
    }

    @Test("a series whose DTSTART names a zone runs on that zone's clock, whatever zone tick runs in")
    func seriesInItsStartZone() throws {
        // 10:00 in Berlin on Saturday 2027-03-27 (09:00 UTC), the day before summer time.
        var series = try ToDoItem(title: "Standup", createdAt: now)
        series.setDue(instant: Date(timeIntervalSince1970: 1_806_138_000))
        series.recurrence = "FREQ=WEEKLY"
        series.iCalendarExtras = "DTSTART;TZID=Europe/Berlin:20270327T090000\nDUE:20270327T090000Z"
        // A week on it is 10:00 summer time in Berlin: 08:00 UTC, in every zone tick runs in.
        for zone in [LocalTime.utc, LocalTime.fixed(secondsFromGMT: -5 * 3_600), try #require(LocalTime.named("Europe/Berlin"))] {
            #expect(ToDoList.repeatTick(series, at: now, zone: zone)?.moved.due == Date(timeIntervalSince1970: 1_806_739_200))
        }
        // A TZID the system does not know: the zone tick runs in, as before.
        series.iCalendarExtras = "DTSTART;TZID=\"Made/Up\":20270327T090000\nDUE:20270327T090000Z"
        #expect(ToDoList.repeatTick(series, at: now, zone: .utc)?.moved.due == Date(timeIntervalSince1970: 1_806_138_000 + 7 * 86_400))
    }

    @Test("a timed repeat keeps its wall-clock time across a change of daylight-saving time")
    func wallClock() throws {
        // Berlin: CET +1, CEST +2 from 2027-03-28.
        let berlin = LocalTime(secondsFromGMT: { $0 >= 1_806_541_200 && $0 < 1_824_685_200 ? 7_200 : 3_600 })
        var series = try item("FREQ=WEEKLY", day: nil)
        series.setDue(instant: berlin.date(year: 2027, month: 3, day: 22, hour: 9))
        #expect(series.due != nil)
        let (moved, _) = try #require(ToDoList.repeatTick(series, at: now, zone: berlin))
        let fields = berlin.fields(of: try #require(moved.due))
        #expect((fields.month, fields.day, fields.hour) == (3, 29, 9))
    }
}
