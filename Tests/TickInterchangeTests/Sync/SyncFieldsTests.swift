import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("Sync: the fields and the state file")
struct SyncFieldsTests {
    /// An item's fields as the state files of earlier versions hold them (JSONEncoder, sorted keys).
    static let earlier = #"{"done":true,"due":1798761600,"dueIsDay":true,"latitude":50.5,"location":"Shop","longitude":6.25,"notes":"oat","title":"Buy milk"}"#

    @Test("a state file an earlier version wrote reads the same fields, and they are written back byte for byte")
    func earlierStateFile() throws {
        let fields = try JSONDecoder().decode(SyncFields.self, from: Data(Self.earlier.utf8))
        #expect(fields == SyncFields(title: "Buy milk", notes: "oat", due: 1_798_761_600, dueIsDay: true, location: "Shop",
                                     latitude: 50.5, longitude: 6.25, done: true))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(fields), as: UTF8.self) == Self.earlier)
        // Fields that hold none are left out, as before.
        let bare = #"{"done":false,"dueIsDay":false,"title":"T"}"#
        #expect(String(decoding: try encoder.encode(try JSONDecoder().decode(SyncFields.self, from: Data(bare.utf8))), as: UTF8.self) == bare)
    }

    @Test("priority, tags and repeat are kept under keys of their own, and none of them written when the item has none")
    func planningKeys() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let fields = SyncFields(title: "T", priority: 3, tags: ["a", "b"], recurrence: "FREQ=DAILY")
        let json = String(decoding: try encoder.encode(fields), as: UTF8.self)
        #expect(json == #"{"done":false,"dueIsDay":false,"priority":3,"recurrence":"FREQ=DAILY","tags":["a","b"],"title":"T"}"#)
        #expect(try JSONDecoder().decode(SyncFields.self, from: Data(json.utf8)) == fields)
        var item = try ToDoItem(title: "T")
        try fields.apply(to: &item)
        #expect(item.priority == 3 && item.tags == ["a", "b"] && item.recurrence == "FREQ=DAILY")
        #expect(SyncFields(item: item, done: false) == fields)
    }

    @Test("every field is one row, named as the conflicts file names it")
    func rows() throws {
        #expect(SyncFields.Field.allCases.map(\.rawValue) == ["title", "notes", "due", "location", "done", "priority", "tags", "repeat", "order", "parent"])
        let conflict = SyncConflict(field: .due, title: "T", kept: "a", lost: "b", lostSide: .list)
        #expect(String(decoding: try JSONEncoder().encode(conflict.field), as: UTF8.self) == "\"due\"")
    }

    @Test("an item's fields are read by the rows and written back into an item by them")
    func readAndApply() throws {
        var item = try ToDoItem(title: "Buy milk", notes: "", location: Location(name: "Shop", latitude: 1, longitude: 2))
        item.setDue(day: CalendarDay(year: 2026, month: 12, day: 1))
        let fields = SyncFields(item: item, done: true)
        #expect(fields == SyncFields(title: "Buy milk", notes: nil, due: 1_796_083_200, dueIsDay: true, location: "Shop",
                                     latitude: 1, longitude: 2, done: true))
        var other = try ToDoItem(title: "Other")
        try fields.apply(to: &other)
        #expect(other.title == "Buy milk" && other.dueDay == CalendarDay(year: 2026, month: 12, day: 1) && other.location == item.location)
        #expect(fields.describe(.due) == "2026-12-01")
        #expect(fields.describe(.location) == "Shop (1.0, 2.0)")
        var timed = item
        timed.setDue(instant: Date(timeIntervalSince1970: 1_796_119_200))
        #expect(SyncFields(item: timed, done: false).describe(.due) == "2026-12-01T10:00:00Z")
    }
}
