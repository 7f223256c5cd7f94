import Foundation
import Testing
import TmuxHarness

/// The full-screen app with a vdir in tick's config file: it syncs in the background as it
/// opens (the outcome is in the status line), and a quit sends what changed since.
@Suite("Full screen: sync at start and on quit", .serialized)
struct FullScreenSyncTests {
    /// tick on `file` in a pane, with `config` as its config.toml; the shell runs `then`
    /// after it (and keeps the pane open to read).
    private func openApp(in directory: TemporaryDirectory, file: String, config: String, then: String, arguments: [String] = []) throws -> TmuxSession {
        let folder = directory.url.appendingPathComponent("config/tick")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try config.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return try TmuxSession(
            socket: directory.path("sock"), environment: TickBinary.environment(home: directory),
            command: TmuxSession.tickCommand(file: file, exec: false, extraArguments: arguments) + "; \(then); sleep 30",
            paneEnvironment: ["XDG_DATA_HOME": directory.path("xdg-data"), "XDG_CONFIG_HOME": directory.path("config"),
                              "XDG_STATE_HOME": directory.path("state")])
    }

    @Test("with a vdir configured, the app syncs as it opens, shows the outcome, and sends what was added as it quits")
    func syncsAtStartAndQuit() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("list.plist")
        let vdir = directory.url.appendingPathComponent("vdir")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        let phoneItem = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:phone-1",
                         "DTSTAMP:20261101T100000Z", "SUMMARY:From the phone", "END:VTODO", "END:VCALENDAR"]
        try Data(phoneItem.map { $0 + "\r\n" }.joined().utf8).write(to: vdir.appendingPathComponent("phone-1.ics"))
        let pane = try openApp(in: directory, file: file, config: "[sync]\nvdir = \"\(vdir.path)\"\n", then: "echo TICK-EXITED")
        try pane.waitFor(text: "(+1)")
        try pane.waitFor(text: "From the phone")

        try pane.addItem("Added in the app")
        try pane.waitFor(text: "To Do (2)")
        try pane.send("q")
        try pane.waitFor(text: "TICK-EXITED")
        #expect(try pane.capture().contains { $0.hasPrefix("tick: synced ") && $0.hasSuffix("(↑1)") })
        let texts = try FileManager.default.contentsOfDirectory(atPath: vdir.path).filter { $0.hasSuffix(".ics") }
            .map { try String(contentsOf: vdir.appendingPathComponent($0), encoding: .utf8) }
        #expect(texts.count == 2)
        #expect(texts.contains { $0.contains("SUMMARY:Added in the app") })
    }

    @Test("a sync that fails at quit says why and makes the exit status 1; the change stays in the list for the next sync")
    func failedQuitSync() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("list.plist")
        let config = "[sync]\nvdir = \"\(directory.path("vdir"))\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"/bin/false\"\n"
        let pane = try openApp(in: directory, file: file, config: config, then: "echo \"rc=$?\"")
        try pane.waitFor(text: "sync failed")
        try pane.addItem("Kept anyway")
        try pane.waitFor(text: "To Do (1)")
        try pane.send("q")
        let screen = try pane.waitFor(text: "rc=")
        #expect(screen.contains { $0.hasPrefix("tick: sync failed ") && $0.contains("`/bin/false sync tasks` failed with status 1") })
        #expect(screen.contains("rc=1"))
        #expect(try TickBinary.run(["list"], file: file, home: directory).output.contains("Kept anyway"))
    }

    @Test("a quit waits at most 3 seconds for a slow server, leaves the sync to finish by itself, and says so")
    func quitDoesNotWaitForASlowServer() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("list.plist")
        let program = directory.path("slow-vdirsyncer")
        try ExecutableFile.writeShellScript("sleep 8", to: program)
        let config = "[sync]\nvdir = \"\(directory.path("vdir"))\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"\(program)\"\n"
        let pane = try openApp(in: directory, file: file, config: config, then: "echo \"rc=$?\"")
        try pane.waitFor(text: "syncing…")
        try pane.addItem("Goes with the next sync")
        let quit = Date()
        try pane.send("q")
        let screen = try pane.waitFor(text: "rc=", timeout: 7)
        #expect(Date().timeIntervalSince(quit) < 5)
        #expect(screen.contains { $0.hasPrefix("tick: the sync goes on in the background") })
        #expect(screen.contains("rc=0"))
        #expect(try TickBinary.run(["list"], file: file, home: directory).output.contains("Goes with the next sync"))
    }

    @Test("another list than the default one does not sync with config.toml's vdir (it is the default list's)")
    func otherListDoesNotSync() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("list.plist")
        #expect(try TickBinary.run(["lists", "add", "Work"], file: file, home: directory).status == 0)
        #expect(try TickBinary.run(["add", "Work only", "--list", "Work"], file: file, home: directory).status == 0)
        let vdir = directory.path("vdir")
        let pane = try openApp(in: directory, file: file, config: "[sync]\nvdir = \"\(vdir)\"\n", then: "echo \"rc=$?\"", arguments: ["--list", "Work"])
        try pane.waitFor(text: "Work only")
        try pane.send("S")
        // The default list's sync would have started at once and written the item by now.
        usleep(1_500_000)
        #expect(!FileManager.default.fileExists(atPath: vdir))
        #expect(try !pane.capture().contains { $0.contains("sync") })
        try pane.send("q")
        let screen = try pane.waitFor(text: "rc=")
        #expect(screen.contains("rc=0"))
        #expect(!screen.contains { $0.contains("synced") })
    }
}
