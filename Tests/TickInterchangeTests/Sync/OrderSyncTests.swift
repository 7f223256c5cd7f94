import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// The order within a section as a synced field (X-APPLE-SORT-ORDER).
@Suite("Sync: the order within the list")
struct OrderSyncTests {
    private func sortOrder(_ fixture: SyncFixture, _ title: String) throws -> String? {
        for name in try fixture.files() {
            let text = try fixture.readFile(name)
            guard text.contains("SUMMARY:\(title)\r\n") else { continue }
            return text.components(separatedBy: "\r\n").first { $0.hasPrefix("X-APPLE-SORT-ORDER:") }
        }
        return nil
    }

    @Test("values: the longest run still in order keeps its values; moved and new items get values between their neighbours")
    func values() {
        let ids = (0..<5).map { _ in UUID() }
        let base = Dictionary(uniqueKeysWithValues: zip(ids, [10, 20, 30, 40, 50]))
        #expect(SyncOrder.values(of: ids, base: base) == [10, 20, 30, 40, 50])
        #expect(SyncOrder.values(of: [ids[4]] + ids[0..<4], base: base) == [10 - 1024, 10, 20, 30, 40])
        #expect(SyncOrder.values(of: [ids[0], ids[3], ids[1], ids[2], ids[4]], base: base) == [10, 15, 20, 30, 50])
        #expect(SyncOrder.values(of: [ids[0], ids[3], ids[4], ids[1], ids[2]], base: base) == [10, 13, 16, 20, 30])
        let new = UUID()
        #expect(SyncOrder.values(of: ids + [new], base: base) == [10, 20, 30, 40, 50, 50 + 1024])
        // No room between 0 and 1: numbered again.
        let tight = Dictionary(uniqueKeysWithValues: zip(ids, 0..<5))
        #expect(SyncOrder.values(of: [ids[0], ids[4], ids[1], ids[2], ids[3]], base: tight) == [0, 1, 2, 3, 4])
        #expect(SyncOrder.values(of: ids, base: [:]) == [0, 1, 2, 3, 4])
    }

    @Test("a move in tick rewrites the files whose value changed and no other; the next sync has nothing to do")
    func moveGoesOut() throws {
        let fixture = try SyncFixture()
        let items = try ["A", "B", "C", "D"].map { try ToDoItem(title: $0) }
        try fixture.store.apply(items.map { .insert($0, .toDo, at: nil) })
        try fixture.run()
        #expect(try ["A", "B", "C", "D"].map { try sortOrder(fixture, $0) } == (0..<4).map { "X-APPLE-SORT-ORDER:\($0)" })
        try fixture.store.apply([.place(items[3].id, .toDo, at: 0)])
        let before = try fixture.snapshot()
        #expect(try fixture.run().writtenToVdir == 1)
        #expect(try sortOrder(fixture, "D") == "X-APPLE-SORT-ORDER:-1024")
        let changed = try fixture.snapshot().filter { before[$0.key] != $0.value }.keys.filter { $0.hasPrefix("vdir/") }
        #expect(changed.count == 1)
        #expect(try fixture.run().isIdle)
    }

    @Test("starting over (the state gone) with both sides in one order but other numbers: no order conflict, nothing moves, nothing written")
    func startOverKeepsOrder() throws {
        let fixture = try SyncFixture()
        for (name, title, order) in [("a.ics", "A", 100), ("b.ics", "B", 1024), ("c.ics", "C", 5000)] {
            try fixture.writeFile(name, SyncFixture.todo(uid: name, summary: title, extra: ["X-APPLE-SORT-ORDER:\(order)"]))
        }
        try fixture.run()
        // The list numbered as tick numbers a section of its own (0, 1, 2): the same order.
        let items = try fixture.store.load().toDoItems
        #expect(items.map(\.title) == ["A", "B", "C"])
        try FileManager.default.removeItem(at: fixture.stateDirectory)
        let before = try fixture.snapshot().filter { $0.key.hasPrefix("vdir/") }
        let report = try fixture.run()
        #expect(report.conflicts.isEmpty, "\(report.conflicts)")
        #expect(report.writtenToVdir == 0 && report.updatedInList == 0, "\(report.summary)")
        #expect(try fixture.store.load().toDoItems.map(\.title) == ["A", "B", "C"])
        #expect(try fixture.snapshot().filter { $0.key.hasPrefix("vdir/") } == before)
    }

    @Test("a file rewritten for its new place is stamped revised now (LAST-MODIFIED, DTSTAMP) with SEQUENCE one up, though the item changed earlier")
    func reorderStampsRevision() throws {
        let fixture = try SyncFixture()
        var items = try ["A", "B"].map { try ToDoItem(title: $0) }
        items[1].modifiedAt = Date(timeIntervalSince1970: 1_790_000_000.4)  // (the file says whole seconds)
        try fixture.store.apply(items.map { .insert($0, .toDo, at: nil) })
        try fixture.run()
        func line(_ prefix: String) throws -> String? {
            try fixture.readFile("\(items[1].id.uuidString).ics").components(separatedBy: "\r\n").first { $0.hasPrefix(prefix) }
        }
        #expect(try line("LAST-MODIFIED:") == "LAST-MODIFIED:20260921T141320Z")
        try fixture.store.apply([.place(items[1].id, .toDo, at: 0)])
        #expect(try fixture.run().writtenToVdir == 1)
        #expect(try line("LAST-MODIFIED:") != "LAST-MODIFIED:20260921T141320Z")
        #expect(try line("LAST-MODIFIED:").map { "DTSTAMP:" + $0.dropFirst("LAST-MODIFIED:".count) } == line("DTSTAMP:"))
        #expect(try line("SEQUENCE:") == "SEQUENCE:2")
    }

    @Test("a new order in the vdir (another client renumbered) reorders the list; Done is sorted too")
    func vdirOrderComesIn() throws {
        let fixture = try SyncFixture()
        for (name, title, order) in [("a.ics", "A", 100), ("b.ics", "B", 200), ("c.ics", "C", 300)] {
            try fixture.writeFile(name, SyncFixture.todo(uid: name, summary: title, extra: ["X-APPLE-SORT-ORDER:\(order)"]))
        }
        try fixture.run()
        #expect(try fixture.store.load().toDoItems.map(\.title) == ["A", "B", "C"])
        try fixture.writeFile("c.ics", SyncFixture.todo(uid: "c.ics", summary: "C", extra: ["X-APPLE-SORT-ORDER:150", "LAST-MODIFIED:20261201T100000Z"]))
        let report = try fixture.run()
        #expect(report.updatedInList == 1 && report.writtenToVdir == 0)
        #expect(try fixture.store.load().toDoItems.map(\.title) == ["A", "C", "B"])
        #expect(try fixture.run().isIdle)
    }

    @Test("a file at Int's end of X-APPLE-SORT-ORDER and a new file without one sync without a crash, twice")
    func orderAtIntsEnd() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("a.ics", SyncFixture.todo(uid: "a.ics", summary: "A", extra: ["X-APPLE-SORT-ORDER:\(Int.max)"]))
        try fixture.run()
        try fixture.writeFile("b.ics", SyncFixture.todo(uid: "b.ics", summary: "B"))
        try fixture.run()
        try fixture.writeFile("c.ics", SyncFixture.todo(uid: "c.ics", summary: "C"))
        try fixture.run()
        #expect(try Set(fixture.store.load().toDoItems.map(\.title)) == ["A", "B", "C"])
    }
}
