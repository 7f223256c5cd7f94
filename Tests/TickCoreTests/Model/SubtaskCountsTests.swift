import Foundation
import Testing
@testable import TickCore

@Suite("Subtask counts kept by every change, so that a key passes over the list only when it has to")
struct SubtaskCountsTests {
    /// One random change, as the app and the commands make them (a tick or a removal with
    /// what it carries along to subtasks); a refused one (a parent cycle) changes nothing.
    private func change(_ list: inout ToDoList, _ random: inout SeededGenerator, step: Int) throws {
        let now = Date(timeIntervalSince1970: 2_000_000_000 + Double(step))
        let ids = list.allItems.map(\.id)
        func any() -> UUID { ids[random.below(ids.count)] }
        let kind = ids.count < 4 ? 0 : random.below(9)
        var operations: [ToDoList.Operation]
        switch kind {
        case 0, 1:
            var item = try ToDoItem(title: "item \(step)")
            if !ids.isEmpty, random.below(3) > 0 { item.parent = any() }
            let section: ToDoList.Section = random.below(4) == 0 ? .done : .toDo
            let count = list.items(in: section).count
            operations = [.insert(item, section, at: random.below(3) == 0 ? nil : random.below(count + 1))]
        case 2: operations = list.cascade(.check(any()), at: Date(), zone: .utc)
        case 3: operations = [.uncheck(any())]
        case 4: operations = random.below(2) == 0 ? list.cascade(.remove(any()), at: Date(), zone: .utc) : [.remove(any())]
        case 5:
            let section: ToDoList.Section = random.below(2) == 0 ? .done : .toDo
            operations = [.place(any(), section, at: random.below(list.items(in: section).count + 1))]
        case 6: operations = [.reorder(any(), at: 0)]
        case 7: operations = [.set(any(), .parent(random.below(3) == 0 ? nil : any()))]
        default: operations = [.set(any(), .title("changed \(step)"))]
        }
        for operation in operations { try? list.apply(operation, at: now) }
    }

    /// An item's descendants found the plain way, as ``ToDoList/descendants(of:)`` promises
    /// them: depth first, each parent's subtasks To Do's first, each section's in its order.
    static func descendants(of id: UUID, in list: ToDoList) -> [UUID] {
        let all = list.allItems
        func children(_ parent: UUID) -> [UUID] { all.filter { $0.parent == parent }.map(\.id) }
        var found: [UUID] = []
        func walk(_ parent: UUID) {
            for child in children(parent) where !found.contains(child) && child != id {
                found.append(child)
                walk(child)
            }
        }
        walk(id)
        return found
    }

    /// Two items, the second a subtask of the first.
    private static func parentAndSubtask(_ parentTitle: String, _ subtaskTitle: String) throws -> (ToDoItem, ToDoItem) {
        let parent = try ToDoItem(title: parentTitle)
        var subtask = try ToDoItem(title: subtaskTitle)
        subtask.parent = parent.id
        return (parent, subtask)
    }

    @Test("after each of 6,000 random changes the counts are those of the items, and both sections are in tree order")
    func randomChanges() throws {
        var random = SeededGenerator(seed: 41)
        var list = ToDoList()
        var largest = 0
        var kept = 0
        var deepChecks = 0
        for step in 0..<6_000 {
            // A fresh list now and then, so that both small and larger ones are met.
            if step % 1_500 == 0 { list = ToDoList() }
            try change(&list, &random, step: step)
            if let counts = list.subtaskCounts {
                // (Counted here again without SubtaskCounts.)
                var expected: [UUID: Int] = [:]
                for item in list.allItems { if let parent = item.parent { expected[parent, default: 0] += 1 } }
                #expect(counts.counts == expected, "step \(step)")
                kept += 1
            }
            for section in ToDoList.Section.allCases {
                var items = Array(list.items(in: section))
                #expect(ToDoList.treeOrderFromScratch(&items) == nil, "step \(step), \(section)")
            }
            // (Parents first: most items have no subtasks.)
            let all = list.allItems
            let parents = Set(all.compactMap(\.parent))
            for item in all.filter({ parents.contains($0.id) }).prefix(4) + all.prefix(1) {
                let found = list.descendants(of: item.id)
                #expect(found == Self.descendants(of: item.id, in: list), "step \(step)")
                if found.count > 1 { deepChecks += 1 }
            }
            largest = max(largest, list.count)
        }
        #expect(largest > 100)
        // Descendants of more than one item, across sections and levels, were compared.
        #expect(deepChecks > 1_000)
        // The counts were made (by a move) and kept through most of the changes.
        #expect(kept > 4_000)
    }

    @Test("an item read with a parent cycle loses the parent that closes it, and the counts say so")
    func cycleFromAFile() throws {
        var first = try ToDoItem(title: "first")
        var second = try ToDoItem(title: "second")
        first.parent = second.id
        second.parent = first.id
        let list = try ToDoList(toDoItems: [first, second], doneItems: [])
        // The cycle is cut at one of them: the other is its subtask, below it.
        let (top, below) = (list.toDoItems[0], list.toDoItems[1])
        #expect(top.parent == nil && below.parent == top.id)
        // A list read has no counts until an item moves; its counts then are the items'.
        #expect(list.subtaskCounts == nil)
        var moved = list
        try moved.apply(.reorder(top.id, at: 0), at: Date())
        #expect(moved.subtaskCounts == SubtaskCounts(list.toDoItems, list.doneItems))
        #expect(list.descendants(of: top.id) == [below.id])
        #expect(list.descendants(of: below.id).isEmpty)
    }

    @Test("a parent cycle made after the counts are made loses the parent that closes it, and the counts follow")
    func cycleAfterCounts() throws {
        let (first, second) = try Self.parentAndSubtask("first", "second")
        let other = try ToDoItem(title: "other")
        var list = try ToDoList(toDoItems: [other, first, second], doneItems: [])
        try list.apply(.reorder(other.id, at: 0), at: Date())
        #expect(list.subtaskCounts?.counts == [first.id: 1])
        // (`update` does not refuse a cycle, as the operations do: the whole reordering cuts it.)
        try list.update(first.id) { $0.parent = second.id }
        let parents = list.toDoItems.compactMap(\.parent)
        #expect(parents.count == 1)
        #expect(list.subtaskCounts?.counts == Dictionary(uniqueKeysWithValues: parents.map { ($0, 1) }))
    }

    @Test("checking a top-level item without subtasks keeps the other sections' blocks whole")
    func checkBeforeABlock() throws {
        let (parent, child) = try Self.parentAndSubtask("parent", "child")
        let leaf = try ToDoItem(title: "leaf")
        let done = try ToDoItem(title: "done")
        var list = try ToDoList(toDoItems: [leaf, parent, child], doneItems: [done])
        try list.apply(.check(leaf.id), at: Date())
        #expect(list.toDoItems.map(\.title) == ["parent", "child"])
        #expect(list.doneItems.map(\.title) == ["leaf", "done"])
        // Moved between a parent and its subtask, a top-level item goes below the block.
        try list.apply(.place(leaf.id, .toDo, at: 1), at: Date())
        #expect(list.toDoItems.map(\.title) == ["parent", "child", "leaf"])
    }
}
