import Foundation
import Testing

/// The completion scripts: run by a real bash, they complete aliases, `--format` values
/// and items (by asking tick itself, `tick ---completion …`).
@Suite("shell completion")
struct CompletionCLITests {
    /// What bash's completion offers for `words` (`tick` and the words typed, the last the
    /// one completed), with tick's own bash script loaded.
    private func bashCompletions(_ words: [String], tick: TickRunner) throws -> [String] {
        let executable = try TickRunner.executable().path
        let script = try tick.run(["--generate-completion-script", "bash"], withFile: false)
        #expect(script.status == 0, "\(script.stderr)")
        let path = tick.directory.appendingPathComponent("tick.bash").path
        try script.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let driver = """
            source "$1"; shift
            COMP_WORDS=("$@"); COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"; COMP_POINT=${#COMP_LINE}
            _tick "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            printf '%s\\n' "${COMPREPLY[@]}"
            """
        let bash = try ExternalTool.program("bash", package: "bash")
        // The list is named by TICK_FILE, as a user's would be by default.
        let result = try ExternalTool.run(bash, ["-c", driver, "bash", path, executable] + words.dropFirst(),
                                          environment: ["HOME": tick.directory.path, "TICK_FILE": tick.file.path])
        #expect(result.status == 0, "\(result.stderr)")
        return result.stdout.split(separator: "\n").map(String.init)
    }

    /// A list of three items, the second done.
    private func filled() throws -> TickRunner {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        try tick.add(["Pay rent"])
        try tick.add(["Call mom"])
        #expect(try tick.run(["check", "2"]).status == 0)
        return tick
    }

    @Test("items complete by position after every command that takes them, aliases too; check offers open ones only")
    func items() throws {
        let tick = try filled()
        #expect(try bashCompletions(["tick", "rm", ""], tick: tick) == ["1", "2", "3"])
        #expect(try bashCompletions(["tick", "edit", ""], tick: tick) == ["1", "2", "3"])
        #expect(try bashCompletions(["tick", "done", ""], tick: tick) == ["1", "2"])
        #expect(try bashCompletions(["tick", "uncheck", ""], tick: tick) == ["3"])
    }

    @Test("aliases are offered as commands, and --format offers the formats")
    func aliasesAndFormats() throws {
        let tick = try filled()
        #expect(try Set(bashCompletions(["tick", "d"], tick: tick)) == ["done", "delete"])
        #expect(try bashCompletions(["tick", "export", "--format", ""], tick: tick)
            == ["ics", "vdir", "json", "taskwarrior", "todotxt", "markdown", "calcurse"])
    }

    @Test("zsh and fish get each position with its title as the description")
    func descriptions() throws {
        let tick = try filled()
        let arguments = ["---completion", "show", "--", "positional@0", "2", "0", "tick", "show", ""]
        let zsh = try tick.run(arguments, environment: ["SAP_SHELL": "zsh"])
        #expect(zsh.stdout.hasPrefix("1:Buy milk\n2:Call mom\n3:Pay rent\n"), "\(zsh.stdout) \(zsh.stderr)")
        let fish = try tick.run(arguments, environment: ["SAP_SHELL": "fish"])
        #expect(fish.stdout.hasPrefix("1\tBuy milk\n"), "\(fish.stdout)")
    }
}
