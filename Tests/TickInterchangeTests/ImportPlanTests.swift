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
        for operation in plan.operations { try merged.merge(operation, at: Date()) }
        #expect(merged == plan.list)
        let again = try ImportPlan(importing: entries, into: plan.list, source: "s")
        #expect(again.isEmpty && again.unchanged.count == 5)
    }

    @Test("what the format cannot hold stays as the list has it: calcurse's todo file keeps an item's tags, repeat and notes")
    func keepsWhatTheFormatLeavesOut() throws {
        var existing = try item("Standup")
        existing.notes = "room 4"
        try existing.setTags(["work"])
        existing.recurrence = "FREQ=WEEKLY"
        var imported = try ToDoItem(id: existing.id, title: "Standup", createdAt: existing.createdAt)
        try imported.setPriority(3)
        let merged = ImportPlan.merged(imported, over: existing, format: .calcurse, done: false)
        #expect(merged.priority == 3)
        #expect(merged.tags == ["work"] && merged.recurrence == "FREQ=WEEKLY" && merged.notes == "room 4")
        // JSON holds them: its empty ones replace the list's.
        let fromJSON = ImportPlan.merged(imported, over: existing, format: .json, done: false)
        #expect(fromJSON.tags.isEmpty && fromJSON.recurrence == nil && fromJSON.notes == nil)
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

    @Test("importing a file again whose items give no creation time leaves their createdAt as the first import set it")
    func noCreationTimeReimported() throws {
        let inputs: [(name: String, text: String)] = [
            ("calcurse.ics", "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nSUMMARY:No UID\r\nEND:VTODO\r\n"
                + "BEGIN:VTODO\r\nUID:no-stamp\r\nSUMMARY:No DTSTAMP\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"),
            ("list.json", #"[{"id": "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "title": "No createdAt"}]"#),
            ("task.json", #"[{"uuid": "0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a11", "description": "No entry", "status": "pending"}]"#),
        ]
        let first = Date(timeIntervalSince1970: 1_795_000_000.25), later = Date(timeIntervalSince1970: 1_795_086_400.5)
        for input in inputs {
            let bytes = Array(input.text.utf8)
            let read = try InterchangeCodec.read(bytes, as: nil, source: input.name, now: first)
            let list = try ImportPlan(importing: read.entries, from: read.format, into: ToDoList(), source: input.name).list
            let again = try InterchangeCodec.read(bytes, as: nil, source: input.name, now: later)
            let plan = try ImportPlan(importing: again.entries, from: again.format, into: list, source: input.name)
            #expect(plan.isEmpty, "\(input.name)")
            #expect(plan.unchanged.count == read.entries.count, "\(input.name)")
            #expect(plan.list.toDoItems.allSatisfy { $0.createdAt == first }, "\(input.name)")
        }
    }
}
