import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Space widens the columns by the item it ticks, wherever the tick put it")
struct UpdateTickColumnsTests {
    @Test("a yearly item ticked off moves on to next year and widens the due column; a plain one goes to the top of Done")
    func tickWidens() throws {
        var yearly = try Fixtures.item(1, "Renew passport", dueDay: (2026, 12, 1))
        yearly.recurrence = "FREQ=YEARLY"
        let plain = try Fixtures.item(2, "Call Ana", dueDay: (2026, 12, 2))
        var state = Fixtures.state(try ToDoList(toDoItems: [plain, yearly], doneItems: []), unicode: true, size: Size(columns: 80, rows: 24))
        #expect(state.columns.dueWidth == 8)
        state.press(.character(" "))
        #expect(state.list.doneItems.map(\.title) == ["Call Ana"])
        #expect(state.columns.dueWidth == 8)
        state.press(.character(" "))
        #expect(state.list.toDoItems.map(\.dueDay) == [CalendarDay(year: 2027, month: 12, day: 1)])
        #expect(state.columns.dueWidth == 10)
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[2].hasPrefix(" ☐ Renew passport ↻ ") && lines[2].hasSuffix(" Dec 1 2027"), "\(lines)")
    }
}
