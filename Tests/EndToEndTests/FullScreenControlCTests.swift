import Foundation
import TmuxHarness
import Testing

/// Ctrl-C, the key (the terminal is in raw mode, so it is a key, 0x03), and SIGINT sent by
/// another process.
@Suite("Full screen: Ctrl-C and SIGINT", .serialized)
struct FullScreenControlCTests {
    @Test("Ctrl-C in an editor drops the edit as Esc does and tick goes on; Ctrl-C in the list quits as q does, status 0")
    func controlCCancelsEditThenQuits() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Keep me")
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")

        try pane.send("e")
        try pane.type(" CHANGED")
        try pane.waitFor(text: "Keep me CHANGED")
        try pane.send("C-c")
        var screen = try pane.waitForAbsence(of: "CHANGED")
        #expect(screen.contains { $0.contains("Keep me") })
        #expect(screen.contains { $0.contains("To Do (1)") })
        #expect(!screen.contains { $0.hasPrefix("rc=") })

        try pane.send("a")
        try pane.type("Half typed")
        try pane.waitFor(text: "Half typed")
        try pane.send("C-c")
        screen = try pane.waitForAbsence(of: "Half typed")
        #expect(screen.contains { $0.contains("To Do (1)") })
        #expect(!screen.contains { $0.hasPrefix("rc=") })

        try pane.send("C-c")
        screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains { $0 == "rc=0" }, "\(screen.joined(separator: "\n"))")
        let items = try app.disk()
        #expect(items.map(\.title) == ["Keep me"])
    }

    @Test("SIGINT from kill (not the key) saves what was shown and exits 130")
    func sigintFromKill() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Before SIGINT")
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        try pane.send("Space")
        try pane.waitFor(text: "Done (1)")
        let tick = try #require(childProcess(of: try pane.panePID()))
        #expect(kill(tick, SIGINT) == 0)
        let screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains { $0 == "rc=130" }, "\(screen.joined(separator: "\n"))")
        let items = try app.disk()
        #expect(items.map(\.title) == ["Before SIGINT"])
        #expect(items.first?.done == true)
    }
}
