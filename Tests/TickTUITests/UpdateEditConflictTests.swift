import FoundationEssentials
import Testing
import TickCore
@testable import TickTUI

@Suite("Update: an edit whose field changed elsewhere since the editor opened asks before it overwrites")
struct UpdateEditConflictTests {
    /// A state editing item 1's title, typed "mine", while another window saved "theirs".
    private func conflicted() throws -> AppState {
        var state = Fixtures.state(try Fixtures.list(toDo: ["original"]))
        state.press(.character("e"), .control("u"))
        state.type("mine")
        var disk = state.list
        try disk.apply(.set(Fixtures.id(1), .title("theirs")), at: Date())
        _ = update(&state, .externalChange(disk))
        state.press(.enter)
        return state
    }

    @Test("Enter says the title changed elsewhere, to what, and keeps the editor open; Enter again keeps yours")
    func enterAgainKeepsYours() throws {
        var state = try conflicted()
        #expect(state.status?.text == "the title changed elsewhere to “theirs”: Enter again keeps yours, Esc keeps theirs")
        #expect(state.mode == .editing(.title(Fixtures.id(1))))
        #expect(state.pendingOperations.isEmpty)
        state.press(.enter)
        #expect(state.mode == .browsing)
        #expect(state.list.toDoItems.map(\.title) == ["mine"])
        #expect(state.pendingOperations == [.set(Fixtures.id(1), .title("mine"))])
    }

    @Test("Esc keeps theirs")
    func escKeepsTheirs() throws {
        var state = try conflicted()
        state.press(.escape)
        #expect(state.mode == .browsing)
        #expect(state.list.toDoItems.map(\.title) == ["theirs"])
        #expect(state.pendingOperations.isEmpty)
    }

    @Test("an edit whose field nobody else changed saves at the first Enter")
    func noConflict() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["original", "other"]))
        state.press(.character("e"), .control("u"))
        state.type("mine")
        var disk = state.list
        try disk.apply(.set(Fixtures.id(2), .title("changed")), at: Date())
        _ = update(&state, .externalChange(disk))
        state.press(.enter)
        #expect(state.list.toDoItems.map(\.title) == ["mine", "changed"])
    }
}
