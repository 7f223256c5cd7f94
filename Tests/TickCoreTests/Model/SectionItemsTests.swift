import Foundation
import Testing
@testable import TickCore

@Suite("A section's items as a gap buffer read and change as an array of them does")
struct SectionItemsTests {
    @Test("after each of 5,000 random inserts, removals and changes, in place and by position, the items are the array's")
    func againstAnArray() throws {
        var random = SeededGenerator(seed: 17)
        var items = SectionItems()
        var model: [ToDoItem] = []
        for step in 0..<5_000 {
            switch model.isEmpty ? 0 : random.below(5) {
            case 0, 1:
                // Mostly near the top or the end, as keys make them; anywhere now and then.
                let position = [0, model.count, random.below(model.count + 1)][random.below(3)]
                let item = try ToDoItem(title: "item \(step)")
                items.insert(item, at: position)
                model.insert(item, at: position)
            case 2, 3:
                let position = random.below(2) == 0 ? 0 : random.below(model.count)
                #expect(items.remove(at: position) == model.remove(at: position))
            default:
                let position = random.below(model.count)
                items.modify(at: position) { $0.notes = "changed \(step)" }
                model[position].notes = "changed \(step)"
            }
            #expect(items == model, "step \(step)")
            #expect(items.count == model.count && Array(items) == model)
            var inPlace: [UUID] = []
            items.forEachInPlace { inPlace.append($0.pointee.id) }
            #expect(inPlace == model.map(\.id))
            if let probe = model.indices.randomElement(using: &random) {
                #expect(items.position(of: model[probe].id) == probe)
                #expect(items.withItem(at: probe) { $0.pointee.id } == model[probe].id)
            }
            // Equal to the same items stored whole, and hashed as they are.
            #expect(items == SectionItems(model) && items.hashValue == SectionItems(model).hashValue)
            #expect(items.hashValue == model.hashValue)
        }
        #expect(items.position(of: UUID()) == nil)
    }

    @Test("the same items split at different places are equal, hash alike, and compare with an array both ways round")
    func differentSplits() throws {
        let items = try (0..<6).map { try ToDoItem(title: "item \($0)") }
        var moved = SectionItems(items)
        // Putting an item in at the top and taking it out again leaves every item after the gap.
        moved.insert(try ToDoItem(title: "passing"), at: 0)
        moved.remove(at: 0)
        #expect(moved.before.isEmpty && moved.after.count == 6)
        var middle = SectionItems(items)
        middle.modify(at: 3) { _ in }
        middle.insert(items[2], at: 3)
        middle.remove(at: 3)
        #expect(moved == SectionItems(items) && middle == moved && moved.hashValue == SectionItems(items).hashValue)
        #expect(moved == items && items == moved && !(moved != items) && !(items != moved))
        var changed = moved
        changed.modify(at: 5) { $0.notes = "changed" }
        #expect(changed != moved && changed != items && items != changed)
    }

    @Test("lists whose sections are split differently are equal when their items are, and a list put in tree order from a split section is")
    func splitSections() throws {
        let parent = try ToDoItem(title: "parent")
        var child = try ToDoItem(title: "child")
        child.parent = parent.id
        let others = try (0..<5).map { try ToDoItem(title: "other \($0)") }
        var list = try ToDoList(toDoItems: [others[0], parent, child] + others[1...], doneItems: [])
        let whole = list
        // A change at the top moves the gap there; putting the item back leaves it there.
        try list.apply(.check(others[0].id), at: Date())
        try list.apply(.place(others[0].id, .toDo, at: 0), at: Date())
        let split = list.toDoItems
        #expect(!split.before.isEmpty && !split.after.isEmpty)
        #expect(split.map(\.id) == whole.toDoItems.map(\.id))
        #expect(split == SectionItems(Array(split)) && split.hashValue == SectionItems(Array(split)).hashValue)
        #expect(split != whole.toDoItems)
        #expect(ToDoList.isInTreeOrder(split))
        // The subtask moved away from its parent in the split section is put back under it.
        try list.apply(.reorder(child.id, at: 6), at: Date())
        #expect(list.toDoItems.map(\.title) == ["other 0", "parent", "child", "other 1", "other 2", "other 3", "other 4"])
    }
}
