import Foundation
import Glibc
import Synchronization
import Testing
@_spi(Benchmark) @testable import TickCore

@Suite("ToDoStore: a save streams the archive into the file")
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

    @Test("a streamed save writes the same bytes as encoding the list whole")
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

    @Test("a save whose uniquing shrinks the reference size starts the file over with the smaller size")
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

    /// The archive file, counting the pieces its helper writes on threads other than the
    /// encoder's (the encoder helps too, while it waits for an ordinal).
    struct HelpCountingFile: ArchiveSink {
        var file: ArchiveFile
        let helped = HelpCount()

        final class HelpCount: @unchecked Sendable {
            let count = Atomic<Int>(0)
            /// The thread the encoder runs on (the one that made this file).
            let encoder = pthread_self()
        }

        mutating func expect(_ bytes: Int) { file.expect(bytes) }
        mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool { file.put(bytes, at: offset) }
        mutating func reset() -> Bool { file.reset() }
        mutating func exchange(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int)
            -> (next: UnsafeMutablePointer<UInt8>, written: Bool) {
            file.exchange(buffer, count: count, capacity: capacity, at: offset)
        }
        mutating func settle() -> Bool { file.settle() }
        var helper: (@Sendable () -> Bool)? {
            guard let inner = file.helper else { return nil }
            let helped = self.helped
            return {
                guard inner() else { return false }
                if pthread_equal(pthread_self(), helped.encoder) == 0 { helped.count.add(1, ordering: .relaxed) }
                return true
            }
        }
    }

    @Test("in a large save the uniquing thread writes pieces of the file too, and the bytes are the same")
    func uniquingThreadWrites() throws {
        let directory = try TemporaryDirectory()
        // Above the size at which the uniquing gets a thread; small pieces, so that there are many.
        let list = try Self.list(KeyedArchiveDirectEncoder<ArchiveFile>.alongsideThreshold + 2_000)
        let descriptor = open(directory.file().path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var file = HelpCountingFile(file: ArchiveFile(descriptor: descriptor))
        let outcome = KeyedArchiveDirectEncoder.write(list, to: &file, chunkSize: 4_096)
        guard case .written = outcome else {
            Issue.record("expected the archive written, got \(outcome)")
            return
        }
        #expect(try [UInt8](Data(contentsOf: directory.file())) == KeyedArchive.encode(list))
        #expect(file.helped.count.load(ordering: .relaxed) > 0)
    }

    @Test("a large list the direct encoder cannot write (unknown keys, a title like an id) is saved by the general one",
          .timeLimit(.minutes(1)), arguments: [false, true])
    func largeUnsupportedList(idLikeTitle: Bool) throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        // Above the size at which the bound is made on two threads, so that the pass's
        // thread is started and then told not to run.
        var items = try Self.list(KeyedArchiveDirectEncoder<ArchiveFile>.alongsideThreshold + 100).toDoItems
        if idLikeTitle {
            try items[items.count - 1].setTitle(UUID().uuidString)
        } else {
            items[items.count - 1].unknownFields = UnknownFields(["newer": .value(.string("kept"))])
        }
        let list = try ToDoList(toDoItems: items, doneItems: [])
        try store.save(list)
        #expect(try store.load() == list)
        #expect(try [UInt8](Data(contentsOf: directory.file())) == KeyedArchive.encode(list))
    }

    @Test("pieces given away land whole at their offsets, whoever writes them, whatever the piece size")
    func backgroundPieces() throws {
        let directory = try TemporaryDirectory()
        let list = try Self.list(3_000)
        for chunkSize in [64, 4_096, 100_000] {
            let descriptor = open(directory.file().path, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            try #require(descriptor >= 0)
            defer { close(descriptor) }
            var file = ArchiveFile(descriptor: descriptor)
            let outcome = KeyedArchiveDirectEncoder.write(list, to: &file, chunkSize: chunkSize)
            guard case .written(let length) = outcome else {
                Issue.record("expected the archive written, got \(outcome)")
                return
            }
            let written = try [UInt8](Data(contentsOf: directory.file()))
            #expect(written.count == length)
            #expect(written == KeyedArchive.encode(list), "\(chunkSize)-byte pieces")
        }
    }

    @Test("a file the archive cannot be written into fails the write, written here or by the uniquing thread",
          arguments: [(10, 1 << 18), (3_000, 4_096), (6_000, 4_096)])
    func unwritableDescriptor(items: Int, chunkSize: Int) throws {
        let directory = try TemporaryDirectory()
        #expect(FileManager.default.createFile(atPath: directory.file().path, contents: Data()))
        let descriptor = open(directory.file().path, O_RDONLY | O_CLOEXEC)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        var file = ArchiveFile(descriptor: descriptor)
        let outcome = KeyedArchiveDirectEncoder.write(try Self.list(items), to: &file, chunkSize: chunkSize)
        guard case .failed = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        // The first failing call's own error is kept for the message, whatever runs after
        // it and on whichever thread (ftruncate's EINVAL when the small list starts over
        // with 1-byte references before any piece was written, pwrite's EBADF otherwise;
        // after the first failure, no piece is written).
        #expect(file.failure == (items < 100 ? EINVAL : EBADF))
    }
}
