import Foundation
import Testing
import TickCore

@Suite("tick check/uncheck/remove: several items, aliases, messages")
struct ChangeCommandTests {
    /// The file's inode and modification time: a save renames a new file into place.
    func version(_ url: URL) throws -> String {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return "\(attributes[.systemFileNumber] ?? 0) \(attributes[.modificationDate] ?? 0)"
    }

    @Test("check on a done item says already done, uncheck on an open one already to do, and neither saves")
    func alreadyDone() throws {
        let tick = try TickRunner()
        try tick.add(["Open"])
        try tick.add(["Closed"])
        #expect(try tick.run(["check", "2"]).status == 0)
        let before = try version(tick.file)
        let check = try tick.run(["check", "2"])
        #expect(check.status == 0)
        #expect(check.stdout.hasPrefix("already done ") && check.stdout.hasSuffix("  Closed\n"))
        let uncheck = try tick.run(["uncheck", "1"])
        #expect(uncheck.stdout.hasPrefix("already to do ") && uncheck.stdout.hasSuffix("  Open\n"))
        #expect(try version(tick.file) == before)
    }

    @Test("edit giving an item what it has says unchanged, and neither saves nor records an undo step nor stamps modifiedAt")
    func editToTheSame() throws {
        let tick = try TickRunner()
        try tick.add(["Report", "--tag", "work"])
        try tick.add(["Slides"])
        let before = try version(tick.file)
        for options in [["--untag", "nosuch"], ["--title", " Report "], ["--tag", "work"]] {
            let result = try tick.run(["edit", "1"] + options)
            #expect(result.status == 0, "\(options): \(result.stderr)")
            #expect(result.stdout.hasPrefix("unchanged ") && result.stdout.hasSuffix("  Report\n"), "\(options): \(result.stdout)")
        }
        #expect(try version(tick.file) == before)
        #expect(try tick.listJSON().allSatisfy { $0["modifiedAt"] is NSNull })
        // One item changed, one not: each said as it is.
        let both = try tick.run(["edit", "1", "2", "--tag", "work"])
        #expect(both.stdout.split(separator: "\n").map { $0.hasPrefix("edited") } == [false, true], "\(both.stdout)")
        // The journal holds that edit, then the adds: none of the edits that changed nothing.
        #expect(try tick.run(["undo"]).stdout.hasPrefix("undid edit of \"Slides\""))
        #expect(try tick.run(["undo"]).stdout.hasPrefix("undid add of \"Slides\""))
    }

    @Test("several items at once are found before any change and saved once; a bad one changes nothing")
    func severalItems() throws {
        let tick = try TickRunner()
        for title in ["a", "b", "c", "d", "e", "f", "g"] { try tick.add([title]) }
        let removed = try tick.run(["remove", "4", "7"])
        #expect(removed.status == 0, "\(removed.stderr)")
        #expect(removed.stdout.split(separator: "\n").map { $0.split(separator: " ").last.map(String.init) } == ["d", "g"])
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["a", "b", "c", "e", "f"])
        let checked = try tick.run(["check", "1", "2", "3", "1"])
        #expect(checked.stdout.split(separator: "\n").count == 3)
        #expect(try tick.listJSON(["--done"]).map { $0["title"] as? String }.count == 3)
        let before = try Data(contentsOf: tick.file)
        let bad = try tick.run(["uncheck", "3", "99"])
        #expect(bad.status == 1)
        #expect(bad.stderr.contains("99"))
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("done, rm and delete are aliases; undo is not uncheck's any more")
    func aliases() throws {
        let tick = try TickRunner()
        for title in ["a", "b", "c"] { try tick.add([title]) }
        #expect(try tick.run(["done", "1"]).stdout.hasPrefix("checked "))
        #expect(try tick.run(["uncheck", "3"]).stdout.hasPrefix("unchecked "))
        #expect(try tick.run(["rm", "1"]).stdout.hasPrefix("removed "))
        #expect(try tick.run(["delete", "1"]).stdout.hasPrefix("removed "))
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["a"])
    }

    @Test("remove --done clears Done; --before keeps the done items created since")
    func removeDone() throws {
        let tick = try TickRunner()
        for title in ["keep", "x", "y"] { try tick.add([title]) }
        #expect(try tick.run(["check", "2", "3"]).status == 0)
        let none = try tick.run(["remove", "--done", "--before", "-1d"])
        #expect(none.stdout == "removed 0 done items\n")
        #expect(try tick.listJSON().count == 3)
        let all = try tick.run(["remove", "--done"])
        #expect(all.stdout == "removed 2 done items\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["keep"])
        #expect(try tick.run(["remove", "--done", "1"]).status == 64)
        let beforeAlone = try tick.run(["remove", "--before", "fri"])
        #expect(beforeAlone.status == 64 && beforeAlone.stderr.contains("--before goes with --done"), "\(beforeAlone.stderr)")
    }

    @Test("an unknown command suggests the nearest; help for an unknown command fails")
    func unknownCommand() throws {
        let tick = try TickRunner()
        let typo = try tick.run(["remov", "3"])
        #expect(typo.status == 64)
        #expect(typo.stderr.contains("did you mean remove?"))
        #expect(try tick.run(["lsit"]).stderr.contains("did you mean list?"))
        let help = try tick.run(["help", "bogus"], withFile: false)
        #expect(help.status == 64)
        #expect(help.stderr.contains("bogus"))
        #expect(help.stdout.isEmpty)
        #expect(try tick.run(["help", "rm"], withFile: false).status == 0)
    }

    @Test("messages say what is wrong: negative positions (also move --to -1), neither position nor id, aligned candidates")
    func messages() throws {
        let tick = try TickRunner()
        try tick.add(["Only"])
        let negative = try tick.run(["check", "-1"])
        #expect(negative.status == 1)
        #expect(negative.stderr.contains("positions start at 1"))
        let zero = try tick.run(["show", "0"])
        #expect(zero.stderr.contains("positions start at 1"))
        let word = try tick.run(["check", "abc"])
        #expect(word.stderr.contains("\"abc\" is neither a position"))
        #expect(try tick.run(["check", "milk"]).stderr.contains("neither a position"))
        #expect(try tick.run(["edit", "1", "--titel", "x"]).status == 64)
        for to in ["-1", "0"] {
            let move = try tick.run(["move", "1", "--to", to])
            #expect(move.status == 64)
            #expect(move.stderr.contains("--to \(to) is not a position: positions within a section start at 1"), "\(move.stderr)")
        }

        let store = ToDoStore(fileURL: tick.file)
        var operations: [ToDoList.Operation] = []
        for index in 0..<12 {
            let id = try #require(UUID(uuidString: String(format: "ABCD%04X", index) + "-0000-4000-8000-000000000000"))
            operations.append(.insert(try ToDoItem(id: id, title: "Item \(index)"), .toDo, at: nil))
        }
        try store.apply(operations)
        let ambiguous = try tick.run(["check", "abcd"])
        let rows = ambiguous.stderr.split(separator: "\n").dropFirst()
        #expect(rows.count == 12)
        let idColumns = Set(rows.map { row in row.distance(from: row.startIndex, to: row.firstRange(of: "abcd")?.lowerBound ?? row.startIndex) })
        #expect(idColumns.count == 1, "\(ambiguous.stderr)")
    }

    @Test("add prints a verb, the short id and the title")
    func addMessage() throws {
        let tick = try TickRunner()
        let result = try tick.run(["add", "Buy", "milk"])
        let words = result.stdout.split(separator: " ")
        #expect(words.first == "added")
        // 8 characters of the id, or up to its first letter or - when those 8 are digits
        // (see digitsOnlyShortID).
        let short = words.count >= 2 ? String(words[1]) : ""
        #expect(short.prefix(8).allSatisfy(\.isNumber) ? short.count > 8 : short.count == 8, "\(short)")
        #expect(result.stdout.hasSuffix("  Buy milk\n"))
    }

    @Test("an id whose first 8 characters are digits is printed up to its -, which reads back as that id, not a position")
    func digitsOnlyShortID() throws {
        let tick = try TickRunner()
        let input = tick.file.deletingLastPathComponent().appendingPathComponent("digits.json")
        try #"[{"id": "98638558-6E72-4F23-91A7-0463BC705DA0", "title": "Digits first", "done": false, "createdAt": "2026-11-25T14:42:49Z"}]"#
            .write(to: input, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", input.path]).status == 0)
        let checked = try tick.run(["check", "1"])
        #expect(checked.stdout == "checked 98638558-  Digits first\n")
        let unchecked = try tick.run(["uncheck", "98638558-"])
        #expect(unchecked.status == 0, "\(unchecked.stderr)")
        #expect(unchecked.stdout == "unchecked 98638558-  Digits first\n")
    }

    @Test("--due takes -1d, dates as people write them, and refuses 12/01/2026 with the ISO forms")
    func dates() throws {
        let tick = try TickRunner()
        let yesterday = try tick.run(["add", "Late", "--due", "-1d"])
        #expect(yesterday.status == 0, "\(yesterday.stderr)")
        for text in ["next week", "in 3 days", "fri 17:00", "Dec 1", "1 Dec", "9am", "yesterday"] {
            #expect(try tick.run(["add", "x", "--due", text]).status == 0, "\(text)")
        }
        let numeric = try tick.run(["add", "x", "--due", "12/01/2026"])
        #expect(numeric.status == 64)
        #expect(numeric.stderr.contains("2026-12-01"))
        let far = try tick.run(["edit", "1", "--due", "+1000000d"])
        #expect(far.status == 64)
        #expect(far.stderr.contains("out of range"))
    }

    @Test("--location and --coordinate read places as the app does; nan is not a number")
    func locations() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["add", "Mass", "--location", "Dom @ 50.94, 6.96"]).status == 0)
        #expect(try tick.run(["add", "Walk", "--location", "Park", "--coordinate", "50.94° N, 6.96° E"]).status == 0)
        let items = try tick.listJSON()
        for item in items {
            let location = try #require(item["location"] as? [String: Any])
            #expect(location["latitude"] as? Double == 50.94)
            #expect(location["longitude"] as? Double == 6.96)
        }
        #expect((items[0]["location"] as? [String: Any])?["name"] as? String == "Dom")
        let nan = try tick.run(["add", "x", "--location", "y", "--coordinate", "nan,inf"])
        #expect(nan.status == 64)
        #expect(nan.stderr.contains("not a number"))
        #expect(try tick.run(["edit", "2", "--location", "47.37, 8.54"]).status == 0)
        let moved = try #require(try tick.listJSON()[1]["location"] as? [String: Any])
        #expect(moved["name"] as? String == "Park")
        #expect(moved["latitude"] as? Double == 47.37)
    }
}

@Suite("tick's man page and completion scripts")
struct ManPageTests {
    @Test("--generate-man-page prints a man page made from the command definitions: every command, alias and option")
    func manPage() throws {
        let tick = try TickRunner()
        let result = try tick.run(["--generate-man-page"], withFile: false)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix(".TH TICK 1 "))
        for heading in [".SH NAME", ".SH SYNOPSIS", ".SH DESCRIPTION", ".SH OPTIONS", ".SH COMMANDS", ".SH EXIT STATUS"] {
            #expect(result.stdout.contains("\n\(heading)\n"), "\(heading)")
        }
        for command in ["add", "list", "show", "check, done", "uncheck", "remove, rm, delete", "edit", "move", "undo"] {
            #expect(result.stdout.contains(".SS \"\(command)\""), "\(command)")
        }
        #expect(result.stdout.contains("\\fB\\-\\-due\\-before\\fR \\fIdate\\fR"))
        #expect(result.stdout.contains("\\-\\-generate\\-completion\\-script"))
        #expect(!result.stdout.contains("generate\\-man\\-page"))
        // No text line starts with a character roff would take for a request.
        for line in result.stdout.split(separator: "\n") where !line.hasPrefix(".") {
            #expect(!line.hasPrefix("'"), "\(line)")
        }
    }

    @Test("--generate-completion-script prints a completion script with the commands")
    func completion() throws {
        let tick = try TickRunner()
        for shell in ["bash", "zsh", "fish"] {
            let result = try tick.run(["--generate-completion-script", shell], withFile: false)
            #expect(result.status == 0)
            #expect(result.stdout.contains("remove") && result.stdout.contains("due-before"), "\(shell)")
        }
    }
}
