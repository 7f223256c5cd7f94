import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// The one vdir layout (``Vdir``) that export, import and sync share, and sync's writes
/// through the one durable-file primitive.
@Suite("Vdir: one layout for export, import and sync")
struct VdirLayoutTests {
    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    @Test("export and sync name the file of one UID the same (+ kept, other characters as _, _ before a hidden UID)")
    func oneNamingRule() throws {
        let fixture = try SyncFixture()
        var items: [ToDoItem] = []
        for uid in ["task+1@example.com", "one/two three", ".hidden"] {
            var item = try ToDoItem(title: uid)
            item.externalUID = uid
            items.append(item)
        }
        try fixture.store.apply(items.map { .insert($0, .toDo, at: nil) })
        try fixture.run()
        let exported = fixture.directory.appendingPathComponent("exported").path
        try Vdir.write(items.map { ExchangeEntry(item: $0, done: false) }, to: exported)
        let names = ["_.hidden.ics", "one_two_three.ics", "task+1@example.com.ics"]
        #expect(try fixture.files() == names)
        #expect(try Vdir.files(in: exported) == names)
    }

    @Test("a vdir and sync state made by the old naming rule (+ as _), before order synced, still sync with nothing to do, keeping the file's name")
    func oldNamesKeepSyncing() throws {
        let fixture = try SyncFixture()
        var item = try ToDoItem(title: "Plus")
        item.externalUID = "task+1@example.com"
        try fixture.store.apply([.insert(item, .toDo, at: nil)])
        try fixture.run()
        // What the sync before the one rule left: the file named task_1@…, and its state saying
        // so (and no order, which it did not sync).
        try FileManager.default.moveItem(at: fixture.vdir.appendingPathComponent("task+1@example.com.ics"),
                                         to: fixture.vdir.appendingPathComponent("task_1@example.com.ics"))
        let statePath = fixture.sync().paths.state
        let text = try String(contentsOf: statePath, encoding: .utf8)
        let old = text.replacingOccurrences(of: "\"task+1@example.com.ics\"", with: "\"task_1@example.com.ics\"")
            .replacingOccurrences(of: "\"order\":0,", with: "")
        #expect(old != text && !old.contains("order"))
        try old.write(to: statePath, atomically: true, encoding: .utf8)
        let before = try fixture.snapshot()
        #expect(try fixture.run().isIdle)
        // (The state takes the order in; the list and the vdir are not written.)
        #expect(try fixture.snapshot().filter { !$0.key.hasPrefix("state") } == before.filter { !$0.key.hasPrefix("state") })
        #expect(try fixture.run().isIdle)
        #expect(try String(contentsOf: statePath, encoding: .utf8).contains("\"order\":0"))
        try fixture.store.apply([.set(item.id, .title("Plus, renamed"))])
        #expect(try fixture.run().writtenToVdir == 1)
        #expect(try fixture.files() == ["task_1@example.com.ics"])
        #expect(try fixture.readFile("task_1@example.com.ics").contains("SUMMARY:Plus\\, renamed\r\n"))
    }

    @Test(".ICS is an item as .ics is, for sync and for import")
    func upperCaseExtension() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("UPPER.ICS", SyncFixture.todo(uid: "upper", summary: "Shouted"))
        #expect(try fixture.run().addedToList == 1)
        #expect(try fixture.store.load().toDoItems.map(\.title) == ["Shouted"])
        let imported = try Vdir.read(fixture.vdir.path) { try Array(Data(contentsOf: URL(fileURLWithPath: $0))) }
        #expect(imported.entries.map(\.item.title) == ["Shouted"])
    }

    @Test("a vdir file sync rewrites keeps its mode; a new one is 0600")
    func modes() throws {
        let fixture = try SyncFixture()
        let shared = fixture.vdir.appendingPathComponent("shared.ics").path
        #expect(FileManager.default.createFile(atPath: shared, contents: Data(SyncFixture.todo(uid: "shared", summary: "Shared").utf8),
                                               attributes: [.posixPermissions: 0o644]))
        try fixture.run()
        let id = try #require(try fixture.store.load().toDoItems.first?.id)
        try fixture.store.apply([.set(id, .title("Shared, edited")), .insert(try ToDoItem(title: "New"), .toDo, at: nil)])
        #expect(try fixture.run().writtenToVdir == 2)
        #expect(try fixture.readFile("shared.ics").contains("SUMMARY:Shared\\, edited"))
        #expect(mode(shared) == 0o644)
        let new = try #require(try fixture.files().first { $0 != "shared.ics" })
        #expect(mode(fixture.vdir.appendingPathComponent(new).path) == 0o600)
    }

    @Test("the next sync that writes removes the temporary files a killed sync left (.tick-*.tmp of older versions too), not one still held")
    func killedSyncLeftovers() throws {
        let fixture = try SyncFixture()
        let left = [".tick-5E1A0C1B.tmp", ".one.ics.tmp-999999-1"], held = ".two.ics.tmp-1-1"
        for name in left + [held] { try fixture.writeFile(name, "half") }
        let fd = open(fixture.vdir.appendingPathComponent(held).path, O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil)])
        #expect(try fixture.run().writtenToVdir == 1)
        let hidden = try FileManager.default.contentsOfDirectory(atPath: fixture.vdir.path).filter { $0.hasPrefix(".") }
        #expect(hidden == [held])
    }

    @Test("a directory sync that fails (the vdir moved away mid-sync) stops the sync with an error instead of being ignored")
    func directorySyncFailure() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "One"), .toDo, at: nil)])
        let vdir = fixture.vdir, moved = fixture.directory.appendingPathComponent("moved")
        let sync = fixture.sync { step throws(InterchangeError) in
            if case .vdirFileWritten = step { _ = rename(vdir.path, moved.path) }
        }
        #expect { try sync.run() } throws: { error in
            (error as? InterchangeError).map { $0.problem.contains("cannot open the directory \(vdir.path) to sync it") } ?? false
        }
    }

    @Test("a vdirsyncer storage's collections are the sub-folders with items or metadata; their displayname and color read trimmed")
    func collectionMetadata() throws {
        let fixture = try SyncFixture()
        let root = fixture.vdir
        for (folder, files) in [("work", ["displayname": "Work\n", "color": "#FF0000FF"]), ("home", ["a.ics": SyncFixture.todo(uid: "a", summary: "A")]),
                                ("empty", [:]), (".hidden", ["displayname": "Hidden"])] {
            let directory = root.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for (name, text) in files { try Data(text.utf8).write(to: directory.appendingPathComponent(name)) }
        }
        #expect(Vdir(root.path).collections() == ["home"])
        #expect(Vdir(root.path).collections(includingEmpty: true) == ["home", "work"])
        #expect(try Vdir(root.appendingPathComponent("work").path).metadata() == Vdir.Metadata(displayName: "Work", color: "#FF0000FF"))
        #expect(try Vdir(root.appendingPathComponent("home").path).metadata() == Vdir.Metadata())
        let broken = root.appendingPathComponent("home/displayname")
        try Data([0xFF, 0xFE]).write(to: broken)
        #expect { try Vdir(root.appendingPathComponent("home").path).metadata() } throws: { error in
            (error as? InterchangeError).map { $0.source == broken.path && $0.problem.contains("not valid UTF-8") } ?? false
        }
    }
}
