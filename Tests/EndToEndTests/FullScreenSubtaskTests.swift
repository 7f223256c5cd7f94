import Foundation
import TmuxHarness
import Testing

/// Subtasks through the real `tick` in tmux: `A` adds one, `z` folds it away and back.
@Suite("Full screen: subtasks", .serialized)
struct FullScreenSubtaskTests {
    @Test("A adds a subtask indented under its parent and saved with it; z folds it to (+1) and shows it again")
    func addAndFold() throws {
        let app = try TickApp()
        let pane = try app.session
        try pane.waitFor(text: "a to add an item")
        try app.addItem("Pack")
        try pane.send("A")
        try pane.type("Socks")
        try pane.send("Enter")
        let added = try pane.waitFor("To Do (2)") { $0.contains { $0.contains("To Do (2)") } }
        // (The list's rows, left of the detail pane, which names the selected item too.)
        let listSide = added.map { String($0.split(separator: "│", omittingEmptySubsequences: false).first ?? "") }
        let packRow = try #require(listSide.first { $0.contains("Pack") })
        let socksRow = try #require(listSide.first { $0.contains("Socks") })
        // Box and title two columns further in than the parent's.
        #expect(socksRow.prefix { $0 == " " }.count == packRow.prefix { $0 == " " }.count + 2, "\(added)")
        let items = try app.disk { $0.count == 2 }
        let pack = try #require(items.first { $0.title == "Pack" })
        #expect(items.first { $0.title == "Socks" }?.parent == pack.id)

        try pane.send("g")
        try pane.send("z")
        try pane.waitFor(text: "Pack (+1)")
        try pane.waitForAbsence(of: "Socks")
        try pane.send("z")
        try pane.waitFor(text: "Socks")
        try pane.waitForAbsence(of: "(+1)")
    }
}
