import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: long sections read in two halves")
struct KeyedArchiveLongSectionTests {
    private let count = KeyedArchiveDecoder.parallelThreshold * 2 + 3

    /// Items titled "item N"; the one at `marked` is titled "MARKEDTITLE".
    private func archive(marked: Int) throws -> [UInt8] {
        var items: [ToDoItem] = []
        for index in 0..<count {
            let title = index == marked ? "MARKEDTITLE" : "item \(index)"
            let notes: String? = index % 3 == 0 ? "notes \(index)" : nil
            let due: Date? = index % 4 == 0 ? Date(timeIntervalSince1970: 1_800_000_000 + Double(index)) : nil
            let location: Location? = index % 5 == 0 ? try Location(name: "place \(index % 7)", latitude: 1, longitude: 2) : nil
            let created = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            items.append(try ToDoItem(title: title, notes: notes, due: due, location: location, createdAt: created))
        }
        return KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))
    }

    /// Blanks out the marked title, which makes that item invalid.
    private func spoil(_ bytes: [UInt8]) throws -> [UInt8] {
        var bytes = bytes
        let marker = Array("MARKEDTITLE".utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        for index in at..<(at + marker.count) { bytes[index] = UInt8(ascii: " ") }
        return bytes
    }

    @Test("a long section decodes to the same items in the same order")
    func sameItems() throws {
        let bytes = try archive(marked: -1)
        let list = try KeyedArchive.decode(bytes)
        #expect(list.toDoItems.count == count)
        #expect(list.toDoItems.map(\.title) == (0..<count).map { "item \($0)" })
        #expect(KeyedArchive.encode(list) == bytes)
    }

    @Test("a bad item in either half is the error, naming its position", arguments: [5, KeyedArchiveDecoder.parallelThreshold + 7])
    func badItemInEitherHalf(position: Int) throws {
        let bytes = try spoil(archive(marked: position))
        let error = #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        #expect(error?.description.contains("item \(position + 1) of To Do") == true, "\(String(describing: error))")
    }
}
