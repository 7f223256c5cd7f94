import Foundation
import Testing
@testable import TickCore

@Suite("Reading a large list in two steps")
struct StoreStagedLoadingTests {
    /// A list of `open` To Do items and `done` Done items titled by position; the last
    /// Done item is titled "LASTITEMTITLE" so that a test can spoil it in the bytes.
    static func list(open: Int, done: Int) throws -> ToDoList {
        let toDo = try (0..<open).map { try ToDoItem(title: "open \($0)") }
        let finished = try (0..<done).map { try ToDoItem(title: $0 == done - 1 ? "LASTITEMTITLE" : "done \($0)") }
        return try ToDoList(toDoItems: toDo, doneItems: finished)
    }

    @Test("a large list gives its first items and full counts first, then the whole list")
    func previewThenWhole() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let list = try Self.list(open: 700, done: 300)
        try store.apply(list.toDoItems.map { .insert($0, .toDo, at: nil) } + list.doneItems.map { .insert($0, .done, at: nil) })
        var previews: [ListPreview] = []
        let whole = try store.loadInStages(previewItems: 50, minimumItems: 500) { previews.append($0) }
        #expect(whole == list)
        let preview = try #require(previews.first)
        #expect(previews.count == 1)
        #expect(preview.toDoCount == 700 && preview.doneCount == 300)
        #expect(preview.list.toDoItems == Array(list.toDoItems.prefix(50)))
        #expect(preview.list.doneItems == Array(list.doneItems.prefix(50)))
        #expect(!preview.isComplete)
    }

    @Test("a small list, or one whose preview would be all of it, is read whole without a preview")
    func smallListsAreReadWhole() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let list = try Self.list(open: 30, done: 10)
        try store.apply(list.toDoItems.map { .insert($0, .toDo, at: nil) } + list.doneItems.map { .insert($0, .done, at: nil) })
        var calls = 0
        #expect(try store.loadInStages(previewItems: 50, minimumItems: 10) { _ in calls += 1 } == list)
        #expect(try store.loadInStages(previewItems: 5, minimumItems: 1_000) { _ in calls += 1 } == list)
        #expect(calls == 0)
        #expect(try ToDoStore(fileURL: directory.file("missing.plist")).loadInStages(previewItems: 5, minimumItems: 1) { _ in calls += 1 }.isEmpty)
    }

    @Test("a bad item past the preview is still an error, and the file is left as it was")
    func badItemAfterThePreview() throws {
        let directory = try TemporaryDirectory()
        var bytes = KeyedArchive.encode(try Self.list(open: 600, done: 20))
        let marker = Array("LASTITEMTITLE".utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        for index in at..<(at + marker.count) { bytes[index] = UInt8(ascii: " ") }
        try Data(bytes).write(to: directory.file())

        var previews = 0
        let error = #expect(throws: StoreError.self) {
            try ToDoStore(fileURL: directory.file()).loadInStages(previewItems: 10, minimumItems: 100) { _ in previews += 1 }
        }
        #expect(previews == 1)
        #expect(error?.kind == .unreadable)
        #expect(error?.description.contains("title") == true)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == bytes)
    }
}
