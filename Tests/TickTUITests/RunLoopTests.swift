import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Run loop")
struct RunLoopTests {
    private func makeLoop(_ terminal: TestTerminal, _ store: RecordingStore, list: ToDoList = ToDoList()) -> EventLoop<RecordingStore> {
        let state = AppState(list: list, fileName: store.fileName, now: Date(), colors: false, unicode: true)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        return loop
    }

    private func add(_ title: String) -> [TestTerminal.Step] {
        [.key(.character("a"))] + TestTerminal.typing(title) + [.key(.enter)]
    }

    private func item(_ title: String) throws -> ToDoItem {
        try ToDoItem(title: title)
    }

    @Test("keys that are already queued are saved to disk once, with every change")
    func batchSavedOnce() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + add("Eggs") + [.idle])
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(store.applyCalls.count == 1)
        let disk = try store.titlesOnDisk()
        #expect(Set(disk.toDo) == ["Milk", "Eggs"])
        #expect(loop.state.pendingOperations.isEmpty)
    }

    @Test("a save merges its operations at the app's clock (state.now), not at a clock of its own")
    func saveUsesStateNow() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + [.idle])
        let then = Date(timeIntervalSince1970: 1_700_000_000)
        var loop = EventLoop(terminal: terminal, store: store, state: AppState(list: ToDoList(), fileName: store.fileName, now: then),
                             fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        loop.clock = { then }
        _ = loop.run()
        #expect(store.commitMoments == [then])
    }

    // (A save that waited would wait for this test's own lock for ever: the time limit ends it.)
    @Test("while another tick holds the list's lock (a sync writing it), a save does not wait: it is put off to the idle tick after the lock is let go",
          .timeLimit(.minutes(1)))
    func saveWaitsForNoSync() throws {
        let store = try RecordingStore()
        var held: Int32 = -1
        var duringHold: (disk: [String], pending: Int, error: String?)?
        let terminal = TestTerminal(steps: [.perform {
            held = open(store.store.lockFileURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
            _ = flock(held, LOCK_EX)
        }] + add("Milk") + [.idle, .idle] + [.perform {
            duringHold = ((try? store.titlesOnDisk().toDo) ?? ["?"], store.applyCalls.count, nil)
            close(held)
        }, .idle])
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(duringHold?.disk == [])
        #expect((duringHold?.pending ?? 0) >= 2, "the save was tried and put off")
        #expect(try store.titlesOnDisk().toDo == ["Milk"])
        #expect(loop.state.pendingOperations.isEmpty)
        #expect(loop.state.saveError == nil)
    }

    @Test("each batch is on disk before the loop waits for the next key")
    func savedBeforeWaiting() throws {
        let store = try RecordingStore()
        var seenBetweenBatches: [String]?
        let terminal = TestTerminal(steps: add("Milk") + [.perform { seenBetweenBatches = try? store.titlesOnDisk().toDo }] + add("Eggs"))
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(seenBetweenBatches == ["Milk"])
        #expect(store.applyCalls.count == 2)
    }

    @Test("the frame showing a change is on screen before its save starts")
    func frameBeforeSave() throws {
        let store = try RecordingStore()
        _ = try store.changeElsewhere([.insert(try item("Milk"), .toDo, at: nil)])
        let terminal = TestTerminal(steps: [.key(.character(" ")), .idle])
        var headerDuringSave: String?
        store.onCommit = { headerDuringSave = terminal.lastFrame?.lines.first }
        var loop = makeLoop(terminal, store, list: try store.load())
        _ = loop.run()
        #expect(store.applyCalls.count == 1)
        let header = try #require(headerDuringSave)
        #expect(header.contains("0 to do · 1 done"))
        #expect(try store.titlesOnDisk().done == ["Milk"])
    }

    @Test("keys that arrive during a save are shown, then saved together in one next save")
    func keysDuringSaveCoalesce() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + [.idle, .idle])
        var typedMeanwhile = false
        store.onCommit = {
            guard !typedMeanwhile else { return }
            typedMeanwhile = true
            terminal.queue(self.add("Eggs") + self.add("Bread"))
        }
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(store.applyCalls.map(\.count) == [1, 2])
        #expect(Set(try store.titlesOnDisk().toDo) == ["Milk", "Eggs", "Bread"])
        #expect(loop.state.pendingOperations.isEmpty)
    }

    @Test("a change typed in the same batch as q is written before the loop ends, after its frame")
    func savedOnQuit() throws {
        let store = try RecordingStore()
        _ = try store.changeElsewhere([.insert(try item("Milk"), .toDo, at: nil)])
        let terminal = TestTerminal(steps: [.key(.character(" ")), .key(.character("q"))])
        var framesAtSave: Int?
        store.onCommit = { framesAtSave = terminal.frames.count }
        var loop = makeLoop(terminal, store, list: try store.load())
        loop.pendingSignal = { nil }
        #expect(loop.run() == .quit)
        #expect(try store.titlesOnDisk().done == ["Milk"])
        #expect(store.applyCalls.count == 1)
        #expect(framesAtSave == terminal.frames.count)
        #expect(terminal.lastFrame?.lines.first?.contains("0 to do · 1 done") == true)
    }

    @Test("ticking an item writes it under Done")
    func tickSaved() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + [.idle, .key(.character(" "))])
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        let disk = try store.titlesOnDisk()
        #expect(disk.toDo.isEmpty)
        #expect(disk.done == ["Milk"])
    }

    @Test("a change made by another process shows without a key press")
    func externalChangeShown() throws {
        let store = try RecordingStore()
        let existing = try item("Existing")
        _ = try store.changeElsewhere([.insert(existing, .toDo, at: nil)])
        let fromScript = try item("From a script")
        let terminal = TestTerminal(steps: [
            .idle,
            .perform { try? store.changeElsewhere([.insert(fromScript, .toDo, at: nil), .check(fromScript.id)]) },
            .idle,
        ])
        var loop = makeLoop(terminal, store, list: try store.load())
        _ = loop.run()
        #expect(loop.state.list.doneItems.map { $0.title } == ["From a script"])
        let frame = try #require(terminal.lastFrame)
        #expect(frame.lines.contains { $0.contains("From a script") })
        #expect(store.applyCalls.isEmpty)
    }

    @Test("a file another process left unreadable is reported at once and not written over")
    func externalChangeUnreadable() throws {
        let store = try RecordingStore()
        _ = try store.changeElsewhere([.insert(try item("Existing"), .toDo, at: nil)])
        let garbage = Data("half a file".utf8)
        let terminal = TestTerminal(steps: [
            .idle,
            .perform { try? garbage.write(to: store.fileURL) },
            .idle,
        ] + add("Mine") + [.idle])
        var loop = makeLoop(terminal, store, list: try store.load())
        _ = loop.run()
        #expect(terminal.frames.contains { frame in frame.lines.contains { $0.contains("changed elsewhere and cannot be read") } })
        #expect(try Data(contentsOf: store.fileURL) == garbage)
        #expect(loop.state.pendingOperations.count == 1)
    }

    @Test("tick's own next change keeps what another process wrote")
    func ownChangeKeepsExternal() throws {
        let store = try RecordingStore()
        let existing = try item("Existing")
        _ = try store.changeElsewhere([.insert(existing, .toDo, at: nil)])
        let fromScript = try item("From a script")
        // The other process writes just before the key arrives: tick has not noticed yet.
        let terminal = TestTerminal(steps: [
            .meanwhile { try? store.changeElsewhere([.insert(fromScript, .toDo, at: nil)]) },
            .key(.character(" ")),
        ])
        var loop = makeLoop(terminal, store, list: try store.load())
        _ = loop.run()
        let disk = try store.titlesOnDisk()
        #expect(disk.toDo == ["From a script"])
        #expect(disk.done == ["Existing"])
        #expect(loop.state.list.toDoItems.map { $0.title } == ["From a script"])
    }

    @Test("a failed save keeps the change, shows the error, and is retried with the next change")
    func failedSaveRetried() throws {
        let store = try RecordingStore()
        store.failuresToCome = 1
        var diskAfterFailure: [String]?
        let terminal = TestTerminal(steps: add("Milk") + [.perform { diskAfterFailure = (try? store.titlesOnDisk().toDo) ?? [] }] + add("Eggs"))
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(diskAfterFailure == [])
        #expect(store.applyCalls.count == 2)
        #expect(store.applyCalls.last?.count == 2)
        let disk = try store.titlesOnDisk()
        #expect(Set(disk.toDo) == ["Milk", "Eggs"])
        #expect(terminal.frames.contains { frame in frame.lines.contains { $0.contains("no space left on device") } })
    }

    @Test("q typed in the same batch as a change whose save fails asks before quitting")
    func quitAfterFailedSaveAsks() throws {
        let store = try RecordingStore()
        store.failuresToCome = 2
        let terminal = TestTerminal(steps: add("Milk") + [.key(.character("q")), .idle, .key(.character("y")), .idle])
        var loop = makeLoop(terminal, store)
        #expect(loop.run() == .quit)
        #expect(terminal.frames.contains { frame in frame.lines.contains { $0.contains("quit and lose 1 change") } })
        #expect(store.applyCalls.count == 2)
    }

    @Test("q after a failed save tries the save again: the cause fixed since, the change is saved and the app quits without asking")
    func quitRetriesFailedSave() throws {
        let store = try RecordingStore()
        store.failuresToCome = 1
        let terminal = TestTerminal(steps: add("Milk") + [.idle, .key(.character("q")), .idle])
        var loop = makeLoop(terminal, store)
        #expect(loop.run() == .quit)
        #expect(terminal.frames.contains { frame in frame.lines.contains { $0.contains("not saved") } })
        #expect(!terminal.frames.contains { frame in frame.lines.contains { $0.contains("quit and lose") } })
        #expect(try store.titlesOnDisk().toDo == ["Milk"])
        #expect(!loop.state.hasUnsavedChanges)
    }

    @Test("q ends the loop")
    func quitKey() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + [.key(.character("q")), .idle])
        var loop = makeLoop(terminal, store)
        #expect(loop.run() == .quit)
        #expect(try store.titlesOnDisk().toDo == ["Milk"])
    }

    @Test("a quit signal in the middle of a batch saves what was typed before it")
    func signalSavesFirst() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: add("Milk") + add("Eggs"))
        var loop = makeLoop(terminal, store)
        var keysLeftBeforeSignal = 7 // "a", "M", "i", "l", "k", Enter, "a"
        loop.pendingSignal = {
            keysLeftBeforeSignal -= 1
            return keysLeftBeforeSignal < 0 ? SIGHUP : nil
        }
        #expect(loop.run() == .signal(SIGHUP))
        #expect(try store.titlesOnDisk().toDo == ["Milk"])
    }

    @Test("a resize draws the next frame at the new size")
    func resizeRedraws() throws {
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: [.idle, .resize(Size(columns: 50, rows: 12)), .idle])
        var loop = makeLoop(terminal, store)
        _ = loop.run()
        #expect(terminal.frames.first?.size == Size(columns: 80, rows: 24))
        #expect(terminal.frames.last?.size == Size(columns: 50, rows: 12))
        #expect(loop.state.size == Size(columns: 50, rows: 12))
    }

    @Test("an unreadable file is reported before full screen and left as it was")
    func unreadableFile() throws {
        let store = try RecordingStore()
        let garbage = Data("this is not a property list".utf8)
        try garbage.write(to: store.fileURL)
        let code = FullScreenApp.run(store: store, mouse: false)
        #expect(code == 1)
        #expect(try Data(contentsOf: store.fileURL) == garbage)
        #expect(store.applyCalls.isEmpty)
    }

    @Test("a FIFO as the list is refused before full screen, at once, without waiting for a writer")
    func fifoRefused() throws {
        let store = try RecordingStore()
        #expect(mkfifo(store.fileURL.path, 0o600) == 0)
        // Were tick to wait for a writer, this one comes after 5 s and ends the wait.
        let path = store.fileURL.path
        let rescue = DispatchWorkItem {
            let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer >= 0 { close(writer) }
        }
        DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: rescue)
        let start = Date()
        let code = FullScreenApp.run(store: store, mouse: false)
        rescue.cancel()
        #expect(Date().timeIntervalSince(start) < 4)
        #expect(code == 1)
        #expect(store.applyCalls.isEmpty)
    }
}
