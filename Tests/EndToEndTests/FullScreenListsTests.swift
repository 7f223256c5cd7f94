import Foundation
import TmuxHarness
import Testing

/// Several lists through the real `tick` in tmux: the picker makes a list, Enter opens it,
/// `m` moves an item with its subtask there, `u` undoes the move in both files.
@Suite("Full screen: several lists", .serialized)
struct FullScreenListsTests {
    /// Each item of every list as `tick list --all-lists --json` prints it: its list, title and parent.
    private struct Row: Decodable, Equatable {
        var list: String
        var title: String
        var parent: String?
    }

    private func allLists(_ app: TickApp) throws -> [Row] {
        try JSONDecoder().decode([Row].self, from: Data(app.cli("list", "--all-lists", "--json").output.utf8))
    }

    private func allLists(_ app: TickApp, once settled: ([Row]) -> Bool) throws -> [Row] {
        try app.read({ try allLists(app) }, once: settled)
    }

    @Test("L, a makes Work; m moves Pack with its subtask Socks there (both files); u brings both back; ] opens Work")
    func makeMoveUndo() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Pack")
        try app.cli("add", "Socks", "--parent", "1")
        try app.cli("add", "Call")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Socks")

        // Make the list Work in the picker; the header names the open list from then on.
        try pane.send("L")
        try pane.waitFor(text: "Lists")
        try pane.send("a")
        try pane.type("Work")
        try pane.send("Enter")
        try pane.waitFor(text: "made the list Work")
        try pane.waitFor(text: "Work   0 to do · 0 done")
        try pane.send("Escape")
        try pane.waitFor(text: "To Do (3)")

        // Move Pack and its subtask to Work.
        try pane.send("g")
        try pane.send("m")
        try pane.waitFor(text: "Move “Pack” and 1 subtask to")
        try pane.send("Enter")
        try pane.waitFor(text: "moved “Pack” and 1 subtask to Work · u undoes")
        try pane.waitFor(text: "Tasks · 1 to do · 0 done")
        let moved = try allLists(app) { $0.filter { $0.list == "Work" }.count == 2 }
        #expect(moved.map(\.list) == ["Tasks", "Work", "Work"], "\(moved)")
        #expect(moved.map(\.title) == ["Call", "Pack", "Socks"])
        #expect(moved[2].parent != nil)

        // u undoes the move in both lists.
        try pane.send("u")
        try pane.waitFor(text: "undid move of")
        try pane.waitFor(text: "Tasks · 3 to do · 0 done")
        let back = try allLists(app) { !$0.contains { $0.list == "Work" } }
        #expect(back.map(\.list) == ["Tasks", "Tasks", "Tasks"], "\(back)")
        #expect(back.map(\.title) == ["Pack", "Socks", "Call"])
        #expect(back[1].parent != nil)

        // ] opens Work (empty again); [ comes back to Tasks.
        try pane.send("]")
        try pane.waitFor(text: "Work · 0 to do · 0 done")
        try pane.send("[")
        try pane.waitFor(text: "Tasks · 3 to do · 0 done")
    }
}
