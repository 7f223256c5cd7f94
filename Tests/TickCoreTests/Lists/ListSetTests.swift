import Foundation
import Testing
@testable import TickCore

@Suite("ListSet: the default list and the named lists beside it")
struct ListSetTests {
    /// A set in a new temporary directory, its journals there too.
    static func makeSet() throws -> (ListSet, TemporaryDirectory) {
        let directory = try TemporaryDirectory()
        let set = ListSet(defaultFileURL: directory.url.appendingPathComponent("ToDoItems.plist"), journalDirectory: directory.url.appendingPathComponent("state"))
        return (set, directory)
    }

    /// "Report" in Tasks, moved to a new list Work by a move stopped after it wrote Work.
    static func moveStoppedBetweenWrites(in set: ListSet) throws -> (ToDoItem, ToDoStore, ToDoStore, ListSetError?) {
        let item = try ToDoItem(title: "Report")
        let tasks = try set.store(named: "Tasks")
        try tasks.apply([.insert(item, .toDo, at: nil)])
        let work = try set.add("Work")
        struct Crash: Error {}
        let stopped = #expect(throws: ListSetError.self) {
            try set.move([item.id], from: "Tasks", to: "Work", recordingAs: nil, betweenWrites: { throw Crash() })
        }
        return (item, tasks, work, stopped)
    }

    @Test("Tasks comes first, then the named lists sorted case-insensitively; each is lists/NAME.plist")
    func namesInOrder() throws {
        let (set, _) = try Self.makeSet()
        #expect(try set.names() == ["Tasks"])
        for name in ["work", "Home", "Äpfel", "Zoo"] { try set.add(name) }
        #expect(try set.names() == ["Tasks", "Home", "work", "Zoo", "Äpfel"])
        #expect(try set.store(named: "work").fileURL == set.directory.appendingPathComponent("work.plist"))
        #expect(try set.store(named: "Tasks").fileURL == set.defaultFileURL)
        #expect(try set.store(named: "Home").load().isEmpty)
        #expect(FileManager.default.fileExists(atPath: set.directory.appendingPathComponent("Home.plist").path))
    }

    @Test("a name that is empty, ., .., hidden, holds / or a control character, or is taken in any case is refused")
    func refusedNames() throws {
        let (set, _) = try Self.makeSet()
        try set.add("Work")
        let refused: [(String, String)] = [
            ("", "it is empty"), (".", "it names a folder"), ("..", "it names a folder"), (".hidden", "starts with"),
            ("a/b", "holds \"/\""), ("a\u{0}b", "control character"), ("tab\there", "control character"),
            (String(repeating: "x", count: 300), "longer than"),
        ]
        for (name, reason) in refused {
            #expect(throws: ListSetError.self) { try set.add(name) }
            do { try set.add(name) } catch { #expect(error.description.contains(reason), "\(error)") }
        }
        #expect(throws: ListSetError.taken("work", existing: "Work")) { try set.add("work") }
        #expect(throws: ListSetError.taken("TASKS", existing: "Tasks")) { try set.add("TASKS") }
        #expect(try set.names() == ["Tasks", "Work"])
    }

    @Test("a name in another Unicode form finds the list as spelled in the set, and makes no second file")
    func unicodeForms() throws {
        let (set, _) = try Self.makeSet()
        try set.add("Caf\u{E9}")
        let decomposed = "Cafe\u{301}"
        #expect(try set.store(named: decomposed).fileURL == set.directory.appendingPathComponent("Caf\u{E9}.plist"))
        #expect(throws: ListSetError.self) { try set.add(decomposed) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: set.directory.path).filter { $0.hasSuffix(".plist") }.count == 1)
    }

    @Test("a store held while its list is renamed or removed elsewhere refuses to save instead of making the old list again")
    func goneListNotMadeAgain() throws {
        let (set, _) = try Self.makeSet()
        try set.add("Office")
        let store = try set.store(named: "Office")
        try set.rename("Office", to: "Home")
        #expect { try store.apply([.insert(try ToDoItem(title: "delta"), .toDo, at: nil)]) } throws: { error in
            (error as? StoreError)?.problem.contains("the list is gone") == true
        }
        #expect(try set.names() == ["Tasks", "Home"])
        #expect(!FileManager.default.fileExists(atPath: store.fileURL.path))
        // The default list's file is made by its first save, as ever.
        #expect(try set.store(named: "Tasks").apply([.insert(try ToDoItem(title: "first"), .toDo, at: nil)]).count == 1)
    }

    @Test("an unknown list is an error naming the lists, and is not made")
    func unknownList() throws {
        let (set, _) = try Self.makeSet()
        try set.add("Work")
        #expect(throws: ListSetError.unknown("Wrok", known: ["Tasks", "Work"])) { try set.store(named: "Wrok") }
        #expect(!FileManager.default.fileExists(atPath: set.directory.appendingPathComponent("Wrok.plist").path))
    }

    @Test("rename moves the file, keeps the items, refuses a taken name and the default list; a case-only rename works")
    func rename() throws {
        let (set, _) = try Self.makeSet()
        try set.store(named: "Tasks").apply([])
        try set.add("Work").apply([.insert(try ToDoItem(title: "Report"), .toDo, at: nil)])
        try set.add("Home")
        try set.rename("Work", to: "Job")
        #expect(try set.names() == ["Tasks", "Home", "Job"])
        #expect(try set.store(named: "Job").load().allItems.map(\.title) == ["Report"])
        #expect(throws: ListSetError.taken("home", existing: "Home")) { try set.rename("Job", to: "home") }
        #expect(throws: ListSetError.defaultList(action: "rename")) { try set.rename("Tasks", to: "Main") }
        #expect(throws: ListSetError.unknown("Nope", known: ["Tasks", "Home", "Job"])) { try set.rename("Nope", to: "Yes") }
        try set.rename("Job", to: "JOB")
        #expect(try set.names() == ["Tasks", "Home", "JOB"])
    }

    @Test("remove refuses a list with items unless told, and never the default list")
    func remove() throws {
        let (set, _) = try Self.makeSet()
        try set.add("Work").apply([.insert(try ToDoItem(title: "Report"), .toDo, at: nil)])
        try set.add("Empty")
        #expect(throws: ListSetError.notEmpty("Work", count: 1)) { try set.remove("Work", withItems: false) }
        #expect(try set.remove("Empty", withItems: false) == 0)
        #expect(try set.remove("Work", withItems: true) == 1)
        #expect(throws: ListSetError.defaultList(action: "remove")) { try set.remove("Tasks", withItems: true) }
        #expect(try set.names() == ["Tasks"])
    }

    @Test("move keeps the id and every field, lands at the end of its section, and goes both ways")
    func moveBothWays() throws {
        let (set, _) = try Self.makeSet()
        var item = try ToDoItem(title: "Report", notes: "Q3")
        item.iCalendarExtras = "X-OTHER-APP:kept\r\n"
        try item.setTags(["job"])
        let tasks = try set.store(named: "Tasks")
        try tasks.apply([.insert(try ToDoItem(title: "Milk"), .toDo, at: nil), .insert(item, .toDo, at: nil)])
        let work = try set.add("Work")
        try work.apply([.insert(try ToDoItem(title: "Old"), .toDo, at: nil)])
        let moved = try set.move([item.id], from: "Tasks", to: "Work", recordingAs: nil)
        #expect(moved.items == [item])
        #expect(try tasks.load().allItems.map(\.title) == ["Milk"])
        #expect(try work.load().items(in: .toDo) == [try #require(work.load().items(in: .toDo).first), item])
        _ = try set.move([item.id], from: "Work", to: "Tasks", recordingAs: nil)
        #expect(try tasks.load().items(in: .toDo).map(\.title) == ["Milk", "Report"])
        #expect(try tasks.load().item(withID: item.id) == item)
        #expect(throws: ListSetError.missingItem(item.id, list: "Work")) { try set.move([item.id], from: "Work", to: "Tasks", recordingAs: nil) }
        #expect(throws: ListSetError.sameList("Tasks")) { try set.move([item.id], from: "Tasks", to: "Tasks", recordingAs: nil) }
    }

    @Test("a move stopped between its two writes leaves a duplicate, never a loss; moving again resolves it")
    func interruptedMove() throws {
        let (set, _) = try Self.makeSet()
        let (item, tasks, work, stopped) = try Self.moveStoppedBetweenWrites(in: set)
        #expect(stopped?.description.hasPrefix(work.fileURL.path + ": ") == true, "\(String(describing: stopped))")
        #expect(try tasks.load().allItems == [item])
        #expect(try work.load().allItems == [item])
        let again = try set.move([item.id], from: "Tasks", to: "Work", recordingAs: nil)
        #expect(again.alreadyInTarget == [item.id])
        #expect(try tasks.load().isEmpty)
        #expect(try work.load().allItems == [item])
    }

    @Test("moving again after an interrupted move keeps the source's copy when it was edited since")
    func interruptedMoveThenEdit() throws {
        let (set, _) = try Self.makeSet()
        let (item, tasks, work, _) = try Self.moveStoppedBetweenWrites(in: set)
        try tasks.apply([.set(item.id, .title("Report, edited"))])
        _ = try set.move([item.id], from: "Tasks", to: "Work", recordingAs: nil)
        #expect(try tasks.load().isEmpty)
        #expect(try work.load().allItems.map(\.title) == ["Report, edited"])
    }

    @Test("a subtask moved alone is top level in the target; undoing the move puts it back under its parent")
    func undoMoveOfSubtask() throws {
        let (set, _) = try Self.makeSet()
        let parent = try ToDoItem(title: "Pack")
        var subtask = try ToDoItem(title: "Socks")
        subtask.parent = parent.id
        let tasks = try set.store(named: "Tasks")
        try tasks.apply([.insert(parent, .toDo, at: nil), .insert(subtask, .toDo, at: nil)])
        let work = try set.add("Work")
        _ = try set.move([subtask.id], from: "Tasks", to: "Work", recordingAs: "test")
        #expect(try work.load().allItems.map(\.parent) == [nil])
        guard case .undid = try work.undoLast(in: UndoJournal(list: work.fileURL, directory: set.journalDirectory), anyway: false) else {
            Issue.record("not undone")
            return
        }
        #expect(try tasks.load().allItems.map(\.parent) == [nil, parent.id])
    }

    @Test("a done parent moved with its open subtask (in To Do, above it) and that one's done subtask keeps them under it, and undo puts all back")
    func moveOfDoneParentWithOpenSubtask() throws {
        let (set, _) = try Self.makeSet()
        let before = try ToDoItem(title: "Before"), after = try ToDoItem(title: "After"), old = try ToDoItem(title: "Old")
        let trip = try ToDoItem(title: "Trip")
        var pack = try ToDoItem(title: "Pack bag"), label = try ToDoItem(title: "Label it")
        pack.parent = trip.id
        label.parent = pack.id
        let tasks = try set.store(named: "Tasks")
        try tasks.apply([.insert(before, .toDo, at: nil), .insert(old, .done, at: nil), .insert(trip, .done, at: nil),
                         .insert(pack, .toDo, at: nil), .insert(after, .toDo, at: nil), .insert(label, .done, at: nil)])
        let original = try tasks.load()
        let work = try set.add("Work")
        _ = try set.move([trip.id, pack.id, label.id], from: "Tasks", to: "Work", recordingAs: "test")
        let moved = try work.load()
        #expect(moved.toDoItems.map(\.title) == ["Pack bag"] && moved.doneItems.map(\.title) == ["Trip", "Label it"])
        #expect(moved.item(withID: pack.id)?.parent == trip.id)
        #expect(moved.item(withID: label.id)?.parent == pack.id)
        guard case .undid = try work.undoLast(in: UndoJournal(list: work.fileURL, directory: set.journalDirectory), anyway: false) else {
            Issue.record("not undone")
            return
        }
        #expect(try tasks.load() == original)
        #expect(try work.load().isEmpty)
    }

    @Test("undo of a recorded move, from either list, puts both lists back; a later change elsewhere stops it")
    func undoMove() throws {
        let (set, _) = try Self.makeSet()
        let items = try ["a", "b", "c"].map { try ToDoItem(title: $0) }
        let tasks = try set.store(named: "Tasks")
        try tasks.apply(items.map { .insert($0, .toDo, at: nil) })
        let work = try set.add("Work")
        let journal = { (store: ToDoStore) in UndoJournal(list: store.fileURL, directory: set.journalDirectory) }
        _ = try set.move([items[2].id, items[0].id], from: "Tasks", to: "Work", recordingAs: "test")
        #expect(try work.load().allItems.map(\.title) == ["a", "c"])
        guard case .undid(let entry) = try work.undoLast(in: journal(work), anyway: false) else { Issue.record("not undone"); return }
        #expect(entry.name == "move of \"a\" (and 1 more) from Tasks")
        #expect(try tasks.load().allItems == items)
        #expect(try work.load().isEmpty)
        #expect(try journal(tasks).entries().isEmpty)
        #expect(try journal(work).entries().isEmpty)

        _ = try set.move([items[1].id], from: "Tasks", to: "Work", recordingAs: "test")
        try work.apply([.set(items[1].id, .title("B"))])
        guard case .changedElsewhere = try tasks.undoLast(in: journal(tasks), anyway: false) else { Issue.record("undone over a change"); return }
        guard case .undid = try tasks.undoLast(in: journal(tasks), anyway: true) else { Issue.record("not undone"); return }
        #expect(try tasks.load().allItems.map(\.title) == ["a", "B", "c"])
        #expect(try work.load().isEmpty)
    }
}
