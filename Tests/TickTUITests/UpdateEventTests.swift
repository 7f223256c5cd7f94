import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Update: saving, changes on disk, quitting")
struct UpdateEventTests {
    @Test("saved replaces the list, clears pending and keeps the selection by id")
    func saved() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        state.press(.down, .character(" "))
        #expect(state.pendingOperations.count == 1)
        var disk = try Fixtures.list(toDo: ["a", "b", "c"])
        try disk.apply(.check(Fixtures.id(2)), at: Date())
        try disk.insert(try Fixtures.item(9, "from elsewhere"), in: .toDo, at: 0)
        _ = update(&state, .saved(disk, operations: state.pendingOperations.count))
        #expect(state.pendingOperations.isEmpty)
        #expect(state.toDoTitles == ["from elsewhere", "a", "c"])
        #expect(state.selectedItem?.title == "c")
        #expect(state.status?.text == "saved")
    }

    @Test("a save of the first operations drops only those; one made since stays pending, shown on top of the saved list")
    func savedTrimsWhatWasSaved() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        #expect(state.press(.character(" ")) == [.save])
        var disk = try Fixtures.list(toDo: ["a", "b", "c"])
        try disk.apply(.check(Fixtures.id(1)), at: Fixtures.now, zone: Fixtures.calendar)
        #expect(state.press(.character(" ")) == [.save])
        _ = update(&state, .saved(disk, operations: 1))
        #expect(state.pendingOperations.count == 1)
        #expect(state.toDoTitles == ["c"])
        #expect(state.doneTitles.sorted() == ["a", "b"])
    }

    @Test("moving, opening help or an editor asks for no save; a change, an undo and a redo ask for one each")
    func saveIsAskedForByChanges() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        #expect(state.press(.down, .character("?"), .escape, .character("e"), .escape).isEmpty)
        #expect(state.press(.character("p")) == [.save])
        #expect(state.press(.character("u")) == [.save])
        #expect(state.press(.control("r")) == [.save])
    }

    @Test("a change on disk gets the pending operations re-applied on top and keeps the selection")
    func externalChangeMerges() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        state.press(.down, .down, .character("e"), .control("u"))
        state.type("c!")
        state.press(.enter)
        var disk = try Fixtures.list(toDo: ["a", "b", "c"])
        try disk.add(try Fixtures.item(9, "added by a script"))
        try disk.check(Fixtures.id(1))
        _ = update(&state, .externalChange(disk))
        #expect(state.toDoTitles == ["b", "c!", "added by a script"])
        #expect(state.doneTitles == ["a"])
        #expect(state.selectedItem?.title == "c!")
        #expect(state.pendingOperations == [.set(Fixtures.id(3), .title("c!"))])
    }

    @Test("the new-item row stays under the item it was opened under when a change from elsewhere moves that item")
    func newRowFollowsItsPlace() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["one", "two", "three"]))
        state.press(.character("G"), .character("a"))
        for character in "NEW" { state.press(.character(character)) }
        var disk = try Fixtures.list(toDo: ["one", "two", "three"])
        try disk.insert(try Fixtures.item(9, "top"), in: .toDo, at: 0)
        _ = update(&state, .externalChange(disk))
        #expect(state.mode == .editing(.newItem(at: 4)))
        state.press(.enter)
        #expect(state.toDoTitles == ["top", "one", "two", "three", "NEW"])
        // Opened at the top, it stays at the top.
        state.press(.character("g"), .character("A"))
        #expect(state.mode == .editing(.newItem(at: 1)), "A opens under the first item")
        state.press(.escape, .character("g"))
        _ = state.beginAdding(at: 0)
        _ = update(&state, .externalChange(disk))
        #expect(state.mode == .editing(.newItem(at: 0)))
        // The item above it gone from To Do (ticked off elsewhere): above the one below it.
        state.press(.escape)
        var three = try Fixtures.list(toDo: ["one", "two", "three"])
        state = Fixtures.state(three)
        state.press(.down, .character("a"))  // between two and three
        #expect(state.mode == .editing(.newItem(at: 2)))
        try three.apply(.check(Fixtures.id(2)), at: Fixtures.now, zone: Fixtures.calendar)
        try three.insert(try Fixtures.item(9, "top"), in: .toDo, at: 0)
        _ = update(&state, .externalChange(three))
        #expect(state.mode == .editing(.newItem(at: 2)), "between one and three: top, one, (new), three")
    }

    @Test("an editor whose item was removed elsewhere is closed, the keys typed next edit nothing; Enter brings the item back with the edit, Esc lets it go")
    func editedItemVanishes() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"], done: ["d"]))
        state.press(.character("e"))
        state.type(" more")
        var disk = try Fixtures.list(toDo: ["a", "b", "c"], done: ["d"])
        try disk.remove(Fixtures.id(1))
        _ = update(&state, .externalChange(disk))
        #expect(state.editor == nil)
        #expect(state.status?.isError == true)
        #expect(state.status?.text.hasPrefix("the item being edited was removed elsewhere") == true)
        #expect(state.selectedItem?.title == "b")
        // What the user goes on typing was meant for the closed editor: letters that are
        // commands in the list (x ticks, dd deletes, J moves, a adds, l, n, t edit) do nothing.
        state.type(" and x dd J a l n t")
        #expect(state.editor == nil)
        #expect(state.toDoTitles == ["b", "c"])
        #expect(state.doneTitles == ["d"])
        #expect(state.pendingOperations.isEmpty)
        #expect(render(state, size: state.size).trimmedLines[23] == " Enter keep your edit  Esc let it go")
        // Esc goes back to the list, editing nothing.
        var dropped = state
        dropped.press(.escape)
        #expect(dropped.mode == .browsing && dropped.editor == nil && dropped.pendingOperations.isEmpty)
        dropped.press(.enter)
        #expect(dropped.mode == .editing(.title(Fixtures.id(2))), "from here on keys are list keys again")
        // Enter keeps the edit, as a sync does: the item comes back where it was, with the
        // title as it was when the item went (not the keys typed after), as two undo steps.
        state.press(.enter)
        #expect(state.mode == .browsing && state.editor == nil)
        #expect(state.toDoTitles == ["a more", "b", "c"])
        #expect(state.selectedItem?.title == "a more")
        #expect(state.pendingOperations.count == 2)
        state.press(.character("u"), .character("u"))
        #expect(state.toDoTitles == ["b", "c"])
    }

    @Test("Enter after a subtask being edited was removed elsewhere with its parent brings the subtask back at the top level")
    func removedSubtaskComesBack() throws {
        var parent = try Fixtures.item(1, "Pack"), sock = try Fixtures.item(2, "Socks"), other = try Fixtures.item(3, "Call")
        sock.parent = parent.id
        parent.notes = nil
        var state = Fixtures.state(try ToDoList(toDoItems: [parent, sock, other], doneItems: []))
        state.press(.down, .character("e"))
        state.type(" and shirts")
        _ = update(&state, .externalChange(try ToDoList(toDoItems: [other], doneItems: [])))
        #expect(state.mode == .editedItemRemoved)
        state.press(.enter)
        #expect(state.mode == .browsing)
        #expect(state.toDoTitles == ["Socks and shirts", "Call"] || state.toDoTitles == ["Call", "Socks and shirts"], "\(state.toDoTitles)")
        #expect(state.list.item(withID: sock.id)?.parent == nil)
    }

    @Test("undo of a change to an item removed elsewhere says there was nothing to undo")
    func undoAfterRemovalElsewhere() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        var disk = state.list
        try disk.remove(Fixtures.id(1))
        _ = update(&state, .externalChange(disk))
        state.press(.character("u"))
        #expect(state.status?.text.hasPrefix("nothing to undo") == true)
        #expect(state.list == disk)
        state.press(.control("r"))
        #expect(state.status?.text.hasPrefix("nothing to redo") == true)
    }

    @Test("q quits at once when nothing failed to save, even with changes pending")
    func quitsWithPending() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character(" "))
        #expect(state.press(.character("q")) == [.quit])
        var other = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        #expect(other.press(.control("c")) == [.quit])
    }

    @Test("after a failed save, q lets the loop try the save again; failing again, it asks: y quits, any other key keeps tick open")
    func failedSaveAsks() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character(" "))
        _ = update(&state, .saveFailed("No space left on device"))
        #expect(state.status?.text.contains("No space left on device") == true)
        #expect(state.toDoTitles == ["b"])
        #expect(state.pendingOperations.count == 1)
        #expect(state.press(.character("q")) == [.quit])
        #expect(state.mode == .browsing)
        _ = update(&state, .askBeforeQuit)
        #expect(state.mode == .confirmingQuit)
        #expect(state.press(.character("x")).isEmpty)
        #expect(state.mode == .browsing)
        #expect(state.doneTitles == ["a"])
        #expect(state.press(.control("c")) == [.quit])
        _ = update(&state, .askBeforeQuit)
        #expect(state.press(.character("y")) == [.quit])
    }

    @Test("a successful save after a failure quits without asking")
    func saveRecovers() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character(" "))
        _ = update(&state, .saveFailed("disk full"))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(state.saveError == nil)
        #expect(state.press(.character("q")) == [.quit])
    }

    @Test("from an open editor, Ctrl-C drops the edit and a second Ctrl-C quits; q there is typed")
    func quitFromEditor() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("e"))
        #expect(state.press(.character("q")).isEmpty)
        #expect(state.editor?.text == "aq")
        #expect(state.press(.control("c")).isEmpty)
        #expect(state.toDoTitles == ["a"])
        #expect(state.press(.control("c")) == [.quit])
    }

    @Test("the clock moves due phrases; resize keeps the selection visible")
    func tickAndResize() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: (1...60).map { "item \($0)" }))
        state.press(.character("G"))
        _ = update(&state, .resize(Size(columns: 40, rows: 10)))
        let height = Layout(state: state, size: state.size).list.height
        let row = 1 + (state.selection?.index ?? 0)
        #expect(row < state.scrollOffset + height && row >= state.scrollOffset)
        let later = Fixtures.now.addingTimeInterval(86_400)
        _ = update(&state, .tick(later))
        #expect(state.now == later)
    }
}
