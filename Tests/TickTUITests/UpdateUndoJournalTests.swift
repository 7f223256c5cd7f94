import FoundationEssentials
import Testing
import TickCore
@testable import TickTUI

/// A file version as a save or a poll reports it.
private func version(_ number: UInt64) -> FileVersion {
    FileVersion(device: 1, inode: number, size: 100, modificationNanoseconds: Int64(number))
}

extension AppState {
    /// What the run loop does after a save that left the file at `version`: the list as
    /// saved, then the journal as written.
    fileprivate mutating func save(at file: FileVersion) {
        _ = update(&self, .saved(list, operations: pendingOperations.count))
        let changes = history.journalChanges
        var entries = history.undoStack
        for index in entries.indices where entries[index].after == nil { entries[index].after = file }
        _ = update(&self, .journalSaved(entries, changes: changes.count, version: file, problem: nil))
    }
}

@Suite("Update: undo over the journal names the item and never reaches silently past a change made elsewhere")
struct UpdateUndoJournalTests {
    @Test("u names the item it undoes: undid tick of “Water the plants”")
    func undoNamesTheItem() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Water the plants", "Buy milk"]))
        state.press(.character(" "))
        state.save(at: version(1))
        state.press(.character("u"))
        #expect(state.status?.text == "undid tick of \"Water the plants\"")
        #expect(state.list.toDoItems.map(\.title) == ["Water the plants", "Buy milk"])
    }

    @Test("u does not undo one half of a move between lists (tick move --to-list) in the list: it asks the loop to undo both")
    func moveBetweenListsIsNotHalfUndone() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Water the plants", "Buy milk"]))
        let milk = try #require(state.list.item(withID: Fixtures.id(2)))
        var move = UndoJournal.Entry(
            name: "move of \"Buy milk\" from Work", forward: [.insert(milk, .toDo, at: nil)], inverse: [.remove(milk.id)],
            after: version(2), source: "tick move", process: 1
        )
        move.pair = UndoJournal.Pair(list: "/elsewhere/lists/Work.plist", entry: UUID())
        _ = update(&state, .journalRead([move], version: version(2)))
        #expect(state.press(.character("u")) == [.undoMove(anyway: false)])
        #expect(state.list.toDoItems.map(\.title) == ["Water the plants", "Buy milk"])
    }

    @Test("after tick rm in a shell, u undoes that rm and says it was tick remove's, not an older tick")
    func undoesTheShellsRemove() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Water the plants", "Buy milk"]))
        state.press(.character(" "))
        state.save(at: version(1))
        // `tick rm "Buy milk"` in a shell: the file and the journal change.
        var disk = state.list
        let milk = try #require(disk.item(withID: Fixtures.id(2)))
        try disk.remove(milk.id)
        let remove = UndoJournal.Entry(
            name: "remove of \"Buy milk\"", forward: [.remove(milk.id)], inverse: [.insert(milk, .toDo, at: 0)],
            after: version(2), source: "tick remove", process: 1
        )
        _ = update(&state, .externalChange(disk))
        _ = update(&state, .journalRead(state.history.undoStack + [remove], version: version(2)))
        state.press(.character("u"))
        #expect(state.status?.text == "undid remove of \"Buy milk\" (made by tick remove)")
        #expect(state.list.toDoItems.map(\.title) == ["Buy milk"])
        #expect(state.list.doneItems.map(\.title) == ["Water the plants"])
    }

    @Test("a change elsewhere the journal does not hold: the first u says so and undoes nothing, the second undoes")
    func changedElsewhereAsksFirst() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Water the plants", "Buy milk"]))
        state.press(.character(" "))
        state.save(at: version(1))
        var disk = state.list
        try disk.remove(Fixtures.id(2))
        _ = update(&state, .externalChange(disk))
        _ = update(&state, .journalRead(state.history.undoStack, version: version(2)))
        state.press(.character("u"))
        #expect(state.status?.text == "the list changed elsewhere since: u again to undo tick of \"Water the plants\" anyway")
        #expect(state.list == disk)
        #expect(state.pendingOperations.isEmpty)
        // Any other key forgets the question.
        state.press(.character("j"))
        state.press(.character("u"))
        #expect(state.list == disk)
        state.press(.character("u"))
        #expect(state.status?.text == "undid tick of \"Water the plants\"")
        #expect(state.list.toDoItems.map(\.title) == ["Water the plants"])
    }

    @Test("an undo that would put back a value changed since says so and needs a second u")
    func overwriteAsksFirst() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("e"), .control("u"))
        state.type("mine")
        state.press(.enter)
        state.save(at: version(1))
        // The title changed again, and the journal says it is still the file's newest change.
        var disk = state.list
        try disk.apply(.set(Fixtures.id(1), .title("theirs")), at: Date())
        _ = update(&state, .externalChange(disk))
        _ = update(&state, .journalRead(state.history.undoStack, version: version(1)))
        state.press(.character("u"))
        #expect(state.status?.text == "the title of \"theirs\" changed elsewhere since: u again to undo title edit of \"a\" anyway")
        #expect(state.list.toDoItems.map(\.title) == ["theirs"])
        state.press(.character("u"))
        #expect(state.list.toDoItems.map(\.title) == ["a"])
    }

    @Test("u after u goes on down the journal without asking, even before the save")
    func twoUndosInOneBatch() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character(" "))
        state.save(at: version(1))
        state.press(.character(" "))
        state.save(at: version(2))
        state.press(.character("u"), .character("u"))
        #expect(state.list.toDoItems.map(\.title) == ["a", "b"])
        #expect(state.history.journalChanges.count == 2)
    }

    @Test("an undo of an entry another window made says so")
    func anotherWindow() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        let entry = UndoJournal.Entry(
            name: "title edit of \"a\"", forward: [.set(Fixtures.id(1), .title("b"))], inverse: [.set(Fixtures.id(1), .title("a"))],
            after: version(3), source: "window", process: 1
        )
        var disk = state.list
        try disk.apply(.set(Fixtures.id(1), .title("b")), at: Date())
        _ = update(&state, .externalChange(disk))
        _ = update(&state, .journalRead([entry], version: version(3)))
        state.press(.character("u"))
        #expect(state.status?.text == "undid title edit of \"a\" (made in another tick window)")
        #expect(state.list.toDoItems.map(\.title) == ["a"])
    }

    @Test("an undo of an entry a window made that is closed since (this one, before a restart) says it was made earlier")
    func closedWindow() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        // (No process has this number: pids stop far below it.)
        let entry = UndoJournal.Entry(
            name: "title edit of \"a\"", forward: [.set(Fixtures.id(1), .title("b"))], inverse: [.set(Fixtures.id(1), .title("a"))],
            after: version(3), source: "window", process: 999_999_999
        )
        var disk = state.list
        try disk.apply(.set(Fixtures.id(1), .title("b")), at: Date())
        _ = update(&state, .externalChange(disk))
        _ = update(&state, .journalRead([entry], version: version(3)))
        state.press(.character("u"))
        #expect(state.status?.text == "undid title edit of \"a\" (made earlier in tick)")
    }
}
