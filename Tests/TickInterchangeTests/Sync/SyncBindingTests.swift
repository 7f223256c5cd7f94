import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// A list is bound to the folder it first synced with; a list and a folder that never
/// synced together merge only when the user names the folder; a folder of collections is
/// never synced as one.
@Suite("Sync: a list and the folder it syncs with")
struct SyncBindingTests {
    /// A sync of `store` with `folder`, its state beside the fixture's.
    private func sync(_ fixture: SyncFixture, store: ToDoStore? = nil, folder: URL? = nil, named: Bool) -> VdirSync {
        var sync = VdirSync(store: store ?? fixture.store, vdir: folder ?? fixture.vdir, stateDirectory: fixture.stateDirectory)
        sync.zone = .utc
        sync.namedByUser = named
        return sync
    }

    private func refusal(_ sync: VdirSync, saying words: String) {
        #expect { try sync.run() } throws: { error in
            (error as? InterchangeError).map { $0.problem.contains(words) && $0.problem.contains("tick sync --vdir \(sync.vdir.path)") } ?? false
        }
    }

    @Test("a list with items is not merged into a folder with items it never synced with, unless the folder is named")
    func otherListRefused() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("phone.ics", SyncFixture.todo(uid: "phone", summary: "From the phone"))
        let home = ToDoStore(fileURL: fixture.directory.appendingPathComponent("home.plist"))
        try home.apply([.insert(try ToDoItem(title: "Home item"), .toDo, at: nil)])
        let before = try fixture.snapshot()
        refusal(sync(fixture, store: home, named: false), saying: "both hold items and never synced together")
        #expect(try fixture.snapshot() == before)
        #expect(try sync(fixture, store: home, named: true).run().addedToList == 1)
        #expect(try home.load().count == 2)
    }

    @Test("an empty list is not merged unasked into a folder bound to another list (tick --file home.plist with Work's vdir)")
    func emptyListRefusedForBoundFolder() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "Work item"), .toDo, at: nil)])
        _ = try sync(fixture, named: false).run()
        let home = ToDoStore(fileURL: fixture.directory.appendingPathComponent("home.plist"))
        let before = try fixture.snapshot()
        refusal(sync(fixture, store: home, named: false), saying: "syncs with the list \(fixture.store.fileURL.standardizedFileURL.path), not this one")
        // (The refused sync may leave home's lock file, nothing else.)
        #expect(try fixture.snapshot().filter { !$0.key.contains("home") } == before)
        #expect(try home.load().isEmpty)
        // Named, home takes the folder over; then the work list is the one refused.
        #expect(try sync(fixture, store: home, named: true).run().addedToList == 1)
        refusal(sync(fixture, named: false), saying: "syncs with the list \(home.fileURL.standardizedFileURL.path), not this one")
    }

    @Test("a list bound to one folder is refused with another, even an empty one, until that one is named; then it is bound to it")
    func boundElsewhere() throws {
        let fixture = try SyncFixture()
        try fixture.store.apply([.insert(try ToDoItem(title: "Work item"), .toDo, at: nil)])
        _ = try sync(fixture, named: false).run()
        let other = fixture.directory.appendingPathComponent("other")
        refusal(sync(fixture, folder: other, named: false), saying: "this list syncs with \(fixture.vdir.path)")
        #expect(!FileManager.default.fileExists(atPath: other.path))
        #expect(try sync(fixture, folder: other, named: true).run().writtenToVdir == 1)
        #expect(try sync(fixture, folder: other, named: false).run().isIdle)
        refusal(sync(fixture, named: false), saying: "this list syncs with \(other.path)")
    }

    @Test("state from before bindings existed binds the list to its folder at the first sync, without asking")
    func stateBeforeBindings() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("phone.ics", SyncFixture.todo(uid: "phone", summary: "From the phone"))
        try fixture.store.apply([.insert(try ToDoItem(title: "Mine"), .toDo, at: nil)])
        #expect(try fixture.run().addedToList == 1)
        let binding = try #require(try FileManager.default.contentsOfDirectory(atPath: fixture.stateDirectory.path).first { $0.hasSuffix("-folder.json") })
        try FileManager.default.removeItem(at: fixture.stateDirectory.appendingPathComponent(binding))
        try fixture.store.apply([.insert(try ToDoItem(title: "Added since"), .toDo, at: nil)])
        #expect(try sync(fixture, named: false).run().writtenToVdir == 1)
        #expect(FileManager.default.fileExists(atPath: fixture.stateDirectory.appendingPathComponent(binding).path))
        refusal(sync(fixture, folder: fixture.directory.appendingPathComponent("other"), named: false), saying: "this list syncs with")
    }

    @Test("a folder of collections (sub-folders with items or vdirsyncer metadata) is refused, naming them; nothing is written into it")
    func collectionsFolderRefused() throws {
        let fixture = try SyncFixture()
        for (folder, file, text) in [("work", "displayname", "Work"), ("home", "a.ics", SyncFixture.todo(uid: "a", summary: "A"))] {
            let directory = fixture.vdir.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data(text.utf8).write(to: directory.appendingPathComponent(file))
        }
        try fixture.store.apply([.insert(try ToDoItem(title: "New"), .toDo, at: nil)])
        let before = try fixture.snapshot()
        #expect { try fixture.run() } throws: { error in
            (error as? InterchangeError).map {
                $0.source == fixture.vdir.path && $0.problem.contains("is a folder of collections (home, work)")
                    && $0.problem.contains("tick sync --vdir \(fixture.vdir.path)/home")
            } ?? false
        }
        #expect(try fixture.snapshot() == before)
    }

    @Test("a collection folder gone from its storage (a sibling still there) is refused like an emptied vdir and not made again, unless --force-delete")
    func goneCollectionRefused() throws {
        let fixture = try SyncFixture()
        let work = fixture.vdir.appendingPathComponent("work"), home = fixture.vdir.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data("Home".utf8).write(to: home.appendingPathComponent("displayname"))
        try fixture.store.apply([.insert(try ToDoItem(title: "Work item"), .toDo, at: nil)])
        _ = try sync(fixture, folder: work, named: false).run()
        try FileManager.default.removeItem(at: work)
        #expect { try sync(fixture, folder: work, named: false).run() } throws: { error in
            (error as? InterchangeError).map { $0.source == work.path && $0.problem.contains("the vdir is empty or gone") } ?? false
        }
        #expect(!FileManager.default.fileExists(atPath: work.path))
        #expect(try fixture.store.load().count == 1)
        var forced = sync(fixture, folder: work, named: false)
        forced.forceDelete = true
        #expect(try forced.run().removedFromList == 1)
    }
}
