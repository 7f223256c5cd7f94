import Foundation
import TmuxHarness
import Testing

/// What a daily user hit in the full-screen app (issue 16), in a real terminal.
@Suite("Full screen: two windows, Ctrl-Z, TERM=dumb, clusters, exit status", .serialized)
struct FullScreenIssue16Tests {
    @Test("two windows: B deletes the item A is editing; A's next keys edit no other item")
    func twoWindowsEditRace() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "First")
        try app.cli("add", "Second")
        try app.launch()
        let a = try app.session
        try a.waitFor(text: "Second")
        let b = try TmuxSession(in: app.directory, socketName: "sock-b", command: TmuxSession.tickCommand(file: app.file))
        try b.waitFor(text: "Second")

        try a.send("e")
        try a.type(" edited")
        try a.waitFor(text: "First edited")
        try b.send("d")
        try b.send("d")
        try b.waitFor(text: "1 to do")
        #expect(try app.disk().map(\.title) == ["Second"])

        try a.waitFor(text: "the item being edited was removed elsewhere")
        // The user goes on typing what was meant for the editor, and presses Enter to keep it:
        // the keys typed after the message edit nothing; Enter brings the item back with the
        // edit made before it, as a sync keeps an edit over a removal.
        try a.type(" and more x dd")
        try a.send("Enter")
        let screen = try a.waitFor(text: "Space tick")
        #expect(!screen.contains { $0.contains("and more") })
        let disk = try app.disk()
        #expect(disk.map(\.title) == ["First edited", "Second"])
        #expect(disk.allSatisfy { $0.done == false })
        // B sees the same file.
        try b.waitFor(text: "2 to do")
    }

    @Test("Ctrl-Z gives the shell back with a normal screen; fg brings the list back")
    func ctrlZSuspends() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Suspended item")
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false))
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        try pane.send("C-z")
        let stopped = try pane.waitFor(text: "Stopped")
        #expect(!stopped.contains { $0.contains("To Do (1)") })
        #expect(try alternateScreen(pane) == "0")
        try pane.type("fg")
        try pane.send("Enter")
        let back = try pane.waitFor(text: "To Do (1)")
        #expect(back.contains { $0.contains("Suspended item") })
        #expect(back.contains { $0.contains("q quit") })
        #expect(try alternateScreen(pane) == "1")
        // Still working: a change after fg is saved.
        try pane.send("Space")
        try pane.waitFor(text: "Done (1)")
        #expect(try app.disk(once: { $0.first?.done == true }).first?.done == true)
        try pane.send("q")
        try pane.waitFor(text: "bash-")
    }

    @Test("TERM=dumb gets the printed list, as a pipe does")
    func dumbTerminal() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Plain one")
        try app.cli("add", "Plain two")
        let list = try app.cli("list").output
        try app.launchShell()
        let pane = try app.session
        try pane.type("TERM=dumb " + TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        let screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains("rc=0"))
        for line in list.split(separator: "\n") {
            let trimmed = line.replacingOccurrences(of: " +$", with: "", options: .regularExpression)
            #expect(screen.contains(trimmed), "\(trimmed) missing from:\n\(screen.joined(separator: "\n"))")
        }
        #expect(!screen.contains { $0.contains("to do ·") })
        #expect(try alternateScreen(pane) == "0")
    }

    @Test("a letter with 8 combining marks is drawn whole")
    func combiningMarks() throws {
        let marked = "e" + String(repeating: "\u{0301}", count: 4) + String(repeating: "\u{0323}", count: 4)
        let app = try TickApp(launch: false)
        try app.cli("add", "\(marked) marks")
        try app.cli("add", "Next row")
        try app.launch()
        let screen = try app.session.waitFor(text: "Next row")
        #expect(screen.contains { $0.contains("\(marked) marks") }, "\(screen.joined(separator: "\n"))")
    }

    @Test("a cluster replaced by a blank is cleared from the terminal")
    func clusterCleared() throws {
        let marked = "e" + String(repeating: "\u{0301}", count: 4) + String(repeating: "\u{0323}", count: 4)
        let app = try TickApp(launch: false)
        try app.cli("add", "a\(marked)b")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "a\(marked)b")
        try pane.send("i")
        try pane.waitForAbsence(of: "Created")
        // Another process changes the title: only the cluster's column becomes a blank.
        try app.cli("edit", "1", "--title", "a b")
        let screen = try pane.waitFor(text: "a b")
        #expect(!screen.contains { $0.unicodeScalars.contains("\u{0301}") }, "\(screen.joined(separator: "\n"))")
    }

    @Test("Ctrl-J and Alt-Enter start new lines in the notes; the detail pane shows them as lines")
    func multiLineNotes() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Pack")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Pack")
        try pane.send("n")
        try pane.type("socks")
        try pane.send("C-j")
        try pane.type("shoes")
        try pane.send("M-Enter")
        try pane.type("boots")
        try pane.waitFor(text: "socks↵shoes↵boots")
        try pane.send("Enter")
        // Each line of the notes on a row of its own, at the right edge of the pane.
        func ends(_ line: String, with word: String) -> Bool {
            line.replacingOccurrences(of: " +$", with: "", options: .regularExpression).hasSuffix(" " + word)
        }
        try pane.waitFor("the notes as lines") { lines in
            !lines.contains { $0.contains("↵") } && ["socks", "shoes", "boots"].allSatisfy { word in lines.contains { ends($0, with: word) } }
        }
        #expect(try app.disk(once: { $0.first?.notes == "socks\nshoes\nboots" }).first?.notes == "socks\nshoes\nboots")
    }

    @Test("q then y after a failed save exits 1")
    func quitAfterFailedSave() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Unsaved tick")
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        // Saves take a lock on a sidecar file; a directory in its place makes them fail.
        let lock = app.directory.path(".list.plist.lock")
        try? FileManager.default.removeItem(atPath: lock)
        try FileManager.default.createDirectory(atPath: lock, withIntermediateDirectories: false)
        try pane.send("Space")
        try pane.waitFor(text: "not saved")
        try pane.send("q")
        try pane.waitFor(text: "quit and lose")
        try pane.send("y")
        let screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains("rc=1"), "\(screen.joined(separator: "\n"))")
        #expect(try app.disk().first?.done == false)
    }

    private func alternateScreen(_ pane: TmuxSession) throws -> String {
        try pane.tmux(["display-message", "-p", "#{alternate_on}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
