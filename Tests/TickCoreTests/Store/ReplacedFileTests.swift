import Foundation
import Glibc
import Synchronization
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

    /// Whether the tests' temporary files are on a filesystem where files are held (not NFS
    /// or FUSE, where holding is refused on purpose).
    static let temporaryFilesAreLocal: Bool = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tick-hold-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: Data(count: ReplacedFile.minimumSize)) else { return false }
        defer { unlink(path) }
        guard let descriptor = ReplacedFile.hold(path) else { return false }
        close(descriptor)
        return true
    }()

    /// A directory of its own whose list file holds 12,000 items (over ``ReplacedFile/minimumSize``).
    static func directoryWithLargeList() throws -> (directory: TemporaryDirectory, list: ToDoList) {
        let directory = try TemporaryDirectory()
        let list = try StreamedSaveTests.list(12_000)
        try ToDoStore(fileURL: directory.file()).save(list)
        return (directory, list)
    }

    @Test("a save keeps the large file it replaces open across the rename, and closes it afterwards",
          .enabled(if: temporaryFilesAreLocal))
    func largeFileIsHeldThenClosed() throws {
        let (directory, first) = try Self.directoryWithLargeList()
        let path = directory.file().path
        let size = try #require(try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int)
        #expect(size >= ReplacedFile.minimumSize)

        // Just before each rename, the large list file is open (the temporary file is closed
        // by then).
        let store = ToDoStore(fileURL: directory.file(), coder: .keyedArchive) { (_: URL) throws in
            #expect(try Self.openFiles(in: directory) == [path])
        }
        let second = try StreamedSaveTests.list(11_000)
        for _ in 0..<3 { try store.save(first); try store.save(second) }
        ReplacedFile.waitForReleases()
        #expect(try Self.openFiles(in: directory).isEmpty)
        #expect(try store.load() == second)
        #expect(try directory.names() == ["ToDoItems.plist"])
    }

    @Test("the replaced file is closed only after the directory's fsync, which would wait for its blocks to be freed",
          .enabled(if: temporaryFilesAreLocal))
    func replacedFileIsClosedAfterTheDirectorySync() throws {
        let (directory, list) = try Self.directoryWithLargeList()
        let path = directory.file().path
        let steps = Mutex<[String]>([])
        var store = ToDoStore(fileURL: directory.file())
        store.beforeDirectorySync = {
            // (Only this test's own file: other tests save in directories of their own.)
            let open = (try? Self.openFiles(in: directory)) ?? []
            steps.withLock { $0.append(open == [path + " (deleted)"] ? "sync, old file open" : "sync, open: \(open)") }
        }
        store.releaseReplaced = { descriptor in
            steps.withLock { $0.append("release") }
            ReplacedFile.release(descriptor)
        }
        try store.save(list)
        #expect(steps.withLock { $0 } == ["sync, old file open", "release"])
        ReplacedFile.waitForReleases()
        #expect(try Self.openFiles(in: directory).isEmpty)
        #expect(try store.load() == list)
    }

    @Test("a save interrupted before the rename closes the file it held", .enabled(if: temporaryFilesAreLocal))
    func interruptedSaveClosesTheHeldFile() throws {
        let (directory, _) = try Self.directoryWithLargeList()
        let before = try Data(contentsOf: directory.file())
        let store = ToDoStore(fileURL: directory.file(), coder: .keyedArchive) { (_: URL) throws in
            #expect(try Self.openFiles(in: directory) == [directory.file().path])
            throw InjectedFailure()
        }
        #expect(throws: StoreError.self) { try store.save(try StreamedSaveTests.list(10)) }
        ReplacedFile.waitForReleases()
        #expect(try Self.openFiles(in: directory).isEmpty)
        #expect(try Data(contentsOf: directory.file()) == before)
    }

    @Test("small files, missing files, directories, links and FIFOs are not held")
    func onlyLargeRegularFiles() throws {
        let directory = try TemporaryDirectory()
        let path = directory.file().path
        #expect(ReplacedFile.hold(path) == nil)
        // A small list: its save holds nothing either.
        let store = ToDoStore(fileURL: directory.file(), coder: .keyedArchive) { (_: URL) throws in
            #expect(try Self.openFiles(in: directory).isEmpty)
        }
        try store.save(try StreamedSaveTests.list(10))
        try store.save(try StreamedSaveTests.list(20))
        #expect(ReplacedFile.hold(path) == nil)
        #expect(ReplacedFile.hold(directory.url.path) == nil)
        // A large file behind a symbolic link (the store resolves links before it holds).
        let large = directory.file("large").path
        #expect(FileManager.default.createFile(atPath: large, contents: Data(count: ReplacedFile.minimumSize)))
        try FileManager.default.createSymbolicLink(atPath: directory.file("link").path, withDestinationPath: large)
        #expect(ReplacedFile.hold(directory.file("link").path) == nil)
        // A FIFO with no writer would block a plain open.
        let fifo = directory.file("fifo").path
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(ReplacedFile.hold(fifo) == nil)
        #expect(try Self.openFiles(in: directory).isEmpty)
    }
}
