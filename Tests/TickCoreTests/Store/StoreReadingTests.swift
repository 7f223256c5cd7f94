import Foundation
import Testing
@testable import TickCore

@Suite("ToDoStore: reading large lists, and saving a list the caller changed itself")
struct StoreReadingTests {
    /// A list long enough to be read in two halves at once, with titles, notes and places
    /// that recur.
    static func recurringList(count: Int) throws -> ToDoList {
        let words = ["buy milk", "call mom", "renew the passport", "write the quarterly report", "Café Zoë", "東京 会議"]
        let places = try ["Home", "Office", "Café Zoë"].map { try Location(name: $0) }
        var open: [ToDoItem] = [], done: [ToDoItem] = []
        for index in 0..<count {
            let title = index % 3 == 0 ? words[index % words.count] : "item \(index) \(words[index % words.count])"
            let item = try ToDoItem(
                title: title, notes: index % 4 == 0 ? words[(index / 4) % words.count] + " soon" : nil,
                due: index % 5 == 0 ? Date(timeIntervalSince1970: 1_790_000_000 + Double(index % 97)) : nil,
                location: index % 7 == 0 ? places[index % places.count] : nil,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
            if index % 3 == 1 { done.append(item) } else { open.append(item) }
        }
        return try ToDoList(toDoItems: open, doneItems: done)
    }

    @Test("a large list with shared strings reads back equal, in stages and whole")
    func largeListsReadBack() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let list = try Self.recurringList(count: 60_000)
        try store.modify { $0 = list }
        var previews = 0
        let staged = try store.loadInStages(previewItems: 100, minimumItems: 1_000) { _ in previews += 1 }
        #expect(previews == 1)
        #expect(staged == list)
        #expect(try store.load() == list)
    }

    @Test("a save while the file keeps the version it was read at writes the caller's list as it is")
    func appliedChangesUnchangedFile() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let first = try ToDoItem(title: "on disk")
        let saved = try store.apply([.insert(first, .toDo, at: nil)])
        let version = store.version()
        var mine = saved
        let operation = ToDoList.Operation.check(first.id)
        try mine.apply(operation, at: Date())
        let (result, newVersion) = try store.commit([operation], appliedTo: mine, readAt: version, at: Date(), zone: .current)
        #expect(result == mine)
        #expect(try store.load() == mine)
        #expect(newVersion == store.version())
        #expect(newVersion != version)
    }

    @Test("a save after another process wrote merges the operations into the list on disk")
    func appliedChangesChangedFile() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let first = try ToDoItem(title: "mine")
        let saved = try store.apply([.insert(first, .toDo, at: nil)])
        let version = store.version()
        let theirs = try ToDoItem(title: "theirs")
        try ToDoStore(fileURL: directory.file()).apply([.insert(theirs, .toDo, at: nil)])
        var mine = saved
        try mine.apply(.check(first.id), at: Date())
        let (result, _) = try store.commit([.check(first.id)], appliedTo: mine, readAt: version, at: Date(), zone: .current)
        #expect(result.toDoItems.map(\.title) == ["theirs"])
        #expect(result.doneItems.map(\.title) == ["mine"])
        #expect(try store.load() == result)
    }

    @Test("a save with no version read (the file did not exist) merges into what is there now")
    func appliedChangesWithoutVersion() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        try ToDoStore(fileURL: directory.file()).apply([.insert(try ToDoItem(title: "theirs"), .toDo, at: nil)])
        let item = try ToDoItem(title: "mine")
        var mine = ToDoList()
        try mine.add(item)
        let (result, _) = try store.commit([.insert(item, .toDo, at: nil)], appliedTo: mine, readAt: nil, at: Date(), zone: .current)
        #expect(result.toDoItems.map(\.title) == ["theirs", "mine"])
    }
}
