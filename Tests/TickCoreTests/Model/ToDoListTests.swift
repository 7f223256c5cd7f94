import Foundation
import Testing
@testable import TickCore

@Suite("To-do list sections and changes")
struct ToDoListTests {
    private func items(_ titles: String...) throws -> [ToDoItem] {
        try titles.map { try ToDoItem(title: $0) }
    }

    private func titles(_ list: ToDoList, _ section: ToDoList.Section) -> [String] {
        list.items(in: section).map(\.title)
    }

    @Test("checking moves an item to the top of Done and unchecking to the end of To Do")
    func checkAndUncheck() throws {
        let all = try items("a", "b", "c")
        var list = ToDoList()
        for item in all { try list.add(item) }
        try list.check(all[1].id)
        try list.check(all[2].id)
        #expect(titles(list, .toDo) == ["a"])
        #expect(titles(list, .done) == ["c", "b"])
        try list.uncheck(all[2].id)
        #expect(titles(list, .toDo) == ["a", "c"])
        #expect(titles(list, .done) == ["b"])
        // Checking a done item or unchecking an open one leaves it where it is.
        try list.check(all[1].id)
        try list.uncheck(all[0].id)
        #expect(titles(list, .toDo) == ["a", "c"])
        #expect(titles(list, .done) == ["b"])
    }

    @Test("an id already in the list is refused, in either section")
    func duplicateIDs() throws {
        let all = try items("a", "b")
        var list = ToDoList()
        try list.add(all[0])
        try list.add(all[1], to: .done)
        #expect(throws: ModelError.duplicateID(all[0].id)) { try list.add(all[0], to: .done) }
        #expect(throws: ModelError.duplicateID(all[1].id)) { try list.insert(all[1], at: 0) }
        #expect(throws: ModelError.duplicateID(all[0].id)) {
            try ToDoList(toDoItems: [all[0]], doneItems: [all[0]])
        }
        #expect(list.count == 2)
    }

    @Test("bad positions and unknown ids are typed errors, not traps")
    func badPositions() throws {
        let all = try items("a", "b", "c")
        var list = try ToDoList(toDoItems: all, doneItems: [])
        let stranger = UUID()
        #expect(throws: ModelError.unknownID(stranger)) { try list.check(stranger) }
        #expect(throws: ModelError.unknownID(stranger)) { try list.remove(stranger) }
        #expect(throws: ModelError.unknownID(stranger)) { try list.update(stranger) { _ in } }
        #expect(throws: ModelError.positionOutOfRange(position: 3, section: .toDo, count: 2)) {
            try list.move(all[0].id, to: 3)
        }
        #expect(throws: ModelError.positionOutOfRange(position: -1, section: .toDo, count: 2)) {
            try list.move(all[0].id, to: -1)
        }
        let extra = try ToDoItem(title: "d")
        #expect(throws: ModelError.positionOutOfRange(position: 5, section: .done, count: 0)) {
            try list.insert(extra, in: .done, at: 5)
        }
        #expect(titles(list, .toDo) == ["a", "b", "c"])
    }

    @Test("moving, inserting, updating and removing keep the rest in order")
    func editing() throws {
        let all = try items("a", "b", "c", "d")
        var list = try ToDoList(toDoItems: all, doneItems: [])
        try list.move(all[0].id, to: 3)
        #expect(titles(list, .toDo) == ["b", "c", "d", "a"])
        try list.move(all[0].id, to: 0)
        #expect(titles(list, .toDo) == ["a", "b", "c", "d"])
        let inserted = try ToDoItem(title: "x")
        try list.insert(inserted, at: 2)
        #expect(titles(list, .toDo) == ["a", "b", "x", "c", "d"])
        try list.update(inserted.id) { (item) throws(ModelError) in try item.setTitle("y") }
        #expect(list.item(withID: inserted.id)?.title == "y")
        let removed = try list.remove(all[2].id)
        #expect(removed.title == "c")
        #expect(titles(list, .toDo) == ["a", "b", "y", "d"])
        #expect(list.position(of: all[3].id)?.index == 3)
        list.removeAll()
        #expect(list.isEmpty)
    }

    @Test("placing puts an item at the position it has afterwards, in either section")
    func placing() throws {
        let all = try items("a", "b", "c")
        var list = try ToDoList(toDoItems: all, doneItems: [])
        try list.place(all[0].id, in: .toDo, at: 2)
        #expect(titles(list, .toDo) == ["b", "c", "a"])
        try list.place(all[1].id, in: .done, at: 0)
        #expect(titles(list, .done) == ["b"])
        #expect(throws: ModelError.positionOutOfRange(position: 3, section: .toDo, count: 2)) {
            try list.place(all[1].id, in: .toDo, at: 3)
        }
    }

    @Test("merging operations into a list changed elsewhere skips vanished items and clamps positions")
    func mergingIntoChangedList() throws {
        let all = try items("a", "b", "c")
        var list = try ToDoList(toDoItems: all, doneItems: [])
        let gone = try ToDoItem(title: "gone")
        try list.merge(.check(gone.id), at: Date())
        try list.merge(.set(gone.id, .title("z")), at: Date())
        try list.merge(.remove(gone.id), at: Date())
        try list.merge(.place(gone.id, .done, at: 0), at: Date())
        #expect(list.count == 3)
        let late = try ToDoItem(title: "late")
        try list.merge(.insert(late, .toDo, at: 99), at: Date())
        #expect(titles(list, .toDo) == ["a", "b", "c", "late"])
        try list.merge(.insert(late, .toDo, at: 0), at: Date())
        #expect(list.count == 4)
        try list.merge(.place(all[0].id, .done, at: 42), at: Date())
        #expect(titles(list, .done) == ["a"])
        #expect(throws: ModelError.emptyTitle) { try list.merge(.set(all[1].id, .title(" ")), at: Date()) }
        // Strict application reports what merge forgives.
        #expect(throws: ModelError.unknownID(gone.id)) { try list.apply(.check(gone.id), at: Date()) }
    }

    @Test("applying every kind of operation changes the list as the direct call would")
    func applyingOperations() throws {
        let all = try items("a", "b", "c")
        var list = ToDoList()
        for item in all { try list.apply(.insert(item, .toDo, at: nil), at: Date()) }
        try list.apply(.check(all[0].id), at: Date())
        try list.apply(.place(all[2].id, .toDo, at: 0), at: Date())
        try list.apply(.set(all[1].id, .notes("note")), at: Date())
        #expect(titles(list, .toDo) == ["c", "b"])
        #expect(titles(list, .done) == ["a"])
        #expect(list.item(withID: all[1].id)?.notes == "note")
        try list.apply(.uncheck(all[0].id), at: Date())
        #expect(titles(list, .toDo) == ["c", "b", "a"])
        try list.apply(.remove(all[2].id), at: Date())
        #expect(titles(list, .toDo) == ["b", "a"])
        try list.apply(.removeAll, at: Date())
        #expect(list.isEmpty)
    }

    @Test("a reordering merged after another process checked the item leaves it checked")
    func reorderKeepsAChangeOfSection() throws {
        let all = try items("a", "b", "c")
        var list = try ToDoList(toDoItems: all, doneItems: [])
        try list.check(all[2].id) // elsewhere, while this process moved "c" up
        try list.merge(.reorder(all[2].id, at: 0), at: Date())
        #expect(titles(list, .toDo) == ["a", "b"])
        #expect(titles(list, .done) == ["c"])
        try list.merge(.reorder(all[1].id, at: 99), at: Date())
        #expect(titles(list, .toDo) == ["a", "b"])
        try list.merge(.reorder(all[1].id, at: -3), at: Date())
        #expect(titles(list, .toDo) == ["b", "a"])
        #expect(throws: ModelError.positionOutOfRange(position: 5, section: .toDo, count: 1)) {
            try list.apply(.reorder(all[1].id, at: 5), at: Date())
        }
    }
}

@Suite("The duplicate-id check")
struct IDSetTests {
    /// 4,096 ids that differ only in their last bytes, as a crafted or generated file may hold.
    private static let sequential: [UUID] = (0..<4_096).compactMap { number in
        UUID(uuidString: "00000000-0000-0000-0000-" + String(repeating: "0", count: 12 - String(number, radix: 16).count) + String(number, radix: 16))
    }

    @Test("ids that differ only in their last bytes spread over the table's slots (they all took one slot, which made the check quadratic)")
    func lowEntropyIDsSpread() {
        #expect(Self.sequential.count == 4_096)
        for seed: UInt64 in [1, 0x1234_5678_9ABC_DEF1] {
            let slots = Set(Self.sequential.map { IDSet.slot(of: $0, seed: seed, mask: 8_191) })
            // Random ids fill about 3,200 of 8,192 slots; the old mixing put all in one.
            #expect(slots.count > 2_500, "seed \(seed): \(slots.count) slots")
        }
    }

    @Test("a repeated id among such ids is found")
    func repeatedLowEntropyID() throws {
        let items = try Self.sequential.map { try ToDoItem(id: $0, title: "x") }
        #expect(IDSet.firstRepeatedID(items, []) == nil)
        #expect(IDSet.firstRepeatedID(items, [items[4_000]]) == Self.sequential[4_000])
    }
}
