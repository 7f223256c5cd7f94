import Foundation
import Testing

@Suite("tick undo: the CLI's safety net over the undo journal")
struct UndoCLITests {
    @Test("tick undo puts back what tick rm deleted and names it by title")
    func undoRemove() throws {
        let tick = try TickRunner()
        for title in ["Buy milk", "Call mum", "Water the plants"] { try tick.add([title]) }
        #expect(try tick.run(["rm", "1", "2", "3"]).status == 0)
        #expect(try tick.listJSON().isEmpty)
        let undo = try tick.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout == "undid remove of \"Buy milk\" (and 2 more)\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Buy milk", "Call mum", "Water the plants"])
    }

    @Test("tick undo after remove --done puts Done back in its order; again, the check before it")
    func undoClearDone() throws {
        let tick = try TickRunner()
        for title in ["a", "b", "c"] { try tick.add([title]) }
        #expect(try tick.run(["check", "1", "2"]).status == 0)
        #expect(try tick.run(["remove", "--done"]).status == 0)
        #expect(try tick.run(["undo"]).stdout == "undid remove of \"b\" (and 1 more)\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["c", "b", "a"])
        #expect(try tick.run(["undo"]).stdout == "undid tick of \"a\" (and 1 more)\n")
        #expect(try tick.listJSON().map { $0["done"] as? Bool } == [false, false, false])
    }

    @Test("tick undo takes back edit, move, uncheck and add, newest first, then has nothing left")
    func undoEach() throws {
        let tick = try TickRunner()
        try tick.add(["a"])
        try tick.add(["b"])
        #expect(try tick.run(["edit", "1", "--title", "A"]).status == 0)
        #expect(try tick.run(["move", "2", "--to", "1"]).status == 0)
        #expect(try tick.run(["undo"]).stdout == "undid move of \"b\"\n")
        #expect(try tick.run(["undo"]).stdout == "undid edit of \"a\"\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["a", "b"])
        #expect(try tick.run(["undo"]).stdout == "undid add of \"b\"\n")
        #expect(try tick.run(["undo"]).stdout == "undid add of \"a\"\n")
        let none = try tick.run(["undo"])
        #expect(none.status == 1)
        #expect(none.stderr.contains("nothing to undo"))
    }

    @Test("tick undo takes back an import: the items it added go, the ones it updated (a title, a tick) are as before, in their places")
    func undoImport() throws {
        let tick = try TickRunner()
        for title in ["Buy milk", "Call mum", "Water the plants"] { try tick.add([title]) }
        var items = try tick.listJSON()
        let before = items
        items[1]["title"] = "Call mum back"
        items[0]["done"] = true
        items.append(["title": "imported by mistake"])
        let json = String(decoding: try JSONSerialization.data(withJSONObject: items), as: UTF8.self)
        let imported = try tick.run(["import", "-", "--format", "json"], input: json)
        #expect(imported.stdout == "added 1, updated 2, left 1 unchanged\n", "\(imported.stderr)")
        let undo = try tick.run(["undo"])
        #expect(undo.status == 0, "\(undo.stderr)")
        #expect(undo.stdout == "undid import of \"Call mum back\" (and 2 more)\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == before.map { $0["title"] as? String })
        #expect(try tick.listJSON().map { $0["done"] as? Bool } == [false, false, false])
        #expect(try tick.run(["undo"]).stdout == "undid add of \"Water the plants\"\n")
    }

    @Test("an import of more than 1,000 items says tick undo cannot undo it, and clears the history before it: no undo, not even --anyway, takes back an older change over it")
    func largeImportNotJournaled() throws {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let json = "[" + (1...1_001).map { "{\"title\":\"item \($0)\"}" }.joined(separator: ",") + "]"
        let imported = try tick.run(["import", "-", "--format", "json"], input: json)
        #expect(imported.status == 0)
        #expect(imported.stderr.contains("tick undo cannot undo this import: it changes 1001 items, and the undo journal keeps at most 1000;"
            + " the list's undo history before it is cleared"), "\(imported.stderr)")
        for arguments in [["undo"], ["undo", "--anyway"]] {
            let refused = try tick.run(arguments)
            #expect(refused.status == 1)
            #expect(refused.stderr.contains("nothing to undo"), "\(refused.stderr)")
        }
        #expect(try tick.listJSON().count == 1_002)
    }

    @Test("an import that gives an item a parent it adds too goes in whole; one the journal cannot replay is said, not refused")
    func importWithNewParent() throws {
        let tick = try TickRunner()
        try tick.add(["Child"])
        let child = try #require(try tick.listJSON().first?["id"] as? String)
        let parent = "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"
        let json = #"[{"id": "\#(parent)", "title": "Parent"}, {"id": "\#(child)", "title": "Child", "parent": "\#(parent)"}]"#
        let imported = try tick.run(["import", "-", "--format", "json"], input: json)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "added 1, updated 1, left 0 unchanged\n")
        #expect(imported.stderr.contains("tick undo cannot undo this import"), "\(imported.stderr)")
        #expect(try tick.listJSON().map { $0["parent"] as? String } == [nil, parent])
        // An iCalendar subtask whose parent is in neither the file nor the list goes in, top level
        // until its parent comes.
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:c-1@host\r\nSUMMARY:Orphan\r\nRELATED-TO:missing@host\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        let orphan = try tick.run(["import", "-", "--format", "ics"], input: ics)
        #expect(orphan.status == 0, "\(orphan.stderr)")
        #expect(try tick.run(["list"]).stdout.contains("3 [ ] Orphan"))
    }

    @Test("an Obsidian checklist with a done subtask above a done item is undone by tick undo, and the undo before it is kept")
    func importNestedChecklist() throws {
        let tick = try TickRunner()
        try tick.add(["older"])
        let path = tick.directory.appendingPathComponent("trip.md").path
        try "- [ ] Trip\n  - [x] Book hotel\n  - [ ] Pack\n- [x] Bought tickets\n".write(toFile: path, atomically: true, encoding: .utf8)
        let imported = try tick.run(["import", path])
        #expect(imported.status == 0 && !imported.stderr.contains("cannot undo"), "\(imported.stderr)")
        #expect(try tick.run(["list"]).stdout == "1 [ ] older\n2 [ ] Trip\n3   [ ] Pack\n4 [x] Book hotel\n5 [x] Bought tickets\n")
        #expect(try tick.run(["undo"]).stdout == "undid import of \"Trip\" (and 3 more)\n")
        #expect(try tick.run(["undo"]).stdout == "undid add of \"older\"\n")
    }

    @Test("tick undo never reverts a change the journal does not hold without --anyway")
    func changedElsewhere() throws {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        #expect(try tick.run(["rm", "1"]).status == 0)
        // Another program writes the list (a second list file copied over it).
        let other = try TickRunner()
        try other.add(["Someone else's item"])
        try FileManager.default.removeItem(at: tick.file)
        try FileManager.default.copyItem(at: other.file, to: tick.file)
        let refused = try tick.run(["undo"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("changed elsewhere since the remove of \"Buy milk\""), "\(refused.stderr)")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Someone else's item"])
        #expect(try tick.run(["undo", "--anyway"]).stdout == "undid remove of \"Buy milk\"\n")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Buy milk", "Someone else's item"])
    }

    @Test("the journal is JSON in $XDG_STATE_HOME/tick, holds the last 100 changes, and a broken one is named, not overwritten")
    func journalFile() throws {
        let tick = try TickRunner()
        let state = tick.directory.appendingPathComponent("state")
        let environment = ["XDG_STATE_HOME": state.path]
        for index in 0..<102 { #expect(try tick.run(["add", "item \(index)"], environment: environment).status == 0) }
        let files = try FileManager.default.contentsOfDirectory(atPath: state.appendingPathComponent("tick").path)
        let name = try #require(files.first { $0.hasPrefix("undo-") && $0.hasSuffix(".json") })
        let journal = state.appendingPathComponent("tick").appendingPathComponent(name)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: journal)) as? [String: Any])
        let entries = try #require(object["entries"] as? [[String: Any]])
        #expect(entries.count == 100)
        #expect(entries.last?["name"] as? String == "add of \"item 101\"")
        try Data("not json".utf8).write(to: journal)
        let add = try tick.run(["add", "one more"], environment: environment)
        #expect(add.status == 0)
        #expect(add.stderr.contains(journal.lastPathComponent) && add.stderr.contains("tick undo cannot undo this change"), "\(add.stderr)")
        #expect(try String(contentsOf: journal, encoding: .utf8) == "not json")
    }

    @Test("undo is no longer uncheck's alias: tick undo ITEM is a usage error")
    func undoTakesNoItem() throws {
        let tick = try TickRunner()
        try tick.add(["a"])
        #expect(try tick.run(["check", "1"]).status == 0)
        let result = try tick.run(["undo", "1"])
        #expect(result.status == 64)
        #expect(try tick.listJSON().first?["done"] as? Bool == true)
    }
}
