import Foundation
import Testing

/// What the commands say about their own use: one ITEM for show and move, and the
/// commands todo.sh users type first.
@Suite("usage of show and move; todo.sh's verbs")
struct CommandUsageCLITests {
    @Test("show and move say one <item> in their usage, help and man page, and refuse two with a usage error", arguments: [
        (["show", "1", "2"], "tick show <item>"), (["move", "1", "2", "--to", "1"], "tick move <item> --to <n>"),
    ])
    func oneItem(arguments: [String], usage: String) throws {
        let tick = try TickRunner()
        try tick.add(["One"])
        try tick.add(["Two"])
        let two = try tick.run(arguments)
        #expect(two.status == 64)
        #expect(two.stderr.contains("one ITEM only"), "\(two.stderr)")
        #expect(two.stderr.contains(usage), "\(two.stderr)")
        let help = try tick.run([arguments[0], "--help"], withFile: false)
        #expect(help.stdout.contains(usage) && !help.stdout.contains("[<item> ...]"), "\(help.stdout)")
        let man = try tick.run(["--generate-man-page"], withFile: false)
        #expect(man.stdout.contains(".B tick \(arguments[0])\n\\fIitem\\fR "), "\(man.stdout)")
    }

    @Test("todo.sh's verbs get the tick command that does the same", arguments: [
        ("do", "check"), ("del", "remove"), ("ls", "list"), ("a", "add"), ("pri", "edit"), ("append", "edit"),
    ])
    func todoShVerbs(verb: String, command: String) throws {
        let tick = try TickRunner()
        let result = try tick.run([verb, "1"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("did you mean \(command)?"), "\(result.stderr)")
    }
}
