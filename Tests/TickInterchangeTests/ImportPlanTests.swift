import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Import plan")
struct ImportPlanTests {
    private func item(_ title: String) throws -> ToDoItem { try ToDoItem(title: title, createdAt: Date(timeIntervalSince1970: 1_795_000_000)) }

    @Test("new ids are added, changed ones updated in place, equal ones left; the operations make the same list")
    func addUpdateLeave() throws {
        let a = try item("A"), b = try item("B"), c = try item("C"), d = try item("D")
        let original = try ToDoList(toDoItems: [a, b, c], doneItems: [d])
        var renamed = b
        try renamed.setTitle("B2")
        let e = try item("E")
        let entries = [ExchangeEntry(item: a, done: false), ExchangeEntry(item: renamed, done: false),
                       ExchangeEntry(item: c, done: true), ExchangeEntry(item: d, done: false), ExchangeEntry(item: e, done: true)]
        let plan = try ImportPlan(importing: entries, into: original, source: "s")
        #expect(plan.added.map(\.item.title) == ["E"])
        #expect(plan.updated.map(\.item.title) == ["B2", "C", "D"])
        #expect(plan.unchanged.map(\.item.title) == ["A"])
        #expect(plan.list.toDoItems.map(\.title) == ["A", "B2", "D"])
        #expect(plan.list.doneItems.map(\.title) == ["C", "E"])
        var merged = original
        for operation in plan.operations { try merged.merge(operation) }
        #expect(merged == plan.list)
        let again = try ImportPlan(importing: entries, into: plan.list, source: "s")
        #expect(again.isEmpty && again.unchanged.count == 5)
    }

    @Test("into an empty list the input's order is kept in each section")
    func emptyList() throws {
        let items = try (0..<5).map { try item("item \($0)") }
        let entries = items.enumerated().map { ExchangeEntry(item: $0.element, done: $0.offset % 2 == 1) }
        let plan = try ImportPlan(importing: entries, into: ToDoList(), source: "s")
        #expect(plan.list.toDoItems.map(\.title) == ["item 0", "item 2", "item 4"])
        #expect(plan.list.doneItems.map(\.title) == ["item 1", "item 3"])
    }

    @Test("two items with one id in one input are an error naming the id and both lines")
    func duplicateIDs() throws {
        let a = try item("A")
        do {
            _ = try ImportPlan(importing: [ExchangeEntry(item: a, done: false, line: 2), ExchangeEntry(item: a, done: true, line: 7)],
                               into: ToDoList(), source: "list.json")
            Issue.record("a repeated id was accepted")
        } catch {
            #expect(error.description == "list.json:7: two items have the id \(a.id.uuidString.lowercased()) (lines 2 and 7)")
        }
        // In two files of a vdir, both files are named.
        do {
            _ = try ImportPlan(importing: [ExchangeEntry(item: a, done: false, line: 4, source: "tasks/a.ics"),
                                           ExchangeEntry(item: a, done: false, line: 3, source: "tasks/b.ics")],
                               into: ToDoList(), source: "tasks")
            Issue.record("a repeated id was accepted")
        } catch {
            #expect(error.description == "tasks/b.ics:3: two items have the id \(a.id.uuidString.lowercased()) (tasks/a.ics line 4 and tasks/b.ics line 3)")
        }
    }
}
