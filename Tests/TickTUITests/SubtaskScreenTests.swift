import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Full screen: subtasks indented, folded with z, added with A, carried along by Space and dd")
struct SubtaskScreenTests {
    /// Pack with Socks (and Wool under it) and Shirts, then Call; Pack selected. 40×12, no detail pane.
    private func state() throws -> AppState {
        var socks = try Fixtures.item(2, "Socks"), wool = try Fixtures.item(3, "Wool"), shirts = try Fixtures.item(4, "Shirts")
        socks.parent = Fixtures.id(1)
        wool.parent = Fixtures.id(2)
        shirts.parent = Fixtures.id(1)
        let list = try ToDoList(toDoItems: [Fixtures.item(1, "Pack"), socks, wool, shirts, Fixtures.item(5, "Call")], doneItems: [])
        var state = Fixtures.state(list, size: Size(columns: 40, rows: 12))
        state.press(.character("i"))
        return state
    }

    private func listLines(_ state: AppState) -> [String] {
        Array(render(state, size: Size(columns: 40, rows: 12)).trimmedLines.dropFirst().prefix(9))
    }

    @Test("subtasks are drawn 2 columns in per parent above them")
    func indented() throws {
        #expect(listLines(try state()) == [
            " To Do (5)",
            " [ ] Pack",
            "   [ ] Socks",
            "     [ ] Wool",
            "   [ ] Shirts",
            " [ ] Call",
            "",
            " Done (0)",
            "",
        ])
    }

    @Test("a filter shows its matches flat, a subtask not indented under no parent; a sorted To Do shows no (+N) of a fold it does not hide")
    func flatViews() throws {
        var filtered = try state()
        filtered.press(.character("/"))
        filtered.type("wool")
        #expect(listLines(filtered).contains(" [ ] Wool"), "\(listLines(filtered))")
        var sorted = try state()
        sorted.press(.character("z"))
        #expect(listLines(sorted)[1] == " [ ] Pack (+3)")
        sorted.press(.character("s"))
        #expect(!listLines(sorted).contains { $0.contains("(+") }, "\(listLines(sorted))")
    }

    @Test("a on a parent or a subtask opens the new row after the whole block, where the new top-level item goes")
    func addAfterTheBlock() throws {
        for moves in [0, 1, 2] {
            var state = try state()
            for _ in 0..<moves { state.press(.character("j")) }
            state.press(.character("a"))
            #expect(state.mode == .editing(.newItem(at: 4)), "from row \(moves)")
            #expect(listLines(state)[5] == " [ ]", "\(listLines(state))")
            state.type("Added")
            state.press(.enter)
            #expect(state.list.toDoItems.map(\.title) == ["Pack", "Socks", "Wool", "Shirts", "Added", "Call"])
            #expect(state.list.toDoItems[4].parent == nil)
        }
    }

    @Test("z folds a parent's subtasks away with a (+N) count of the open ones, z again shows them; j skips the hidden rows")
    func folding() throws {
        var state = try state()
        state.press(.character("z"))
        #expect(listLines(state).prefix(4) == [" To Do (5)", " [ ] Pack (+3)", " [ ] Call", ""])
        state.press(.character("j"))
        #expect(state.selectedItem?.title == "Call")
        state.press(.character("k"), .character("z"))
        #expect(listLines(state)[2] == "   [ ] Socks")
        // A row without subtasks has nothing to fold.
        state.press(.character("G"))
        #expect(state.press(.character("z")) == [.bell])
    }

    @Test("A adds a subtask after the item's subtasks, indented under it")
    func addSubtask() throws {
        var state = try state()
        state.press(.character("A"))
        #expect(state.selection == Selection(section: .toDo, index: 4))
        state.type("Towel")
        #expect(listLines(state)[5].hasPrefix("   "))
        state.press(.enter)
        #expect(state.toDoTitles == ["Pack", "Socks", "Wool", "Shirts", "Towel", "Call"])
        #expect(state.list.toDoItems[4].parent == Fixtures.id(1))
        #expect(state.selectedItem?.title == "Towel")
        #expect(listLines(state)[5] == "   [ ] Towel")
    }

    @Test("Space on a parent ticks its open subtasks, shown under it in Done; u brings all back")
    func tickCarries() throws {
        var state = try state()
        state.press(.character(" "))
        #expect(state.toDoTitles == ["Call"])
        #expect(listLines(state) == [
            " To Do (1)", " [ ] Call", "", " Done (4)", " [x] Pack", "   [x] Socks", "     [x] Wool", "   [x] Shirts", "",
        ])
        state.press(.character("u"))
        #expect(state.toDoTitles == ["Pack", "Socks", "Wool", "Shirts", "Call"])
        #expect(state.status?.text.contains("tick of \"Pack\" (and 3 more)") == true, "\(state.status?.text ?? "")")
    }

    @Test("dd on a parent deletes its subtasks and says how many; u brings them back in place")
    func deleteCarries() throws {
        var state = try state()
        state.press(.character("d"), .character("d"))
        #expect(state.toDoTitles == ["Call"])
        #expect(state.status?.text == "deleted “Pack” and 3 subtasks · u undoes")
        state.press(.character("u"))
        #expect(state.toDoTitles == ["Pack", "Socks", "Wool", "Shirts", "Call"])
    }

    @Test("J and K move an item with its subtasks past the neighbouring sibling's block")
    func moveBlocks() throws {
        var state = try state()
        state.press(.character("J"))
        #expect(state.toDoTitles == ["Call", "Pack", "Socks", "Wool", "Shirts"])
        #expect(state.selectedItem?.title == "Pack")
        state.press(.character("j"), .character("J"))
        #expect(state.toDoTitles == ["Call", "Pack", "Shirts", "Socks", "Wool"])
        // The last sibling cannot go further down.
        #expect(state.press(.character("J")) == [.bell])
        state.press(.character("K"))
        #expect(state.toDoTitles == ["Call", "Pack", "Socks", "Wool", "Shirts"])
    }
}
