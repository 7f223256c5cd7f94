import Foundation
import Testing
@testable import TickCore

/// Space on a subtask and then on its parent, told to keep tree order without a pass over
/// the list (ToDoList+TreeOrder.swift), and the moves it leaves to the whole check.
@Suite("Moves between the sections that keep tree order without a pass")
struct TreeOrderMoveTests {
    /// P with subtasks S1 (with S1a) and S2, then Q, in To Do; D in Done; counts made.
    static func list() throws -> (ToDoList, [String: UUID]) {
        var ids: [String: UUID] = [:]
        func item(_ title: String, under parent: String? = nil) throws -> ToDoItem {
            var item = try ToDoItem(title: title)
            item.parent = parent.flatMap { ids[$0] }
            ids[title] = item.id
            return item
        }
        let toDo = [try item("P"), try item("S1", under: "P"), try item("S1a", under: "S1"), try item("S2", under: "P"), try item("Q")]
        var list = try ToDoList(toDoItems: toDo, doneItems: [try item("D")])
        try list.apply(.reorder(try #require(ids["Q"]), at: 4), at: Date())  // (makes the counts)
        #expect(list.subtaskCounts != nil)
        return (list, ids)
    }

    static func title(_ list: ToDoList, _ id: UUID) -> String { list.item(withID: id)?.title ?? "?" }

    static func expectTreeOrder(_ list: ToDoList) {
        for section in ToDoList.Section.allCases {
            var array = Array(list.items(in: section))
            #expect(ToDoList.treeOrderFromScratch(&array) == nil, "\(section)")
        }
    }

    /// Applies `operation` (a move of `id` from `from` to the top or end of the other
    /// section) and says whether the move is one the list tells kept tree order.
    static func moveIsTold(_ list: inout ToDoList, _ operation: ToDoList.Operation, _ id: UUID) throws -> Bool {
        let (from, index) = try #require(list.position(of: id))
        try list.apply(operation, at: Date())
        let (section, newIndex) = try #require(list.position(of: id))
        let item = try #require(list.item(withID: id))
        // (Where it went was where a block started: the top of Done, the end of To Do.)
        return list.keptTreeOrder(moving: item, from: from, at: index, to: section, at: newIndex, startedBlock: true)
    }

    @Test("ticking off a parent ticks its subtasks first, last first; each tick, and the parent's, is told without a pass")
    func cascadeIsTold() throws {
        var (list, ids) = try Self.list()
        let parent = try #require(ids["P"])
        let operations = list.cascade(.check(parent), at: Date(), zone: .utc)
        #expect(operations == [.check(ids["S2"]!), .check(ids["S1a"]!), .check(ids["S1"]!), .check(parent)])
        var told: [String] = []
        for operation in operations {
            guard case .check(let id) = operation else { continue }
            if try Self.moveIsTold(&list, operation, id) { told.append(Self.title(list, id)) }
            Self.expectTreeOrder(list)
        }
        #expect(told == ["S2", "S1a", "S1", "P"])
        #expect(list.toDoItems.map(\.title) == ["Q"])
        #expect(list.doneItems.map(\.title) == ["P", "S1", "S1a", "S2", "D"])
    }

    @Test("the moves it cannot tell are checked whole, and the list ends in tree order")
    func untoldMoves() throws {
        // A parent ticked off alone leaves its open subtasks in To Do: not told.
        var (list, ids) = try Self.list()
        #expect(try !Self.moveIsTold(&list, .check(ids["P"]!), ids["P"]!))
        #expect(list.toDoItems.map(\.title) == ["S1", "S1a", "S2", "Q"])
        Self.expectTreeOrder(list)

        // A done subtask of an open parent, unticked: its parent is in To Do, where it goes,
        // so it is not told; the whole check puts it into its parent's block.
        (list, ids) = try Self.list()
        for id in [ids["S2"]!, ids["S1a"]!, ids["S1"]!] { try list.apply(.check(id), at: Date()) }
        try list.apply(.uncheck(ids["S1a"]!), at: Date())
        #expect(try !Self.moveIsTold(&list, .uncheck(ids["S1"]!), ids["S1"]!))
        #expect(list.toDoItems.map(\.title) == ["P", "S1", "S1a", "Q"])
        Self.expectTreeOrder(list)
    }

    @Test("an item's descendants are read off its block when all of them are in it, and found by passes when one is in the other section")
    func descendantsFromTheBlock() throws {
        var (list, ids) = try Self.list()
        #expect(list.descendantsInBlock(of: ids["P"]!) == [ids["S1"]!, ids["S1a"]!, ids["S2"]!])
        #expect(list.descendantsInBlock(of: ids["S1"]!) == [ids["S1a"]!])
        #expect(list.descendantsInBlock(of: ids["Q"]!) == [])
        // S1a done: S1's block in To Do no longer holds all of S1's subtasks.
        try list.apply(.check(ids["S1a"]!), at: Date())
        #expect(list.descendantsInBlock(of: ids["S1"]!) == nil)
        #expect(list.descendantsInBlock(of: ids["P"]!) == nil)
        #expect(list.descendants(of: ids["P"]!) == [ids["S1"]!, ids["S1a"]!, ids["S2"]!])
        #expect(list.descendants(of: ids["S1"]!) == [ids["S1a"]!])
    }
}
