import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Priority, tags and repeat in the full-screen app")
struct UpdateFieldsTests {
    private func state(_ items: [ToDoItem], size: Size = Size(columns: 80, rows: 24)) throws -> AppState {
        Fixtures.state(try ToDoList(toDoItems: items, doneItems: []), unicode: true, size: size)
    }

    @Test("a row shows its priority mark before the title, the repeat sign and #tags after it; the detail pane says them in words")
    func rows() throws {
        var trash = try Fixtures.item(1, "Take out the trash", dueDay: (2026, 12, 1))
        try trash.setPriority(1)
        try trash.setTags(["home", "chores"])
        trash.recurrence = "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"
        var plants = try Fixtures.item(2, "Water the plants")
        try plants.setPriority(9)
        let plain = try Fixtures.item(3, "Call Ana")
        let state = try state([trash, plants, plain], size: Size(columns: 80, rows: 24))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[2] == " ☐ ! Take out the trash ↻ #home #chores                                   today")
        #expect(lines[3] == " ☐ ↓ Water the plants")
        #expect(lines[4] == " ☐   Call Ana")
        #expect(lines.contains(" Priority  high (1)"))
        #expect(lines.contains(" Tags      home, chores"))
        #expect(lines.contains(" Repeats   every 2 weeks on Mon"))
    }

    @Test("p cycles none, high, medium, low, none; u undoes it")
    func priorityCycle() throws {
        var state = try state([try Fixtures.item(1, "Call Ana")])
        var seen: [Int?] = []
        for _ in 0..<4 {
            state.press(.character("p"))
            seen.append(state.list.toDoItems[0].priority)
        }
        #expect(seen == [1, 5, 9, nil])
        state.press(.character("u"))
        #expect(state.list.toDoItems[0].priority == 9)
    }

    @Test("# edits the tags, commas between them, a # typed before one dropped; / finds an item by #tag")
    func tags() throws {
        var state = try state([try Fixtures.item(1, "Call Ana"), try Fixtures.item(2, "Buy milk")])
        state.press(.character("#"))
        state.type("family, #phone ,family, #")
        state.press(.enter)
        #expect(state.list.toDoItems[0].tags == ["family", "phone"])
        // A tag another app wrote with a # stays as it is through an edit of the others.
        try state.list.update(state.list.toDoItems[0].id) { (item: inout ToDoItem) throws(ModelError) in try item.setTags(["#from-app", "family"]) }
        state.press(.character("#"))
        #expect(state.editor?.text == "#from-app, family")
        state.type(", #new")
        state.press(.enter)
        #expect(state.list.toDoItems[0].tags == ["#from-app", "family", "new"])
        // A #tag is found whole: #fam is not #family.
        state.press(.character("/"))
        state.type("#fam")
        #expect(state.visibleCount(.toDo) == 0)
        state.type("ily")
        #expect(state.visibleCount(.toDo) == 1)
        #expect(state.selectedItem?.title == "Call Ana")
    }

    @Test("r takes a repeat in words (an item without a due becomes due on its first day from today); a bad one is refused; empty stops it")
    func repeatEditor() throws {
        var state = try state([try Fixtures.item(1, "Water the plants")])
        state.press(.character("r"))
        state.type("every 3 days")
        state.press(.enter)
        #expect(state.list.toDoItems[0].recurrence == "FREQ=DAILY;INTERVAL=3")
        #expect(state.list.toDoItems[0].dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        state.press(.character("r"))
        #expect(state.editor?.text == "every 3 days")
        state.press(.control("u"))
        state.type("sometimes")
        state.press(.enter)
        #expect(state.status?.isError == true)
        #expect(state.list.toDoItems[0].recurrence == "FREQ=DAILY;INTERVAL=3")
        state.press(.escape, .character("r"), .control("u"), .enter)
        #expect(state.list.toDoItems[0].recurrence == nil)
        // A rule that names its days starts on its first one (Tuesday 2026-12-01 is today: Friday is the 4th).
        var fresh = try self.state([try Fixtures.item(2, "Take out the trash")])
        fresh.press(.character("r"))
        fresh.type("every fri")
        fresh.press(.enter)
        #expect(fresh.list.toDoItems[0].dueDay == CalendarDay(year: 2026, month: 12, day: 4))
    }

    @Test("Space on a repeating item keeps it in To Do at its next due, puts the done occurrence on top of Done; u brings both back")
    func tickRepeating() throws {
        var trash = try Fixtures.item(1, "Take out the trash", dueDay: (2026, 12, 1))
        trash.recurrence = "FREQ=WEEKLY"
        var state = try state([trash, try Fixtures.item(2, "Call Ana")])
        state.press(.character(" "))
        #expect(state.list.toDoItems.map(\.title) == ["Take out the trash", "Call Ana"])
        #expect(state.list.toDoItems[0].dueDay == CalendarDay(year: 2026, month: 12, day: 8))
        #expect(state.list.doneItems.map(\.title) == ["Take out the trash"])
        #expect(state.list.doneItems[0].dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(state.status?.text.hasPrefix("done for now; next due Tue, Dec 8 2026") == true)
        state.press(.character("u"))
        #expect(state.list.toDoItems.map(\.dueDay) == [CalendarDay(year: 2026, month: 12, day: 1), nil])
        // A rule tick cannot follow: Space refuses, says why, and leaves the item and the cursor.
        var odd = try Fixtures.item(3, "Odd rule", dueDay: (2026, 12, 1))
        odd.recurrence = "FREQ=MONTHLY;RSCALE=CHINESE"
        var refused = try self.state([odd, try Fixtures.item(4, "Next")])
        refused.press(.character(" "))
        #expect(refused.list.toDoItems.map(\.title) == ["Odd rule", "Next"] && refused.list.doneItems.isEmpty)
        #expect(refused.status?.isError == true && refused.selectedItem?.title == "Odd rule")
        #expect(state.list.doneItems.isEmpty)
        #expect(state.list.toDoItems[0].recurrence == "FREQ=WEEKLY")
    }

    @Test("s shows To Do by due, then by priority, then in the list's order, which never changes; K is refused while sorted")
    func sortedView() throws {
        var a = try Fixtures.item(1, "A late", dueDay: (2026, 12, 9))
        try a.setPriority(9)
        var b = try Fixtures.item(2, "B none")
        try b.setPriority(1)
        let c = try Fixtures.item(3, "C soon", dueDay: (2026, 12, 2))
        var state = try state([a, b, c])
        func shown() -> [String] { (0..<state.visibleCount(.toDo)).compactMap { state.item(at: $0, in: .toDo)?.title } }
        state.press(.character("s"))
        #expect(shown() == ["C soon", "A late", "B none"])
        #expect(render(state, size: state.size).trimmedLines[1] == " To Do (3) · by due date")
        state.press(.character("s"))
        #expect(shown() == ["B none", "A late", "C soon"])
        state.press(.character("K"))
        #expect(state.status?.isError == true)
        state.press(.character("s"))
        #expect(shown() == ["A late", "B none", "C soon"])
        #expect(state.list.toDoItems.map(\.title) == ["A late", "B none", "C soon"])
    }

    @Test("in a sorted view the cursor follows the item a key changed; after a repeating tick it goes to the next row")
    func cursorFollows() throws {
        var a = try Fixtures.item(1, "A", dueDay: (2026, 12, 2))
        try a.setPriority(1)
        var b = try Fixtures.item(2, "B", dueDay: (2026, 12, 3))
        try b.setPriority(5)
        var c = try Fixtures.item(3, "C", dueDay: (2026, 12, 1))
        c.recurrence = "FREQ=WEEKLY"
        var state = try state([a, b, c])
        state.press(.character("s"), .character("s"))  // by priority: A, B, C
        state.press(.character("G"), .character("p"))   // C gets high: A, C, B
        #expect(state.selectedItem?.title == "C")
        state.press(.character("p"))                     // medium: A, B, C (by list order among 5s)
        #expect(state.selectedItem?.title == "C" && state.selectedItem?.priority == 5)
        // By due: C (Dec 1), A, B; Space moves C on to Dec 8, the last row, and the cursor to the row after where it was.
        state.press(.character("s"), .character("s"), .character("g"))
        #expect(state.sort == .due && state.selectedItem?.title == "C")
        state.press(.character(" "))
        #expect(state.list.toDoItems.first { $0.title == "C" }?.dueDay == CalendarDay(year: 2026, month: 12, day: 8))
        #expect(state.selectedItem?.title == "C")
        state.press(.character("g"), .character(" "))
        #expect(state.list.doneItems.map(\.title).contains("A"))
    }
}
