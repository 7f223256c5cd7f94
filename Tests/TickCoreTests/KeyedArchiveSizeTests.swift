import Foundation
import Testing
@testable import TickCore

/// The encoder estimates an archive's object count before writing it, from the items' own
/// fields; rare fields and unknown keys may take more objects than that, and a count that
/// needs another reference size writes the list again.
@Suite("Keyed archive: lists larger or smaller than their estimate")
struct KeyedArchiveSizeTests {
    /// Unknown values of every kind, nested.
    static let unknown = UnknownFields([
        "plain": .value(.array([
            .null, .bool(true), .integer(-1), .integer(Int64.max), .unsignedInteger(UInt64.max), .real(0.5),
            .date(1), .data(Array(repeating: 7, count: 300)), .uid(0), .string(String(repeating: "ü😀", count: 40)),
            .set([.string("a")]), .dictionary(PropertyListDictionary([("k", .string("v")), ("é", .integer(1))])),
        ])),
        "object": .object(.dictionary(["inner": .object(.value(.string("x"))), "list": .set([.array([]), .value(.null)])])),
        "empty": .array([]),
    ])

    static func list(count: Int, text: String) throws -> ToDoList {
        let items = try (0..<count).map { index in
            try ToDoItem(
                title: "\(text) \(index)", notes: index % 2 == 0 ? String(repeating: text, count: index % 50) : nil,
                due: index % 3 == 0 ? Date(timeIntervalSince1970: 1_800_000_000) : nil,
                location: index % 4 == 0 ? try Location(name: text, latitude: 1, longitude: 2, unknownFields: Self.unknown) : nil,
                createdAt: Date(timeIntervalSince1970: 1_700_000_000), unknownFields: index % 5 == 0 ? Self.unknown : UnknownFields())
        }
        return try ToDoList(toDoItems: Array(items.dropFirst(count / 3)), doneItems: Array(items.prefix(count / 3)), unknownFields: Self.unknown)
    }

    @Test("lists of every size class, ASCII, accented, CJK and emoji text, unknown values of every kind",
          arguments: [0, 1, 10, 20, 300, 6_000], ["a", "Grüße", "東京駅", "👍🏽 x", String(repeating: "long ", count: 40)])
    func shapes(count: Int, text: String) throws {
        let list = try Self.list(count: count, text: text)
        let decoded = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(decoded.toDoItems.map(\.title) == list.toDoItems.map(\.title))
        #expect(decoded.doneItems.map(\.notes) == list.doneItems.map(\.notes))
        #expect(decoded.toDoItems.map(\.unknownFields.values.count) == list.toDoItems.map(\.unknownFields.values.count))
        #expect(try KeyedArchive.decode(KeyedArchive.encode(decoded)) == decoded)
    }

    @Test("items whose rare fields are far larger than the estimate: every byte is kept", arguments: [1, 300, 3_000])
    func rareFieldsPastTheEstimate(count: Int) throws {
        let items = try (0..<count).map { index in
            var item = try ToDoItem(title: "t\(index)", location: try Location(name: String(repeating: "ü", count: 200)),
                                    createdAt: Date(timeIntervalSince1970: 1_700_000_000),
                                    unknownFields: UnknownFields(["future\(index % 3)": .value(.string(String(repeating: "v", count: index)))]))
            item.iCalendarExtras = String(repeating: "X-PROPERTY:\(index)\r\n", count: 100)
            item.externalUID = "uid-\(index)@example.com"
            return item
        }
        let list = try ToDoList(toDoItems: items, doneItems: [])
        let bytes = KeyedArchive.encode(list)
        #expect(try KeyedArchive.decode(bytes) == list)
        #expect(KeyedArchive.encode(try KeyedArchive.decode(bytes)) == bytes)
    }

    @Test("a tree of every kind fits the writer's count")
    func writerTree() throws {
        let tree = PropertyListValue.dictionary(PropertyListDictionary([("all", .array([
            .unsignedInteger(UInt64.max), .uid(70_000), .data(Array(repeating: 1, count: 70_000)), .string(String(repeating: "😀", count: 20)),
        ] + (0..<300).map { .integer(Int64($0)) }))]))
        #expect(try BinaryPropertyListReader.decode(BinaryPropertyListWriter.encode(tree)) == tree)
    }
}
