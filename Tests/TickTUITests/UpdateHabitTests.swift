import Foundation
import Testing
import TickCore
@testable import TickTUI

/// Keys that vim and shell users press out of habit, and clearing Done.
@Suite("Habits: dd, Ctrl-D/U/F/B, g and G in help, Ctrl-Z, clear Done, notes lines")
struct UpdateHabitTests {
    private func list(_ count: Int) throws -> ToDoList {
        try Fixtures.list(toDo: (1...count).map { "item \($0)" })
    }

    @Test("dd deletes one item; a lone d waits; any other key cancels it; Del deletes at once")
    func ddDeletesOne() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c", "d"]))
        state.press(.character("d"))
        #expect(state.toDoTitles == ["a", "b", "c", "d"])
        state.press(.character("d"))
        #expect(state.toDoTitles == ["b", "c", "d"])
        // d, then j: the d is forgotten, and the next d waits again.
        state.press(.character("d"), .character("j"), .character("d"))
        #expect(state.toDoTitles == ["b", "c", "d"])
        #expect(state.selectedItem?.title == "c")
        // A key that means nothing in the list cancels it too.
        state.press(.character("z"), .character("d"), .character("z"), .character("d"))
        #expect(state.toDoTitles == ["b", "c", "d"])
        state.press(.escape, .character("d"), .character("d"))
        #expect(state.toDoTitles == ["b", "d"])
        state.press(.delete)
        #expect(state.toDoTitles == ["b"])
        state.press(.character("u"), .character("u"))
        #expect(state.toDoTitles == ["b", "c", "d"])
    }

    @Test("dd over an item replaced in between (removed elsewhere) does not delete the next one")
    func ddNeedsTheSameItem() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character("d"))
        var disk = state.list
        try disk.remove(Fixtures.id(1))
        _ = update(&state, .externalChange(disk))
        state.press(.character("d"))
        #expect(state.toDoTitles == ["b"])
    }

    @Test("Ctrl-D and Ctrl-U move half a page, Ctrl-F and Ctrl-B a page")
    func pages() throws {
        // 24 rows: the list is 24 - header - status - footer - detail; a page is its height - 2.
        var state = Fixtures.state(try list(100))
        let height = Layout(state: state, size: state.size).list.height
        let page = height - 2
        state.press(.control("f"))
        #expect(state.selection?.index == page)
        state.press(.control("d"))
        #expect(state.selection?.index == page + page / 2)
        state.press(.control("u"))
        #expect(state.selection?.index == page)
        state.press(.control("b"))
        #expect(state.selection?.index == 0)
    }

    @Test("g and G in the help screen jump to its top and bottom instead of closing it")
    func helpJumps() throws {
        var state = Fixtures.state(try list(3))
        state.press(.character("?"), .character("G"))
        let bottom = Screen.helpLines().count - (state.size.rows - 2)
        #expect(state.mode == .help(scroll: bottom))
        state.press(.character("g"))
        #expect(state.mode == .help(scroll: 0))
        state.press(.end)
        #expect(state.mode == .help(scroll: bottom))
        state.press(.home)
        #expect(state.mode == .help(scroll: 0))
    }

    @Test("Ctrl-Z asks the run loop to suspend, in the list and in an editor, changing nothing")
    func ctrlZSuspends() throws {
        var state = Fixtures.state(try list(2))
        #expect(state.press(.control("z")) == [.suspend])
        state.press(.character("e"))
        #expect(state.press(.control("z")) == [.suspend])
        #expect(state.mode == .editing(.title(Fixtures.id(1))))
        #expect(state.pendingOperations.isEmpty)
    }

    @Test("D asks before clearing Done; y clears it as one change that u undoes; n keeps it")
    func clearDone() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"], done: ["b", "c", "d"]))
        state.press(.character("D"))
        #expect(state.mode == .confirmingClearDone)
        #expect(state.status?.text.hasPrefix("delete the 3 done items?") == true)
        #expect(render(state, size: state.size).trimmedLines[23] == " y clear Done  n keep them")
        state.press(.character("x"))
        #expect(state.mode == .browsing)
        #expect(state.doneTitles == ["b", "c", "d"])
        state.press(.character("D"), .character("n"))
        #expect(state.doneTitles == ["b", "c", "d"])
        state.press(.character("D"), .character("y"))
        #expect(state.doneTitles.isEmpty)
        #expect(state.toDoTitles == ["a"])
        #expect(state.pendingOperations == [.remove(Fixtures.id(2)), .remove(Fixtures.id(3)), .remove(Fixtures.id(4))])
        state.press(.character("u"))
        #expect(state.doneTitles == ["b", "c", "d"])
        state.press(.control("r"))
        #expect(state.doneTitles.isEmpty)
        // Nothing to clear: D does nothing and is not offered.
        #expect(KeyMap.action(for: .character("D"), in: state) == nil)
    }

    @Test("clearing Done is saved: the done items are gone from the file")
    func clearDoneSaved() throws {
        let store = try RecordingStore()
        var list = try Fixtures.list(toDo: ["a"], done: ["b", "c"])
        _ = try store.store.commit([.insert(list.toDoItems[0], .toDo, at: nil), .insert(list.doneItems[0], .done, at: nil),
                                    .insert(list.doneItems[1], .done, at: nil)], appliedTo: list, readAt: nil,
                                   at: Date(), zone: .current)
        list = try store.load()
        let terminal = TestTerminal(steps: [.key(.character("D")), .key(.character("y")), .idle])
        let state = AppState(list: list, fileName: store.fileName, now: Date(), colors: false, unicode: true)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        _ = loop.run()
        let disk = try store.titlesOnDisk()
        #expect(disk.toDo == ["a"])
        #expect(disk.done.isEmpty)
    }

    @Test("Ctrl-J and Alt-Enter start a new line in the notes; Enter keeps them; titles take no line breaks")
    func notesLines() throws {
        var state = Fixtures.state(try list(1))
        state.press(.character("n"))
        state.type("first")
        state.press(.control("j"))
        state.type("second")
        state.press(.alt("\n"))
        state.type("third")
        state.press(.enter)
        #expect(state.list.toDoItems[0].notes == "first\nsecond\nthird")
        state.press(.character("e"), .control("j"), .alt("\n"), .enter)
        #expect(state.list.toDoItems[0].title == "item 1")
    }

    @Test("Alt-Backspace deletes the word before the cursor, as Ctrl-W and readline do, and keeps the edit open; in the list it does nothing")
    func altBackspace() throws {
        var state = Fixtures.state(try list(2))
        state.press(.character("a"))
        state.type("A long new title")
        state.press(.altBackspace)
        state.type("name")
        state.press(.enter)
        #expect(state.list.toDoItems.map(\.title).contains("A long new name"))
        let before = state.list
        state.press(.altBackspace)
        #expect(state.list == before)
    }

    @Test("a run loop suspends the terminal on Ctrl-Z and draws again after")
    func runLoopSuspends() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: [.key(.control("z")), .idle])
        let state = AppState(list: try list(1), fileName: store.fileName, now: Date(), colors: false, unicode: true)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        _ = loop.run()
        #expect(terminal.suspensions == 1)
        #expect(terminal.frames.count >= 2)
    }

    @Test("Ctrl-L asks the terminal to paint the whole next frame, in the list and in an editor")
    func runLoopRepaints() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: [.key(.control("l")), .idle, .key(.character("e")), .key(.control("l")), .idle])
        let state = AppState(list: try list(1), fileName: store.fileName, now: Date(), colors: false, unicode: true)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        _ = loop.run()
        #expect(terminal.repaints == 2)
        #expect(loop.state.editor?.text == "item 1")
    }

    @Test("q then y after a failed save exits non-zero; a clean quit exits 0")
    func exitStatusAfterLostChanges() throws {
        let store = try RecordingStore()
        store.failuresToCome = 100
        let steps: [TestTerminal.Step] = [.key(.character("a"))] + TestTerminal.typing("Milk")
            + [.key(.enter), .idle, .key(.character("q")), .idle, .key(.character("y")), .idle]
        let terminal = TestTerminal(steps: steps)
        let state = AppState(list: ToDoList(), fileName: store.fileName, now: Date(), colors: false, unicode: true)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        let outcome = loop.run()
        #expect(outcome == .quit)
        #expect(FullScreenApp.exitStatus(for: outcome, unsavedChanges: loop.state.hasUnsavedChanges) == 1)
        #expect(FullScreenApp.exitStatus(for: EventLoop<RecordingStore>.Outcome.quit, unsavedChanges: false) == 0)
        #expect(FullScreenApp.exitStatus(for: EventLoop<RecordingStore>.Outcome.signal(SIGTERM), unsavedChanges: true) == 128 + SIGTERM)
    }
}

extension UpdateHabitTests {
    @Test("a save that fails again while the quit question is up leaves the question on the status line")
    func questionStays() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character(" "))
        _ = update(&state, .saveFailed("no space left on device"))
        state.press(.character("q"))
        _ = update(&state, .askBeforeQuit)
        _ = update(&state, .saveFailed("no space left on device"))
        #expect(state.mode == .confirmingQuit)
        #expect(state.status?.text.hasPrefix("quit and lose 1 change? y quits") == true)
    }
}
