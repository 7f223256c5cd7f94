import Foundation
import Testing
@testable import TickCore

@Suite("Subtasks: parents, tree order, cascades and their undo")
struct SubtaskTests {
    /// A list of `titles` in To Do, each `"title<parent"` a subtask of the item titled so.
    private func list(_ titles: String..., done: [String] = []) throws -> ToDoList {
        var byTitle: [String: ToDoItem] = [:]
        func make(_ spec: String) throws -> ToDoItem {
            let parts = spec.split(separator: "<").map(String.init)
            var item = try ToDoItem(title: parts[0])
            if parts.count > 1 { item.parent = byTitle[parts[1]]?.id }
            byTitle[parts[0]] = item
            return item
        }
        let open = try titles.map(make)
        let closed = try done.map(make)
        return try ToDoList(toDoItems: open, doneItems: closed)
    }

    private func id(_ title: String, _ list: ToDoList) throws -> UUID {
        try #require(list.allItems.first { $0.title == title }).id
    }

    private func titles(_ list: ToDoList, _ section: ToDoList.Section = .toDo) -> [String] {
        list.items(in: section).map(\.title)
    }

    @Test("a list read out of tree order is put in it: subtasks right after their parent, each group in file order")
    func repairsOrder() throws {
        // b2 and a1 come before their parents in the file.
        var items = try ["a1", "b", "a", "b2", "c", "b1"].map { try ToDoItem(title: $0) }
        items[0].parent = items[2].id
        items[3].parent = items[1].id
        items[5].parent = items[1].id
        let list = try ToDoList(toDoItems: items, doneItems: [])
        #expect(titles(list) == ["b", "b2", "b1", "a", "a1", "c"])
        #expect(list.depth(ofItemAt: 2, in: .toDo) == 1)
        #expect(list.depth(ofItemAt: 3, in: .toDo) == 0)
    }

    @Test("a cycle of parents read from a file is broken at the item whose parent closes it")
    func breaksCycles() throws {
        var items = try ["x", "y", "z"].map { try ToDoItem(title: $0) }
        items[0].parent = items[1].id
        items[1].parent = items[0].id
        items[2].parent = items[2].id
        let list = try ToDoList(toDoItems: items, doneItems: [])
        #expect(titles(list) == ["y", "x", "z"])
        #expect(list.toDoItems.map(\.parent) == [nil, items[1].id, nil])
    }

    @Test("adding a subtask puts it at the end of its parent's block; setting and clearing a parent moves it")
    func addAndReparent() throws {
        var list = try self.list("a", "a1<a", "b")
        var child = try ToDoItem(title: "a2")
        child.parent = try id("a", list)
        try list.apply(.insert(child, .toDo, at: nil), at: Date())
        #expect(titles(list) == ["a", "a1", "a2", "b"])
        try list.apply(.set(try id("b", list), .parent(try id("a1", list))), at: Date())
        #expect(titles(list) == ["a", "a1", "b", "a2"])
        #expect(list.depth(ofItemAt: 2, in: .toDo) == 2)
        try list.apply(.set(try id("a1", list), .parent(nil)), at: Date())
        #expect(titles(list) == ["a", "a2", "a1", "b"])
    }

    @Test("a parent that is not in the list, the item itself or one of its subtasks is refused")
    func refusesBadParents() throws {
        var list = try self.list("a", "a1<a", "a11<a1")
        let a = try id("a", list), a11 = try id("a11", list), elsewhere = UUID()
        #expect(throws: ModelError.unknownParent(elsewhere)) { try list.apply(.set(a, .parent(elsewhere)), at: Date()) }
        #expect(throws: ModelError.parentCycle(item: a, parent: a)) { try list.apply(.set(a, .parent(a)), at: Date()) }
        #expect(throws: ModelError.parentCycle(item: a, parent: a11)) { try list.apply(.set(a, .parent(a11)), at: Date()) }
        var orphan = try ToDoItem(title: "o")
        orphan.parent = elsewhere
        #expect(throws: ModelError.unknownParent(elsewhere)) { try list.apply(.insert(orphan, .toDo, at: nil), at: Date()) }
        #expect(titles(list) == ["a", "a1", "a11"])
    }

    @Test("reordering a parent moves its block; a subtask moves only among its siblings")
    func reorderKeepsBlocks() throws {
        var list = try self.list("a", "a1<a", "a2<a", "b")
        try list.apply(.reorder(try id("a", list), at: 3), at: Date())
        #expect(titles(list) == ["b", "a", "a1", "a2"])
        try list.apply(.reorder(try id("a2", list), at: 2), at: Date())
        #expect(titles(list) == ["b", "a", "a2", "a1"])
        try list.apply(.reorder(try id("a1", list), at: 0), at: Date())
        #expect(titles(list) == ["b", "a", "a1", "a2"])
    }

    /// Applies `operations` recording inverses as the CLI and the app do; returns them.
    private func applyRecording(_ operations: [ToDoList.Operation], to list: inout ToDoList) throws -> [ToDoList.Operation] {
        var inverses: [ToDoList.Operation] = []
        for operation in operations {
            inverses = list.inverses(of: operation, zone: .utc) + inverses
            try list.apply(operation, at: Date(), zone: .utc)
        }
        return inverses
    }

    @Test("ticking a parent ticks its open subtasks, shown under it in Done; undo brings all back in place")
    func tickCascades() throws {
        var list = try self.list("a", "a1<a", "a11<a1", "a2<a", "b", done: ["a3<a"])
        let before = list
        let operations = list.cascade(.check(try id("a", list)), at: Date(), zone: .utc)
        #expect(operations.count == 4)
        let inverses = try applyRecording(operations, to: &list)
        #expect(titles(list) == ["b"])
        #expect(titles(list, .done) == ["a", "a1", "a11", "a2", "a3"])
        #expect(list.doneItems.filter { $0.title != "a3" }.allSatisfy { $0.completedAt != nil })
        for inverse in inverses { try list.apply(inverse, at: Date(), zone: .utc) }
        #expect(titles(list) == titles(before))
        #expect(titles(list, .done) == ["a3"])
        // Unticking a parent leaves its subtasks done.
        #expect(list.cascade(.uncheck(try id("a3", list)), at: Date(), zone: .utc) == [.uncheck(try id("a3", list))])
    }

    @Test("a repeating subtask is ticked for its occurrence and stays to do, top level under a done parent")
    func tickCascadesRepeating() throws {
        var list = try self.list("a", "r<a")
        let r = try id("r", list)
        try list.update(r) { item in
            item.setDue(day: CalendarDay(year: 2026, month: 3, day: 2))
            item.recurrence = "FREQ=DAILY"
        }
        _ = try applyRecording(list.cascade(.check(try id("a", list)), at: Date(), zone: .utc), to: &list)
        #expect(titles(list) == ["r"])
        #expect(list.toDoItems[0].dueDay == CalendarDay(year: 2026, month: 3, day: 3))
        #expect(titles(list, .done) == ["a", "r"])
    }

    @Test("a repeating parent that moves on is a checklist again: its done subtasks open again under it, the open ones stay open; undo puts them back")
    func repeatingParentReopensSubtasks() throws {
        var list = try self.list("review", "inbox<review", "plan<review", "b", done: ["old<review"])
        let review = try id("review", list)
        try list.update(review) { item in
            item.setDue(day: CalendarDay(year: 2026, month: 12, day: 4))
            item.recurrence = "FREQ=WEEKLY"
        }
        // Inbox zero is done this week; Plan next week is not yet.
        try list.apply(.check(try id("inbox", list)), at: Date(), zone: .utc)
        let before = list
        let operations = list.cascade(.tick(try #require(list.item(withID: review))), at: Date(), zone: .utc)
        let inverses = try applyRecording(operations, to: &list)
        // (The open ones keep their places; each opened again goes where its making puts it.)
        #expect(titles(list) == ["review", "inbox", "plan", "old", "b"])
        #expect(list.item(withID: review)?.dueDay == CalendarDay(year: 2026, month: 12, day: 11))
        #expect(list.toDoItems.filter { $0.parent == review }.allSatisfy { $0.completedAt == nil })
        #expect(titles(list, .done) == ["review"], "the done copy of the occurrence")
        for inverse in inverses { try list.apply(inverse, at: Date(), zone: .utc) }
        #expect(titles(list) == titles(before))
        #expect(titles(list, .done) == titles(before, .done))
    }

    @Test("a done subtask of a repeating item's subtask opens again under its own parent, past its open subtasks")
    func repeatingParentReopensNested() throws {
        var list = try self.list("review", "a<review", "a1<a", "a2<a", "b<review")
        let review = try id("review", list)
        try list.update(review) { item in
            item.setDue(day: CalendarDay(year: 2026, month: 12, day: 4))
            item.recurrence = "FREQ=WEEKLY"
        }
        try list.apply(.check(try id("a1", list)), at: Date(), zone: .utc)
        try list.apply(.check(try id("a2", list)), at: Date(), zone: .utc)
        #expect(titles(list) == ["review", "a", "b"])
        _ = try applyRecording(list.cascade(.tick(try #require(list.item(withID: review))), at: Date(), zone: .utc), to: &list)
        #expect(titles(list) == ["review", "a", "a1", "a2", "b"])
    }

    @Test("removing a parent removes its subtasks in both sections; undo brings each back where it was")
    func removeCascades() throws {
        var list = try self.list("x", "a", "a1<a", "a11<a1", "b", done: ["a2<a", "y"])
        let before = list
        let operations = list.cascade(.remove(try id("a", list)), at: Date(), zone: .utc)
        #expect(operations.count == 4)
        let inverses = try applyRecording(operations, to: &list)
        #expect(titles(list) == ["x", "b"])
        #expect(titles(list, .done) == ["y"])
        for inverse in inverses { try list.apply(inverse, at: Date(), zone: .utc) }
        #expect(list == before)
    }

    @Test("an undo journal's operation keeps a parent, and merging it where the parent is gone leaves the item top level")
    func journalAndMerge() throws {
        var list = try self.list("a", "b")
        let a = try id("a", list), b = try id("b", list)
        let operation = ToDoList.Operation.set(b, .parent(a))
        let decoded = try JSONDecoder().decode(ToDoList.Operation.self, from: JSONEncoder().encode(operation))
        #expect(decoded == operation)
        try list.apply(.remove(a), at: Date())
        try list.merge(operation, at: Date())
        #expect(list.toDoItems.map(\.parent) == [nil])
    }

    @Test("the parent survives a save and a load")
    func archived() throws {
        let list = try self.list("a", "a1<a")
        let read = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(read.toDoItems.map(\.parent) == [nil, list.toDoItems[0].id])
    }
}
