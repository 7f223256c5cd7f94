import Foundation
import Testing

@Suite("Subtasks in the CLI: add --parent, edit --parent, cascades, list, JSON")
struct SubtaskCLITests {
    /// A list: Pack, with Socks and Shirts under it, and Call after it.
    private func packing() throws -> TickRunner {
        let tick = try TickRunner()
        try tick.add(["Pack"])
        try tick.add(["Call"])
        #expect(try tick.run(["add", "Socks", "--parent", "1"]).status == 0)
        #expect(try tick.run(["add", "Shirts", "--parent", "1"]).status == 0)
        return tick
    }

    private func titles(_ tick: TickRunner) throws -> [String] {
        try tick.listJSON().map { $0["title"] as? String ?? "" }
    }

    @Test("add --parent puts the subtask at the end of its parent's subtasks; list indents it; JSON names the parent")
    func addAndList() throws {
        let tick = try packing()
        #expect(try titles(tick) == ["Pack", "Socks", "Shirts", "Call"])
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3   [ ] Shirts\n4 [ ] Call\n")
        // Sorted, a subtask need not follow its parent: no indentation.
        #expect(try tick.run(["list", "--sort", "due"]).stdout == "1 [ ] Pack\n2 [ ] Socks\n3 [ ] Shirts\n4 [ ] Call\n")
        let json = try tick.listJSON()
        let packID = try #require(json[0]["id"] as? String)
        #expect(json.map { $0["parent"] as? String } == [nil, packID, packID, nil])
        #expect(json[0]["parent"] is NSNull)
        // The parent is named by its short ID: 8 hex digits, longer only when those are all digits.
        let shown = try tick.run(["show", "2"]).stdout
        let line = try #require(shown.split(separator: "\n").first { $0.hasPrefix("  subtask:  of ") })
        let words = line.dropFirst("  subtask:  of ".count).split(separator: " ", omittingEmptySubsequences: true)
        #expect(words.count == 2 && words[1] == "Pack", "\(line)")
        let short = String(words.first ?? "")
        #expect(packID.lowercased().hasPrefix(short) && short.count >= 8, "\(short)")
        #expect(short.prefix(8).allSatisfy(\.isNumber) ? short.count > 8 : short.count == 8, "\(short)")
        #expect(try tick.run(["show", "1"]).stdout.contains("  subtasks: 2 (2 open)\n"))
    }

    @Test("piped, a list in tree order is printed as it is read: a subtask's subtask four columns in, a filter keeping positions and indents")
    func streamedIndents() throws {
        let tick = try packing()
        #expect(try tick.run(["add", "Wool", "--parent", "2"]).status == 0)
        #expect(try tick.run(["check", "5"]).status == 0)
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3     [ ] Wool\n4   [ ] Shirts\n5 [x] Call\n")
        #expect(try tick.run(["list", "Wool"]).stdout == "3     [ ] Wool\n")
        #expect(try tick.run(["list", "--done"]).stdout == "5 [x] Call\n")
    }

    @Test("move of a parent moves its subtasks with it; a subtask stays among its parent's; the line says where each went")
    func moveBlocks() throws {
        let tick = try packing()
        #expect(try tick.run(["move", "1", "--to", "4"]).stdout.contains(" to 2 in To Do  Pack"))
        #expect(try tick.run(["list"]).stdout == "1 [ ] Call\n2 [ ] Pack\n3   [ ] Socks\n4   [ ] Shirts\n")
        #expect(try tick.run(["move", "4", "--to", "1"]).stdout.contains(" to 3 in To Do  Shirts"))
        #expect(try tick.run(["list"]).stdout == "1 [ ] Call\n2 [ ] Pack\n3   [ ] Shirts\n4   [ ] Socks\n")
    }

    @Test("move --to-list takes a parent's subtasks along, in order; a subtask moved alone is top level there; undo brings them back")
    func moveToList() throws {
        let tick = try packing()
        #expect(try tick.run(["lists", "add", "Trip"]).status == 0)
        let moved = try tick.run(["move", "1", "--to-list", "Trip"])
        #expect(moved.stdout.hasSuffix(" to Trip  Pack  (and 2 subtasks)\n"), "\(moved.stdout) \(moved.stderr)")
        #expect(try tick.run(["list", "--list", "Trip"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3   [ ] Shirts\n")
        #expect(try titles(tick) == ["Call"])
        #expect(try tick.run(["undo"]).status == 0)
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3   [ ] Shirts\n4 [ ] Call\n")
        #expect(try tick.run(["move", "3", "--to-list", "Trip"]).status == 0)
        #expect(try tick.run(["list", "--list", "Trip"]).stdout == "1 [ ] Shirts\n")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3 [ ] Call\n")
    }

    @Test("check of a parent ticks its open subtasks and says how many; undo brings all back")
    func checkCascades() throws {
        let tick = try packing()
        let checked = try tick.run(["check", "1"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.hasSuffix("  Pack  (and 2 subtasks)\n"), "\(checked.stdout)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Call\n2 [x] Pack\n3   [x] Socks\n4   [x] Shirts\n")
        #expect(try tick.run(["undo"]).stdout == "undid tick of \"Pack\"\n")
        #expect(try tick.run(["list", "--open"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3   [ ] Shirts\n4 [ ] Call\n")
    }

    @Test("check of a repeating parent moves it on and opens its done subtasks again, a checklist for the next time")
    func repeatingChecklist() throws {
        let tick = try TickRunner()
        try tick.add(["Weekly review", "--due", "2026-12-04", "--repeat", "every week"])
        try tick.add(["Inbox zero", "--parent", "1"])
        try tick.add(["Plan next week", "--parent", "1"])
        #expect(try tick.run(["check", "2"]).status == 0)
        let checked = try tick.run(["check", "1"])
        #expect(checked.status == 0, "\(checked.stderr)")
        #expect(checked.stdout.hasSuffix("  Weekly review  next due 2026-12-11  (and 1 subtask to do again)\n"), "\(checked.stdout)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Weekly review  2026-12-11\n2   [ ] Inbox zero\n3   [ ] Plan next week\n4 [x] Weekly review  2026-12-04\n")
        #expect(try tick.run(["undo"]).stdout.hasPrefix("undid tick of \"Weekly review\""))
        #expect(try tick.run(["list", "--done"]).stdout.contains("[x] Inbox zero"))
    }

    @Test("remove of a parent removes its subtasks and says how many; undo puts them back in place")
    func removeCascades() throws {
        let tick = try packing()
        let removed = try tick.run(["rm", "1"])
        #expect(removed.stdout.hasSuffix("  Pack  (and 2 subtasks)\n"), "\(removed.stdout)")
        #expect(try titles(tick) == ["Call"])
        #expect(try tick.run(["undo"]).status == 0)
        #expect(try titles(tick) == ["Pack", "Socks", "Shirts", "Call"])
    }

    @Test("edit --parent moves an item under another; a cycle and an unknown parent are refused; --clear-parent")
    func editParent() throws {
        let tick = try packing()
        #expect(try tick.run(["edit", "4", "--parent", "2"]).status == 0)
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3     [ ] Call\n4   [ ] Shirts\n")
        let cycle = try tick.run(["edit", "1", "--parent", "3"])
        #expect(cycle.status != 0)
        #expect(cycle.stderr == "tick: “Call” is a subtask of “Pack”, so it cannot be its parent\n", "\(cycle.stderr)")
        let unknown = try tick.run(["edit", "1", "--parent", "9"])
        #expect(unknown.status != 0)
        #expect(try tick.run(["edit", "2", "--clear-parent"]).status == 0)
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Shirts\n3 [ ] Socks\n4   [ ] Call\n")
    }

    @Test("todo.txt and taskwarrior exports say they leave out the parents; importing the export back keeps them")
    func formatsWithoutParents() throws {
        let tick = try packing()
        let todo = try tick.run(["export", "--format", "todotxt"])
        #expect(todo.stderr.contains("parents of 2 items"), "\(todo.stderr)")
        let task = try tick.run(["export", "--format", "taskwarrior"])
        #expect(task.stderr.contains("parents of 2 items"), "\(task.stderr)")
        let back = try tick.run(["import", "--format", "taskwarrior", "-"], input: task.stdout)
        #expect(back.status == 0, "\(back.stderr)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n3   [ ] Shirts\n4 [ ] Call\n")
    }

    @Test("a file that puts subtasks before their parent (another program wrote it) is listed and numbered in tree order")
    func foreignOrder() throws {
        let tick = try packing()
        // The To Do array's first item (Pack) moved to its end, as python's plistlib writes it.
        let script = """
            import plistlib, sys
            path = sys.argv[1]
            with open(path, "rb") as f: top = plistlib.load(f)
            objects = top["$objects"]
            root = objects[top["$top"]["root"].data]
            items = objects[root["toDoItems"].data]["NS.objects"]
            items.append(items.pop(0))
            with open(path, "wb") as f: f.write(plistlib.dumps(top, fmt=plistlib.FMT_BINARY, sort_keys=False))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", script, tick.file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try tick.run(["list"]).stdout == "1 [ ] Call\n2 [ ] Pack\n3   [ ] Socks\n4   [ ] Shirts\n")
        #expect(try tick.run(["check", "1"]).stdout.hasSuffix("  Call\n"))
    }

    @Test("a JSON import keeps parents, a child before its parent too; a parent naming no item, or making a cycle, is refused with its line")
    func jsonImport() throws {
        let tick = try TickRunner()
        let parent = "6F1C2B8E-3A9D-4B52-9E1A-0C7D5E4F3A21", child = "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D"
        let input = """
            [{"id": "\(child)", "title": "Socks", "parent": "\(parent)"},
             {"id": "\(parent)", "title": "Pack"}]
            """
        let imported = try tick.run(["import", "--format", "json", "-"], input: input)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n")
        let bad = try TickRunner().run(["import", "--format", "json", "-"],
                                       input: #"[{"title": "Socks", "parent": "\#(UUID().uuidString)"}]"#)
        #expect(bad.status != 0)
        #expect(bad.stderr.contains("standard input:1:") && bad.stderr.contains("is no item of the input or the list"), "\(bad.stderr)")
        // A cycle, and an item its own parent, are refused too, and change nothing.
        let a = "11111111-1111-4111-8111-111111111111", b = "22222222-2222-4222-8222-222222222222"
        for (input, problem) in [
            ("[{\"id\": \"\(a)\", \"title\": \"A\", \"parent\": \"\(b)\"},\n {\"id\": \"\(b)\", \"title\": \"B\", \"parent\": \"\(a)\"}]",
             "standard input:1: the parent \(b) of \"A\" is one of its own subtasks"),
            ("[{\"id\": \"\(a)\", \"title\": \"Self\", \"parent\": \"\(a)\"}]", "standard input:1: the parent \(a) of \"Self\" is the item itself"),
        ] {
            let cycle = try tick.run(["import", "--format", "json", "-"], input: input)
            #expect(cycle.status == 1 && cycle.stderr.contains(problem), "\(cycle.stderr)")
        }
        // Pack put under Socks, its own subtask, by an update of the item the list has.
        let under = try tick.run(["import", "--format", "json", "-"], input: "[{\"id\": \"\(parent)\", \"title\": \"Pack\", \"parent\": \"\(child)\"}]")
        #expect(under.status == 1 && under.stderr.contains("of \"Pack\" is one of its own subtasks"), "\(under.stderr)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] Pack\n2   [ ] Socks\n")
    }
}
