import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Run loop: several lists — saved before switching, the store, watcher and sync follow the open list")
struct RunLoopListsTests {
    private let now = Date(timeIntervalSince1970: 1_800_000_000)

    private func makeLoop(_ terminal: TestTerminal, _ lists: RecordingLists, sync: ScriptedSyncRunner? = nil) throws -> EventLoop<RecordingStore> {
        let store = try lists.store(ListSet.defaultName)
        var state = AppState(list: try store.load(), fileName: store.fileName, now: now, calendar: .utc, colors: false, unicode: true)
        if sync != nil { state.liveSync = LiveSync(interval: 60, logPath: "/log", now: now) }
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        loop.clock = { [now] in now }
        loop.lists = lists
        loop.syncRunner = sync
        // The rule of the app: only the default list syncs.
        loop.syncForList = { name in
            guard name == ListSet.defaultName, let sync else { return nil }
            return LiveSyncSetup(runner: sync, interval: 60, logPath: "/log")
        }
        return loop
    }

    private func add(_ title: String) -> [TestTerminal.Step] {
        [.key(.character("a"))] + TestTerminal.typing(title) + [.key(.enter)]
    }

    private func titles(_ store: RecordingStore) throws -> [String] { try store.titlesOnDisk().toDo }

    @Test("] saves what was typed in Tasks first, then opens Work: its changes go to Work's file, and a change made to it elsewhere shows")
    func switchFollows() throws {
        let lists = try RecordingLists(["Work"])
        let work = try lists.store("Work")
        try work.changeElsewhere([.insert(try ToDoItem(title: "Report"), .toDo, at: nil)])
        let budget = try ToDoItem(title: "Budget")
        let terminal = TestTerminal(steps: add("Milk") + [.key(.character("]"))] + add("Slides") + [.idle,
            .perform { try? work.changeElsewhere([.insert(budget, .toDo, at: nil)]) }, .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(try titles(lists.store(ListSet.defaultName)) == ["Milk"])
        #expect(Set(try titles(work)) == ["Report", "Slides", "Budget"])
        #expect(loop.state.listName == "Work")
        #expect(Set(loop.state.list.toDoItems.map(\.title)) == ["Report", "Slides", "Budget"])
        #expect(terminal.lastFrame?.lines.first?.contains("Work · 3 to do · 0 done") == true)
    }

    @Test("renaming the open list in the picker keeps it open under its new name: the next change goes to the renamed file")
    func renameOpen() throws {
        let lists = try RecordingLists(["Work"])
        let terminal = TestTerminal(steps: [.key(.character("]")), .idle, .key(.character("L")), .key(.character("r")), .key(.control("u"))]
            + TestTerminal.typing("Job") + [.key(.enter), .idle, .key(.escape)] + add("Slides") + [.idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(try lists.names() == ["Tasks", "Job"])
        #expect(loop.state.listName == "Job")
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("renamed Work to Job") } })
        #expect(try titles(lists.store("Job")) == ["Slides"])
    }

    @Test("the open list renamed elsewhere opens under its new name and takes the next change; removed elsewhere, Tasks opens, and the status line says so")
    func openListGoneElsewhere() throws {
        let lists = try RecordingLists(["Work"])
        let terminal = TestTerminal(steps: [.key(.character("]")), .idle] + add("Slides") + [.idle,
            .perform { try? lists.set.rename("Work", to: "Job") }, .idle] + add("Notes") + [.idle,
            .perform { _ = try? lists.set.remove("Job", withItems: true) }, .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("the list Work was renamed Job elsewhere: Job is open") } })
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("Job · 2 to do · 0 done") } })
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("the list Job was removed elsewhere: Tasks is open") } })
        #expect(loop.state.listName == ListSet.defaultName)
        #expect(try lists.names() == ["Tasks"])
    }

    @Test("renamed elsewhere and saved since (a sync that merged after the rename), the open list is still followed, an edit in progress kept")
    func renamedAndSavedWhileEditing() throws {
        let lists = try RecordingLists(["Work"])
        let budget = try ToDoItem(title: "Budget")
        let terminal = TestTerminal(steps: [.key(.character("]")), .idle] + add("Slides") + [.idle, .key(.character("e"))]
            + TestTerminal.typing(" v2") + [.perform {
                try? lists.set.rename("Work", to: "Job")
                try? lists.set.store(named: "Job").apply([.insert(budget, .toDo, at: nil)])
            }, .idle, .key(.enter), .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("the list Work was renamed Job elsewhere: Job is open") } })
        #expect(loop.state.listName == "Job")
        #expect(Set(try titles(lists.store("Job"))) == ["Slides v2", "Budget"])
    }

    @Test("the open list removed elsewhere while an editor or the filter is open: the keys typed next do nothing in Tasks until Enter or Esc")
    func removedWhileTyping() throws {
        for opening in [[TestTerminal.Step.key(.character("e"))], [.key(.character("/")), .key(.character("j"))]] {
            let lists = try RecordingLists(["Work"])
            let tasks = try lists.store(ListSet.defaultName)
            try tasks.changeElsewhere([.insert(try ToDoItem(title: "Q"), .toDo, at: nil), .insert(try ToDoItem(title: "P"), .toDo, at: nil)])
            // " xdd" ticks, toggles, deletes in the list; typed after the removal it must do nothing.
            let terminal = TestTerminal(steps: [.key(.character("]")), .idle] + add("Job item") + [.idle] + opening + [
                .perform { _ = try? lists.set.remove("Work", withItems: true) }, .idle]
                + TestTerminal.typing(" xdd") + [.idle, .key(.enter), .idle, .key(.character("j")), .idle])
            var loop = try makeLoop(terminal, lists)
            _ = loop.run()
            #expect(terminal.frames.contains { $0.lines.contains {
                $0.contains("the list Work was removed elsewhere: Tasks is open; your typing went with it")
            } })
            #expect(loop.state.listName == ListSet.defaultName)
            #expect(try titles(tasks) == ["Q", "P"])
            #expect(try tasks.titlesOnDisk().done.isEmpty)
            // Enter went on: the list's keys work again.
            #expect(loop.state.mode == .browsing)
            #expect(loop.state.selection?.index == 1)
        }
    }

    @Test("the open list removed while the lists are open, or after the edited item went too: the keys that follow do nothing in Tasks")
    func removedWhilePickingOrAfterItemRemoved() throws {
        let steps: [[TestTerminal.Step]] = [[.key(.character("L"))], [.key(.character("e")), .perform {}]]
        for (index, opening) in steps.enumerated() {
            let lists = try RecordingLists(["Work"])
            let tasks = try lists.store(ListSet.defaultName)
            try tasks.changeElsewhere([.insert(try ToDoItem(title: "Q"), .toDo, at: nil), .insert(try ToDoItem(title: "P"), .toDo, at: nil)])
            let work = try lists.store("Work")
            let terminal = TestTerminal(steps: [.key(.character("]")), .idle] + add("Job item") + [.idle] + opening + [
                .perform {
                    if index == 1, let id = try? work.load().toDoItems.first?.id { try? work.changeElsewhere([.remove(id)]) }
                }, .idle,
                .perform { _ = try? lists.set.remove("Work", withItems: true) }, .idle]
                + [.key(.character("j")), .key(.character("d")), .key(.character("d")), .key(.character(" ")), .idle, .key(.escape), .idle])
            var loop = try makeLoop(terminal, lists)
            _ = loop.run()
            #expect(loop.state.listName == ListSet.defaultName)
            #expect(try titles(tasks) == ["Q", "P"], "\(index)")
            #expect(try tasks.titlesOnDisk().done.isEmpty, "\(index)")
            #expect(loop.state.mode == .browsing)
        }
    }

    @Test("a subtask row whose parent is removed elsewhere while it is typed adds the item at the top level and says so")
    func subtaskParentGone() throws {
        let lists = try RecordingLists([])
        let tasks = try lists.store(ListSet.defaultName)
        let parent = try ToDoItem(title: "Parent")
        try tasks.changeElsewhere([.insert(parent, .toDo, at: nil)])
        let terminal = TestTerminal(steps: [.idle, .key(.character("A"))] + TestTerminal.typing("Child") + [
            .perform { try? tasks.changeElsewhere([.remove(parent.id)]) }, .idle, .key(.enter), .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(try titles(tasks) == ["Child"])
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("its parent is no longer in this list") } })
    }

    @Test("the item being edited moved to another list elsewhere: the app says where, Enter opens that list and keeps the edit there, and no copy stays behind")
    func editedItemMovedElsewhere() throws {
        let lists = try RecordingLists(["Work"])
        let tasks = try lists.store(ListSet.defaultName)
        let report = try ToDoItem(title: "Report")
        try tasks.changeElsewhere([.insert(report, .toDo, at: nil)])
        let terminal = TestTerminal(steps: [.idle, .key(.character("e"))] + TestTerminal.typing(" v2") + [
            .perform { _ = try? lists.set.move([report.id], from: "Tasks", to: "Work", recordingAs: nil) }, .idle]
            + TestTerminal.typing("x") + [.idle, .key(.enter), .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("the item being edited was moved to Work elsewhere: Enter keeps") } })
        #expect(loop.state.listName == "Work")
        #expect(try titles(tasks).isEmpty)
        #expect(try titles(lists.store("Work")) == ["Report v2"])
        #expect(try lists.store("Work").load().toDoItems.map(\.id) == [report.id])
    }

    @Test("the open list removed elsewhere while another list was made is not taken for renamed into it")
    func removedWhileAnotherWasMade() throws {
        let lists = try RecordingLists(["Work"])
        let terminal = TestTerminal(steps: [.key(.character("]")), .idle] + add("Slides") + [.idle, .perform {
            try? lists.set.add("Home")
            _ = try? lists.set.remove("Work", withItems: true)
        }, .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("the list Work was removed elsewhere: Tasks is open") } })
        #expect(loop.state.listName == ListSet.defaultName)
        #expect(try titles(lists.store("Home")).isEmpty)
    }

    @Test("a list opened again keeps the background sync it had: Tasks' sync, still running when Work opened, is collected back in Tasks")
    func syncKeptPerList() throws {
        let lists = try RecordingLists(["Work"])
        let runner = ScriptedSyncRunner()
        var made: [String] = []
        let terminal = TestTerminal(steps: [.idle, .key(.character("]")), .idle, .key(.character("[")), .idle,
            .perform { runner.ending = .synced(SyncCounts(added: 1)) }, .idle, .key(.character("]")), .idle, .key(.character("[")), .idle])
        var loop = try makeLoop(terminal, lists, sync: runner)
        let rule = loop.syncForList
        loop.syncForList = { name in
            made.append(name)
            return rule(name)
        }
        _ = loop.run()
        #expect(made == ["Work", "Tasks"])
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("synced") && $0.contains("+1") } })
    }

    @Test("a list a background sync made (a new collection on the server) is reached with ] at once, without opening the lists first")
    func syncMadeListReachable() throws {
        let lists = try RecordingLists([])
        let runner = ScriptedSyncRunner()
        let terminal = TestTerminal(steps: [.key(.character("S")), .idle,
            .perform { try? lists.makeList("Zeta"); runner.ending = .synced(SyncCounts(added: 1)) }, .idle,
            .key(.character("]")), .idle])
        var loop = try makeLoop(terminal, lists, sync: runner)
        _ = loop.run()
        #expect(loop.state.listName == "Zeta")
    }

    @Test("a list made in the picker says what Enter does there: opens it from L, moves the item there from m")
    func madeListSaysEnter() throws {
        let lists = try RecordingLists([])
        let steps: [TestTerminal.Step] = [.key(.character("L")), .key(.character("a"))] + TestTerminal.typing("Zed") + [.key(.enter), .idle,
            .key(.escape), .key(.character("m")), .key(.character("a"))] + TestTerminal.typing("Yon") + [.key(.enter), .idle]
        let terminal = TestTerminal(steps: add("Milk") + steps)
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        func shown(_ text: String) -> Bool { terminal.frames.contains { $0.lines.contains { $0.contains(text) } } }
        #expect(shown("made the list Zed: Enter opens it"))
        #expect(shown("made the list Yon: Enter moves it there"))
    }

    @Test("d in the picker removes an empty list at y; one with items at a second y, with its items; n keeps it")
    func remove() throws {
        let lists = try RecordingLists(["Empty", "Work"])
        try lists.store("Work").changeElsewhere([.insert(try ToDoItem(title: "Report"), .toDo, at: nil)])
        let terminal = TestTerminal(steps: [.key(.character("L")), .key(.character("j")), .key(.character("d")), .key(.character("y")), .idle,
            .key(.character("j")), .key(.character("d")), .key(.character("y")), .idle, .key(.character("n")), .idle,
            .key(.character("d")), .key(.character("y")), .key(.character("y")), .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        func shown(_ text: String) -> Bool { terminal.frames.contains { $0.lines.contains { $0.contains(text) } } }
        #expect(shown("removed the list Empty"))
        #expect(shown("Work holds 1 item: y removes the list and its 1 item"))
        #expect(shown("removed the list Work and its 1 item"))
        #expect(try lists.names() == ["Tasks"])
        #expect(loop.state.picker?.lists.map(\.name) == ["Tasks"])
    }

    @Test("a list removed in the picker that syncs with a collection: the status says the collection stays and the next sync makes the list again")
    func removeSynced() throws {
        let lists = try RecordingLists(["Books"])
        let terminal = TestTerminal(steps: [.key(.character("L")), .key(.character("j")), .key(.character("d")), .key(.character("y")), .idle])
        var loop = try makeLoop(terminal, lists)
        loop.collectionOfList = { $0 == "Books" ? "/vdir/Books" : nil }
        _ = loop.run()
        #expect(try lists.names() == ["Tasks"])
        let said = loop.state.status?.text ?? ""
        #expect(said.hasPrefix("removed the list Books · its collection stays (/vdir/Books and the server's copy)"), "\(said)")
    }

    @Test("when the open list cannot be saved, ] leaves it open and says why; nothing typed is lost")
    func failedSaveStays() throws {
        let lists = try RecordingLists(["Work"])
        let tasks = try lists.store(ListSet.defaultName)
        tasks.failuresToCome = 2
        let terminal = TestTerminal(steps: add("Milk") + [.idle, .key(.character("]")), .idle])
        var loop = try makeLoop(terminal, lists)
        _ = loop.run()
        #expect(terminal.frames.contains { $0.lines.contains { $0.contains("not done: Tasks's changes could not be saved first: no space left on device") } })
        #expect(loop.state.listName == ListSet.defaultName)
        // (Saved by the next try.)
        #expect(try titles(tasks) == ["Milk"])
    }

    @Test("the background sync follows the open list: Work does not sync (S is not there), back in Tasks it syncs again at once")
    func syncFollows() throws {
        let lists = try RecordingLists(["Work"])
        let runner = ScriptedSyncRunner()
        var startsInWork = -1
        let terminal = TestTerminal(steps: [.idle, .perform { runner.ending = .synced(SyncCounts()) }, .idle,
            .key(.character("]")), .idle, .idle, .key(.character("S")), .perform { startsInWork = runner.starts },
            .key(.character("[")), .idle])
        var loop = try makeLoop(terminal, lists, sync: runner)
        _ = loop.run()
        let workFrames = terminal.frames.filter { $0.lines.first?.contains("Work · 0 to do") == true }
        #expect(!workFrames.isEmpty)
        #expect(startsInWork == 1)
        #expect(loop.state.listName == ListSet.defaultName)
        #expect(loop.state.liveSync?.running == true)
        #expect(runner.starts == 2)
    }
}
