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
        // Several 1 MiB pieces.
        let list = try Self.list(30_000)
        try store.save(list)
        let written = try [UInt8](Data(contentsOf: directory.file()))
        #expect(written.count > 2 << 20)
        #expect(written == KeyedArchive.encode(list))
        #expect(try store.load() == list)
        #expect(try directory.names() == [".ToDoItems.plist.lock", "ToDoItems.plist"])
    }

    @Test("a save whose uniquing shrinks the reference size is written with the smaller size")
    func referenceSizeShrinksOnDisk() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        // Near 256 objects the bound says 2-byte references, the real count needs 1.
        for (count, referenceSize) in [(8, 1), (20, 1), (40, 2)] {
            var items: [ToDoItem] = []
            for _ in 0..<count { items.append(try ToDoItem(title: "same", notes: "same", createdAt: Date(timeIntervalSince1970: 5))) }
            let list = try ToDoList(toDoItems: items, doneItems: [])
            try store.save(list)
            let written = try [UInt8](Data(contentsOf: directory.file()))
            #expect(written == KeyedArchive.encode(list), "\(count) items")
            // (The bound of 12 objects an item, plus 256, always says 2 bytes first.)
            #expect(written[written.count - 25] == referenceSize, "reference size at \(count) items")
        }
    }
}
