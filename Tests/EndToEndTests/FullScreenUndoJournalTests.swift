import Foundation
import Testing
import TmuxHarness

/// Issue 28's undo in a real terminal: one undo journal for the CLI and every window.
@Suite("Full screen: undo across the shell and two windows", .serialized)
struct FullScreenUndoJournalTests {
    @Test("tick rm in a shell, then u in the app: u undoes that rm and says whose it was; u again the app's tick")
    func removeInShellThenUndoInApp() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Water the plants")
        try app.cli("add", "Buy milk")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Buy milk")
        try pane.send("Space")
        _ = try app.disk { $0.first { $0.title == "Water the plants" }?.done == true }
        #expect(try app.cli("rm", "1").output.contains("Buy milk"))
        try pane.waitForAbsence(of: "Buy milk")

        try pane.send("u")
        try pane.waitFor(text: "undid remove of \"Buy milk\" (made by tick remove)")
        var disk = try app.disk { $0.map(\.title).contains("Buy milk") }
        #expect(disk.map(\.title) == ["Buy milk", "Water the plants"])
        #expect(disk.map(\.done) == [false, true])

        try pane.send("u")
        try pane.waitFor(text: "undid tick of \"Water the plants\"")
        disk = try app.disk { $0.allSatisfy { !$0.done } }
        #expect(disk.map(\.done) == [false, false])
        // And the shell's tick undo sees the app's undos: the two adds are next.
        #expect(try app.cli("undo").output == "undid add of \"Buy milk\"\n")
    }

    @Test("two windows, one item: B's editor asks before it saves over A's title; u in A then names B's change")
    func twoWindowsOneItem() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Original")
        try app.launch()
        let a = try app.session
        try a.waitFor(text: "Original")
        let b = try TmuxSession(in: app.directory, socketName: "sock-b", command: TmuxSession.tickCommand(file: app.file))
        try b.waitFor(text: "Original")

        try b.send("e")
        try b.send("C-u")
        try b.type("From B")
        try b.waitFor(text: "From B")

        try a.send("e")
        try a.send("C-u")
        try a.type("From A")
        try a.send("Enter")
        _ = try app.disk { $0.first?.title == "From A" }
        // B's detail pane shows A's title once B has seen the change.
        try b.waitFor(text: "From A")
        try b.send("Enter")
        try b.waitFor(text: "the title changed elsewhere to “From A”: Enter again keeps yours, Esc keeps theirs")
        #expect(try app.disk().map(\.title) == ["From A"])
        try b.send("Enter")
        _ = try app.disk { $0.first?.title == "From B" }
        #expect(try app.disk().map(\.title) == ["From B"])

        // A's u undoes the newest change, B's, and says so; then A's own.
        try a.waitFor(text: "From B")
        try a.send("u")
        try a.waitFor(text: "undid title edit of \"From A\" (made in another tick window)")
        #expect(try app.disk { $0.first?.title == "From A" }.map(\.title) == ["From A"])
        try a.send("u")
        try a.waitFor(text: "undid title edit of \"Original\"")
        #expect(try app.disk { $0.first?.title == "Original" }.map(\.title) == ["Original"])
    }

    @Test("the undo history survives a restart: u after relaunching undoes the last session's change")
    func survivesRestart() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Keep me")
        try app.launch()
        try app.session.waitFor(text: "Keep me")
        try app.session.send("d", "d")
        _ = try app.disk { $0.isEmpty }
        try app.session.send("q")
        try app.session.waitUntilGone()
        try app.launch()
        try app.session.send("u")
        try app.session.waitFor(text: "undid delete of \"Keep me\"")
        #expect(try app.disk { !$0.isEmpty }.map(\.title) == ["Keep me"])
    }
}
