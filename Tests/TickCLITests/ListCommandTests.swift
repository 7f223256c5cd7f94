import Foundation
import Testing
import TickCore

@Suite("tick list: width, filters, safe text")
struct ListCommandTests {
    @Test("on a terminal, list fits its width: titles cut with …, wide characters counted as two")
    func fitsTerminal() throws {
        let tick = try TickRunner()
        try tick.add(["A rather long title that will not fit into forty columns at all", "--due", "2036-12-01", "--location", "Corner shop"])
        try tick.add(["東京タワーに行く前に切符を買うこと", "--location", "Tokyo"])
        try tick.add(["Short"])
        let result = try tick.runInTerminal(["list"], columns: 40)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        for line in lines { #expect(DisplayWidth.of(line) <= 40, "\(line)") }
        #expect(lines[0].hasPrefix("1 [ ] A rather long"))
        #expect(lines[0].contains("…"))
        #expect(lines[0].contains("2036-12-01"))
        #expect(lines[1].contains("…"))
        #expect(lines[2] == "3 [ ] Short")
        let wide = try tick.runInTerminal(["list"], columns: 120)
        #expect(wide.stdout.contains("at all"))
        #expect(wide.stdout.contains("Corner shop"))
    }

    @Test("into a pipe, list prints plain unpadded lines, nothing cut")
    func plainInPipe() throws {
        let tick = try TickRunner()
        let long = String(repeating: "long ", count: 20) + "end"
        try tick.add([long, "--location", "Market"])
        try tick.add(["Short", "--due", "2026-12-01"])
        let result = try tick.run(["list"])
        #expect(result.stdout.hasPrefix("1 [ ] \(long)  Market\n2 [ ] Short  2026-12-01"))
    }

    @Test("control characters and bidi overrides are shown escaped by list, show and messages; --json keeps them")
    func controlCharacters() throws {
        let tick = try TickRunner()
        let title = "esc \u{1B}[31mRED\u{1B}[0m \u{1B}]0;pwned\u{07} \u{202E}txt.exe"
        let added = try tick.run(["add", title, "--notes", "line\u{1B}[2J\nnext", "--location", "Home\u{9B}"])
        #expect(!added.stdout.contains("\u{1B}"))
        #expect(added.stdout.contains("esc ^[[31mRED^[[0m ^[]0;pwned^G <U+202E>txt.exe"))
        for arguments in [["list"], ["show", "1"], ["check", "1"], ["list", "--done"], ["remove", "1"]] {
            let result = try tick.run(arguments)
            #expect(result.status == 0)
            let bytes = Array(result.stdout.utf8)
            #expect(!bytes.contains(0x1B) && !bytes.contains(0x07), "\(arguments)")
            #expect(!result.stdout.contains("\u{202E}") && !result.stdout.contains("\u{9B}"), "\(arguments)")
            #expect(result.stdout.contains("^[[31mRED"), "\(arguments)")
        }
        try tick.add([title])
        let show = try tick.run(["show", "1"])
        #expect(show.stdout.hasPrefix("esc ^[[31mRED^[[0m"))
        #expect(try tick.listJSON().first?["title"] as? String == title)
        let error = try tick.run(["check", "\u{1B}[2Jabc"])
        #expect(error.status == 1)
        #expect(!error.stderr.contains("\u{1B}") && error.stderr.contains("^[[2Jabc"))
        let usage = try tick.run(["list", "--\u{1B}]52;c;cHduZWQ=\u{07}"])
        #expect(usage.status == 64)
        #expect(!usage.stderr.contains("\u{1B}") && usage.stderr.contains("^[]52;c;cHduZWQ"), "\(usage.stderr)")
        #expect(!(try tick.run(["add", "x", "--due", "\u{1B}[2J"])).stderr.contains("\u{1B}"))
    }

    @Test("list TEXT filters ignoring case and accents, keeping positions")
    func textFilter() throws {
        let tick = try TickRunner()
        try tick.add(["Tea"])
        try tick.add(["Café with Émile"])
        try tick.add(["Post", "--notes", "the CAFE letter"])
        try tick.add(["Walk", "--location", "Café Central"])
        let result = try tick.run(["list", "cafe"])
        #expect(result.stdout == "2 [ ] Café with Émile\n3 [ ] Post\n4 [ ] Walk  Café Central\n")
        #expect(try tick.run(["list", "with", "emile"]).stdout == "2 [ ] Café with Émile\n")
        #expect(try tick.listJSON(["tea"]).count == 1)
    }

    @Test("--overdue, --today and --due-before pick by due date; overdue open items are marked")
    func dueFilters() throws {
        let tick = try TickRunner()
        try tick.add(["Late", "--due", "-2d"])
        try tick.add(["Now", "--due", "today"])
        try tick.add(["Soon", "--due", "3d"])
        try tick.add(["Whenever"])
        try tick.add(["Late but done", "--due", "yesterday"])
        #expect(try tick.run(["check", "5"]).status == 0)
        let all = try tick.run(["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(all[0].hasSuffix(" overdue"))
        #expect(!all[1].contains("overdue") && !all[4].contains("overdue"))
        #expect(try tick.run(["list", "--overdue"]).stdout.hasPrefix("1 [ ] Late  "))
        #expect(try tick.run(["list", "--overdue"]).stdout.split(separator: "\n").count == 1)
        #expect(try tick.run(["list", "--today"]).stdout.hasPrefix("2 [ ] Now  "))
        let before = try tick.run(["list", "--due-before", "tomorrow"]).stdout
        #expect(before.split(separator: "\n").map { $0.split(separator: " ")[0] } == ["1", "2", "5"])
        #expect(try tick.listJSON(["--due-before", "tomorrow", "--open"]).count == 2)
        #expect(try tick.run(["list", "--overdue", "--done"]).status == 64)
    }

    @Test("list and list --json read the items one at a time, yet print nothing when an item past the first MiB is bad")
    func badItemPrintsNothing() throws {
        let tick = try TickRunner()
        for title in ["One", "Two", "Three", "Four"] { try tick.add([title]) }
        #expect(try tick.run(["check", "2"]).status == 0)
        #expect(try tick.run(["list", "--done"]).stdout == "4 [x] Two\n")
        #expect(try tick.run(["list", "Four"]).stdout == "3 [ ] Four\n")
        // Enough items that the output passes standard output's 1 MiB pieces before the last.
        let items = try (0..<6_000).map { try ToDoItem(title: "Item \($0) " + String(repeating: "x", count: 200)) }
        var bytes = KeyedArchive.encode(try ToDoList(toDoItems: Array(items.dropLast()), doneItems: [items[5_999]]))
        // The last item's id, made not a UUID ("-" → "!") in place.
        let id = Array(items[5_999].id.uuidString.utf8)
        let at = try #require((0...(bytes.count - id.count)).first { bytes[$0..<$0 + id.count].elementsEqual(id) })
        bytes[at + 8] = UInt8(ascii: "!")
        try Data(bytes).write(to: tick.file)
        for arguments in [["list"], ["list", "--json"], ["list", "--json", "Item"], ["list", "--open"], ["list", "--json", "--open"]] {
            let result = try tick.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdout.isEmpty, "\(arguments): \(result.stdout.utf8.count) bytes")
            #expect(result.stderr.contains("item 1 of Done") && result.stderr.contains("will not overwrite"), "\(arguments): \(result.stderr)")
        }
    }
}
