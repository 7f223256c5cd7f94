import Foundation
import Testing
@testable import TickCore

/// A temporary directory for one test, removed when the test ends.
final class TemporaryDirectory: Sendable {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("tick-store-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    func file(_ name: String = "ToDoItems.plist") -> URL { url.appendingPathComponent(name) }

    func names() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
    }
}

struct InjectedFailure: Error, CustomStringConvertible {
    var description: String { "injected failure" }
}

func permissions(_ url: URL) throws -> Int {
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    return try #require(attributes[.posixPermissions] as? Int)
}

@Suite("ToDoStore")
struct StoreTests {
    let item: ToDoItem

    init() throws {
        item = try ToDoItem(
            title: "Buy milk", notes: "semi-skimmed", due: Date(timeIntervalSince1970: 1_796_113_800),
            location: Location(name: "Shop", latitude: -33.87, longitude: 151.21),
            createdAt: Date(timeIntervalSince1970: 1_795_012_930)
        )
    }

    @Test("a missing file is an empty list and creates nothing")
    func missingFile() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.url.appendingPathComponent("sub/ToDoItems.plist"))
        #expect(try store.load().isEmpty)
        #expect(store.version() == nil)
        #expect(try dir.names().isEmpty)
    }

    @Test("the first save creates the directory, a 0600 file, and leaves no temporary file")
    func firstSave() throws {
        let dir = try TemporaryDirectory()
        let file = dir.url.appendingPathComponent("a/b/ToDoItems.plist")
        let store = ToDoStore(fileURL: file)
        let list = try store.apply([.insert(item, .toDo, at: nil)])
        #expect(list.toDoItems == [item])
        #expect(try permissions(file) == 0o600)
        #expect(try permissions(file.deletingLastPathComponent()) == 0o700)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path).sorted()
        #expect(names == [".ToDoItems.plist.lock", "ToDoItems.plist"])
    }

    @Test("what apply writes, load reads back with every field")
    func roundTrip() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        let second = try ToDoItem(title: "東京 👍🏽", createdAt: Date(timeIntervalSince1970: 1_000))
        let applied = try store.apply([.insert(item, .toDo, at: nil), .insert(second, .toDo, at: nil), .check(second.id)])
        let loaded = try store.load()
        #expect(loaded == applied)
        #expect(loaded.toDoItems == [item])
        #expect(loaded.doneItems.map(\.title) == [second.title])
        #expect(loaded.doneItems.first?.completedAt != nil)
    }

    @Test("a failure between writing the temporary file and the rename leaves the old file byte-identical")
    func failureBeforeRename() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file()
        try ToDoStore(fileURL: file).apply([.insert(item, .toDo, at: nil)])
        let before = try Data(contentsOf: file)
        let sawTemporary = Box()
        let failing = ToDoStore(fileURL: file) { temporary in
            sawTemporary.value = FileManager.default.fileExists(atPath: temporary.path)
            throw InjectedFailure()
        }
        let other = try ToDoItem(title: "Other")
        #expect(throws: StoreError.self) { try failing.apply([.insert(other, .toDo, at: nil)]) }
        #expect(sawTemporary.value == true)
        #expect(try Data(contentsOf: file) == before)
        #expect(try dir.names() == [".ToDoItems.plist.lock", "ToDoItems.plist"])
        #expect(try ToDoStore(fileURL: file).load().toDoItems == [item])
    }

    @Test("a file of bad bytes is refused by load, apply and modify, and left byte-identical")
    func badBytes() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file()
        let garbage = Data("bplist00 this is not a list".utf8)
        try garbage.write(to: file)
        let store = ToDoStore(fileURL: file)
        do {
            _ = try store.load()
            Issue.record("load accepted garbage")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.contains(file.path))
        }
        #expect(throws: StoreError.self) { try store.apply([.insert(item, .toDo, at: nil)]) }
        #expect(throws: StoreError.self) { try store.modify { try $0.add(item) } }
        #expect(try Data(contentsOf: file) == garbage)
    }

    @Test("a zero-byte file is refused as unreadable, not taken as an empty list")
    func zeroBytes() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file()
        #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        let store = ToDoStore(fileURL: file)
        do {
            try store.apply([.insert(item, .toDo, at: nil)])
            Issue.record("apply overwrote a zero-byte file")
        } catch {
            #expect(error.kind == .unreadable)
            #expect(error.description.contains("file is empty"))
            #expect(error.description.contains(file.path))
        }
        #expect(throws: StoreError.self) { try store.modify { try $0.add(item) } }
        #expect(try Data(contentsOf: file).isEmpty)
    }

    @Test("a directory where the file should be is refused")
    func directoryInPlace() throws {
        let dir = try TemporaryDirectory()
        let file = dir.file()
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        #expect(throws: StoreError.self) { try ToDoStore(fileURL: file).load() }
        #expect(throws: StoreError.self) { try ToDoStore(fileURL: file).apply([.insert(item, .toDo, at: nil)]) }
    }

    @Test("an error thrown by a modify body leaves the file as it was")
    func modifyBodyThrows() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        try store.apply([.insert(item, .toDo, at: nil)])
        let before = try Data(contentsOf: dir.file())
        #expect(throws: InjectedFailure.self) {
            try store.modify { list in
                list.removeAll()
                throw InjectedFailure()
            }
        }
        #expect(try Data(contentsOf: dir.file()) == before)
    }

    @Test("operations on items that are gone change nothing and do not rewrite the file")
    func mergeOfStaleOperations() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        try store.apply([.insert(item, .toDo, at: nil)])
        let version = store.version()
        let list = try store.apply([.check(UUID()), .remove(UUID()), .insert(item, .toDo, at: nil)])
        #expect(list.toDoItems == [item])
        #expect(store.version() == version)
    }

    @Test("an empty title in an operation is rejected and nothing is written")
    func rejectedOperation() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        try store.apply([.insert(item, .toDo, at: nil)])
        let before = try Data(contentsOf: dir.file())
        do {
            try store.apply([.check(item.id), .set(item.id, .title("  "))])
            Issue.record("an empty title was accepted")
        } catch {
            #expect(error.kind == .rejected)
        }
        #expect(try Data(contentsOf: dir.file()) == before)
    }

    @Test("two threads doing 200 increments each through modify lose none")
    func concurrentWriters() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        let counter = try ToDoItem(title: "0")
        try store.apply([.insert(counter, .toDo, at: nil)])
        let failures = Box()
        DispatchQueue.concurrentPerform(iterations: 2) { _ in
            let own = ToDoStore(fileURL: dir.file())
            for _ in 0..<200 {
                do {
                    try own.modify { list in
                        let value = Int(list.item(withID: counter.id)?.title ?? "") ?? -1_000_000
                        try list.update(counter.id) { (item) throws(ModelError) in try item.setTitle(String(value + 1)) }
                    }
                } catch {
                    failures.value = true
                }
            }
        }
        #expect(failures.value == nil)
        #expect(try store.load().item(withID: counter.id)?.title == "400")
    }

    @Test("the file version changes on every save and is nil for a missing file")
    func versions() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        #expect(store.version() == nil)
        try store.apply([.insert(item, .toDo, at: nil)])
        let first = try #require(store.version())
        #expect(store.version() == first)
        try store.apply([.check(item.id)])
        #expect(store.version() != first)
    }

    @Test("saving through a symbolic link replaces the target and keeps the link")
    func symlink() throws {
        let dir = try TemporaryDirectory()
        let real = dir.file("real.plist")
        let link = dir.file("link.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try ToDoStore(fileURL: link).apply([.insert(item, .toDo, at: nil)])
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try ToDoStore(fileURL: real).load().toDoItems == [item])
    }

    @Test("keys tick does not know, on the list, an item and a location, survive a store round trip")
    func unknownKeysSurvive() throws {
        let dir = try TemporaryDirectory()
        let store = ToDoStore(fileURL: dir.file())
        let future = UnknownFields(["effort": .value(.integer(3)), "labels": .object(.value(.string("home")))])
        let place = try Location(name: "Shop", latitude: 1, longitude: 2, unknownFields: UnknownFields(["altitude": .value(.real(12.5))]))
        let tagged = try ToDoItem(title: "Tagged", location: place, createdAt: Date(timeIntervalSince1970: 5), unknownFields: future)
        var list = try ToDoList(toDoItems: [tagged], doneItems: [], unknownFields: UnknownFields(["sync": .value(.string("token"))]))
        try store.modify { $0 = list }
        // A change through the store keeps every unknown key.
        let other = try ToDoItem(title: "Other", createdAt: Date(timeIntervalSince1970: 6))
        let loaded = try store.apply([.insert(other, .toDo, at: nil), .check(tagged.id)])
        try list.add(other)
        try list.check(tagged.id)
        // (Checking stamps the item's completion time, in the store as here.)
        #expect(loaded.toDoItems == list.toDoItems)
        #expect(loaded.doneItems.map(\.id) == list.doneItems.map(\.id))
        #expect(loaded.unknownFields == list.unknownFields)
        let reread = try ToDoStore(fileURL: dir.file()).load()
        #expect(reread.unknownFields == list.unknownFields)
        #expect(reread.doneItems.first?.unknownFields == future)
        #expect(reread.doneItems.first?.location?.unknownFields == place.unknownFields)
    }

    @Test("the default file is TICK_FILE, else XDG_DATA_HOME/tick, else ~/.local/share/tick")
    func defaultFile() {
        #expect(ToDoStore.defaultFileURL(environment: ["TICK_FILE": "/x/y.plist", "XDG_DATA_HOME": "/d", "HOME": "/h"]).path == "/x/y.plist")
        #expect(ToDoStore.defaultFileURL(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]).path == "/d/tick/ToDoItems.plist")
        #expect(ToDoStore.defaultFileURL(environment: ["HOME": "/h"]).path == "/h/.local/share/tick/ToDoItems.plist")
        #expect(ToDoStore.defaultFileURL(environment: ["XDG_DATA_HOME": "relative", "HOME": "/h"]).path == "/h/.local/share/tick/ToDoItems.plist")
    }
}

/// A mutable cell that a @Sendable closure can set (tests only; set from one thread at a time
/// or where any write means failure).
final class Box: @unchecked Sendable {
    var value: Bool?
}
