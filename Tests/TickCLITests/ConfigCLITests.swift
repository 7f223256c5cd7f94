import Foundation
import Testing
import TickCore
import TickInterchange
import TickTUI
@testable import tick

/// Issue 28: config.toml's `[keys]` and `[colors]`, what in it is not understood, and the
/// detail pane remembered across starts.
@Suite("config.toml: keys, colours, problems; the remembered view")
struct ConfigCLITests {
    static let config = """
        [keys]
        tick = "x"
        jump = "j"

        [colors]
        overdue = "magenta"
        today = "none"
        urgent = "red"

        [colours]
        tag = "blue"
        """

    /// A runner whose home holds `config.toml` with `text`.
    static func runner(config text: String) throws -> TickRunner {
        let tick = try TickRunner()
        let directory = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try text.write(to: directory.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return tick
    }

    @Test("tick list reports unknown tables, actions and colour keys on stderr with file and line, and still lists")
    func problemsOnStderr() throws {
        let tick = try Self.runner(config: Self.config)
        try tick.add(["Late", "--due", "-2d"])
        let result = try tick.run(["list"])
        #expect(result.status == 0)
        #expect(result.stdout.hasPrefix("1 [ ] Late"))
        let path = tick.directory.appendingPathComponent(".config/tick/config.toml").path
        #expect(result.stderr.split(separator: "\n").map(String.init) == [
            "tick: \(path):10: unknown table [colours] (known: [colors], [keys], [sync])",
            "tick: \(path):3: unknown action \"jump\" in [keys] (the names are in docs/keys.md and man tick)",
            "tick: \(path):8: unknown key \"urgent\" in [colors] (known: overdue, today, tag, location, priority, status, error)",
        ])
    }

    @Test("[colors] sets tick list's colours on a terminal: overdue magenta, today none")
    func colorsFollowConfig() throws {
        let tick = try Self.runner(config: "[colors]\noverdue = \"magenta\"\ntoday = \"none\"\n")
        try tick.add(["Late", "--due", "-2d"])
        try tick.add(["Now", "--due", "today"])
        let lines = try tick.runInTerminal(["list"], columns: 80).stdout.split(separator: "\n").map(String.init)
        #expect(lines[0].contains("\u{1B}[1;35m"), "\(lines)")
        #expect(!lines[1].contains("\u{1B}["), "\(lines)")
    }

    @Test("the man page's KEYS follow a [keys] rebinding")
    func manPageFollowsKeys() throws {
        let tick = try Self.runner(config: "[keys]\ntick = [\"x\", \"Enter\"]\n")
        let man = try tick.run(["--generate-man-page"], withFile: false).stdout
        #expect(man.contains(".TP\n\\fBx Enter\\fR (\\fItick\\fR)\ntick — tick or untick the item"), "\(man.suffix(3000))")
        #expect(man.contains(".TP\n\\fBe\\fR (\\fIedit\\fR)\nedit — edit the title"))
    }

    @Test("the detail pane's state is kept in $XDG_STATE_HOME/tick/view.toml, written whole, and read back")
    func detailRemembered() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("tick-view-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: state) }
        let environment = ["XDG_STATE_HOME": state.path, "HOME": "/nonexistent"]
        #expect(ViewMemory.detailVisible(environment: environment))
        #expect(ViewMemory.remember(detailVisible: false, environment: environment) == nil)
        #expect(!ViewMemory.detailVisible(environment: environment))
        let names = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("tick").path)
        #expect(names == ["view.toml"])
        #expect(ViewMemory.remember(detailVisible: true, environment: environment) == nil)
        #expect(ViewMemory.detailVisible(environment: environment))
    }

    @Test("the app's status line at start names the first problem and how many more")
    func problemsInStatusLine() throws {
        let file = try ConfigFile.parse(Self.config, source: "c.toml")
        let config = ConfigPreferences.read(file)
        #expect(config.statusMessage == StatusMessage("c.toml:10: unknown table [colours] (known: [colors], [keys], [sync]) (and 2 more; tick list prints them all)", isError: true))
        #expect(config.preferences.keyMap.bindings.first { $0.name == "tick" }?.keys == [.character("x")])
        #expect(config.preferences.colorScheme.overdue == .magenta)
        #expect(config.preferences.colorScheme.today == nil)
    }
}
