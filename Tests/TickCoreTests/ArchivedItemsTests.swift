import Foundation
import Testing
@testable import TickCore

/// Reading a list's items one at a time (``ArchivedItems``, ``StoredItems``), as `tick list`
/// does: the same items and the same errors as a whole read, without the list.
@Suite("Items read one at a time")
struct ArchivedItemsTests {
    static func items(of bytes: [UInt8]) throws -> [(ToDoList.Section, ToDoItem)] {
        var seen: [(ToDoList.Section, ToDoItem)] = []
        try ArchivedItems(bytes).forEach { section, item in seen.append((section, copy item)); return true }
        return seen
    }

    /// The bytes of `list` with the id text of one item written over with another's.
    static func replacingID(_ id: UUID, with other: UUID, in list: ToDoList) throws -> [UInt8] {
        var bytes = KeyedArchive.encode(list)
        let at = try #require(HostileInputTests.firstIndex(of: Array(id.uuidString.utf8), in: bytes))
        bytes.replaceSubrange(at..<at + 36, with: Array(other.uuidString.utf8))
        return bytes
    }

    @Test("every item comes in order, To Do then Done, as a whole read has them, with each section's size")
    func sameAsWholeRead() throws {
        let list = try StoreStagedLoadingTests.list(open: 7, done: 4)
        let seen = try Self.items(of: KeyedArchive.encode(list))
        #expect(seen.map(\.1) == list.allItems)
        #expect(seen.map(\.0) == Array(repeating: .toDo, count: 7) + Array(repeating: .done, count: 4))
        let counts = try ArchivedItems(KeyedArchive.encode(list)).forEach { _, _ in true }
        #expect(counts == (7, 4))
        #expect(try Self.items(of: KeyedArchive.encode(ToDoList())).isEmpty)
    }

    @Test("reading stops when the body says so, and can start again from the first item")
    func stopsAndRestarts() throws {
        let list = try StoreStagedLoadingTests.list(open: 5, done: 5)
        let items = try ArchivedItems(KeyedArchive.encode(list))
        var titles: [String] = []
        try items.forEach { _, item in titles.append(item.title); return titles.count < 3 }
        #expect(titles == ["open 0", "open 1", "open 2"])
        titles = []
        try items.forEach { _, item in titles.append(item.title); return true }
        #expect(titles.count == 10)
    }

    @Test("a bad item is the error a whole read gives, after the items before it")
    func badItem() throws {
        let list = try StoreStagedLoadingTests.list(open: 6, done: 0)
        var bytes = KeyedArchive.encode(list)
        let at = try #require(HostileInputTests.firstIndex(of: Array(list.toDoItems[4].id.uuidString.utf8), in: bytes))
        bytes[at + 8] = UInt8(ascii: "!")
        let whole = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        var seen = 0
        let streamed = #expect(throws: ArchiveError.self) { try ArchivedItems(bytes).forEach { _, _ in seen += 1; return true } }
        #expect(seen == 4)
        #expect(whole?.description == streamed?.description)
    }

    @Test("an id used twice is the whole read's error once every item was read; not when reading stopped early")
    func repeatedID() throws {
        let list = try StoreStagedLoadingTests.list(open: 4, done: 3)
        let bytes = try Self.replacingID(list.doneItems[2].id, with: list.toDoItems[1].id, in: list)
        let whole = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        let streamed = #expect(throws: ArchiveError.self) { try Self.items(of: bytes) }
        #expect(whole?.description == streamed?.description)
        #expect(streamed?.description.contains(list.toDoItems[1].id.uuidString) == true)
        try ArchivedItems(bytes).forEach { _, _ in false }
    }

    @Test("a broken file is refused when made, before any item; an XML list is read; empty bytes are an error")
    func refusedAtOnce() throws {
        let list = try StoreStagedLoadingTests.list(open: 3, done: 1)
        var bytes = KeyedArchive.encode(list)
        bytes[bytes.count - 40] = 0xFF  // in the offset table: an offset past the objects
        #expect(throws: ArchiveError.self) { try ArchivedItems(bytes) }
        #expect(throws: ArchiveError.self) { try ArchivedItems([]) }
        let xml = try PropertyListSerialization.data(
            fromPropertyList: PropertyListSerialization.propertyList(from: Data(KeyedArchive.encode(list)), format: nil),
            format: .xml, options: 0)
        #expect(try Self.items(of: [UInt8](xml)).map(\.1) == list.allItems)
    }

    @Test("the store's items: none for a missing file; a broken file is its unreadable error, naming the path")
    func storedItems() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        var calls = 0
        #expect(try store.items().forEach { _, _ in calls += 1; return true } == (0, 0))
        #expect(calls == 0)
        let list = try StoreStagedLoadingTests.list(open: 2, done: 2)
        try store.apply(list.toDoItems.map { .insert($0, .toDo, at: nil) } + list.doneItems.map { .insert($0, .done, at: nil) })
        #expect(try store.items().forEach { _, _ in calls += 1; return true } == (2, 2))
        #expect(calls == 4)
        try Data(Self.replacingID(list.doneItems[1].id, with: list.toDoItems[0].id, in: list)).write(to: directory.file())
        let items = try store.items()
        let error = #expect(throws: StoreError.self) { try items.forEach { _, _ in true } }
        #expect(error?.description.contains(directory.file().path) == true)
        #expect(error?.description.contains("tick will not overwrite it") == true)
    }
}
