import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Sync of subtasks under another app's items")
struct SubtaskSyncTests {
    @Test("a subtask added or moved in tick under a phone's task names it by the phone's UID, in a new file and in a patched one")
    func parentByTheOtherAppsUID() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("pack.ics", SyncFixture.todo(uid: "91fdcf0f2b7a@phone", summary: "Pack"))
        try fixture.writeFile("shop.ics", SyncFixture.todo(uid: "3f2a1b2c-0000-4000-8000-0000000000aa", summary: "Shop"))
        try fixture.writeFile("milk.ics", SyncFixture.todo(uid: "milk-1@phone", summary: "Milk"))
        try fixture.run()
        let list = try fixture.store.load()
        let pack = try #require(list.toDoItems.first { $0.title == "Pack" }).id
        let shop = try #require(list.toDoItems.first { $0.title == "Shop" }).id
        let milk = try #require(list.toDoItems.first { $0.title == "Milk" }).id
        let socks = try ToDoItem(title: "Socks")
        try fixture.store.apply([.insert(socks, .toDo, at: nil), .set(socks.id, .parent(pack)), .set(milk, .parent(shop))])
        try fixture.run()
        let written = try fixture.files().map { try fixture.readFile($0) }
        let socksFile = try #require(written.first { $0.contains("SUMMARY:Socks") })
        #expect(socksFile.contains("RELATED-TO;RELTYPE=PARENT:91fdcf0f2b7a@phone\r\n"), "\(socksFile)")
        // Nextcloud's lower-case UUID, as the server has it.
        #expect(try fixture.readFile("milk.ics").contains("RELATED-TO;RELTYPE=PARENT:3f2a1b2c-0000-4000-8000-0000000000aa\r\n"))
        // Read back by the next sync, the same tree, and nothing more to do.
        let report = try fixture.run()
        #expect(report.summary.contains("nothing to do"), "\(report.summary)")
        let again = try fixture.store.load()
        #expect(again.toDoItems.first { $0.title == "Socks" }?.parent == pack)
        #expect(again.toDoItems.first { $0.title == "Milk" }?.parent == shop)
    }
}
