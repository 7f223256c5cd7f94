import Foundation
import Glibc
import Testing
@testable import TickCore

@Suite("Reading the list file through a mapping")
struct MappedFileTests {
    /// `count` bytes that differ from page to page.
    static func bytes(_ count: Int) -> [UInt8] { (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 >> 12) } }

    @Test("a mapped file holds the file's bytes, also after its pages are given back")
    func mappedBytes() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("bytes")
        let content = Self.bytes(5 * 4096 + 123)
        try Data(content).write(to: file)
        guard case .contents(let contents) = FileContents.read(file.path) else {
            Issue.record("the file was not read")
            return
        }
        #expect(Array(contents.bytes) == content)
        let discard = try #require(contents.discard)
        discard(0..<content.count)
        discard(4096..<9000)
        #expect(Array(contents.bytes) == content)
        #expect(!contents.wasCutShort)
    }

    @Test("an empty file is read (as no bytes), and a missing file is missing")
    func emptyAndMissing() throws {
        let directory = try TemporaryDirectory()
        let empty = directory.file("empty")
        try Data().write(to: empty)
        guard case .contents(let contents) = FileContents.read(empty.path) else {
            Issue.record("the empty file was not read")
            return
        }
        #expect(contents.bytes.isEmpty)
        #expect(contents.discard == nil)
        guard case .missing = FileContents.read(directory.file("nothing").path) else {
            Issue.record("a missing file is not missing")
            return
        }
    }

    @Test("a directory is a failure that names the problem")
    func directoryFails() throws {
        let directory = try TemporaryDirectory()
        guard case .failure(let kind, let message) = FileContents.read(directory.url.path) else {
            Issue.record("a directory was read")
            return
        }
        #expect(kind == .unreadable)
        #expect(message.contains("not a regular file"))
    }

    @Test("a file cut short by another process while mapped reads as zeros and says so, instead of killing tick")
    func truncatedWhileMapped() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file("cut")
        let content = [UInt8](repeating: 0xAB, count: 8 * 4096)
        try Data(content).write(to: file)
        guard case .mapped(let mapped) = MappedFile.map(file.path) else {
            Issue.record("the file was not mapped")
            return
        }
        #expect(mapped.bytes[0] == 0xAB)
        #expect(truncate(file.path, 4096) == 0)
        // Past the new end: without the guard this access raises SIGBUS.
        #expect(mapped.bytes[6 * 4096 + 5] == 0)
        #expect(mapped.wasCutShort)
        #expect(mapped.bytes[10] == 0xAB)
    }

    @Test("a list file cut short after the store mapped it is noticed, not a crash")
    func storeReportsCutShort() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        let store = ToDoStore(fileURL: file)
        let items = try (0..<3_000).map { try ToDoItem(title: "item number \($0) of many") }
        try store.write(ToDoList(toDoItems: items, doneItems: []))
        guard case .contents(let contents) = FileContents.read(file.path) else {
            Issue.record("the file was not read")
            return
        }
        let size = contents.bytes.count
        #expect(truncate(file.path, off_t(size / 2)) == 0)
        // The offset table and trailer are at the end: reading them hits the cut.
        #expect(contents.bytes[size - 1] == 0)
        #expect(contents.wasCutShort)
    }
}
