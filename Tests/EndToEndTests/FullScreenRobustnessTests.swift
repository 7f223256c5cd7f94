import Foundation
import TmuxHarness
import Testing

@Suite("Full screen: signals, other writers, bad files", .serialized)
struct FullScreenRobustnessTests {
    @Test("kill -9 right after a change loses nothing that was shown")
    func killNine() throws {
        let app = try TickApp()
        let pane = try app.session
        try app.addItem("Survives kill -9")
        try pane.send("Space")
        try pane.waitFor(text: "Done (1)")
        // The save follows the frame: kill once it is on disk.
        _ = try app.disk { $0.first?.done == true }
        let pid = try pane.panePID()
        #expect(kill(pid, SIGKILL) == 0)
        try pane.waitUntilGone()
        let items = try app.disk()
        #expect(items.map(\.title) == ["Survives kill -9"])
        #expect(items.first?.done == true)
    }

    @Test("SIGTERM saves, exits and gives the shell back a cooked terminal (echo, icanon)")
    func sigtermRestoresTerminal() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Before SIGTERM")
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false))
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        let shell = try pane.panePID()
        let tick = try #require(childProcess(of: shell))
        #expect(kill(tick, SIGTERM) == 0)
        try pane.waitForAbsence(of: "To Do (1)")
        try pane.type("echo \"rc=$?\"; stty -a | tr ' ;' '\\n\\n' | grep -x -e echo -e -echo -e icanon -e -icanon | sort | tr '\\n' ,; echo")
        try pane.send("Enter")
        let screen = try pane.waitFor(text: "icanon,")
        #expect(screen.contains { $0 == "rc=143" })
        #expect(screen.contains { $0 == "echo,icanon," })
        #expect(try app.disk().map(\.title) == ["Before SIGTERM"])
    }

    @Test("SIGQUIT and a crash (SIGSEGV, SIGABRT) restore the terminal, then Swift's backtracer runs and tick dies",
          arguments: [SIGQUIT, SIGSEGV, SIGABRT])
    func crashRestoresTerminal(signal: Int32) throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Before the crash")
        try app.launchShell()
        let pane = try app.session
        // tick runs under `sh -c`, which checks the terminal as soon as tick is gone: an
        // interactive bash would restore its own saved terminal state after a job killed
        // by a signal and hide whether tick did.
        let check = "echo \"rc=$?\"; stty -a | tr \" ;\" \"\\n\\n\" | grep -x -e echo -e -echo -e icanon -e -icanon | sort | tr \"\\n\" ,; echo"
        // The backtracer prints its backtrace and goes on (instead of waiting 30 s for a key).
        let command = "SWIFT_BACKTRACE=enable=yes,interactive=no " + TmuxSession.tickCommand(file: app.file, exec: false)
        try pane.type("sh -c " + TmuxSession.quote(command + "; " + check))
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        let sh = try #require(childProcess(of: try pane.panePID()))
        let tick = try #require(childProcess(of: sh))
        #expect(kill(tick, signal) == 0)
        let screen = try pane.waitFor(text: "icanon,")
        #expect(screen.contains { $0 == "rc=\(128 + signal)" }, "\(screen.joined(separator: "\n"))")
        #expect(screen.contains { $0 == "echo,icanon," }, "\(screen.joined(separator: "\n"))")
        // The backtrace is on the normal screen (scrolled into the history), which tick left
        // before it was written.
        let history = try pane.tmux(["capture-pane", "-p", "-S", "-500"]).output
        #expect(history.contains("Program crashed"), "\(history)")
        #expect(try pane.tmux(["display-message", "-p", "#{alternate_on}"]).output.trimmingCharacters(in: .whitespacesAndNewlines) == "0")
        #expect(try app.disk().map(\.title) == ["Before the crash"])
    }

    @Test("tick add and tick check from a script show up within two seconds, and tick's next change keeps them")
    func scriptWhileOpen() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Existing")
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "Existing")

        // `added 3f2a1b2c  From a script`: the id is the second word.
        let added = try app.cli("add", "From a script").output.split(separator: " ")
        let id = added.count > 1 ? String(added[1]) : ""
        try app.cli("check", id)
        try pane.waitFor("the script's item under Done (1)", timeout: 2.5) { lines in
            guard let done = lineIndex(of: "Done (1)", in: lines), let row = lineIndex(of: "From a script", in: lines) else { return false }
            return row > done
        }

        try app.addItem("Mine")
        let items = try app.disk { $0.contains { $0.title == "Mine" } }
        #expect(items.filter { !$0.done }.map(\.title).sorted() == ["Existing", "Mine"])
        #expect(items.filter(\.done).map(\.title) == ["From a script"])
    }

    @Test("an unreadable file is reported in plain text, exit 1, and the file is left as it was")
    func unreadableFile() throws {
        let app = try TickApp(launch: false)
        let garbage = Data("not a property list at all".utf8)
        try garbage.write(to: URL(fileURLWithPath: app.file))
        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        let screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains { $0 == "rc=1" })
        let text = screen.joined()
        #expect(text.contains("tick: \(app.file)"))
        #expect(!text.contains("To Do ("))
        #expect(try Data(contentsOf: URL(fileURLWithPath: app.file)) == garbage)
    }

    @Test("without a terminal, tick prints the list as tick list does")
    func notATerminal() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "First")
        try app.cli("add", "Second")
        try app.cli("check", "1")
        let plain = try TickBinary.run([], file: app.file, home: app.directory)
        let list = try app.cli("list")
        #expect(plain.status == 0)
        #expect(plain.output == list.output)
        #expect(plain.output.contains("First"))
        #expect(plain.output.contains("Second"))
    }
}

@Suite("Full screen: Ctrl-L", .serialized)
struct FullScreenRepaintTests {
    @Test("Ctrl-L paints the whole screen again: what another program wrote over it is gone")
    func controlLRepaints() throws {
        let app = try TickApp()
        let pane = try app.session
        try app.addItem("Stays")
        let tty = try pane.tmux(["display-message", "-p", "#{pane_tty}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        let handle = try #require(FileHandle(forWritingAtPath: tty))
        handle.write(Data("\u{1B}[5;5HGARBAGE FROM A BACKGROUND JOB".utf8))
        try handle.close()
        try pane.waitFor(text: "GARBAGE FROM A BACKGROUND JOB")
        try pane.send("C-l")
        let screen = try pane.waitForAbsence(of: "GARBAGE")
        #expect(screen.contains { $0.contains("Stays") })
    }
}

@Suite("Full screen: an unknown terminal type", .serialized)
struct FullScreenUnknownTermTests {
    @Test("a TERM terminfo does not know prints the list and says why on stderr; TERM=dumb prints it without a word")
    func unknownTypeSaysSo() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Printed")
        try app.launchShell()
        let pane = try app.session
        try pane.type("TERM=no-such-type-xyz " + TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        // (The typed command holds "rc=" too: wait for the line echo prints.)
        let screen = try pane.waitFor("the exit status") { $0.contains { $0.hasPrefix("rc=") && $0.count < 8 } }
        let text = screen.joined()  // (the message wraps at the pane's width)
        #expect(screen.contains { $0.contains("1 [ ] Printed") })
        #expect(text.contains("does not know the terminal type \"no-such-type-xyz\""), "\(screen)")
        #expect(screen.contains { $0 == "rc=0" })
        try pane.type("clear; TERM=dumb " + TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc2=$?\"")
        try pane.send("Enter")
        let dumb = try pane.waitFor("the second exit status") { $0.contains { $0.hasPrefix("rc2=") && $0.count < 9 } }
        #expect(dumb.contains { $0.contains("1 [ ] Printed") })
        #expect(!dumb.joined().contains("does not know"))
    }
}
