import Foundation
import Testing
import TickCore
@testable import TickTUI

/// Due dates in a zone with daylight-saving time: Berlin's rules, the offset taken at each
/// instant (a fixed +01:00 would put midnight after the change at 23:00 of the day before).
@Suite("Due dates across daylight-saving changes")
struct DueDateFormatTests {
    static let berlinZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
    static let berlin = LocalTime(secondsFromGMT: { berlinZone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })

    /// A Berlin wall time, built with Foundation's calendar.
    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = berlinZone
        return try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
    }

    @Test("midnight after spring forward shows on its own day, with no time")
    func afterSpringForward() throws {
        let now = try Self.local(2026, 3, 27, 12) // Friday
        let due = try Self.local(2026, 3, 30) // Monday 00:00 = Sunday 22:00 UTC
        #expect(DueDateFormat.rowText(for: due, now: now, calendar: Self.berlin, done: false).text == "Mon")
        #expect(DueDateFormat.relativePhrase(for: due, now: now, calendar: Self.berlin) == "in 3 days")
        #expect(DueDateFormat.longDate(due, calendar: Self.berlin) == "Mon, Mar 30 2026")
        #expect(DueDateFormat.editingText(for: due, calendar: Self.berlin) == "2026-03-30")
        #expect(DueDateFormat.shortDate(due, now: now, calendar: Self.berlin) == "Mar 30")
    }

    @Test("the day the clocks go back is tomorrow from the evening before, and the next day after it")
    func aroundFallBack() throws {
        let now = try Self.local(2026, 10, 24, 23, 30) // Saturday, 21:30 UTC
        #expect(DueDateFormat.rowText(for: try Self.local(2026, 10, 25), now: now, calendar: Self.berlin, done: false).text == "tomorrow")
        #expect(DueDateFormat.rowText(for: try Self.local(2026, 10, 26), now: now, calendar: Self.berlin, done: false).text == "Mon")
        #expect(DueDateFormat.rowText(for: try Self.local(2026, 10, 24), now: now, calendar: Self.berlin, done: false).text == "today")
        #expect(DueDateFormat.longDate(try Self.local(2026, 10, 25, 9, 30), calendar: Self.berlin) == "Sun, Oct 25 2026 09:30")
        #expect(DueDateFormat.editingText(for: try Self.local(2026, 10, 26, 9, 30), calendar: Self.berlin) == "2026-10-26T09:30")
    }

    @Test("overdue days count calendar days back over a change")
    func overdueAcrossChange() throws {
        let now = try Self.local(2026, 3, 30, 9) // Monday
        let due = try Self.local(2026, 3, 28) // Saturday, before the change
        #expect(DueDateFormat.rowText(for: due, now: now, calendar: Self.berlin, done: false) == ("overdue", true))
        #expect(DueDateFormat.rowText(for: due, now: now, calendar: Self.berlin, done: true).text == "Mar 28")
        #expect(DueDateFormat.relativePhrase(for: due, now: now, calendar: Self.berlin) == "2 days overdue")
    }

    @Test("the screen shows a Berlin due date and created date on the right day after the change")
    func screenInBerlin() throws {
        var item = try ToDoItem(
            id: Fixtures.id(1), title: "Pay rent", notes: nil, due: nil, location: nil, createdAt: try Self.local(2026, 3, 29, 0, 15)
        )
        if let day = CalendarDay(year: 2026, month: 3, day: 30) { item.setDue(day: day) }
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        var state = AppState(list: list, fileName: "ToDoItems.plist", now: try Self.local(2026, 3, 27, 12), calendar: Self.berlin, colors: false, unicode: false)
        _ = update(&state, .resize(Size(columns: 80, rows: 24)))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines.contains { $0.hasPrefix(" [ ] Pay rent") && $0.hasSuffix("Mon") })
        #expect(lines.contains(" Due       Mon, Mar 30 2026 (in 3 days)"))
        #expect(lines.contains(" Created   Sun, Mar 29 2026 00:15"))
        state.press(.character("t"))
        #expect(state.editor?.text == "2026-03-30")
    }

    @Test("a due that is an instant at local midnight shows its time, and opens in the editor with it, unlike a day")
    func midnightInstant() throws {
        // 23:00 in Chicago is midnight in Berlin, in winter: an imported time, not a day.
        let item = try ToDoItem(
            id: Fixtures.id(1), title: "Call Chicago", notes: nil, due: try Self.local(2026, 3, 30), location: nil,
            createdAt: try Self.local(2026, 3, 1)
        )
        var state = AppState(list: try ToDoList(toDoItems: [item], doneItems: []), fileName: "ToDoItems.plist",
                             now: try Self.local(2026, 3, 27, 12), calendar: Self.berlin, colors: false, unicode: false)
        _ = update(&state, .resize(Size(columns: 80, rows: 24)))
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines.contains(" Due       Mon, Mar 30 2026 00:00 (in 3 days)"))
        state.press(.character("t"))
        #expect(state.editor?.text == "2026-03-30T00:00")
        // Enter on it unchanged keeps the instant.
        state.press(.enter)
        #expect(state.list.toDoItems.first?.dueIsDay == false)
        #expect(state.list.toDoItems.first?.due == (try Self.local(2026, 3, 30)))
    }

    @Test("a due word typed in the app is that calendar day, local midnight after the change")
    func typedAfterChange() throws {
        let item = try ToDoItem(id: Fixtures.id(1), title: "Pay rent", notes: nil, due: nil, location: nil, createdAt: try Self.local(2026, 3, 1))
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        var state = AppState(list: list, fileName: "ToDoItems.plist", now: try Self.local(2026, 3, 27, 12), calendar: Self.berlin, colors: false, unicode: false)
        _ = update(&state, .resize(Size(columns: 80, rows: 24)))
        state.press(.character("t"))
        state.type("mon")
        state.press(.enter)
        #expect(state.selectedItem?.dueDay == CalendarDay(year: 2026, month: 3, day: 30))
        #expect(state.selectedItem?.localDue(calendar: Self.berlin) == (try Self.local(2026, 3, 30)))
    }
}

@Suite("Calendar-day dues on the screen")
struct CalendarDayDueScreenTests {
    @Test("a calendar-day due shows the same day in New York as in Berlin, and the detail pane shows when it was done and changed")
    func sameDayEverywhere() throws {
        var item = try ToDoItem(id: Fixtures.id(1), title: "Pay rent", createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        guard let rentDay = CalendarDay(year: 2026, month: 12, day: 1) else {
            Issue.record("2026-12-01 is a day")
            return
        }
        item.setDue(day: rentDay)
        item.completedAt = Date(timeIntervalSince1970: 1_795_600_000)
        item.modifiedAt = Date(timeIntervalSince1970: 1_795_600_000)
        let list = try ToDoList(toDoItems: [], doneItems: [item])
        for offset in [-5 * 3600, 3600] {
            let calendar = LocalTime.fixed(secondsFromGMT: offset)
            var state = AppState(list: list, fileName: "ToDoItems.plist", now: Date(timeIntervalSince1970: 1_795_700_000),
                                 calendar: calendar, colors: false, unicode: false)
            _ = update(&state, .resize(Size(columns: 100, rows: 24)))
            let lines = render(state, size: Size(columns: 100, rows: 24)).trimmedLines
            #expect(lines.contains { $0.contains(" Due       Tue, Dec 1 2026") }, "\(lines)")
            #expect(lines.contains { $0.contains(" Done      ") }, "\(lines)")
            #expect(lines.contains { $0.contains(" Modified  ") }, "\(lines)")
            state.press(.character("t"))
            #expect(state.editor?.text == "2026-12-01")
        }
    }
}
