import Foundation
import Testing
@testable import TickCore

@Suite("The archive's schema, stated once")
struct ArchiveSchemaTests {
    static func fileFormatDoc() throws -> String {
        // Tests/TickCoreTests/ArchiveSchemaTests.swift → the package's docs/.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return try String(contentsOf: root.appendingPathComponent("docs/file-format.md"), encoding: .utf8)
    }

    @Test("docs/file-format.md shows each class's keys exactly as the schema has them", arguments: ArchiveClass.allCases)
    func docMatchesSchema(archiveClass: ArchiveClass) throws {
        let doc = try Self.fileFormatDoc()
        let table = ArchiveSchema.markdownTable(for: archiveClass)
        #expect(doc.contains(table), "docs/file-format.md should hold, for \(archiveClass.rawValue):\n\(table)")
        // And under that class's own heading.
        let heading = try #require(doc.range(of: "### \(archiveClass.rawValue)"))
        #expect(doc[heading.upperBound...].range(of: table)?.lowerBound == doc[heading.upperBound...].range(of: "| key | value")?.lowerBound)
    }

    @Test("every key's index is its place among all keys, and each class's keys are its own")
    func keyIndices() {
        for (offset, key) in ArchiveKey.allCases.enumerated() { #expect(key.index == offset, "\(key)") }
        for (offset, archiveClass) in ArchiveClass.allCases.enumerated() { #expect(archiveClass.index == offset) }
        for archiveClass in ArchiveClass.allCases {
            for key in ArchiveKey.allCases {
                let listed = ArchiveSchema.fields(of: archiveClass).first { $0.key == key }
                #expect(ArchiveSchema.rule(key, of: archiveClass) == listed.map { .init(kind: $0.kind, isOptional: $0.isOptional) },
                        "\(archiveClass) \(key)")
            }
        }
    }

    @Test("the writer writes exactly the schema's keys, in its order, and the reader reads each back")
    func writerFollowsSchema() throws {
        var item = try ToDoItem(title: "All", notes: "n", location: Location(name: "P", latitude: 1, longitude: 2),
                                createdAt: Date(timeIntervalSince1970: 9))
        item.setDue(day: CalendarDay(year: 2026, month: 1, day: 2))
        item.completedAt = Date(timeIntervalSince1970: 10)
        item.modifiedAt = Date(timeIntervalSince1970: 11)
        item.externalUID = "x"
        item.iCalendarExtras = "y"
        item.taskwarriorExtras = #"{"wait":"20260101T000000Z"}"#
        try item.setPriority(2)
        try item.setTags(["home", "Kitchen stuff"])
        item.recurrence = "FREQ=WEEKLY;BYDAY=MO"
        item.parent = UUID()
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        let tree = try BinaryPropertyListReader.decode(KeyedArchive.encode(list))
        let objects = try ArchiveSurgery.objects(tree)
        let marks = try ArchiveSurgery.landmarks(tree)
        let itemObject = try ArchiveSurgery.dictionary(objects[marks.firstItem])
        let locationObject = try ArchiveSurgery.dictionary(objects[try ArchiveSurgery.uid(itemObject["location"])])
        let keys = { (archiveClass: ArchiveClass) in ArchiveSchema.fields(of: archiveClass).map(\.key.rawValue) + ["$class"] }
        #expect(itemObject.entries.map(\.key) == keys(.item))
        #expect(locationObject.entries.map(\.key) == keys(.location))
        #expect(try ArchiveSurgery.dictionary(objects[marks.root]).entries.map(\.key) == keys(.list))
        #expect(try ArchiveSurgery.dictionary(objects[marks.toDoArray]).entries.map(\.key) == keys(.array))
        // The tags are an NSArray of strings, each a UID to a string.
        let tags = try ArchiveSurgery.dictionary(objects[try ArchiveSurgery.uid(itemObject["tags"])])
        #expect(tags.entries.map(\.key) == keys(.array))
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
    }

    @Test("a required key that is absent is an error naming it", arguments: ["id", "title", "createdAt"])
    func requiredKeys(key: String) throws {
        let tree = try ArchiveSurgery.replacingInFirstItem(try ArchiveSurgery.fixtureTree(), key: key, with: nil)
        let error = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(BinaryPropertyListWriter.encode(tree)) }
        #expect(error?.description.contains("has no \(key)") == true, "\(String(describing: error))")
    }
}
