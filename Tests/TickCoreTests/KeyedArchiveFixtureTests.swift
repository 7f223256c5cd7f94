import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: the Apple-layout fixture")
struct KeyedArchiveFixtureTests {
    static func fixture(_ name: String) throws -> Data {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return try Data(contentsOf: url)
    }

    @Test("every value in apple-layout.plist matches apple-layout.expected.json")
    func fixtureValues() throws {
        let list = try KeyedArchive.decode([UInt8](Self.fixture("apple-layout.plist")))
        let json = try #require(JSONSerialization.jsonObject(with: Self.fixture("apple-layout.expected.json")) as? [String: Any])
        let expected = try #require(json["items"] as? [[String: Any]])
        let toDo = expected.filter { ($0["done"] as? Bool) == false }.sorted { ($0["order"] as? Int ?? 0) < ($1["order"] as? Int ?? 0) }
        let done = expected.filter { ($0["done"] as? Bool) == true }.sorted { ($0["order"] as? Int ?? 0) < ($1["order"] as? Int ?? 0) }
        #expect(list.toDoItems.count == toDo.count)
        #expect(list.doneItems.count == done.count)
        #expect(list.count == expected.count)
        for (items, wanted) in [(list.toDoItems, toDo), (list.doneItems, done)] {
            for (item, values) in zip(items, wanted) {
                #expect(item.id.uuidString == values["id"] as? String)
                #expect(item.title == values["title"] as? String)
                #expect(item.notes == values["notes"] as? String)
                #expect(item.due?.timeIntervalSince1970 == (values["due"] as? NSNumber)?.doubleValue)
                #expect(item.createdAt.timeIntervalSince1970 == (values["createdAt"] as? NSNumber)?.doubleValue)
                if let location = values["location"] as? [String: Any] {
                    let decoded = try #require(item.location, "item \(item.title) has no location")
                    #expect(decoded.name == location["name"] as? String)
                    #expect(decoded.coordinate?.latitude == (location["latitude"] as? NSNumber)?.doubleValue)
                    #expect(decoded.coordinate?.longitude == (location["longitude"] as? NSNumber)?.doubleValue)
                } else {
                    #expect(item.location == nil)
                }
                #expect(item.unknownFields.isEmpty)
            }
        }
        #expect(list.unknownFields.isEmpty)
    }

    @Test("the fixture survives encode and decode unchanged")
    func fixtureRoundTrip() throws {
        let list = try KeyedArchive.decode([UInt8](Self.fixture("apple-layout.plist")))
        let again = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(again == list)
    }

    @Test("the generic reader reads the fixture as plistlib does: top keys, 63 objects, UIDs")
    func fixtureAsTree() throws {
        let tree = try BinaryPropertyListReader.decode([UInt8](Self.fixture("apple-layout.plist")))
        guard case .dictionary(let top) = tree else { Issue.record("top is not a dictionary"); return }
        #expect(top.entries.map(\.key) == ["$version", "$objects", "$archiver", "$top"])
        #expect(top["$version"] == .integer(100_000))
        #expect(top["$archiver"] == .string("NSKeyedArchiver"))
        #expect(top["$top"] == .dictionary(PropertyListDictionary([("root", .uid(1))])))
        guard case .array(let objects)? = top["$objects"] else { Issue.record("no $objects"); return }
        #expect(objects.count == 63)
        #expect(objects[0] == .string("$null"))
        #expect(objects[57] == .string("😀😀😀😀😀😀😀"))
    }
}
