import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("iCalendar RELATED-TO: subtasks from and to other apps")
struct RelatedToTests {
    /// A calendar of VTODOs, each given as its lines after BEGIN:VTODO.
    private func calendar(_ todos: [String]) -> [UInt8] {
        Array(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//test//EN\r\n"
            + todos.map { "BEGIN:VTODO\r\n\($0)\r\nEND:VTODO\r\n" }.joined() + "END:VCALENDAR\r\n").utf8)
    }

    private func importList(_ bytes: [UInt8]) throws -> ToDoList {
        let read = try InterchangeCodec.read(bytes, as: .ics, source: "tasks.ics")
        return try ImportPlan(importing: read.entries, from: read.format, into: ToDoList(), source: "tasks.ics").list
    }

    private func exported(_ list: ToDoList) throws -> String {
        var output = ByteWriter()
        _ = try ICalendar.write(list, sections: [.toDo, .done], to: &output)
        return output.withBytes { String(decoding: $0, as: UTF8.self) }
    }

    /// As Nextcloud Tasks writes a subtask (no RELTYPE), before its parent, beside a sibling relation.
    private let nextcloud = [
        "UID:child-7\r\nSUMMARY:Socks\r\nRELATED-TO:parent-42\r\nRELATED-TO;RELTYPE=SIBLING:other-1",
        "UID:parent-42\r\nSUMMARY:Pack",
        "UID:3f2a1b2c-0000-4000-8000-000000000001\r\nSUMMARY:Shirts\r\nRELATED-TO;RELTYPE=PARENT:parent-42",
    ]

    @Test("a child before its parent is read as its subtask, RELTYPE absent or PARENT; other relations are kept")
    func reads() throws {
        let list = try importList(calendar(nextcloud))
        #expect(list.toDoItems.map(\.title) == ["Pack", "Socks", "Shirts"])
        let pack = list.toDoItems[0].id
        #expect(list.toDoItems.map(\.parent) == [nil, pack, pack])
        #expect(list.toDoItems[1].iCalendarExtras?.contains("RELATED-TO;RELTYPE=SIBLING:other-1") == true)
    }

    @Test("written back, each RELATED-TO line is as the other app wrote it while the parent is unchanged")
    func writesBackAsRead() throws {
        let text = try exported(try importList(calendar(nextcloud)))
        #expect(text.contains("RELATED-TO:parent-42\r\n"))
        #expect(text.contains("RELATED-TO;RELTYPE=SIBLING:other-1\r\n"))
        #expect(text.contains("RELATED-TO;RELTYPE=PARENT:parent-42\r\n"))
        #expect(text.components(separatedBy: "RELATED-TO").count - 1 == 3)
    }

    @Test("a parent set in tick is written RELTYPE=PARENT with the parent's UID; one cleared is gone, the sibling stays")
    func changedInTick() throws {
        var list = try importList(calendar(nextcloud))
        let shirts = list.toDoItems[2].id, socks = list.toDoItems[1].id
        try list.apply(.set(shirts, .parent(socks)), at: Date())
        try list.apply(.set(socks, .parent(nil)), at: Date())
        let text = try exported(list)
        // Socks came as UID child-7: its app knows it by that, not by tick's id for it.
        #expect(text.contains("RELATED-TO;RELTYPE=PARENT:child-7\r\n"))
        #expect(!text.contains(socks.uuidString))
        #expect(!text.contains("RELATED-TO:parent-42") && !text.contains("PARENT:parent-42"))
        #expect(text.contains("RELATED-TO;RELTYPE=SIBLING:other-1\r\n"))
        // Read back, the same tree.
        let again = try importList(Array(text.utf8))
        #expect(again.toDoItems.map(\.title) == list.toDoItems.map(\.title))
        #expect(again.toDoItems.map(\.parent) == list.toDoItems.map(\.parent))
    }

    @Test("a subtask added in tick under another app's item names it by that app's UID, in every iCalendar export; under tick's own, by its id")
    func newSubtaskOfAnotherAppsItem() throws {
        var list = try importList(calendar(["UID:91fdcf0f2b7a4d5c@laptop\r\nSUMMARY:Pack", "UID:3f2a1b2c-0000-4000-8000-0000000000aa\r\nSUMMARY:Shop"]))
        let pack = list.toDoItems[0].id, shop = list.toDoItems[1].id
        let socks = try ToDoItem(title: "Socks"), milk = try ToDoItem(title: "Milk")
        try list.apply(.insert(socks, .toDo, at: 2), at: Date())
        try list.apply(.set(socks.id, .parent(pack)), at: Date())
        try list.apply(.insert(milk, .toDo, at: 3), at: Date())
        try list.apply(.set(milk.id, .parent(shop)), at: Date())
        let mine = try ToDoItem(title: "Mine"), child = try ToDoItem(title: "Its child")
        try list.apply(.insert(mine, .toDo, at: 4), at: Date())
        try list.apply(.insert(child, .toDo, at: 5), at: Date())
        try list.apply(.set(child.id, .parent(mine.id)), at: Date())
        var vdirStyle = ByteWriter()
        _ = try InterchangeCodec.write(ExchangeEntry.entries(of: list, sections: [.toDo, .done]), as: .ics, to: &vdirStyle)
        for text in [try exported(list), vdirStyle.withBytes { String(decoding: $0, as: UTF8.self) }] {
            #expect(text.contains("RELATED-TO;RELTYPE=PARENT:91fdcf0f2b7a4d5c@laptop\r\n"), "\(text)")
            // Nextcloud's lower-case UUID, as Nextcloud wrote it.
            #expect(text.contains("RELATED-TO;RELTYPE=PARENT:3f2a1b2c-0000-4000-8000-0000000000aa\r\n"))
            #expect(text.contains("RELATED-TO;RELTYPE=PARENT:\(mine.id.uuidString)\r\n"))
            // Read back, the same tree.
            let again = try importList(Array(text.utf8))
            #expect(again.toDoItems.map(\.parent) == list.toDoItems.map(\.parent))
        }
    }

    @Test("a parent not in the file leaves the item top level, and the line is written back")
    func missingParent() throws {
        let list = try importList(calendar(["UID:child-7\r\nSUMMARY:Socks\r\nRELATED-TO:gone-1"]))
        #expect(list.depth(ofItemAt: 0, in: .toDo) == 0)
        #expect(try exported(list).contains("RELATED-TO:gone-1\r\n"))
    }
}
