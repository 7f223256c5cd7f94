import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: completion and change times, calendar-day dues, iCalendar data")
struct KeyedArchiveNewFieldsTests {
    private static func item() throws -> ToDoItem {
        var item = try ToDoItem(title: "Dentist", createdAt: Date(timeIntervalSince1970: 1_700_000_000))
        item.setDue(day: CalendarDay(year: 2026, month: 3, day: 9))
        item.completedAt = Date(timeIntervalSince1970: 1_700_000_100.25)
        item.modifiedAt = Date(timeIntervalSince1970: 1_700_000_200.5)
        item.externalUID = "20260309T090000Z-42@calendar.example"
        item.iCalendarExtras = "CLASS:PRIVATE\r\nBEGIN:VALARM\r\nTRIGGER:-PT15M\r\nEND:VALARM"
        item.taskwarriorExtras = #"{"wait":"20261124T230000Z","effort":3}"#
        return item
    }

    /// The archive's dictionary for the list's first To Do item.
    private static func itemObject(_ bytes: [UInt8]) throws -> (item: PropertyListDictionary, objects: [PropertyListValue]) {
        let tree = try BinaryPropertyListReader.decode(bytes)
        let objects = try ArchiveSurgery.objects(tree)
        let first = try ArchiveSurgery.landmarks(tree).firstItem
        return (try ArchiveSurgery.dictionary(objects[first]), objects)
    }

    @Test("the new fields survive encode and decode")
    func roundTrip() throws {
        let item = try Self.item()
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        let decoded = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(decoded == list)
        let read = try #require(decoded.toDoItems.first)
        #expect(read.dueDay == CalendarDay(year: 2026, month: 3, day: 9))
        #expect(read.completedAt == item.completedAt)
        #expect(read.modifiedAt == item.modifiedAt)
        #expect(read.externalUID == item.externalUID)
        #expect(read.iCalendarExtras == item.iCalendarExtras)
        #expect(read.taskwarriorExtras == item.taskwarriorExtras)
    }

    @Test("they are stored under the schema's keys: times as reals since 1970, dueIsDate as a bool, UID and extras as strings")
    func storedAsTheSchemaSays() throws {
        let item = try Self.item()
        let (object, objects) = try Self.itemObject(KeyedArchive.encode(try ToDoList(toDoItems: [item], doneItems: [])))
        #expect(object["completedAt"] == .real(1_700_000_100.25))
        #expect(object["modifiedAt"] == .real(1_700_000_200.5))
        #expect(object["dueIsDate"] == .bool(true))
        #expect(object["timestamp"] == .real(try #require(CalendarDay(year: 2026, month: 3, day: 9)).utcMidnight.timeIntervalSince1970))
        #expect(objects[try ArchiveSurgery.uid(object["iCalendarUID"])] == .string("20260309T090000Z-42@calendar.example"))
        #expect(objects[try ArchiveSurgery.uid(object["iCalendarExtras"])] == .string(item.iCalendarExtras ?? ""))
        #expect(objects[try ArchiveSurgery.uid(object["taskwarriorExtras"])] == .string(item.taskwarriorExtras ?? ""))
    }

    @Test("an item without them has none of their keys, so older readers see what they always saw")
    func absentWhenEmpty() throws {
        var plain = try ToDoItem(title: "Plain", createdAt: Date(timeIntervalSince1970: 5))
        plain.setDue(instant: Date(timeIntervalSince1970: 99))
        let (object, _) = try Self.itemObject(KeyedArchive.encode(try ToDoList(toDoItems: [plain], doneItems: [])))
        #expect(Set(object.entries.map(\.key)) == ["$class", "id", "title", "timestamp", "createdAt"])
    }

    @Test("a file written before these fields loads with them empty")
    func olderFileLoads() throws {
        let list = try KeyedArchive.decode([UInt8](try KeyedArchiveFixtureTests.fixture("apple-layout.plist")))
        #expect(!list.isEmpty)
        for item in list.allItems {
            #expect(item.completedAt == nil && item.modifiedAt == nil && !item.dueIsDay)
            #expect(item.externalUID == nil && item.iCalendarExtras == nil)
        }
    }

    @Test("dueIsDate written by another archiver as an integer 0 or 1 is read; anything else is an error naming it")
    func dueIsDateAsInteger() throws {
        let list = try ToDoList(toDoItems: [try Self.item()], doneItems: [])
        let tree = try BinaryPropertyListReader.decode(KeyedArchive.encode(list))
        let one = try ArchiveSurgery.replacingInFirstItem(tree, key: "dueIsDate", with: .integer(1))
        #expect(try KeyedArchive.decode(BinaryPropertyListWriter.encode(one)).toDoItems.first?.dueIsDay == true)
        let zero = try ArchiveSurgery.replacingInFirstItem(tree, key: "dueIsDate", with: .integer(0))
        #expect(try KeyedArchive.decode(BinaryPropertyListWriter.encode(zero)).toDoItems.first?.dueIsDay == false)
        let text = try ArchiveSurgery.replacingInFirstItem(tree, key: "dueIsDate", with: .string("yes"))
        let error = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(BinaryPropertyListWriter.encode(text)) }
        #expect(error?.description.contains("dueIsDate") == true, "\(String(describing: error))")
    }
}
