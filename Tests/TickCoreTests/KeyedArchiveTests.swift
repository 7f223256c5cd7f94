import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: encode and decode")
struct KeyedArchiveTests {
    static func sampleList() throws -> ToDoList {
        let places = [
            nil,
            try Location(name: "Home"),
            try Location(name: "Pole", latitude: -90, longitude: 180),
            try Location(name: "Null Island", latitude: 0, longitude: 0),
            try Location(name: "Café Zoë", latitude: 48.8566, longitude: 2.3522),
        ]
        let notes: [String?] = [nil, "", "Line one\nLine two", "备注：带上发票"]
        let dues: [Date?] = [nil, Date(timeIntervalSince1970: 0), Date(timeIntervalSince1970: -86_400.5), Date(timeIntervalSince1970: 1_800_000_000.125)]
        let titles = ["Buy milk", "Überweisung", "😀😀😀", String(repeating: "x", count: 256), "a", "東京 👍🏽 tower"]
        var toDo: [ToDoItem] = []
        var done: [ToDoItem] = []
        var index = 0
        for place in places {
            for note in notes {
                for due in dues {
                    var item = try ToDoItem(
                        title: titles[index % titles.count], notes: note, due: due, location: place,
                        createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index) * 0.001))
                    // The fields a newer model added, in every combination too.
                    if index % 5 == 0 { item.completedAt = Date(timeIntervalSince1970: 1_750_000_000 + Double(index)) }
                    if index % 4 == 1 { item.modifiedAt = Date(timeIntervalSince1970: 1_760_000_000.5 + Double(index)) }
                    if index % 7 == 2 { item.setDue(day: CalendarDay(year: 2026, month: 12, day: 1 + index % 28)) }
                    if index % 6 == 3 {
                        item.externalUID = "uid-\(index)@example.com"
                        item.iCalendarExtras = "X-PRIORITY:\(index)\r\nBEGIN:VALARM\r\nEND:VALARM"
                    }
                    if index % 8 == 1 { try item.setPriority(1 + index % 9) }
                    if index % 9 == 4 { try item.setTags(index % 2 == 0 ? ["home"] : ["Work", "Café 😀", "a,b"]) }
                    if index % 10 == 5 { item.recurrence = "FREQ=MONTHLY;BYDAY=\(1 + index % 4)TU" }
                    if index % 11 == 6 { item.taskwarriorExtras = #"{"wait":"20261124T230000Z","effort":\#(index)}"# }
                    if index % 3 == 0 { done.append(item) } else { toDo.append(item) }
                    index += 1
                }
            }
        }
        return try ToDoList(toDoItems: toDo, doneItems: done)
    }

    @Test("lists with every combination of fields survive encode and decode")
    func roundTrip() throws {
        let list = try Self.sampleList()
        #expect(list.count == 80)
        let decoded = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(decoded == list)
        #expect(decoded.toDoItems.map(\.id) == list.toDoItems.map(\.id))
        #expect(decoded.doneItems.map(\.id) == list.doneItems.map(\.id))
    }

    @Test("an empty list and a list with only done items survive encode and decode")
    func edgeLists() throws {
        #expect(try KeyedArchive.decode(KeyedArchive.encode(ToDoList())) == ToDoList())
        let onlyDone = try ToDoList(toDoItems: [], doneItems: [ToDoItem(title: "done", createdAt: Date(timeIntervalSince1970: 5))])
        #expect(try KeyedArchive.decode(KeyedArchive.encode(onlyDone)) == onlyDone)
    }

    @Test("the archive follows the schema: header keys, $null, classes, uppercase ids, reals for dates")
    func schema() throws {
        let id = try #require(UUID(uuidString: "0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d"))
        let item = try ToDoItem(id: id, title: "Title", notes: "n", due: Date(timeIntervalSince1970: 100),
                                location: Location(name: "Here", latitude: 1, longitude: 2), createdAt: Date(timeIntervalSince1970: 50))
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        let tree = try BinaryPropertyListReader.decode(KeyedArchive.encode(list))
        guard case .dictionary(let top) = tree, case .array(let objects)? = top["$objects"] else {
            Issue.record("not a keyed archive"); return
        }
        #expect(top["$archiver"] == .string("NSKeyedArchiver"))
        #expect(top["$version"] == .integer(100_000))
        #expect(top["$top"] == .dictionary(PropertyListDictionary([("root", .uid(1))])))
        #expect(objects[0] == .string("$null"))
        func object(_ value: PropertyListValue?) -> PropertyListDictionary? {
            guard case .uid(let uid)? = value, Int(uid) < objects.count, case .dictionary(let dictionary) = objects[Int(uid)] else { return nil }
            return dictionary
        }
        func string(_ value: PropertyListValue?) -> String? {
            guard case .uid(let uid)? = value, Int(uid) < objects.count, case .string(let text) = objects[Int(uid)] else { return nil }
            return text
        }
        guard case .dictionary(let root) = objects[1] else { Issue.record("root is not a dictionary"); return }
        #expect(root["formatVersion"] == .integer(1))
        #expect(object(root["$class"])?["$classname"] == .string("ToDoList"))
        #expect(object(root["$class"])?["$classes"] == .array([.string("ToDoList"), .string("NSObject")]))
        let array = try #require(object(root["toDoItems"]))
        #expect(object(array["$class"])?["$classname"] == .string("NSArray"))
        #expect(object(root["doneItems"])?["NS.objects"] == .array([]))
        guard case .array(let elements)? = array["NS.objects"], let first = object(elements.first) else {
            Issue.record("no items"); return
        }
        #expect(string(first["id"]) == "0A1B2C3D-4E5F-4A6B-8C7D-9E0F1A2B3C4D")
        #expect(string(first["title"]) == "Title")
        #expect(string(first["itemDescription"]) == "n")
        #expect(first["timestamp"] == .real(100))
        #expect(first["createdAt"] == .real(50))
        #expect(object(first["$class"])?["$classes"] == .array([.string("ToDoItem"), .string("NSObject")]))
        let location = try #require(object(first["location"]))
        #expect(string(location["name"]) == "Here")
        #expect(location["latitude"] == .real(1))
        #expect(location["longitude"] == .real(2))
        #expect(object(location["$class"])?["$classname"] == .string("Location"))
    }

    @Test("encoding is deterministic and a decoded file encodes to the same bytes")
    func stableBytes() throws {
        let list = try Self.sampleList()
        let bytes = KeyedArchive.encode(list)
        #expect(KeyedArchive.encode(list) == bytes)
        #expect(KeyedArchive.encode(try KeyedArchive.decode(bytes)) == bytes)
    }

    @Test("archives are numbered as NSKeyedArchiver does: the fixture's object order")
    func objectOrder() throws {
        let fixture = [UInt8](try KeyedArchiveFixtureTests.fixture("apple-layout.plist"))
        let ours = try BinaryPropertyListReader.decode(KeyedArchive.encode(KeyedArchive.decode(fixture)))
        guard case .dictionary(let top) = ours, case .array(let objects)? = top["$objects"] else {
            Issue.record("not a keyed archive"); return
        }
        // Root, the To Do array, its first item, that item's id and title, its location,
        // the location's name, then Location's and ToDoItem's class descriptions.
        #expect(objects[4] == .string("9275DC84-C7FB-4F2C-A6A2-FFA0C60F8FE0"))
        #expect(objects[5] == .string("abcdefghijklmn"))
        #expect(objects[7] == .string("Pole"))
        guard case .dictionary(let locationClass) = objects[8], case .dictionary(let itemClass) = objects[9] else {
            Issue.record("class descriptions are not where NSKeyedArchiver puts them"); return
        }
        #expect(locationClass["$classname"] == .string("Location"))
        #expect(itemClass["$classname"] == .string("ToDoItem"))
    }

    @Test("Foundation's XML rendering of an archive is read through the XML reader")
    func xmlInput() throws {
        let list = try Self.sampleList()
        let binary = KeyedArchive.encode(list)
        let object = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil)
        let xml = try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0)
        #expect(xml.starts(with: Array("<?xml".utf8)))
        #expect(try KeyedArchive.decode([0xEF, 0xBB, 0xBF, 0x0A] + [UInt8](xml)) == list)
    }
}
