import Foundation
import Glibc
import Testing
@_spi(Benchmark) @testable import TickCore

@Suite("ToDoStore: a save writes the archive of the list")
struct StreamedSaveTests {
    static func list(_ count: Int) throws -> ToDoList {
        var items: [ToDoItem] = []
        for index in 0..<count {
            let title = "Item \(index) – " + String(repeating: "x", count: index % 40)
            let notes: String? = index % 3 == 0 ? "note \(index % 7)" : nil
            let location: Location? = index % 5 == 0 ? try Location(name: "Desk", latitude: 1, longitude: 2) : nil
            let created = Date(timeIntervalSince1970: 1_800_000_000 + Double(index))
            items.append(try ToDoItem(title: title, notes: notes, location: location, createdAt: created))
        }
        return try ToDoList(toDoItems: items, doneItems: [])
    }

    @Test("a save writes the same bytes as encoding the list")
    func sameBytesOnDisk() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        // Many 256 KiB pieces.
        let list = try Self.list(30_000)
        try store.save(list)
        let written = try [UInt8](Data(contentsOf: directory.file()))
        #expect(written.count > 2 << 20)
        #expect(written == KeyedArchive.encode(list))
        #expect(try store.load() == list)
        #expect(try directory.names() == [".ToDoItems.plist.lock", "ToDoItems.plist"])
    }

    @Test("a save whose object count needs a smaller reference size than estimated is written with the smaller size")
    func referenceSizeShrinksOnDisk() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        // The estimate, 9 objects an item plus 128, says 1 byte at 8 items and 2 at 20 and 40;
        // 20 items need 1 (the list is written again), 40 need 2.
        for (count, referenceSize) in [(8, 1), (20, 1), (40, 2)] {
            var items: [ToDoItem] = []
            for _ in 0..<count { items.append(try ToDoItem(title: "same", notes: "same", createdAt: Date(timeIntervalSince1970: 5))) }
            let list = try ToDoList(toDoItems: items, doneItems: [])
            try store.save(list)
            let written = try [UInt8](Data(contentsOf: directory.file()))
            #expect(written == KeyedArchive.encode(list), "\(count) items")
            #expect(written[written.count - 25] == referenceSize, "reference size at \(count) items")
        }
    }

    /// A sink that keeps what it is given and counts how often it was told to start over.
    struct RecordingSink: ByteSink {
        var bytes: [UInt8] = []
        var restarts = 0
        mutating func write(_ piece: UnsafeBufferPointer<UInt8>) { bytes.append(contentsOf: piece) }
        mutating func restart() {
            restarts += 1
            bytes.removeAll()
        }
    }

    @Test("a list whose object count needs another reference size than estimated is written again from its start, on disk too",
          arguments: [(4_000, true, 10, 4), (20, false, 1, 1)])
    func restartPastTheEstimate(count: Int, located: Bool, unknownKeys: Int, referenceSize: Int) throws {
        // The estimate counts 13 objects an item with rare fields. 4,000 located items with
        // ten unknown keys each: 52,128 estimated (2-byte references), over 65,536 written.
        // 20 items whose only rare field is one unknown key: 388 estimated, under 256 written.
        let unknown = UnknownFields(Dictionary(uniqueKeysWithValues: (0..<unknownKeys).map { ("k\($0)", ArchivedValue.value(.string("v\($0)"))) }))
        let items = try (0..<count).map { index in
            try ToDoItem(title: "t\(index)", location: located ? try Location(name: "Desk", latitude: 1, longitude: 2) : nil,
                         createdAt: Date(timeIntervalSince1970: 1_800_000_000), unknownFields: unknown)
        }
        let list = try ToDoList(toDoItems: items, doneItems: [])
        var sink = RecordingSink()
        KeyedArchive.encode(list, into: &sink)
        #expect(sink.restarts == 1)
        #expect(sink.bytes[sink.bytes.count - 25] == referenceSize)
        #expect(try KeyedArchive.decode(sink.bytes) == list)

        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        try store.save(list)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == sink.bytes)
        #expect(try store.load() == list)
    }

    @Test("a text longer than the builder's buffer is written whole, between the pieces around it")
    func textLongerThanTheBuffer() throws {
        let long = String(repeating: "é", count: BinaryPropertyListBuilder.roomSize)
        var items = try Array(Self.list(3_000).toDoItems)
        items[1_500].notes = long
        items[2_999].notes = long + "x"
        let list = try ToDoList(toDoItems: items, doneItems: [])
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        try store.save(list)
        let loaded = try store.load()
        #expect(loaded == list)
        #expect(loaded.toDoItems[1_500].notes?.count == BinaryPropertyListBuilder.roomSize)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == KeyedArchive.encode(list))
    }
}
