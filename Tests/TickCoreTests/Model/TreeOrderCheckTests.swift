import Foundation
import Testing
@testable import TickCore

@Suite("Tree order told in one pass: the check a change makes before the whole reordering")
struct TreeOrderCheckTests {
    /// `count` items; each with a parent one time in `oneIn`: an item of the list (before
    /// or after it, itself now and then), or an id in no place of it.
    private func items(_ count: Int, parentOneIn oneIn: Int, _ random: inout SeededGenerator) throws -> [ToDoItem] {
        var items = try (0..<count).map { try ToDoItem(title: "item \($0)") }
        for index in items.indices where random.below(oneIn) == 0 {
            items[index].parent = random.below(8) == 0 ? UUID() : items[random.below(count)].id
        }
        return items
    }

    @Test("items the whole reordering would leave as they are pass the check; any it would change fail it")
    func agreesWithTheWholeReordering() throws {
        var random = SeededGenerator(seed: 29)
        var passed = 0
        for round in 0..<2_000 {
            let shuffled = try items(1 + random.below(12), parentOneIn: 1 + round % 4, &random)
            // The same items put in tree order: those the check must pass.
            var ordered = shuffled
            if let order = ToDoList.treeOrderFromScratch(&ordered) { ordered = order.map { ordered[$0] } }
            #expect(ToDoList.isInTreeOrder(SectionItems(ordered)))
            var again = ordered
            #expect(ToDoList.treeOrderFromScratch(&again) == nil && again == ordered)

            var changed = shuffled
            let order = ToDoList.treeOrderFromScratch(&changed)
            let wholeLeavesThem = order == nil && changed == shuffled
            #expect(ToDoList.isInTreeOrder(SectionItems(shuffled)) == wholeLeavesThem, "round \(round)")
            if wholeLeavesThem { passed += 1 }
        }
        // Both answers were met many times.
        #expect(passed > 200 && passed < 1_800)
    }

    @Test("a subtask below another parent's block, before its parent, or its own parent fails the check")
    func outOfOrder() throws {
        var items = try ["a", "b", "a1"].map { try ToDoItem(title: $0) }
        items[2].parent = items[0].id
        #expect(!ToDoList.isInTreeOrder(SectionItems(items)))
        #expect(ToDoList.isInTreeOrder([items[0], items[2], items[1]]))
        #expect(!ToDoList.isInTreeOrder([items[2], items[0], items[1]]))
        var own = try ToDoItem(title: "own")
        own.parent = own.id
        #expect(!ToDoList.isInTreeOrder([own]))
    }

    @Test("many subtasks of one parent in no place of the items pass the check: the parent is counted once")
    func manySubtasksOfOneParentElsewhere() throws {
        let parent = UUID()
        var items = try (0..<40).map { try ToDoItem(title: "item \($0)") }
        for index in items.indices { items[index].parent = parent }
        #expect(ToDoList.isInTreeOrder(SectionItems(items)))
    }

    @Test("more than sixteen parents in no place of the items are left to the whole reordering, which keeps the order")
    func manyParentsElsewhere() throws {
        var items = try (0..<40).map { try ToDoItem(title: "item \($0)") }
        for index in items.indices { items[index].parent = UUID() }
        #expect(!ToDoList.isInTreeOrder(SectionItems(items)))
        var list = try ToDoList(toDoItems: items, doneItems: [])
        #expect(list.toDoItems == items)
        try list.apply(.check(items[0].id), at: Date())
        #expect(list.toDoItems == Array(items.dropFirst()))
    }

    @Test("an item without subtasks has no descendants; a subtask in the other section is found")
    func descendantsWithoutAndAcrossSections() throws {
        var parent = try ToDoItem(title: "parent")
        let leaf = try ToDoItem(title: "leaf")
        var child = try ToDoItem(title: "child")
        child.parent = parent.id
        parent.parent = nil
        let list = try ToDoList(toDoItems: [parent, leaf], doneItems: [child])
        #expect(list.descendants(of: leaf.id).isEmpty)
        #expect(list.descendants(of: parent.id) == [child.id])
        #expect(list.cascade(.check(leaf.id), at: Date(), zone: .utc) == [.check(leaf.id)])
    }
}

@Suite("ToDoItem's parent flag")
struct ParentFlagTests {
    @Test("the flag beside the item follows its parent through changes of the other rare fields, and costs no bytes")
    func followsParent() throws {
        var item = try ToDoItem(title: "a")
        #expect(!item.hasParent)
        item.parent = UUID()
        #expect(item.hasParent)
        item.location = try Location(name: "Home")
        try item.setPriority(1)
        try item.setTags(["home"])
        #expect(item.hasParent)
        item.parent = nil
        #expect(!item.hasParent && item.hasRareFields)
        item.location = nil
        #expect(!item.hasParent)
        #expect(MemoryLayout<ToDoItem>.stride == 96)
    }
}
