import Foundation
import Testing
@testable import TickCore

/// The decoder reads items in the usual shape on a fast path and everything else on the
/// general one; both must give the same list.
@Suite("Keyed archive: the fast path for items agrees with the model's rules")
struct KeyedArchiveFastPathTests {
    /// A one-item archive with this title and location name.
    static func archive(title: String, place: String = "Place") -> [UInt8] {
        ArchiveTree.oneItem(
            item: { tree, entries in ArchiveTree.replacing(entries, "title", tree.add(.string(title))) },
            location: { tree, entries in ArchiveTree.replacing(entries, "name", tree.add(.string(place))) })
    }

    static let titles = [
        "Title", " Title", "Title ", "\tTitle\n", " Title \r\n", "Café", "Zoë ", " 会議", "東京駅", "资料 📦", "👍🏽",
        "a 👍🏽 ", "x \u{301}", "\u{3000}wide space\u{3000}", "\u{A0}nbsp", String(repeating: "long title ", count: 40),
        String(repeating: "é", count: 300), "e\u{301}",
    ]

    @Test("titles, ASCII or UTF-16, with or without surrounding whitespace, decode as the model trims them", arguments: titles)
    func titlesAsTheModelTrims(_ title: String) throws {
        let item = try #require(try KeyedArchive.decode(Self.archive(title: title)).toDoItems.first)
        #expect(item.title == (try ToDoItem(title: title)).title)
    }

    @Test("location names decode as the model trims them", arguments: ["Place", " Place", "Place\n", "Café Zoë", "東京駅", " 東京駅 "])
    func namesAsTheModelTrims(_ name: String) throws {
        let item = try #require(try KeyedArchive.decode(Self.archive(title: "Title", place: name)).toDoItems.first)
        #expect(item.location?.name == (try Location(name: name)).name)
        #expect(item.location?.coordinate?.latitude == 10)
    }

    @Test("a title or name of only whitespace is an ArchiveError, not an item", arguments: [(" \t ", "Place"), ("Title", "  ")])
    func blank(_ title: String, _ place: String) {
        #expect(throws: ArchiveError.self) { try KeyedArchive.decode(Self.archive(title: title, place: place)) }
    }

    @Test("a byte above 0x7F in an ASCII string object is an ArchiveError")
    func nonASCIIByte() throws {
        var bytes = Self.archive(title: "Zitle")
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "Z")))
        bytes[index] = 0xC3
        #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
    }

    @Test("an id that is not a UUID is an ArchiveError naming the item")
    func badID() throws {
        let bytes = ArchiveTree.oneItem(item: { tree, entries in
            ArchiveTree.replacing(entries, "id", tree.add(.string("6F9619FF-8B86-D011-B42D-00C04FC964FG")))
        })
        #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
    }

    @Test("a lowercase id is read as the same UUID")
    func lowercaseID() throws {
        let bytes = ArchiveTree.oneItem(item: { tree, entries in
            ArchiveTree.replacing(entries, "id", tree.add(.string("6f9619ff-8b86-d011-b42d-00c04fc964ff")))
        })
        let item = try #require(try KeyedArchive.decode(bytes).toDoItems.first)
        #expect(item.id.uuidString == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
    }

    @Test("a coordinate out of range or only one of the two is an ArchiveError",
          arguments: [[("latitude", PropertyListValue.real(91))], [("longitude", .real(-181))], [("longitude", nil)]])
    func badCoordinate(_ edits: [(String, PropertyListValue?)]) {
        let bytes = ArchiveTree.oneItem(location: { _, entries in
            edits.reduce(entries) { ArchiveTree.replacing($0, $1.0, $1.1) }
        })
        #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
    }

    @Test("many items of every shape survive encode and decode (fast path with shared classes and keys)")
    func manyItems() throws {
        var list = ToDoList()
        for index in 0..<600 {
            let location: Location? = switch index % 3 {
            case 0: nil
            case 1: try Location(name: index % 2 == 0 ? "東京駅" : "Office")
            default: try Location(name: "Café Zoë", latitude: Double(index % 90), longitude: -Double(index % 180))
            }
            let item = try ToDoItem(
                title: index % 5 == 0 ? "会議 \(index) 👍🏽" : "item \(index) " + String(repeating: "x", count: index % 40),
                notes: index % 4 == 0 ? "notes \(index)" : nil,
                due: index % 7 == 0 ? Date(timeIntervalSince1970: 1_700_000_000 + Double(index)) : nil,
                location: location, createdAt: Date(timeIntervalSince1970: 1_600_000_000.25 + Double(index)))
            try list.add(item, to: index % 3 == 0 ? .done : .toDo)
        }
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
    }
}

@Suite("Keyed archive previews")
struct KeyedArchivePreviewTests {
    @Test("a preview holds the first items of each section and the sections' sizes, then the whole list comes; XML has none")
    func previewOfEachSection() throws {
        let list = try StoreStagedLoadingTests.list(open: 12, done: 3)
        let bytes = KeyedArchive.encode(list)
        var previews: [ListPreview] = []
        #expect(try KeyedArchive.decode(bytes, previewItems: 5) { previews.append($0) } == list)
        let preview = try #require(previews.first)
        #expect(previews.count == 1)
        #expect(preview.toDoCount == 12 && preview.doneCount == 3)
        #expect(preview.list.toDoItems.map(\.title) == (0..<5).map { "open \($0)" })
        #expect(preview.list.doneItems == list.doneItems)
        #expect(!preview.isComplete)
        previews = []
        _ = try KeyedArchive.decode(bytes, previewItems: 100) { previews.append($0) }
        #expect(previews.map(\.isComplete) == [true])
        let xml = try PropertyListSerialization.data(
            fromPropertyList: PropertyListSerialization.propertyList(from: Data(bytes), format: nil), format: .xml, options: 0
        )
        previews = []
        #expect(try KeyedArchive.decode([UInt8](xml), previewItems: 5) { previews.append($0) } == list)
        #expect(previews.isEmpty)
    }

    @Test("a file broken past the preview's items is an error after the preview, the same as a whole read's")
    func brokenPastThePreview() throws {
        let list = try StoreStagedLoadingTests.list(open: 12, done: 0)
        let late = list.toDoItems[10].id
        var bytes = KeyedArchive.encode(list)
        // The eleventh item's id, made not a UUID ("-" → "!") in place.
        let text = Array(late.uuidString.utf8)
        let at = try #require(HostileInputTests.firstIndex(of: text, in: bytes))
        bytes[at + 8] = UInt8(ascii: "!")
        let whole = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        var previews = 0
        let staged = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes, previewItems: 5) { _ in previews += 1 } }
        #expect(previews == 1)
        #expect(whole?.description == staged?.description)
    }
}
