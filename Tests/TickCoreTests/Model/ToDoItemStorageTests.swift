import Foundation
import Testing
@testable import TickCore

@Suite("ToDoItem's compact storage")
struct ToDoItemStorageTests {
    static let place = try! Location(name: "Office", latitude: 50.94, longitude: 6.96)

    @Test("an item takes 96 bytes, so that 100,000 of them take 9 MiB")
    func compactLayout() {
        #expect(MemoryLayout<ToDoItem>.stride <= 96)
    }

    @Test("changing the location of a copy leaves the original as it was")
    func locationHasValueSemantics() throws {
        let original = try ToDoItem(title: "call", location: Self.place)
        var copy = original
        copy.location = try Location(name: "Home")
        #expect(original.location == Self.place)
        #expect(copy.location?.name == "Home")
        copy.location = nil
        #expect(copy.location == nil)
        #expect(original.location == Self.place)
        #expect(copy != original)
    }

    @Test("unknown fields and the location are kept when the other one changes")
    func extrasAreIndependent() throws {
        let unknown = UnknownFields(["priority": .value(.integer(3))])
        var item = try ToDoItem(title: "plan", location: Self.place, unknownFields: unknown)
        item.location = nil
        #expect(item.unknownFields == unknown)
        item.location = Self.place
        item.unknownFields = UnknownFields()
        #expect(item.location == Self.place)
        #expect(item.unknownFields.isEmpty)
    }

    @Test("a due date, including one that is not a number, is told from no due date")
    func dueDates() throws {
        var item = try ToDoItem(title: "pay rent")
        #expect(item.due == nil)
        let due = Date(timeIntervalSince1970: 1_790_000_000.25)
        item.due = due
        #expect(item.due == due)
        item.due = Date(timeIntervalSinceReferenceDate: .nan)
        #expect(item.due != nil)
        #expect(item.due?.timeIntervalSinceReferenceDate.isNaN == true)
        item.due = nil
        #expect(item.due == nil)
    }

    @Test("dates are stored as the archive keeps them, so an item equals itself after a round trip")
    func datesRoundTrip() throws {
        let item = try ToDoItem(title: "water plants", due: Date(), location: Self.place, createdAt: Date())
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)).toDoItems == [item])
        var moved = item
        moved.createdAt = Date()
        #expect(moved.createdAt == Date(timeIntervalSince1970: moved.createdAt.timeIntervalSince1970))
    }

    @Test("equal items built apart are equal and hash alike; any field tells them apart")
    func equalityAndHashing() throws {
        let id = UUID()
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        func make(title: String = "fix bike", notes: String? = "chain", location: Location? = Self.place) throws -> ToDoItem {
            try ToDoItem(id: id, title: title, notes: notes, due: created, location: location, createdAt: created)
        }
        let first = try make(), second = try make()
        #expect(first == second)
        #expect(first.hashValue == second.hashValue)
        #expect(try make(title: "fix car") != first)
        #expect(try make(notes: nil) != first)
        #expect(try make(location: nil) != first)
        var later = first
        later.due = created.addingTimeInterval(60)
        #expect(later != first)
    }

    @Test("a priority is kept in the item itself: one with a priority and nothing else rare has no box, tells apart from the same item with another priority or none, and keeps it through a save and a load")
    func priorityWithoutABox() throws {
        var item = try ToDoItem(title: "file taxes")
        #expect(!item.hasRareFields)
        try item.setPriority(1)
        #expect(item.hasRareFields, "the encoder writes the rare fields only when this says so")
        #expect(item.priority == 1)
        var other = item
        try other.setPriority(9)
        #expect(other != item)
        #expect(other.priority == 9 && item.priority == 1)
        var none = item
        try none.setPriority(nil)
        #expect(none != item && none.priority == nil && !none.hasRareFields)
        #expect(throws: ModelError.badPriority(10)) { try other.setPriority(10) }
        #expect(other.priority == 9)
        var placed = item
        placed.location = Self.place
        placed.location = nil
        #expect(placed == item && placed.hashValue == item.hashValue, "a box made and dropped leaves the priority")
        var high = try ToDoItem(title: "call the bank"), low = try ToDoItem(title: "sort photos")
        try high.setPriority(1)
        try low.setPriority(9)
        let list = try ToDoList(toDoItems: [high, low, try ToDoItem(title: "read")], doneItems: [])
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)).toDoItems.map(\.priority) == [1, 9, nil])
    }
}
