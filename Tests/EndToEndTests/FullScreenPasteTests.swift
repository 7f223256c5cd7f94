import Foundation
import TmuxHarness
import Testing

/// Pasting into the app in a real terminal: tmux pastes inside bracketed-paste markers
/// once tick asks for them, and tick takes the text as text, never as keys.
@Suite("Full screen: pasting", .serialized)
struct FullScreenPasteTests {
    @Test("pasting three lines into a new row adds one item, its lines joined by spaces; no other item changes")
    func pasteLinesIntoNewItem() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Milk")
        try app.cli("add", "Read the manual")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Read the manual")
        try pane.send("G")
        try pane.send("a")
        try pane.waitFor(text: "Enter keep")
        try pane.paste("Shopping:\n- bread\n- cheese\n")
        try pane.waitFor(text: "Shopping: - bread - cheese")
        try pane.send("Enter")
        let items = try app.disk { $0.count == 3 }
        #expect(items.map(\.title) == ["Milk", "Read the manual", "Shopping: - bread - cheese"])
        #expect(items.allSatisfy { !$0.done })
    }

    @Test("pasting lines into the notes keeps them as lines")
    func pasteLinesIntoNotes() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Party")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Party")
        try pane.send("n")
        try pane.waitFor(text: "Enter keep")
        try pane.paste("Cake\nBalloons\n")
        try pane.waitFor(text: "Cake↵Balloons")
        try pane.send("Enter")
        let items = try app.disk { $0.first?.notes != nil }
        #expect(items.map(\.title) == ["Party"])
        #expect(items.first?.notes == "Cake\nBalloons")
    }

    @Test("a paste in the list does nothing but say so; the keys in it are not run")
    func pasteInListIgnored() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Keep me")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Keep me")
        try pane.paste("x\ndd\nq")
        let screen = try pane.waitFor(text: "paste ignored")
        #expect(screen.contains { $0.contains("To Do (1)") })
        let items = try app.disk()
        #expect(items.map(\.title) == ["Keep me"])
        #expect(items.first?.done == false)
        #expect(pane.isAlive)
    }

    @Test("once tick has ended, the next program gets pastes without the markers", arguments: ["quit", "crash"])
    func bracketedPasteTurnedOff(ending: String) throws {
        let app = try TickApp(launch: false)
        try app.launchShell()
        let pane = try app.session
        // sh runs `cat -v` after tick and leaves the terminal's modes alone (bash's line
        // editor would turn bracketed paste on and off by itself).
        let command = "SWIFT_BACKTRACE=enable=no " + TmuxSession.tickCommand(file: app.file, exec: false)
        try pane.type("sh -c " + TmuxSession.quote(command + "; echo ended; cat -v"))
        try pane.send("Enter")
        try pane.waitFor(text: "q quit")
        if ending == "quit" {
            try pane.send("q")
        } else {
            let sh = try #require(childProcess(of: try pane.panePID()))
            let tick = try #require(childProcess(of: sh))
            #expect(kill(tick, SIGABRT) == 0)
        }
        try pane.waitFor(text: "ended")
        try pane.paste("pasted\n")
        // The terminal echoes the line, then cat prints it.
        let screen = try pane.waitFor("the pasted line twice") { lines in lines.filter { $0.contains("pasted") }.count >= 2 }
        #expect(!screen.contains { $0.contains("200~") }, "\(screen.joined(separator: "\n"))")
        #expect(screen.filter { $0 == "pasted" }.count == 2, "\(screen.joined(separator: "\n"))")
    }
}
