import Testing
import TickCore
@testable import TickTUI

/// Below 40×10 the screen shows only "terminal too small": keys that would act on what
/// cannot be seen do nothing; q and Ctrl-C still back out, and a resize brings it all back.
@Suite("Update: a terminal too small to draw in")
struct UpdateTooSmallTests {
    static let tiny = Size(columns: 30, rows: 8)

    @Test("at 30×8, j j d d deletes nothing, Space ticks nothing, a adds nothing")
    func keysDoNothing() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]), size: Self.tiny)
        let effects = state.press(.character("j"), .character("j"), .character("d"), .character("d"))
        #expect(effects.isEmpty)
        state.press(.character(" "), .delete, .character("D"), .character("x"), .character("a"), .character("J"))
        #expect(state.toDoTitles == ["a", "b", "c"])
        #expect(state.pendingOperations.isEmpty)
        #expect(state.selection == Selection(section: .toDo, index: 0))
        #expect(state.mode == .browsing)
        #expect(render(state, size: Self.tiny).trimmedLines.contains { $0.contains("terminal too small") })
    }

    @Test("a key typed while too small is not the first d of dd once the terminal is large again")
    func noPendingDelete() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]), size: Self.tiny)
        state.press(.character("d"))
        _ = update(&state, .resize(Size(columns: 80, rows: 24)))
        state.press(.character("d"))
        #expect(state.toDoTitles == ["a", "b"])
    }

    @Test("q and Ctrl-C still quit while too small")
    func quitStillWorks() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]), size: Self.tiny)
        #expect(state.press(.character("q")) == [.quit])
        #expect(state.press(.control("c")) == [.quit])
    }

    @Test("in an editor, typing is ignored while too small; Ctrl-C drops the edit, then quits")
    func editorWhileTooSmall() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]), size: Size(columns: 80, rows: 24))
        state.press(.character("e"))
        _ = update(&state, .resize(Self.tiny))
        state.type("xq")
        state.press(.enter)
        #expect(state.mode == .editing(.title(Fixtures.id(1))))
        #expect(state.editor?.text == "a")
        #expect(state.press(.control("c")).isEmpty)
        #expect(state.mode == .browsing)
        #expect(state.toDoTitles == ["a"])
        #expect(state.press(.control("c")) == [.quit])
    }

    @Test("once the terminal is large enough again, keys act")
    func backToNormal() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]), size: Self.tiny)
        _ = update(&state, .resize(Size(columns: 40, rows: 10)))
        state.press(.character("j"), .character("d"), .character("d"))
        #expect(state.toDoTitles == ["a"])
    }
}
