import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

@Suite("DURATION: a repeating VTODO with DTSTART and DURATION is due at their sum")
struct DurationTests {
    @Test("durations are read as RFC 5545 writes them; anything else is not one")
    func parsing() {
        func read(_ text: String) -> [Int]? { ICalDuration(text).map { [$0.days, $0.seconds, $0.isNegative ? 1 : 0] } }
        #expect(read("P1W") == [7, 0, 0])
        #expect(read("P2D") == [2, 0, 0])
        #expect(read("PT1H30M") == [0, 5_400, 0])
        #expect(read("P1DT12H") == [1, 43_200, 0])
        #expect(read("PT90S") == [0, 90, 0])
        #expect(read("PT1H5S") == [0, 3_605, 0])
        #expect(read("+p3d") == [3, 0, 0])
        #expect(read("-PT15M") == [0, 900, 1])
        for bad in ["", "P", "PT", "P1H", "P1DT", "P1W2D", "PT1S1H", "PT1H1H", "1D", "P-1D", "PT1.5H", "P9999999999D"] {
            #expect(ICalDuration(bad) == nil, "\(bad)")
        }
    }

    @Test("DTSTART + DURATION is the due: hours exact, days on the DTSTART's calendar, a DATE by whole days")
    func dueFromDuration() throws {
        let hour = try decodeOne("UID:a\nSUMMARY:Call the plumber\nDTSTART:20261201T090000Z\nDURATION:PT1H30M\nRRULE:FREQ=WEEKLY")
        #expect(hour.item.due == utc(2026, 12, 1, 10, 30))
        #expect(!hour.item.dueIsDay)
        let days = try decodeOne("UID:b\nSUMMARY:Plan the trip\nDTSTART;VALUE=DATE:20261230\nDURATION:P1W\nRRULE:FREQ=MONTHLY")
        #expect(days.item.dueDay == CalendarDay(year: 2027, month: 1, day: 6))
        // Berlin's clocks go forward on 2026-03-29: a day is 23 hours there, then 2 exact hours.
        let zoned = try decodeOne("UID:c\nSUMMARY:Water the plants\nDTSTART;TZID=Europe/Berlin:20260328T100000\nDURATION:P1DT2H\nRRULE:FREQ=WEEKLY")
        #expect(zoned.item.due == utc(2026, 3, 29, 10))
        // Without a DURATION the DTSTART is the due, as before.
        let start = try decodeOne("UID:d\nSUMMARY:Stand-up\nDTSTART:20261201T090000Z\nRRULE:FREQ=DAILY")
        #expect(start.item.due == utc(2026, 12, 1, 9))
        // A DUE wins over a DURATION beside it (a VTODO may not hold both); an item that does
        // not repeat is read with no due, its DTSTART and DURATION kept as they were.
        let both = try decodeOne("UID:e\nSUMMARY:x\nDTSTART:20261201T090000Z\nDUE:20261202T090000Z\nDURATION:PT1H\nRRULE:FREQ=DAILY")
        #expect(both.item.due == utc(2026, 12, 2, 9))
        let single = try decodeOne("UID:f\nSUMMARY:x\nDTSTART:20261201T090000Z\nDURATION:PT1H")
        #expect(single.item.due == nil)
    }

    @Test("a DURATION that is none, negative, or not whole days beside a DATE is refused with its line")
    func refusals() {
        let base = "UID:a\nSUMMARY:x\nRRULE:FREQ=DAILY\n"
        #expect(decodeRefusal(base + "DTSTART:20261201T090000Z\nDURATION:soon") == "t.ics:8: DURATION \"soon\" is not a duration (such as P1D or PT1H30M)")
        #expect(decodeRefusal(base + "DTSTART:20261201T090000Z\nDURATION:-PT1H") == "t.ics:8: DURATION \"-PT1H\" is not a duration (such as P1D or PT1H30M)")
        #expect(decodeRefusal(base + "DTSTART;VALUE=DATE:20261201\nDURATION:PT12H")
            == "t.ics:8: DURATION \"PT12H\" is not whole days or weeks, as one beside a DTSTART that is a DATE must be")
    }

    @Test("ticked off in tick, the series moves on with its due the same time after each start; the export writes DUE for DURATION and counts it")
    func tickedAndExported() throws {
        let todo = try decodeOne("UID:a\nSUMMARY:Call the plumber\nDTSTAMP:20261101T000000Z\nDTSTART:20261201T090000Z\nDURATION:PT1H30M\nRRULE:FREQ=WEEKLY")
        let (moved, copy) = try #require(ToDoList.repeatTick(todo.item, at: utc(2026, 12, 1, 12), zone: .utc))
        #expect(moved.due == utc(2026, 12, 8, 10, 30))
        #expect(copy.due == utc(2026, 12, 1, 10, 30))
        var dropped = DroppedForDue()
        let written = text(ICalendar.encodeFile(ICalendarEntry(item: moved, isDone: false), dropped: &dropped))
        #expect(written.contains("\r\nDUE:20261208T103000Z\r\n") && written.contains("\r\nDTSTART:20261208T090000Z\r\n"), "\(written)")
        #expect(!written.contains("DURATION"))
        #expect(dropped.durations == 1)
    }
}
