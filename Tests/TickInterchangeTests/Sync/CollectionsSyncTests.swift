import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// A folder of collections: every list syncs with its own collection folder, matched by
/// binding, then by name; what has no partner is made; one list's failure leaves the others.
@Suite("Sync: every list with its collection of a folder of collections")
struct CollectionsSyncTests {
    /// The fixture's list file as the default list of a set, its vdir as the folder of collections.
    private func collections(_ fixture: SyncFixture, only: String? = nil, forceDelete: Bool = false) -> CollectionsSync {
        var sync = CollectionsSync(lists: ListSet(defaultFileURL: fixture.store.fileURL, journalDirectory: fixture.stateDirectory),
                                   storage: fixture.vdir.path, stateDirectory: fixture.stateDirectory)
        sync.only = only
        sync.forceDelete = forceDelete
        return sync
    }

    /// Makes the collection folder `folder` with `items` (uid, summary) and, when given, a `displayname` file.
    private func collection(_ fixture: SyncFixture, _ folder: String, displayName: String? = nil, items: [(String, String)] = []) throws {
        let directory = fixture.vdir.appendingPathComponent(folder)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        if let displayName { try Data(displayName.utf8).write(to: directory.appendingPathComponent("displayname")) }
        for (uid, summary) in items {
            try Data(SyncFixture.todo(uid: uid, summary: summary).utf8).write(to: directory.appendingPathComponent("\(uid).ics"))
        }
    }

    private func titles(_ set: ListSet, _ name: String) throws -> [String] {
        try set.store(named: name).load().toDoItems.map(\.title)
    }

    private func files(_ fixture: SyncFixture, _ folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixture.vdir.appendingPathComponent(folder).path).sorted()
    }

    @Test("collections bind by displayname, else folder name; a collection with no list makes one; a list with none makes a folder with a displayname")
    func matchingAndMaking() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try sync.lists.add("Work")
        try sync.lists.add("Ideas")
        try sync.lists.store(named: "Ideas").apply([.insert(try ToDoItem(title: "Idea one"), .toDo, at: nil)])
        try collection(fixture, "tasks", items: [("t-1", "Default item")])
        try collection(fixture, "a1b2", displayName: "Work", items: [("w-1", "Work item")])
        try collection(fixture, "groceries", displayName: "Groceries", items: [("g-1", "Milk")])
        try collection(fixture, "x", displayName: "work", items: [("x-1", "Other work")])
        try collection(fixture, "bad", displayName: ".hidden", items: [("b-1", "Odd")])
        let report = try sync.run()
        #expect(report.failures.isEmpty)
        #expect(report.notes == ["made list bad for collection bad (\".hidden\" is no list name)", "made list Groceries",
                                "made list work 2 for collection x (\"work\" is taken)", "made folder Ideas for list Ideas"])
        #expect(try titles(sync.lists, "Tasks") == ["Default item"])
        #expect(try titles(sync.lists, "Work") == ["Work item"])
        #expect(try titles(sync.lists, "Groceries") == ["Milk"])
        #expect(try titles(sync.lists, "work 2") == ["Other work"])
        #expect(try titles(sync.lists, "bad") == ["Odd"])
        let ideas = try files(fixture, "Ideas")
        #expect(ideas.count == 2 && ideas.contains("displayname"))
        #expect(try String(contentsOf: fixture.vdir.appendingPathComponent("Ideas/displayname"), encoding: .utf8) == "Ideas")
        // Bound now: a second sync has nothing to do and writes nothing.
        let before = try fixture.snapshot()
        let again = try sync.run()
        #expect(again.lists.allSatisfy(\.report.isIdle) && again.notes.isEmpty && again.lists.count == 6)
        #expect(try fixture.snapshot() == before)
    }

    @Test("a bound list stays with its folder whatever the displayname says; a move between lists moves the file, same name and UID")
    func boundAndMoved() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try sync.lists.add("Home")
        try collection(fixture, "home", items: [("h-1", "Milk"), ("h-2", "Bread")])
        try collection(fixture, "work", items: [("w-1", "Report")])
        _ = try sync.run()
        // Another collection takes the name "Home": the bound folder stays Home's.
        try collection(fixture, "other", displayName: "Home")
        let home = try sync.lists.store(named: "Home")
        let milk = try #require(try home.load().toDoItems.first { $0.title == "Milk" })
        let journal = ListSet(defaultFileURL: fixture.store.fileURL, journalDirectory: fixture.stateDirectory)
        let bread = try #require(try home.load().toDoItems.first { $0.title == "Bread" })
        _ = try journal.move([milk.id, bread.id], from: "Home", to: "work", recordingAs: nil)
        let report = try sync.run()
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.notes == ["made list Home 2 for collection other (\"Home\" is taken)"])
        #expect(try files(fixture, "home") == [])
        #expect(try files(fixture, "work") == ["h-1.ics", "h-2.ics", "w-1.ics"])
        #expect(try String(contentsOf: fixture.vdir.appendingPathComponent("work/h-1.ics"), encoding: .utf8).contains("UID:h-1\r\n"))
    }

    @Test("an item moved to another list while the server edited it in its old collection leaves that collection; the edit goes to the conflicts file, not back as a second copy")
    func movedWhileEditedElsewhere() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try sync.lists.add("Home")
        try collection(fixture, "home", items: [("h-1", "Milk")])
        try collection(fixture, "work", items: [("w-1", "Report")])
        _ = try sync.run()
        let milk = try #require(try sync.lists.store(named: "Home").load().toDoItems.first)
        _ = try sync.lists.move([milk.id], from: "Home", to: "work", recordingAs: nil)
        try Data(SyncFixture.todo(uid: "h-1", summary: "Oat milk", extra: ["LAST-MODIFIED:20261201T100000Z"]).utf8)
            .write(to: fixture.vdir.appendingPathComponent("home/h-1.ics"))
        let report = try sync.run()
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(try files(fixture, "home") == [])
        #expect(try files(fixture, "work") == ["h-1.ics", "w-1.ics"])
        #expect(try titles(sync.lists, "Home").isEmpty)
        #expect(try titles(sync.lists, "work").sorted() == ["Milk", "Report"])
        let home = try #require(report.lists.first { $0.list == "Home" })
        #expect(home.report.conflicts.map(\.lost) == ["Oat milk"], "\(home.report.conflicts)")
        // Kept for the move, not for being newer (the server's edit was the newer).
        let conflicts = try String(contentsOfFile: try #require(home.report.conflictsFile), encoding: .utf8)
        #expect(conflicts.contains("\"Oat milk\" title: kept \"(moved to another list in tick)\" (list, moved), lost \"Oat milk\" (vdir)"), "\(conflicts)")
        // Nothing is left to do.
        #expect(try sync.run().lists.allSatisfy(\.report.isIdle))
    }

    @Test("an item another app moved to another collection while tick edited it leaves tick's old list too, in either order of the lists; tick's edit goes to the conflicts file, and no second copy is made")
    func movedElsewhereWhileEditedInTick() throws {
        for (from, to, list) in [("home", "work", "Home"), ("work", "home", "work")] {
            let fixture = try SyncFixture()
            let sync = collections(fixture)
            try sync.lists.add("Home")
            try collection(fixture, "home", items: from == "home" ? [("m-1", "Milk")] : [])
            try collection(fixture, "work", items: from == "work" ? [("m-1", "Milk"), ("w-1", "Report")] : [("w-1", "Report")])
            _ = try sync.run()
            let store = try sync.lists.store(named: list)
            let milk = try #require(try store.load().toDoItems.first { $0.title == "Milk" })
            try store.apply([.set(milk.id, .title("Oat milk"))])
            // The phone moved it: vdirsyncer deleted it in one folder and made it in the other.
            try FileManager.default.moveItem(at: fixture.vdir.appendingPathComponent("\(from)/m-1.ics"),
                                             to: fixture.vdir.appendingPathComponent("\(to)/m-1.ics"))
            let report = try sync.run()
            #expect(report.failures.isEmpty, "\(report.failures)")
            let lists = try sync.lists.names()
            let holding = try lists.filter { try sync.lists.store(named: $0).load().contains(milk.id) }
            #expect(holding == [to == "home" ? "Home" : "work"], "\(from) → \(to)")
            #expect(try files(fixture, from).allSatisfy { $0 != "m-1.ics" })
            #expect(try files(fixture, to).contains("m-1.ics"))
            let old = try #require(report.lists.first { $0.list == list })
            #expect(old.report.conflicts.map(\.lost) == ["Oat milk"], "\(old.report.conflicts)")
            #expect(try sync.run().lists.allSatisfy(\.report.isIdle))
        }
    }

    @Test("a list renamed in tick renames its collection's displayname; one renamed on the server renames the list, unless the name is taken")
    func renames() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try sync.lists.add("Ideas")
        try sync.lists.add("Work")
        try collection(fixture, "ideas", displayName: "Ideas")
        try collection(fixture, "work", displayName: "Work")
        _ = try sync.run()
        let old = try sync.lists.store(named: "Ideas").fileURL
        try sync.lists.rename("Ideas", to: "Thoughts")
        try SyncPaths.moveList(from: old, to: sync.lists.store(named: "Thoughts").fileURL, directory: fixture.stateDirectory)
        #expect(try sync.run().notes == ["renamed collection ideas to Thoughts"])
        #expect(try String(contentsOf: fixture.vdir.appendingPathComponent("ideas/displayname"), encoding: .utf8) == "Thoughts")
        // Agreed again: the next sync writes nothing, not even a binding.
        let agreed = try fixture.snapshot()
        #expect(try sync.run().notes.isEmpty)
        #expect(try fixture.snapshot() == agreed)
        try Data("Job".utf8).write(to: fixture.vdir.appendingPathComponent("work/displayname"))
        #expect(try sync.run().notes == ["renamed list Work to Job, as on the server"])
        #expect(try sync.lists.names() == ["Tasks", "Job", "Thoughts"])
        #expect(try sync.run().notes.isEmpty)
        try Data("thoughts".utf8).write(to: fixture.vdir.appendingPathComponent("work/displayname"))
        #expect(try sync.run().notes == ["collection work is named thoughts on the server; list Thoughts has that name, so list Job keeps its name"])
    }

    @Test("the default list renamed on the server keeps its name, says so each time, and goes on syncing")
    func defaultListRenamedOnServer() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try collection(fixture, "tasks", displayName: "Tasks", items: [("t-1", "Milk")])
        _ = try sync.run()
        try Data("Personal".utf8).write(to: fixture.vdir.appendingPathComponent("tasks/displayname"))
        try sync.lists.store(named: "Tasks").apply([.insert(try ToDoItem(title: "Bread"), .toDo, at: nil)])
        let note = "collection tasks is named Personal on the server; the default list Tasks cannot be renamed, so it keeps its name"
        let report = try sync.run()
        #expect(report.failures.isEmpty, "\(report.failures)")
        #expect(report.notes == [note])
        #expect(try files(fixture, "tasks").filter { $0.hasSuffix(".ics") }.count == 2)
        #expect(try sync.lists.names() == ["Tasks"])
        #expect(try sync.run().notes == [note])
    }

    @Test("a bound collection gone from the folder is refused for its list alone, unless --force-delete; --list syncs one list")
    func goneCollection() throws {
        let fixture = try SyncFixture()
        let sync = collections(fixture)
        try collection(fixture, "home", items: [("h-1", "Milk")])
        try collection(fixture, "work", items: [("w-1", "Report")])
        _ = try sync.run()
        try FileManager.default.removeItem(at: fixture.vdir.appendingPathComponent("home"))
        try sync.lists.store(named: "work").apply([.insert(try ToDoItem(title: "Slides"), .toDo, at: nil)])
        let report = try sync.run()
        #expect(report.failures.map(\.list) == ["home"])
        #expect(report.failures.first?.reason.contains("the vdir is empty or gone") == true)
        #expect(report.lists.first { $0.list == "work" }?.report.writtenToVdir == 1)
        #expect(try titles(sync.lists, "home") == ["Milk"])
        let one = try collections(fixture, only: "home", forceDelete: true).run()
        #expect(one.lists.map(\.list) == ["home"] && one.lists.first?.report.removedFromList == 1)
        #expect(try titles(sync.lists, "home") == [])
    }

    @Test("vdirsyncer's errors are told apart by the collection they name")
    func vdirsyncerErrors() {
        let output = """
            Syncing tasks/home
            error: tasks/work: Storage "local" was completely emptied. If you want to delete ALL entries
            error: Unknown error occurred for tasks/workshop: boom
            critical: tasks/home-2 is fine
            warning: tasks/home: only a warning
            """
        let failed = CollectionsSync.failedCollections(in: output, pair: "tasks", folders: ["home", "work", "workshop"])
        #expect(failed == ["work": "vdirsyncer: error: tasks/work: Storage \"local\" was completely emptied. If you want to delete ALL entries",
                           "workshop": "vdirsyncer: error: Unknown error occurred for tasks/workshop: boom"])
    }
}
