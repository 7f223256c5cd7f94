import Foundation
import Testing
@testable import TickCore

@Suite("ToDoStore saves from the list it last saw")
struct StoreCacheTests {
    @Test("while the file keeps its version, a save starts from the cached list instead of reading")
    func unchangedFileUsesTheCache() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let first = try ToDoItem(title: "on disk")
        let (saved, version) = try store.commit([.insert(first, .toDo, at: nil)])
        let seen = try #require(version)

        // A cached list that differs from the file shows which one the save started from.
        var cached = saved
        try cached.add(ToDoItem(title: "only in the cache"))
        let second = try ToDoItem(title: "new")
        let (result, _) = try store.commit([.insert(second, .toDo, at: nil)], cached: (cached, seen))
        #expect(result.toDoItems.map(\.title) == ["on disk", "only in the cache", "new"])
        #expect(try store.load() == result)
    }

    @Test("once another process has saved, the cache is ignored and the file is read")
    func changedFileIsReadAgain() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let (saved, version) = try store.commit([.insert(try ToDoItem(title: "mine"), .toDo, at: nil)])
        let seen = try #require(version)
        try ToDoStore(fileURL: directory.file()).apply([.insert(try ToDoItem(title: "theirs"), .toDo, at: nil)])
        #expect(store.version() != seen)

        let (result, _) = try store.commit([.insert(try ToDoItem(title: "mine again"), .toDo, at: nil)], cached: (saved, seen))
        #expect(result.toDoItems.map(\.title) == ["mine", "theirs", "mine again"])
    }

    @Test("an unreadable file is refused even with a cache, and left as it was")
    func unreadableFileBeatsTheCache() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let (saved, version) = try store.commit([.insert(try ToDoItem(title: "mine"), .toDo, at: nil)])
        let seen = try #require(version)
        let garbage = Data("not a list".utf8)
        try garbage.write(to: directory.file())
        #expect(throws: StoreError.self) {
            try store.commit([.insert(try ToDoItem(title: "lost?"), .toDo, at: nil)], cached: (saved, seen))
        }
        #expect(try Data(contentsOf: directory.file()) == garbage)
    }

    @Test("a caller that applied the operations itself has its list written while the file is unchanged")
    func expectedListIsWritten() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let first = try ToDoItem(title: "first")
        let (saved, version) = try store.commit([.insert(first, .toDo, at: nil)])
        let seen = try #require(version)

        var expected = saved
        try expected.check(first.id)
        let (result, _) = try store.commit([.check(first.id)], appliedTo: expected, readAt: seen)
        #expect(result == expected)
        #expect(try store.load() == expected)

        // Once someone else has written, the operations are merged onto the file instead.
        let (afterMine, mineVersion) = try store.commit([], cached: nil)
        try ToDoStore(fileURL: directory.file()).apply([.insert(try ToDoItem(title: "theirs"), .toDo, at: nil)])
        var stale = afterMine
        try stale.uncheck(first.id)
        let (merged, _) = try store.commit([.uncheck(first.id)], appliedTo: stale, readAt: mineVersion)
        #expect(merged.toDoItems.map(\.title) == ["theirs", "first"])
        #expect(try store.load() == merged)
    }
}
