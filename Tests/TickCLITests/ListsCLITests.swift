import Foundation
import Testing

@Suite("Several lists: tick lists, --list, move --to-list, list --all-lists, undo of a move")
struct ListsCLITests {
    @Test("tick lists prints Tasks first, then the others by name, with open and done counts; --json the same as objects")
    func listsPrints() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).stdout == "made list Work\n")
        #expect(try tick.run(["lists", "add", "Home"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        try tick.add(["Slides", "--list", "Work"])
        #expect(try tick.run(["check", "1", "--list", "Work"]).status == 0)
        #expect(try tick.run(["lists"]).stdout == "Tasks  1 open  0 done\nHome   0 open  0 done\nWork   1 open  1 done\n")
        let parsed = try JSONSerialization.jsonObject(with: Data(try tick.run(["lists", "--json"]).stdout.utf8))
        let rows = try #require(parsed as? [[String: Any]])
        #expect(rows.map { $0["name"] as? String } == ["Tasks", "Home", "Work"])
        #expect(rows.map { $0["open"] as? Int } == [1, 0, 1])
        #expect(rows.map { $0["done"] as? Int } == [0, 0, 1])
        #expect(rows.last?["file"] as? String == tick.directory.appendingPathComponent("lists/Work.plist").path)
        #expect(try tick.listJSON(["--list", "Work"]).map { $0["title"] as? String } == ["Slides", "Report"])
        #expect(try tick.listJSON(["--list", "Tasks"]).map { $0["title"] as? String } == ["Milk"])
    }

    @Test("--list and --to-list find a list in any case, as no two lists' names differ only in case")
    func listNamesInAnyCase() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        #expect(try tick.run(["add", "Report", "--list", "work"]).status == 0)
        #expect(try tick.listJSON(["--list", "WORK"]).map { $0["title"] as? String } == ["Report"])
        try tick.add(["Milk"])
        #expect(try tick.run(["move", "1", "--to-list", "wOrK"]).stdout.contains(" to Work  Milk"))
        #expect(try tick.listJSON(["--list", "Work"]).count == 2)
        #expect(try tick.run(["add", "x", "--list", "Wrok"]).stderr.contains("there is no list named \"Wrok\""))
        // lists rename and remove take a name in any case too.
        #expect(try tick.run(["lists", "rename", "work", "Job"]).stdout == "renamed list Work to Job\n")
        #expect(try tick.run(["lists", "remove", "JOB", "--with-items"]).stdout == "removed list Job and its 2 items\n")
    }

    @Test("a list whose file cannot be read is listed with the reason, the others with their counts; the command fails, the file stays")
    func unreadableList() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        let work = tick.directory.appendingPathComponent("lists/Work.plist")
        try Data("not a list".utf8).write(to: work)
        let result = try tick.run(["lists"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "Tasks  1 open  0 done", "\(result.stdout)")
        #expect(lines.last?.hasPrefix("Work   cannot be read: \(work.path):") == true, "\(result.stdout)")
        #expect(result.stderr == "tick: 1 list cannot be read\n")
        let json = try tick.run(["lists", "--json"])
        #expect(json.status == 1 && json.stdout.contains("\"open\": null, \"done\": null, \"error\": "), "\(json.stdout)")
        // list --all-lists prints the lists it can read and says which it cannot.
        let all = try tick.run(["list", "--all-lists"])
        #expect(all.status == 1 && all.stdout.hasPrefix("Tasks\n1 [ ] Milk\n\nWork\n"), "\(all.stdout)")
        #expect(all.stderr.hasPrefix("tick: \(work.path):") && all.stderr.hasSuffix("tick: 1 list cannot be read\n"), "\(all.stderr)")
        #expect(try String(contentsOf: work, encoding: .utf8) == "not a list")
    }

    @Test("every refusal names the problem: bad and taken names, an unknown list, Tasks, a list with items")
    func refusals() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        let cases: [([String], String)] = [
            (["lists", "add", ""], "\"\" cannot name a list: it is empty"),
            (["lists", "add", "a/b"], "\"a/b\" cannot name a list: it holds \"/\""),
            (["lists", "add", ".."], "\"..\" cannot name a list: it names a folder"),
            (["lists", "add", "."], "\".\" cannot name a list: it names a folder"),
            (["lists", "add", " "], "\" \" cannot name a list: it is only white space"),
            (["lists", "add", " Work"], "\" Work\" cannot name a list: it starts or ends with white space"),
            (["lists", "rename", "Work", "Job "], "\"Job \" cannot name a list: it starts or ends with white space"),
            (["lists", "add", "WORK"], "\"WORK\" is taken: there is already a list named \"Work\""),
            (["lists", "add", "tasks"], "\"tasks\" is taken: there is already a list named \"Tasks\""),
            (["lists", "rename", "Tasks", "Main"], "the default list \"Tasks\" cannot be renamed"),
            (["lists", "remove", "Tasks"], "the default list \"Tasks\" cannot be removed"),
            (["lists", "rename", "Wrok", "Job"], "there is no list named \"Wrok\"; the lists are \"Tasks\", \"Work\""),
            (["add", "x", "--list", "Wrok"], "there is no list named \"Wrok\"; the lists are \"Tasks\", \"Work\""),
            (["move", "1", "--to-list", "Wrok"], "there is no list named \"Wrok\""),
        ]
        try tick.add(["Milk"])
        for (arguments, message) in cases {
            let result = try tick.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(message), "\(arguments): \(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: tick.directory.appendingPathComponent("lists/Wrok.plist").path))
        try tick.add(["Report", "--list", "Work"])
        let full = try tick.run(["lists", "remove", "Work"])
        #expect(full.status == 1)
        #expect(full.stderr.contains("the list \"Work\" still holds 1 item; nothing removed — --with-items removes it with them"))
        #expect(try tick.run(["lists", "remove", "Work", "--with-items"]).stdout == "removed list Work and its 1 item\n")
        #expect(try tick.run(["lists"]).stdout == "Tasks  1 open  0 done\n")
    }

    @Test("removing a list that synced says its collection stays")
    func removeSyncedList() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        let vdir = tick.directory.appendingPathComponent("work").path
        #expect(try tick.run(["sync", "--list", "Work", "--vdir", vdir]).status == 0)
        #expect(try tick.run(["lists", "remove", "Work", "--with-items"]).stdout == """
            removed list Work and its 1 item
            its collection stays: \(vdir) and the server's copy; delete it there too, or the next sync of a folder of collections makes the list again

            """)
    }

    @Test("a renamed list takes its sync state along: it syncs on with nothing to do, and a new list of the old name deletes nothing")
    func renameSyncedList() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["alpha", "--list", "Work"])
        try tick.add(["beta", "--list", "Work"])
        let vdir = tick.directory.appendingPathComponent("work").path
        #expect(try tick.run(["sync", "--list", "Work", "--vdir", vdir]).status == 0)
        #expect(try tick.run(["lists", "rename", "Work", "Office"]).status == 0)
        #expect(try tick.run(["sync", "--list", "Office", "--vdir", vdir]).stdout == "synced: nothing to do\n")
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["gamma", "--list", "Work"])
        let named = try tick.run(["sync", "--list", "Work", "--vdir", vdir])
        #expect(named.stdout.hasSuffix(", 0 removed\n"), "\(named.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).filter { $0.hasSuffix(".ics") }.count == 3)
    }

    @Test("rename keeps the items under the new name; --list Tasks is the list file itself")
    func renameAndTasks() throws {
        let tick = try TickRunner()
        try tick.add(["Milk", "--list", "Tasks"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        #expect(try tick.run(["lists", "rename", "Work", "Job"]).stdout == "renamed list Work to Job\n")
        #expect(try tick.listJSON(["--list", "Job"]).map { $0["title"] as? String } == ["Report"])
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Milk"])
        // Its undo history goes with it: what was done before the rename is undone after it.
        #expect(try tick.run(["rm", "1", "--list", "Job"]).status == 0)
        #expect(try tick.run(["lists", "rename", "Job", "Work"]).status == 0)
        #expect(try tick.run(["undo", "--list", "Work"]).stdout == "undid remove of \"Report\"\n")
        #expect(try tick.listJSON(["--list", "Work"]).map { $0["title"] as? String } == ["Report"])
    }

    @Test("move --to-list keeps the id and every field; undo in either list moves it back")
    func moveAndUndo() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        try tick.add(["Report", "--notes", "Q3", "--tag", "job", "--due", "2026-12-01"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        let before = try tick.listJSON()[1]
        let moved = try tick.run(["move", "2", "--to-list", "Work"])
        #expect(moved.status == 0, "\(moved.stderr)")
        #expect(moved.stdout.hasPrefix("moved ") && moved.stdout.hasSuffix(" to Work  Report\n"), "\(moved.stdout)")
        let after = try #require(try tick.listJSON(["--list", "Work"]).first)
        for key in ["id", "title", "notes", "due", "tags", "createdAt"] {
            #expect(String(describing: after[key]) == String(describing: before[key]), "\(key)")
        }
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Milk"])
        #expect(try tick.run(["undo", "--list", "Work"]).stdout == "undid move of \"Report\" from Tasks\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Milk", "Report"])
        #expect(try tick.listJSON(["--list", "Work"]).isEmpty)
        #expect(try tick.run(["move", "2", "--to-list", "Work"]).status == 0)
        #expect(try tick.run(["undo"]).stdout == "undid move of \"Report\" to Work\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Milk", "Report"])
        #expect(try tick.listJSON(["--list", "Work"]).isEmpty)
        let both = try tick.run(["move", "1", "--to", "1", "--to-list", "Work"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("--to and --to-list exclude each other"))
    }

    @Test("a move into a list renamed since cannot be undone: the undo says so and drops it, and the changes before it can be undone")
    func undoMoveIntoRenamedList() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        try tick.add(["Second"])
        #expect(try tick.run(["lists", "add", "School"]).status == 0)
        #expect(try tick.run(["move", "1", "--to-list", "School"]).status == 0)
        #expect(try tick.run(["lists", "rename", "School", "Uni"]).status == 0)
        let refused = try tick.run(["undo"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the move is dropped from the journal: undo again undoes the change before it"), "\(refused.stderr)")
        let next = try tick.run(["undo"])
        #expect(next.stdout == "undid add of \"Second\"\n", "\(next.stderr)")
        #expect(try tick.listJSON(["--list", "Uni"]).map { $0["title"] as? String } == ["Milk"])
    }

    @Test("list --all-lists prints each list under its name; --json every item with its list")
    func allLists() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        #expect(try tick.run(["lists", "add", "Empty"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        #expect(try tick.run(["list", "--all-lists"]).stdout == "Tasks\n1 [ ] Milk\n\nEmpty\n\nWork\n1 [ ] Report\n")
        let items = try tick.listJSON(["--all-lists"])
        #expect(items.map { $0["title"] as? String } == ["Milk", "Report"])
        #expect(items.map { $0["list"] as? String } == ["Tasks", "Work"])
        #expect(try tick.listJSON().allSatisfy { $0["list"] == nil })
        let withList = try tick.run(["list", "--all-lists", "--list", "Work"])
        #expect(withList.status == 64)
    }

    @Test("list --all-lists --json read back by import puts each item in its list, making the lists; again, it changes nothing; --list takes them all")
    func allListsReadBack() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        try tick.add(["Slides", "--list", "Work", "--parent", "1"])
        #expect(try tick.run(["lists", "add", "Home"]).status == 0)
        try tick.add(["Bread", "--list", "Home"])
        #expect(try tick.run(["check", "1", "--list", "Home"]).status == 0)
        let backup = try tick.run(["list", "--all-lists", "--json"]).stdout
        let restored = try TickRunner()
        let imported = try restored.run(["import", "-"], input: backup)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "imported into Tasks: added 1, updated 0, left 0 unchanged\nmade list Home\n"
            + "imported into Home: added 1, updated 0, left 0 unchanged\nmade list Work\nimported into Work: added 2, updated 0, left 0 unchanged\n",
            "\(imported.stdout)")
        func fields(_ runner: TickRunner) throws -> [[String?]] {
            try runner.listJSON(["--all-lists"]).map { item in
                ["list", "id", "title", "parent", "done"].map { key in (item[key] as? NSObject)?.description }
            }
        }
        #expect(try fields(restored) == fields(tick))
        #expect(try restored.run(["import", "-"], input: backup).stdout.contains("imported into Work: added 0, updated 0, left 2 unchanged"))
        // Names that differ only in case are one list, made once; a refused entry refuses all.
        let cased = try TickRunner()
        let mixed = #"[{"title": "a", "list": "Zed"}, {"title": "b", "list": "zed"}, {"title": "c", "list": "Tasks"}]"#
        #expect(try cased.run(["import", "-"], input: mixed).stdout
            == "made list Zed\nimported into Zed: added 2, updated 0, left 0 unchanged\nimported into Tasks: added 1, updated 0, left 0 unchanged\n")
        #expect(try cased.run(["lists"]).stdout == "Tasks  1 open  0 done\nZed    2 open  0 done\n")
        let broken = try TickRunner()
        let cycle = #"[{"title": "a", "list": "Zed"}, {"id": "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "title": "c", "list": "Work", "parent": "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"}]"#
        #expect(try broken.run(["import", "-"], input: cycle).status == 1)
        #expect(try broken.run(["lists"]).stdout == "Tasks  0 open  0 done\n")
        let into = try TickRunner()
        #expect(try into.run(["import", "-", "--list", "Tasks"], input: backup).stdout == "added 4, updated 0, left 0 unchanged\n")
        #expect(try into.run(["lists"]).stdout.hasPrefix("Tasks  3 open  1 done\n"))
    }

    @Test("the full-screen command takes --list too: piped, tick --list Work prints that list")
    func rootCommand() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        #expect(try tick.run(["--list", "Work"]).stdout == "1 [ ] Report\n")
        let unknown = try tick.run(["--list", "Wrok"])
        #expect(unknown.status == 1)
        #expect(unknown.stderr.contains("there is no list named \"Wrok\""))
    }

    @Test("--list completes with the lists' names, and an item under --list completes from that list")
    func completion() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        let names = try tick.run(["---completion", "add", "--", "--list", "3", "0", "tick", "add", "--list", "", "--file", tick.file.path], withFile: false)
        #expect(names.stdout == "Tasks\nWork\n", "\(names.stderr)")
        let items = try tick.run(["---completion", "show", "--", "positional@0", "4", "0", "tick", "show", "--list", "Work", "", "--file", tick.file.path], withFile: false, environment: ["SAP_SHELL": "zsh"])
        #expect(items.stdout.hasPrefix("1:Report\n") && !items.stdout.contains("Milk"), "\(items.stderr)")
        // Before the command: its value is not read as the command (uncheck offers the done items only).
        #expect(try tick.run(["check", "1", "--list", "Work"]).status == 0)
        try tick.add(["Slides", "--list", "Work"])
        let done = try tick.run(["---completion", "uncheck", "--", "positional@0", "4", "0", "tick", "--list", "Work", "uncheck", "", "--file", tick.file.path], withFile: false, environment: ["SAP_SHELL": "zsh"])
        #expect(done.stdout.hasPrefix("2:Report\n") && !done.stdout.contains("Slides"), "\(done.stdout) \(done.stderr)")
    }

    @Test("tick sync --list NAME needs --vdir: config.toml's vdir is the default list's")
    func syncNeedsVdir() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        let refused = try tick.run(["sync", "--list", "Work"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("the vdir in config.toml is the Tasks list's; tick sync --list Work needs --vdir DIR"), "\(refused.stderr)")
    }

    @Test("export and import take --list: a list exported into another list's import")
    func exportImportList() throws {
        let tick = try TickRunner()
        try tick.add(["Milk"])
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        #expect(try tick.run(["lists", "add", "Copy"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        let exported = try tick.run(["export", "--format", "json", "--list", "Work"])
        #expect(exported.status == 0)
        let json = tick.directory.appendingPathComponent("work.json")
        try exported.stdout.write(to: json, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", json.path, "--list", "Copy"]).stdout == "added 1, updated 0, left 0 unchanged\n")
        #expect(try tick.listJSON(["--list", "Copy"]).map { $0["title"] as? String } == ["Report"])
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Milk"])
    }
}
