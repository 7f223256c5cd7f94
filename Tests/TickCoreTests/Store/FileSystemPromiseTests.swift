import Foundation
import Glibc
import Synchronization
import Testing
@testable import TickCore

/// What the store promises about the file system around the list: links, left-over
/// temporary files, modes and owners, files that are not regular files.
@Suite("ToDoStore: file-system promises")
struct FileSystemPromiseTests {
    private func item(_ title: String) throws -> ToDoItem { try ToDoItem(title: title) }

    /// Runs `body` on another thread and waits up to `seconds` for it; when it does not
    /// return in time (a read blocked on a FIFO), `unblock` runs and the test fails.
    private func finishesAtOnce<T: Sendable>(
        seconds: Double = 2, unblock: @escaping @Sendable () -> Void, _ body: @escaping @Sendable () -> T
    ) -> T? {
        let result = Mutex<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            let value = body()
            result.withLock { $0 = value }
            done.signal()
        }
        if done.wait(timeout: .now() + seconds) == .timedOut {
            Issue.record("did not return within \(seconds) s")
            // Let it go on (it may block again on the next open), for at most ten tries.
            for _ in 0..<10 {
                unblock()
                if done.wait(timeout: .now() + 1) == .success { break }
            }
        }
        return result.withLock { $0 }
    }

    @Test("two writers reaching one list through a symbolic link and through its real path lose no adds")
    func linkAndRealPathShareTheLock() throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real.plist")
        let link = directory.file("link.plist")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: real)
        try ToDoStore(fileURL: real).apply([.insert(try item("first"), .toDo, at: nil)])
        let other = try item("through the real path")
        let otherDone = DispatchSemaphore(value: 0)
        // While the save through the link holds its lock (its new file written, not yet
        // renamed), another writer adds through the real path: it must wait for that lock.
        let viaLink = ToDoStore(fileURL: link) { _ in
            DispatchQueue.global().async {
                _ = try? ToDoStore(fileURL: real).apply([.insert(other, .toDo, at: nil)])
                otherDone.signal()
            }
            _ = otherDone.wait(timeout: .now() + 0.5)
        }
        try viaLink.apply([.insert(try item("through the link"), .toDo, at: nil)])
        otherDone.wait()
        let titles = try ToDoStore(fileURL: real).load().toDoItems.map(\.title)
        #expect(Set(titles) == ["first", "through the link", "through the real path"])
        let attributes = try FileManager.default.attributesOfItem(atPath: link.path)
        #expect(attributes[.type] as? FileAttributeType == .typeSymbolicLink)
        #expect(try directory.names() == [".real.plist.lock", "link.plist", "real.plist"])
    }

    @Test("a link to a list not yet made is saved through: the link stays and the list is made")
    func danglingLink() throws {
        let directory = try TemporaryDirectory()
        let real = directory.file("real.plist")
        let link = directory.file("link.plist")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "real.plist")
        try ToDoStore(fileURL: link).apply([.insert(try item("made"), .toDo, at: nil)])
        #expect(try ToDoStore(fileURL: real).load().toDoItems.map(\.title) == ["made"])
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == "real.plist")
    }

    @Test("a save removes the temporary files of writers that are gone (killed mid-save), and only theirs")
    func staleTemporaryFilesRemoved() throws {
        let directory = try TemporaryDirectory()
        let store = ToDoStore(fileURL: directory.file())
        try store.apply([.insert(try item("first"), .toDo, at: nil)])
        // What `kill -9` during a save leaves: a hidden temporary file nobody writes any more.
        let stale = directory.file(".ToDoItems.plist.tmp-999999-12345")
        try Data(repeating: 7, count: 4096).write(to: stale)
        // A writer still at work holds a lock on its temporary file.
        let live = directory.file(".ToDoItems.plist.tmp-1-1")
        try Data(repeating: 8, count: 16).write(to: live)
        let liveDescriptor = open(live.path, O_RDONLY | O_CLOEXEC)
        defer { close(liveDescriptor) }
        #expect(flock(liveDescriptor, LOCK_EX) == 0)
        // Another list's temporary file in the same directory is not this list's business.
        let otherList = directory.file(".Other.plist.tmp-999999-1")
        try Data([1]).write(to: otherList)

        try store.apply([.insert(try item("second"), .toDo, at: nil)])
        #expect(try directory.names() == [
            ".Other.plist.tmp-999999-1", ".ToDoItems.plist.lock", ".ToDoItems.plist.tmp-1-1", "ToDoItems.plist",
        ])
    }

    @Test("a save keeps the list file's mode (0644, 0640)")
    func modeKept() throws {
        for mode in [0o644, 0o640, 0o600] {
            let directory = try TemporaryDirectory()
            let file = directory.file()
            let store = ToDoStore(fileURL: file)
            try store.apply([.insert(try item("first"), .toDo, at: nil)])
            #expect(chmod(file.path, mode_t(mode)) == 0)
            try store.apply([.insert(try item("second"), .toDo, at: nil)])
            #expect(try permissions(file) == mode)
        }
    }

    @Test("a save by root keeps the owner and group of a list that belongs to someone else",
          .enabled(if: geteuid() == 0))
    func ownerKept() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        let store = ToDoStore(fileURL: file)
        try store.apply([.insert(try item("first"), .toDo, at: nil)])
        #expect(chown(file.path, 4242, 4343) == 0)
        try store.apply([.insert(try item("second"), .toDo, at: nil)])
        var info = stat()
        #expect(stat(file.path, &info) == 0)
        #expect(info.st_uid == 4242)
        #expect(info.st_gid == 4343)
    }

    @Test("a read-only (0444) list is refused with a message, not replaced (also for root)")
    func readOnlyRefused() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        let store = ToDoStore(fileURL: file)
        try store.apply([.insert(try item("first"), .toDo, at: nil)])
        #expect(chmod(file.path, 0o444) == 0)
        let before = try Data(contentsOf: file)
        let second = try item("second")
        do {
            try store.apply([.insert(second, .toDo, at: nil)])
            Issue.record("a read-only list was replaced")
        } catch {
            #expect(error.kind == .readOnly)
            #expect(error.description.contains(file.path))
            #expect(error.description.contains("read-only"))
        }
        #expect(try Data(contentsOf: file) == before)
        #expect(try permissions(file) == 0o444)
        #expect(try store.load().toDoItems.map(\.title) == ["first"])
    }

    @Test("a FIFO as the list is refused at once by load, staged load and apply, without waiting for a writer")
    func fifoRefused() throws {
        let directory = try TemporaryDirectory()
        let file = directory.file()
        #expect(mkfifo(file.path, 0o600) == 0)
        let store = ToDoStore(fileURL: file)
        let unblock: @Sendable () -> Void = {
            let writer = open(file.path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
            if writer >= 0 { close(writer) }
        }
        let added = try item("added")
        let attempts: [@Sendable () -> StoreError?] = [
            { do throws(StoreError) { _ = try store.load() } catch { return error }; return nil },
            {
                do throws(StoreError) { _ = try store.loadInStages(previewItems: 10, minimumItems: 10) { _ in } } catch { return error }
                return nil
            },
            { do throws(StoreError) { _ = try store.apply([.insert(added, .toDo, at: nil)]) } catch { return error }; return nil },
        ]
        for attempt in attempts {
            let error = finishesAtOnce(unblock: unblock, attempt)
            let refusal = try #require(error ?? nil)
            #expect(refusal.kind == .unreadable)
            #expect(refusal.description.contains("not a regular file"))
        }
        var info = stat()
        #expect(lstat(file.path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
    }
}
