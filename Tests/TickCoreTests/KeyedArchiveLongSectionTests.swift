import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: long sections")
struct KeyedArchiveLongSectionTests {
    private let count = 32_771

    /// Items titled "item N"; those at `marked` are titled "MARKEDTITLE".
    private func archive(marked: Set<Int>) throws -> [UInt8] {
        var items: [ToDoItem] = []
        for index in 0..<count {
            let title = marked.contains(index) ? "MARKEDTITLE" : "item \(index)"
            let notes: String? = index % 3 == 0 ? "notes \(index)" : nil
            let due: Date? = index % 4 == 0 ? Date(timeIntervalSince1970: 1_800_000_000 + Double(index)) : nil
            let location: Location? = index % 5 == 0 ? try Location(name: "place \(index % 7)", latitude: 1, longitude: 2) : nil
            let created = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            items.append(try ToDoItem(title: title, notes: notes, due: due, location: location, createdAt: created))
        }
        return KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))
    }

    /// Blanks out every marked title, which makes those items invalid.
    private func spoil(_ bytes: [UInt8]) throws -> [UInt8] {
        var bytes = bytes
        let marker = Array("MARKEDTITLE".utf8)
        let places = (0...(bytes.count - marker.count)).filter { at in
            bytes[at] == marker[0] && bytes[at..<(at + marker.count)].elementsEqual(marker)
        }
        try #require(!places.isEmpty)
        for at in places { for index in at..<(at + marker.count) { bytes[index] = UInt8(ascii: " ") } }
        return bytes
    }

    @Test("a long section decodes to the same items in the same order")
    func sameItems() throws {
        let bytes = try archive(marked: [])
        let list = try KeyedArchive.decode(bytes)
        #expect(list.toDoItems.count == count)
        #expect(list.toDoItems.map(\.title) == (0..<count).map { "item \($0)" })
        #expect(KeyedArchive.encode(list) == bytes)
    }

    @Test("a bad item is the error, naming its position, wherever it is in the section",
          arguments: [[5], [1_023], [16_391], [32_770]])
    func badItem(positions: [Int]) throws {
        try expectError(at: positions[0], marking: Set(positions))
    }

    @Test("of several bad items, the first is the error", arguments: [
        [3, 32_768],
        [1_023, 1_024],
        [5_121, 6_146, 30_720],
    ])
    func firstOfSeveral(positions: [Int]) throws {
        try expectError(at: positions.min() ?? 0, marking: Set(positions))
    }

    /// A long section whose every item has an unknown field: an array of `values` integers
    /// (with the array itself, `values + 1` unknown values an item).
    private func archive(unknownValuesPerItem values: Int) throws -> [UInt8] {
        let field = UnknownFields(["newer": .value(.array((0..<values).map { .integer(Int64($0)) }))])
        let items = try (0..<count).map { index in
            try ToDoItem(title: "item \(index)", createdAt: Date(timeIntervalSince1970: 1_700_000_000), unknownFields: field)
        }
        return KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))
    }

    @Test("the limit on unknown values holds for the whole section", arguments: [29, 31])
    func unknownValueLimit(valuesPerItem: Int) throws {
        let bytes = try archive(unknownValuesPerItem: valuesPerItem)
        // 30 × 32,771 is under the limit, 32 × 32,771 over it.
        let overLimit = (valuesPerItem + 1) * count > KeyedArchiveDecoder.maximumUnknownNodes
        #expect(overLimit == (valuesPerItem == 31))
        switch Result(catching: { () throws(ArchiveError) -> ToDoList in try KeyedArchive.decode(bytes) }) {
        case .success(let list):
            #expect(!overLimit, "decoded \(list.count) items over the limit")
        case .failure(let error):
            #expect(overLimit, "\(error)")
            #expect(error.description.contains("unknown fields expand to more than"), "\(error)")
        }
    }

    private func expectError(at position: Int, marking positions: Set<Int>) throws {
        let bytes = try spoil(archive(marked: positions))
        let error = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        #expect(error?.description.contains("item \(position + 1) of To Do") == true, "\(String(describing: error))")
    }
}
