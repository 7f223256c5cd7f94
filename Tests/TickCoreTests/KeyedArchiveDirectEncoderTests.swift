import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: the direct writer matches the general one byte for byte")
struct KeyedArchiveDirectEncoderTests {
    static func general(_ list: ToDoList) -> [UInt8] {
        var encoder = KeyedArchiveGeneralEncoder(list)
        return encoder.encode()
    }

    /// `count` items with repeated titles, notes and dates (so uniquing matters).
    static func list(_ count: Int, firstTitle: String? = nil) throws -> ToDoList {
        var toDo: [ToDoItem] = []
        var done: [ToDoItem] = []
        for index in 0..<count {
            let location: Location? = switch index % 4 {
            case 0: nil
            case 1: try Location(name: "Place \(index % 7)")
            case 2: try Location(name: "Ort \(index % 5) ü", latitude: Double(index % 9), longitude: -Double(index % 11))
            default: try Location(name: "Home", latitude: 0, longitude: 0)
            }
            let title = index == 0 ? (firstTitle ?? "first") : "Task \(index % 13)" + (index % 5 == 0 ? " 😀" : "")
            let item = try ToDoItem(
                title: title, notes: index % 3 == 0 ? nil : "note \(index % 17)",
                due: index % 2 == 0 ? nil : Date(timeIntervalSince1970: Double(index % 23) * 3_600),
                location: location, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 31)))
            if index % 3 == 1 { done.append(item) } else { toDo.append(item) }
        }
        return try ToDoList(toDoItems: toDo, doneItems: done)
    }

    @Test("small, medium and large lists (1-, 2- and 4-byte references) encode to the same bytes")
    func sameBytes() throws {
        for count in [0, 1, 2, 5, 20, 300, 9_000] {
            let list = try Self.list(count)
            let direct = try #require(KeyedArchiveDirectEncoder.encode(list), "\(count)")
            #expect(direct == Self.general(list), "\(count) items")
            #expect(try KeyedArchive.decode(direct) == list)
        }
        let sample = try KeyedArchiveTests.sampleList()
        #expect(KeyedArchiveDirectEncoder.encode(sample) == Self.general(sample))
        let onlyDone = try ToDoList(toDoItems: [], doneItems: Self.list(40).allItems)
        #expect(KeyedArchiveDirectEncoder.encode(onlyDone) == Self.general(onlyDone))
    }

    @Test("the fixture's list encodes to the same bytes either way")
    func fixture() throws {
        let list = try KeyedArchive.decode([UInt8](KeyedArchiveFixtureTests.fixture("apple-layout.plist")))
        #expect(KeyedArchiveDirectEncoder.encode(list) == Self.general(list))
    }

    @Test("a list whose uniquing shrinks the reference size is written with the smaller size")
    func referenceSizeBoundary() throws {
        // Near 256 objects the bound says 2-byte references, the real count needs 1.
        for count in 8...40 {
            let list = try ToDoList(toDoItems: (0..<count).map { index in
                try ToDoItem(title: "same", notes: "same", createdAt: Date(timeIntervalSince1970: 5))
            }, doneItems: [])
            let direct = try #require(KeyedArchiveDirectEncoder.encode(list))
            #expect(direct == Self.general(list), "\(count) items")
        }
    }

    @Test("a title that looks like an id, or unknown fields, take the general path")
    func fallbacks() throws {
        let list = try Self.list(10, firstTitle: "9275DC84-C7FB-4F2C-A6A2-FFA0C60F8FE0")
        #expect(KeyedArchiveDirectEncoder.encode(list) == nil)
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
    }
}
