import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Sync: repeating items ticked off on both sides")
struct RepeatSyncTests {
    @Test("an occurrence ticked off in tick and completed by todoman before they synced is one done occurrence and one open series")
    func tickedOnBothSides() throws {
        let fixture = try SyncFixture()
        try fixture.writeFile("s.ics", SyncFixture.todo(uid: "s", summary: "Water plants", extra: ["DUE;VALUE=DATE:20261202", "RRULE:FREQ=WEEKLY"]))
        try fixture.run()
        let series = try #require(try fixture.store.load().toDoItems.first)
        // tick: the series moves on to Dec 9, a done copy of Dec 2 goes to Done; and a note.
        try fixture.store.apply([.tick(series), .set(series.id, .notes("use the blue can"))])
        // todoman: the series itself completed without its rule, a new one for Dec 9.
        try fixture.writeFile("s.ics", SyncFixture.todo(uid: "s", summary: "Water plants", extra: [
            "DUE;VALUE=DATE:20261202", "STATUS:COMPLETED", "COMPLETED:20261202T080000Z", "LAST-MODIFIED:20261202T080000Z"]))
        try fixture.writeFile("n.ics", SyncFixture.todo(uid: "n", summary: "Water plants", extra: ["DUE;VALUE=DATE:20261209", "RRULE:FREQ=WEEKLY"]))
        let report = try fixture.run()
        #expect(report.conflicts.isEmpty, "\(report.conflicts)")
        let list = try fixture.store.load()
        #expect(list.toDoItems.map { [$0.externalUID ?? $0.id.uuidString, $0.dueDay?.description ?? "", $0.recurrence ?? ""] }
                == [["n", "2026-12-09", "FREQ=WEEKLY"]], "\(list.toDoItems)")
        #expect(list.doneItems.map { [$0.externalUID ?? $0.id.uuidString, $0.dueDay?.description ?? ""] } == [["s", "2026-12-02"]], "\(list.doneItems)")
        #expect(list.doneItems.first?.notes == "use the blue can", "tick's other change merges as ever")
        #expect(try fixture.files() == ["n.ics", "s.ics"])
        #expect(try fixture.run().isIdle)
    }
}
