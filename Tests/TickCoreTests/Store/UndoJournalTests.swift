import Foundation
import Testing
@testable import TickCore

@Suite("The undo journal: its JSON, its bound, its versions")
struct UndoJournalTests {
    @Test("every operation comes back from the journal's JSON as it went in, an inserted item with every field")
    func operationsRoundTrip() throws {
        let id = UUID()
        var item = try ToDoItem(title: "Buy milk", notes: "oat", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        item.location = try Location(name: "Market", latitude: 50.94, longitude: 6.96)
        try item.setTags(["home"])
        let operations: [ToDoList.Operation] = [
            .insert(item, .done, at: 2), .insert(item, .toDo, at: nil), .check(id), .uncheck(id), .remove(id),
            .place(id, .done, at: 0), .reorder(id, at: 3), .set(id, .title("t")), .set(id, .notes(nil)), .set(id, .notes("n")),
            .set(id, .due(Date(timeIntervalSince1970: 1_800_000_000))), .set(id, .due(nil)),
            .set(id, .dueDay(try #require(CalendarDay(year: 2026, month: 12, day: 1)))),
            .set(id, .location(try Location(name: "Home", latitude: nil, longitude: nil))), .set(id, .location(nil)),
            .set(id, .priority(5)), .set(id, .priority(nil)), .set(id, .tags(["a", "b"])),
            .set(id, .recurrence("FREQ=WEEKLY")), .set(id, .recurrence(nil)), .removeAll,
        ]
        let data = try JSONEncoder().encode(operations)
        #expect(try JSONDecoder().decode([ToDoList.Operation].self, from: data) == operations)
    }

    @Test("the journal keeps the newest 100 changes; undoing the newest makes the one under it current")
    func boundAndCurrent() throws {
        let directory = try TemporaryDirectory()
        let journal = UndoJournal(list: directory.url.appendingPathComponent("list.plist"), directory: directory.url)
        let version = { (n: UInt64) in FileVersion(device: 1, inode: n, size: 1, modificationNanoseconds: 1) }
        for index in 0..<103 {
            try journal.apply([.recorded(UndoJournal.Entry(name: "add \(index)", forward: [], inverse: [], source: "test"))], after: version(UInt64(index)))
        }
        var entries = try journal.entries()
        #expect(entries.count == 100)
        #expect(entries.first?.name == "add 3")
        entries = try journal.apply([.undone(try #require(entries.last?.id), wasCurrent: true)], after: version(500))
        #expect(entries.count == 99)
        #expect(entries.last?.name == "add 101")
        #expect(entries.last?.after == version(500))
        #expect(journal.url.lastPathComponent.hasPrefix("undo-"))
    }

    @Test("a journal that is not JSON is named in the error and left as it is")
    func brokenJournal() throws {
        let directory = try TemporaryDirectory()
        let journal = UndoJournal(list: directory.url.appendingPathComponent("list.plist"), directory: directory.url)
        try Data("{".utf8).write(to: journal.url)
        #expect(throws: StoreError.self) { try journal.apply([], after: nil) }
        do {
            _ = try journal.entries()
        } catch {
            #expect(error.path == journal.url.path)
            #expect(error.problem.contains("not an undo journal"))
        }
        #expect(try Data(contentsOf: journal.url) == Data("{".utf8))
    }
}
