import Foundation
import Testing
@testable import TickCore

@Suite("Completion and modification times, calendar-day dues")
struct ItemTimesTests {
    private let t0 = Date(timeIntervalSince1970: 1_800_000_000)
    private let t1 = Date(timeIntervalSince1970: 1_800_000_600)

    @Test("a check stamps completedAt and modifiedAt; an uncheck clears completedAt")
    func checkAndUncheckStamp() throws {
        let item = try ToDoItem(title: "a", createdAt: t0)
        var list = ToDoList()
        try list.apply(.insert(item, .toDo, at: nil), at: t0)
        #expect(list.item(withID: item.id)?.modifiedAt == nil)
        try list.apply(.check(item.id), at: t1)
        #expect(list.item(withID: item.id)?.completedAt == t1)
        #expect(list.item(withID: item.id)?.modifiedAt == t1)
        // Checking a done item again changes nothing.
        try list.apply(.check(item.id), at: t0)
        #expect(list.item(withID: item.id)?.completedAt == t1)
        try list.apply(.uncheck(item.id), at: t0)
        #expect(list.item(withID: item.id)?.completedAt == nil)
        #expect(list.item(withID: item.id)?.modifiedAt == t0)
    }

    @Test("placing an item in the other section stamps it like a check or an uncheck")
    func placeAcrossSections() throws {
        let item = try ToDoItem(title: "a", createdAt: t0)
        var list = try ToDoList(toDoItems: [item], doneItems: [])
        try list.merge(.place(item.id, .done, at: 5), at: t1)
        #expect(list.item(withID: item.id)?.completedAt == t1)
        try list.apply(.place(item.id, .toDo, at: 0), at: t0)
        #expect(list.item(withID: item.id)?.completedAt == nil)
        #expect(list.item(withID: item.id)?.modifiedAt == t0)
    }

    @Test("a field change stamps modifiedAt, also when merged; a field set to what it is stamps nothing")
    func fieldChangeStamps() throws {
        let item = try ToDoItem(title: "a", createdAt: t0)
        var list = try ToDoList(toDoItems: [item], doneItems: [])
        try list.merge(.set(item.id, .notes("n")), at: t1)
        #expect(list.item(withID: item.id)?.modifiedAt == t1)
        #expect(list.item(withID: item.id)?.notes == "n")
        // Set again to what it is, the field changes nothing: the stamp stays, the list is equal.
        let before = list
        try list.merge(.set(item.id, .notes("n")), at: t1.addingTimeInterval(60))
        try list.merge(.set(item.id, .title("a ")), at: t1.addingTimeInterval(60))
        #expect(list == before)
    }

    @Test("a calendar-day due is 00:00 UTC of that day and says it is a day; an instant clears that")
    func dueDay() throws {
        var item = try ToDoItem(title: "a")
        let day = try #require(CalendarDay("2026-12-01"))
        item.setDue(day: day)
        #expect(item.dueIsDay)
        #expect(item.due == Date(timeIntervalSince1970: 1_796_083_200))
        #expect(item.dueDay == day)
        try item.set(.due(t0))
        #expect(!item.dueIsDay)
        #expect(item.dueDay == nil)
        #expect(item != { var other = item; other.dueIsDay = true; return other }())
    }

    @Test("calendar days read YYYY-MM-DD and YYYYMMDD, refuse impossible days, and print both forms")
    func calendarDayText() throws {
        #expect(CalendarDay("20240229")?.description == "2024-02-29")
        #expect(CalendarDay("2023-02-29") == nil)
        #expect(CalendarDay("2026-1-01") == nil)
        #expect(CalendarDay("2026/12/01") == nil)
        #expect(CalendarDay("0000-01-01") == nil)
        #expect(CalendarDay("2026-12-01")?.basicFormat == "20261201")
        #expect(CalendarDay(year: 1969, month: 12, day: 31)?.utcMidnight == Date(timeIntervalSince1970: -86_400))
        let day = try #require(CalendarDay(year: 2000, month: 3, day: 1))
        #expect(CalendarDay(utcMidnight: day.utcMidnight) == day)
        #expect(try #require(CalendarDay("1999-12-31")) < day)
    }

    @Test("other apps' UID and iCalendar extras are kept with the item and compared")
    func interchangeFields() throws {
        var item = try ToDoItem(title: "a")
        let plain = item
        item.externalUID = "abc@example.com"
        item.iCalendarExtras = "PRIORITY:1\r\n"
        #expect(item != plain)
        item.location = try Location(name: "here")
        #expect(item.externalUID == "abc@example.com")
        item.location = nil
        item.externalUID = nil
        item.iCalendarExtras = nil
        #expect(item == plain)
    }
}
