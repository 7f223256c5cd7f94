import Testing
import TickCore
@testable import TickTUI

@Suite("Update: moving around")
struct UpdateNavigationTests {
    @Test("↓ and j go down through To Do into Done; ↑ at the top stays")
    func movesAcrossSections() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"], done: ["c"]))
        #expect(state.selectedItem?.title == "a")
        state.press(.down)
        #expect(state.selectedItem?.title == "b")
        state.press(.character("j"))
        #expect(state.selection == Selection(section: .done, index: 0))
        state.press(.character("j"))
        #expect(state.selectedItem?.title == "c")
        state.press(.up, .up, .character("k"), .up)
        #expect(state.selectedItem?.title == "a")
    }

    @Test("G and End go to the last item, g and Home to the first")
    func topAndBottom() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"], done: ["c", "d"]))
        state.press(.character("G"))
        #expect(state.selectedItem?.title == "d")
        state.press(.character("g"))
        #expect(state.selectedItem?.title == "a")
        state.press(.end)
        #expect(state.selectedItem?.title == "d")
        state.press(.home)
        #expect(state.selectedItem?.title == "a")
    }

    @Test("Tab jumps to the first item of the other section")
    func tabSwitchesSection() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"], done: ["c", "d"]))
        state.press(.down, .tab)
        #expect(state.selectedItem?.title == "c")
        state.press(.tab)
        #expect(state.selectedItem?.title == "a")
    }

    @Test("PgDn moves a page and scrolls so the selection stays visible")
    func pageDownScrolls() throws {
        let titles = (1...100).map { "item \($0)" }
        var state = Fixtures.state(try Fixtures.list(toDo: titles), size: Size(columns: 80, rows: 24))
        state.press(.pageDown)
        let first = try #require(state.selection?.index)
        #expect(first > 5)
        state.press(.pageDown, .pageDown, .pageDown)
        let index = try #require(state.selection?.index)
        let height = Layout(state: state, size: state.size).list.height
        let row = 1 + index
        #expect(row >= state.scrollOffset && row < state.scrollOffset + height)
        state.press(.pageUp, .pageUp, .pageUp, .pageUp, .pageUp)
        #expect(state.selection?.index == 0)
        #expect(state.scrollOffset == 0)
    }

    @Test("an empty list selects nothing and moving rings the bell")
    func emptyList() {
        var state = Fixtures.state(ToDoList())
        #expect(state.selection == nil)
        #expect(state.press(.down) == [.bell])
        #expect(state.press(.character(" ")).isEmpty)
        #expect(state.pendingOperations.isEmpty)
    }

    @Test("a click selects a row and a click on its box ticks it; the wheel scrolls")
    func mouse() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]), size: Size(columns: 80, rows: 24))
        // Row 0 is the header, row 1 "To Do (3)", rows 2… the items.
        state.press(.mouse(MouseEvent(kind: .click, column: 20, row: 3)))
        #expect(state.selectedItem?.title == "b")
        #expect(state.pendingOperations.isEmpty)
        state.press(.mouse(MouseEvent(kind: .click, column: 2, row: 4)))
        #expect(state.doneTitles == ["c"])
        #expect(state.pendingOperations == [.check(Fixtures.id(3))])

        var long = Fixtures.state(try Fixtures.list(toDo: (1...100).map { "item \($0)" }))
        long.press(.mouse(MouseEvent(kind: .wheelDown, column: 5, row: 5)))
        long.press(.mouse(MouseEvent(kind: .wheelDown, column: 5, row: 5)))
        #expect(long.scrollOffset == 6)
        let index = try #require(long.selection?.index)
        #expect(1 + index >= long.scrollOffset)
    }
}
