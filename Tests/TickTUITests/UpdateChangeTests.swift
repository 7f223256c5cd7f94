import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Update: ticking, deleting, moving, undo and redo")
struct UpdateChangeTests {
    @Test("Space ticks the selected item to the top of Done and the cursor stays in place")
    func spaceTicksSuccessiveItems() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c", "d"]))
        state.press(.down, .character(" "))
        #expect(state.toDoTitles == ["a", "c", "d"])
        #expect(state.doneTitles == ["b"])
        #expect(state.selection == Selection(section: .toDo, index: 1))
        state.press(.character(" "), .character("x"))
        #expect(state.toDoTitles == ["a"])
        #expect(state.doneTitles == ["d", "c", "b"])
        #expect(state.pendingOperations == [.check(Fixtures.id(2)), .check(Fixtures.id(3)), .check(Fixtures.id(4))])
        // The section's last item: the cursor stays on the row it can.
        #expect(state.selectedItem?.title == "a")
    }

    @Test("a change asks the loop for a save; moving, an open editor and a refused key do not")
    func changesAskForASave() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        #expect(state.press(.down).isEmpty)
        #expect(state.press(.character(" ")) == [.save])
        #expect(state.press(.character("a")).isEmpty)
        #expect(state.press(.character("c")).isEmpty)
        #expect(state.press(.enter) == [.save])
        #expect(state.press(.character("u")) == [.save])
        #expect(state.pendingOperations.count == 3)
    }

    @Test("Space on a done item moves it to the end of To Do; the cursor stays in Done")
    func spaceUnticks() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"], done: ["b", "c"]))
        state.press(.tab, .character(" "))
        #expect(state.toDoTitles == ["a", "b"])
        #expect(state.doneTitles == ["c"])
        #expect(state.selection == Selection(section: .done, index: 0))
        #expect(state.pendingOperations == [.uncheck(Fixtures.id(2))])
    }

    @Test("ticking the last open item moves the cursor to it in Done")
    func tickingLastOpenItem() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"], done: ["b"]))
        state.press(.character(" "))
        #expect(state.selection == Selection(section: .done, index: 0))
        #expect(state.selectedItem?.title == "a")
    }

    @Test("dd deletes with no question and u brings the item back where it was")
    func deleteAndUndo() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        state.press(.down, .character("d"), .character("d"))
        #expect(state.toDoTitles == ["a", "c"])
        #expect(state.selectedItem?.title == "c")
        #expect(state.status?.text.contains("u undoes") == true)
        state.press(.character("u"))
        #expect(state.toDoTitles == ["a", "b", "c"])
        #expect(state.selectedItem?.title == "b")
        let removed = try Fixtures.item(2, "b")
        #expect(state.pendingOperations == [.remove(Fixtures.id(2)), .insert(removed, .toDo, at: 1)])
        state.press(.control("r"))
        #expect(state.toDoTitles == ["a", "c"])
        #expect(state.pendingOperations.last == .remove(Fixtures.id(2)))
        state.press(.delete)
        #expect(state.toDoTitles == ["a"])
    }

    @Test("undo of a tick puts the item back at its place in To Do, not at the end")
    func undoTick() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        state.press(.character(" "))
        state.press(.character("u"))
        #expect(state.toDoTitles == ["a", "b", "c"])
        #expect(state.doneTitles.isEmpty)
        #expect(state.pendingOperations == [.check(Fixtures.id(1)), .place(Fixtures.id(1), .toDo, at: 0)])
        #expect(state.selectedItem?.title == "a")
    }

    @Test("undo and redo are unlimited and a new change forgets the redo")
    func unlimitedUndo() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c", "d", "e"]))
        for _ in 0..<5 { state.press(.character(" ")) }
        #expect(state.doneTitles == ["e", "d", "c", "b", "a"])
        for _ in 0..<5 { state.press(.character("u")) }
        #expect(state.toDoTitles == ["a", "b", "c", "d", "e"])
        #expect(state.press(.character("u")) == [.bell])
        state.press(.control("r"), .control("r"))
        #expect(state.doneTitles == ["b", "a"])
        state.press(.character("G"), .delete)
        #expect(state.press(.control("r")) == [.bell])
        #expect(state.status?.text == "nothing to redo")
    }

    @Test("J and Shift-↓ move the item down, K and Shift-↑ up, within its section")
    func reorders() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"], done: ["d"]))
        state.press(.character("J"))
        #expect(state.toDoTitles == ["b", "a", "c"])
        #expect(state.selectedItem?.title == "a")
        state.press(.shiftDown)
        #expect(state.toDoTitles == ["b", "c", "a"])
        #expect(state.press(.character("J")) == [.bell])
        #expect(state.doneTitles == ["d"])
        state.press(.character("K"), .shiftUp)
        #expect(state.toDoTitles == ["a", "b", "c"])
        #expect(state.pendingOperations == [
            .reorder(Fixtures.id(1), at: 1), .reorder(Fixtures.id(1), at: 2),
            .reorder(Fixtures.id(1), at: 1), .reorder(Fixtures.id(1), at: 0),
        ])
        state.press(.character("u"))
        #expect(state.toDoTitles == ["b", "a", "c"])
    }
}
