import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Sync: a list with a vdir")
struct VdirSyncTests {
    @Test("the list's items reach an empty vdir as <uid>.ics files, and the vdir's items reach the list")
    func bothWays() throws {
        let fixture = try SyncFixture()
        let id = UUID()
        try fixture.store.apply([.insert(try ToDoItem(id: id, title: "Buy milk", notes: "oat, two litres",
                                                      location: try Location(name: "Shop", latitude: 52.5, longitude: 13.4)), .toDo, at: nil)])
        try fixture.writeFile("phone.ics", SyncFixture.todo(uid: "phone-1@example.com", summary: "Call mum", extra: ["DUE;VALUE=DATE:20261201"]))
        let report = try fixture.run()
        #expect(report.addedToList == 1 && report.writtenToVdir == 1)
        #expect(try fixture.files() == ["\(id.uuidString).ics", "phone.ics"])
        let written = try fixture.readFile("\(id.uuidString).ics")
        #expect(written.contains("SUMMARY:Buy milk\r\n"))
        #expect(written.contains("DESCRIPTION:oat\\, two litres\r\n"))
        #expect(written.contains("GEO:52.5;13.4\r\n"))
        let list = try fixture.store.load()
        let call = try #require(list.toDoItems.first { $0.title == "Call mum" })
        #expect(call.due == CalendarDay(year: 2026, month: 12, day: 1)?.utcMidnight)
        #expect(list.count == 2)
    }

    @Test("a FIFO among the vdir's .ics files stops the sync at once with its name, instead of waiting on it")
    func fifoRefused() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("one.ics", SyncFixture.todo(uid: "one", summary: "One"))
        let fifo = fixture.vdir.appendingPathComponent("zz.ics").path
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect { try fixture.run() } throws: { error in
            (error as? InterchangeError).map { $0.source == fifo && $0.problem.contains("not a regular file") } ?? false
        }
        #expect(try fixture.store.load().count == 0)
    }

    @Test("a sync with nothing to do writes nothing: no file's modification time changes")
    func idleWritesNothing() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil)])
        try fixture.writeFile("two.ics", SyncFixture.todo(uid: "two", summary: "Two"))
        try fixture.run()
        let before = try fixture.snapshot()
        let report = try fixture.run()
        #expect(report.isIdle)
        #expect(try fixture.snapshot() == before)
    }

    @Test("what tick does not hold survives a title edit: the file is patched, keeps its name and every other line")
    func patchKeepsTheRest() throws {
        let fixture = try SyncFixture()
        let kept = ["CATEGORIES:home,errands", "PRIORITY:1", "RRULE:FREQ=WEEKLY", "X-OTHER-APP;X-P=\"a:b\":value",
                    "DESCRIPTION:a long description that is folded across two lines because it is longer than sevent",
                    " y-five octets", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Reminder", "TRIGGER:-PT15M", "END:VALARM"]
        try fixture.writeFile("other-app.ics", SyncFixture.todo(uid: "other-1", summary: "Old title", extra: kept))
        try fixture.run()
        let id = try #require(try fixture.store.load().toDoItems.first?.id)
        try fixture.store.apply([.set(id, .title("New title"))])
        try fixture.run()
        #expect(try fixture.files() == ["other-app.ics"])
        let text = try fixture.readFile("other-app.ics")
        #expect(text.contains("SUMMARY:New title\r\n"))
        #expect(!text.contains("Old title"))
        for line in kept { #expect(text.contains(line + "\r\n"), "lost \(line)") }
        #expect(text.contains("UID:other-1\r\n"))
        #expect(text.contains("SEQUENCE:1\r\n"))
    }

    @Test("the first sync of a list with a vdir holding the same UIDs merges them: nothing is duplicated")
    func firstSyncMergesByUID() throws {
        let fixture = try SyncFixture()
        let id = UUID()
        try fixture.store.apply([.insert(try ToDoItem(id: id, title: "Shared"), .toDo, at: nil)])
        try fixture.writeFile("shared.ics", SyncFixture.todo(uid: id.uuidString.lowercased(), summary: "Shared"))
        let report = try fixture.run()
        #expect(report.isIdle)
        #expect(try fixture.store.load().count == 1)
        #expect(try fixture.files() == ["shared.ics"])
    }

    @Test("deletes on either side with no edit on the other delete on both; done in the vdir moves to Done")
    func deletesAndDone() throws {
        let fixture = try SyncFixture()
        let kept = UUID(), goneFromList = UUID()
        try fixture.store.apply([.insert(try ToDoItem(id: kept, title: "Kept"), .toDo, at: nil),
                                 .insert(try ToDoItem(id: goneFromList, title: "Gone from list"), .toDo, at: nil)])
        try fixture.writeFile("phone.ics", SyncFixture.todo(uid: "phone", summary: "Gone from phone"))
        try fixture.run()
        #expect(try fixture.store.load().count == 3)
        try fixture.store.apply([.remove(goneFromList)])
        try FileManager.default.removeItem(at: fixture.vdir.appendingPathComponent("phone.ics"))
        var keptText = try fixture.readFile("\(kept.uuidString).ics")
        keptText = keptText.replacingOccurrences(of: "STATUS:NEEDS-ACTION", with: "STATUS:COMPLETED\r\nCOMPLETED:20261102T090000Z")
        try fixture.writeFile("\(kept.uuidString).ics", keptText)
        try fixture.run()
        let list = try fixture.store.load()
        #expect(list.toDoItems.isEmpty)
        #expect(list.doneItems.map(\.title) == ["Kept"])
        #expect(try fixture.files() == ["\(kept.uuidString).ics"])
    }

    @Test("a vdir that became empty or vanished is refused unless --force-delete")
    func emptiedVdirRefused() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil), .insert(try ToDoItem(title: "Two"), .toDo, at: nil)])
        try fixture.run()
        for name in try fixture.files() { try FileManager.default.removeItem(at: fixture.vdir.appendingPathComponent(name)) }
        let before = try fixture.snapshot()
        #expect { try fixture.run() } throws: { error in
            (error as? InterchangeError)?.description.contains("empty or gone, but the last sync left 2 items") == true
        }
        try FileManager.default.removeItem(at: fixture.vdir)
        #expect(throws: InterchangeError.self) { try fixture.run() }
        #expect(try fixture.store.load().count == 2)
        #expect(before.filter { !$0.key.hasPrefix("vdir") } == (try fixture.snapshot()).filter { !$0.key.hasPrefix("vdir") })
        try fixture.run(forceDelete: true)
        #expect(try fixture.store.load().isEmpty)
    }

    @Test("a list that became empty or whose file is gone is refused unless --force-delete: the vdir keeps every file")
    func emptiedListRefused() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil), .insert(try ToDoItem(title: "Two"), .toDo, at: nil)])
        try fixture.run()
        #expect(try fixture.files().count == 2)
        let moved = fixture.store.fileURL.appendingPathExtension("bak")
        try FileManager.default.moveItem(at: fixture.store.fileURL, to: moved)
        #expect { try fixture.run() } throws: { error in
            (error as? InterchangeError)?.description.contains("the list is empty or gone, but the last sync left 2 items") == true
        }
        #expect(throws: InterchangeError.self) { try fixture.sync().run(dryRun: true) }
        #expect(try fixture.files().count == 2)
        try fixture.run(forceDelete: true)
        #expect(try fixture.files().isEmpty)
    }

    @Test("a broken .ics stops the sync with a message naming it, and the list is untouched")
    func brokenFile() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil)])
        try fixture.writeFile("good.ics", SyncFixture.todo(uid: "good", summary: "Good"))
        try fixture.writeFile("broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\nDUE:2026-13-45\r\nEND:VTODO\r\nEND:VCALENDAR\r\n")
        let before = try fixture.snapshot()
        #expect { try fixture.run() } throws: { error in
            let text = (error as? InterchangeError)?.description ?? ""
            return text.contains("broken.ics:4:") && text.contains("DUE")
        }
        try fixture.writeFile("broken.ics", "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\nUID:x\r\n")
        #expect { try fixture.run() } throws: { ($0 as? InterchangeError)?.description.contains("broken.ics") == true }
        var after = try fixture.snapshot()
        after["vdir/broken.ics"] = before["vdir/broken.ics"]
        #expect(after == before)
    }

    @Test("a sync interrupted after any step loses nothing, and the next sync completes it")
    func interrupted() throws {
        for stop in [VdirSync.Step.listSaved, .vdirWritten, .vdirFileWritten("first")] {
            let fixture = try SyncFixture()
            let fromList = UUID(), edited = UUID()
            try fixture.store.apply([.insert(try ToDoItem(id: edited, title: "Edit me"), .toDo, at: nil)])
            try fixture.writeFile("gone.ics", SyncFixture.todo(uid: "gone", summary: "Deleted on the phone"))
            try fixture.run()
            // Changes on both sides, then a sync that dies at `stop`.
            try fixture.store.apply([.insert(try ToDoItem(id: fromList, title: "New on the list"), .toDo, at: nil), .set(edited, .notes("list note"))])
            try fixture.writeFile("phone.ics", SyncFixture.todo(uid: "phone", summary: "New on the phone"))
            try FileManager.default.removeItem(at: fixture.vdir.appendingPathComponent("gone.ics"))
            let crash = InterchangeError(source: "test", problem: "killed")
            #expect(throws: crash) {
                try fixture.sync { step throws(InterchangeError) in
                    if step == stop { throw crash }
                    if case .vdirFileWritten = step, case .vdirFileWritten = stop { throw crash }
                }.run()
            }
            try fixture.run()
            let list = try fixture.store.load()
            #expect(Set(list.allItems.map(\.title)) == ["Edit me", "New on the list", "New on the phone"], "stopped at \(stop)")
            #expect(list.item(withID: edited)?.notes == "list note")
            #expect(try fixture.files().sorted() == ["\(edited.uuidString).ics", "\(fromList.uuidString).ics", "phone.ics"].sorted())
            #expect(try fixture.readFile("\(edited.uuidString).ics").contains("DESCRIPTION:list note\r\n"))
            #expect(try fixture.run().isIdle, "stopped at \(stop)")
        }
    }

    @Test("a dry run decides and reports but writes nothing")
    func dryRun() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil)])
        try fixture.writeFile("two.ics", SyncFixture.todo(uid: "two", summary: "Two"))
        let before = try fixture.snapshot()
        let report = try fixture.sync().run(dryRun: true)
        #expect(report.addedToList == 1 && report.writtenToVdir == 1)
        #expect(report.summary.hasPrefix("would sync"))
        #expect(try fixture.snapshot() == before)
    }

    @Test("both sides changing one field: the newer wins and the loser goes to the conflicts file the report names")
    func conflictFile() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("a.ics", SyncFixture.todo(uid: "a", summary: "Base"))
        try fixture.run()
        let id = try #require(try fixture.store.load().toDoItems.first?.id)
        try fixture.store.apply([.set(id, .title("From the list"))])
        // The phone's change is stamped after the list's: the phone wins.
        try fixture.writeFile("a.ics", SyncFixture.todo(uid: "a", summary: "From the phone", extra: ["LAST-MODIFIED:29991231T000000Z"]))
        let report = try fixture.run()
        #expect(try fixture.store.load().toDoItems.first?.title == "From the phone")
        let path = try #require(report.conflictsFile)
        #expect(report.summary.contains(path))
        let conflicts = try String(contentsOfFile: path, encoding: .utf8)
        #expect(conflicts.contains("title: kept \"From the phone\" (vdir, newer), lost \"From the list\" (list)"))
    }

    @Test("the losing value is in the conflicts file before the list is saved, so a sync killed right after keeps it")
    func conflictKeptBeforeSave() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("a.ics", SyncFixture.todo(uid: "a", summary: "Base"))
        try fixture.run()
        let id = try #require(try fixture.store.load().toDoItems.first?.id)
        try fixture.store.apply([.set(id, .title("From the list"))])
        try fixture.writeFile("a.ics", SyncFixture.todo(uid: "a", summary: "From the phone", extra: ["LAST-MODIFIED:29991231T000000Z"]))
        let crash = InterchangeError(source: "test", problem: "killed")
        #expect(throws: crash) {
            try fixture.sync { step throws(InterchangeError) in if step == .listSaved { throw crash } }.run()
        }
        let conflicts = try String(contentsOf: fixture.sync().paths.conflicts, encoding: .utf8)
        #expect(conflicts.contains("lost \"From the list\" (list)"))
    }
}
