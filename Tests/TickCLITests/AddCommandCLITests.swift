import Foundation
import Testing

/// `tick add` for a newcomer: the due date it read printed back, taskwarrior's `due:` and
/// `+tag` words, titles from standard input, and `@` in a place's name.
@Suite("tick add: what it read, due: and +tag words, add -")
struct AddCommandCLITests {
    /// Runs `tick add arguments… --file FILE` with `input` on standard input.
    private func add(_ arguments: [String], input: String, tick: TickRunner) throws -> RunResult {
        try ExternalTool.run(try TickRunner.executable(), ["add"] + arguments + ["--file", tick.file.path],
                             environment: ["HOME": tick.directory.path], input: Data(input.utf8))
    }

    @Test("add prints the due date it read with its weekday, and its time for an instant; nothing more without one")
    func printsDue() throws {
        let tick = try TickRunner()
        let day = try tick.run(["add", "Return", "books", "--due", "2026-12-04"])
        #expect(day.status == 0, "\(day.stderr)")
        #expect(day.stdout.hasSuffix("  Return books  due Fri 2026-12-04\n"), "\(day.stdout)")
        let instant = try tick.run(["add", "Call", "--due", "2026-12-05T17:00"])
        #expect(instant.stdout.hasSuffix("  Call  due Sat 2026-12-05 17:00\n"), "\(instant.stdout)")
        let plain = try tick.run(["add", "Plain"])
        #expect(plain.stdout.hasSuffix("  Plain\n") && !plain.stdout.contains("due"), "\(plain.stdout)")
    }

    @Test("due:DATE and +tag words are taken as taskwarrior takes them; + alone, +5 and quoted text stay in the title")
    func taskwarriorWords() throws {
        let tick = try TickRunner()
        let added = try tick.run(["add", "Return", "books", "due:2026-12-04", "+library"])
        #expect(added.status == 0, "\(added.stderr)")
        #expect(added.stdout.hasSuffix("  Return books  due Fri 2026-12-04\n"), "\(added.stdout)")
        try tick.add(["Count", "+", "+5", "Ask about due:fri"])
        let items = try tick.listJSON()
        #expect(items.map { $0["title"] as? String } == ["Return books", "Count + +5 Ask about due:fri"])
        #expect(items.first?["due"] as? String == "2026-12-04")
        let shown = try tick.run(["show", "1"])
        #expect(shown.stdout.contains("tags:     library"), "\(shown.stdout)")
    }

    @Test("a due: word that cannot be read, or beside --due, is a usage error naming it", arguments: [
        (["Return", "due:frii"], "due:frii"), (["Return", "due:fri", "--due", "tomorrow"], "--due"),
        (["Return", "due:fri", "due:sat"], "due:sat"), (["Return", "due:"], "needs a date"),
    ])
    func badDueWord(arguments: [String], named: String) throws {
        let tick = try TickRunner()
        let result = try tick.run(["add"] + arguments)
        #expect(result.status == 64)
        #expect(result.stderr.contains(named), "\(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
    }

    @Test("a title of - adds one item per non-empty line of standard input (a byte order mark skipped), each with the options given")
    func titlesFromStandardInput() throws {
        let tick = try TickRunner()
        let result = try add(["-", "--due", "2026-12-04"], input: "\u{FEFF}one\n\n  two  \r\nthree", tick: tick)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.split(separator: "\n").count == 3)
        let items = try tick.listJSON()
        #expect(items.map { $0["title"] as? String } == ["one", "two", "three"])
        #expect(items.allSatisfy { $0["due"] as? String == "2026-12-04" })
        let empty = try add(["-"], input: "\n \n", tick: tick)
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("no title"), "\(empty.stderr)")
    }

    @Test("an @ not followed by a coordinate is part of the place's name")
    func atInPlaceName() throws {
        let tick = try TickRunner()
        let result = try tick.run(["add", "Lunch", "--location", "Lunch @ Joe's Diner"])
        #expect(result.status == 0, "\(result.stderr)")
        let location = try #require(try tick.listJSON().first?["location"] as? [String: Any])
        #expect(location["name"] as? String == "Lunch @ Joe's Diner")
        #expect(location["latitude"] is NSNull)
    }
}
