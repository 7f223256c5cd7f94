import Testing
import TickCore
@testable import TickTUI

/// Ctrl-C arrives as a key (the terminal is in raw mode): in an editor it cancels as Esc
/// does, so typing is never thrown away by quitting; in the list it quits as q does.
@Suite("Update: Ctrl-C")
struct UpdateControlCTests {
    @Test("Ctrl-C while editing a title drops the edit and keeps tick open")
    func cancelsTitleEdit() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("e"))
        state.type(" changed")
        let effects = state.press(.control("c"))
        #expect(effects.isEmpty)
        #expect(state.mode == .browsing)
        #expect(state.editor == nil)
        #expect(state.toDoTitles == ["a"])
        #expect(state.pendingOperations.isEmpty)
    }

    @Test("Ctrl-C on a new row drops it, as Esc does")
    func cancelsNewItem() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("a"))
        state.type("half typed")
        #expect(state.press(.control("c")).isEmpty)
        #expect(state.toDoTitles == ["a"])
        #expect(state.mode == .browsing)
        #expect(state.selectedItem?.title == "a")
    }

    @Test("Ctrl-C while typing a filter clears it, as Esc does")
    func clearsFilter() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["apple", "bread"]))
        state.press(.character("/"))
        state.type("app")
        #expect(state.visibleCount(.toDo) == 1)
        #expect(state.press(.control("c")).isEmpty)
        #expect(state.mode == .browsing)
        #expect(state.filterQuery == nil)
        #expect(state.visibleCount(.toDo) == 2)
    }

    @Test("after the edited item was removed elsewhere, Ctrl-C goes back to the list as Esc does")
    func acknowledgesRemoval() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character("e"))
        var disk = try Fixtures.list(toDo: ["a", "b"])
        try disk.remove(Fixtures.id(1))
        _ = update(&state, .externalChange(disk))
        #expect(state.mode == .editedItemRemoved)
        #expect(state.press(.control("c")).isEmpty)
        #expect(state.mode == .browsing)
    }

    @Test("Ctrl-C in the list quits as q does")
    func quitsFromList() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        #expect(state.press(.control("c")) == [.quit])
        #expect(KeyMap.action(for: .control("c"), in: state) == KeyMap.action(for: .character("q"), in: state))
    }
}
