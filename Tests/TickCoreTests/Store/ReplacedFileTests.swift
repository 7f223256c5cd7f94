import Foundation
import Glibc
import Testing
@_spi(Benchmark) @testable import TickCore

@Suite("ToDoStore: the file a save replaces is closed in the background")
struct ReplacedFileTests {
    /// This process's descriptors that point into `directory` (a replaced file shows as
    /// "PATH (deleted)"). Each test has its own directory, so other tests' files do not count.
    static func openFiles(in directory: TemporaryDirectory) throws -> [String] {
        let prefix = directory.url.path + "/"
        return try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").compactMap { name in
            let target = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(name)")
            return target.flatMap { $0.hasPrefix(prefix) ? $0 : nil }
        }
    }

    @Test("a large file is held open across the rename, and its descriptor is closed afterwards")
    func largeFileIsHeldThenClosed() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        let first = try StreamedSaveTests.list(12_000)
        try store.save(first)
        let size = try #require(try FileManager.default.attributesOfItem(atPath: directory.file().path)[.size] as? Int)
        #expect(size >= ReplacedFile.minimumSize)

        let held = try #require(ReplacedFile.hold(directory.file().path))
        #expect(try Self.openFiles(in: directory) == [directory.file().path])
        close(held)

        var second = first
        second.removeAll()
        for _ in 0..<3 { try store.save(first); try store.save(second) }
        ReplacedFile.waitForReleases()
        #expect(try Self.openFiles(in: directory).isEmpty)
        #expect(try store.load() == second)
        #expect(try directory.names() == ["ToDoItems.plist"])
    }

    @Test("small files, missing files, directories and FIFOs are not held")
    func onlyLargeRegularFiles() throws {
        let directory = try TemporaryDirectory()
        #expect(ReplacedFile.hold(directory.file().path) == nil)
        try ToDoStore(fileURL: directory.file()).save(try StreamedSaveTests.list(10))
        #expect(ReplacedFile.hold(directory.file().path) == nil)
        #expect(ReplacedFile.hold(directory.url.path) == nil)
        // (A FIFO with no writer would block a plain open: the open must not wait.)
        let fifo = directory.file("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(ReplacedFile.hold(fifo) == nil)
        #expect(try Self.openFiles(in: directory).isEmpty)
    }
}
