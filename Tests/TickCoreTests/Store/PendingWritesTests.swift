import Foundation
import Glibc
import Synchronization
import Testing
@testable import TickCore

@Suite("An archive file's pieces wait for a thread with time to write them")
struct PendingWritesTests {
    /// A buffer of `capacity` bytes whose first `count` are `byte`.
    static func piece(_ byte: UInt8, count: Int, capacity: Int) -> UnsafeMutablePointer<UInt8> {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        buffer.initialize(repeating: byte, count: count)
        return buffer
    }

    /// What the helping thread and the test share.
    final class Shared: Sendable {
        let stop = Atomic<Bool>(false)
        let helped = Atomic<Int>(0)
    }

    /// An open file in a temporary directory (read-only when `writable` is false).
    static func open(_ directory: TemporaryDirectory, writable: Bool = true) throws -> Int32 {
        let path = directory.file().path
        try #require(FileManager.default.createFile(atPath: path, contents: Data()))
        let descriptor = Glibc.open(path, (writable ? O_RDWR : O_RDONLY) | O_CLOEXEC)
        try #require(descriptor >= 0)
        return descriptor
    }

    @Test("a piece given away is written at its offset by a helper, and its buffer comes back for the next piece")
    func helperWritesAndBufferReturns() throws {
        let directory = try TemporaryDirectory()
        let descriptor = try Self.open(directory)
        defer { close(descriptor) }
        let pending = PendingWrites(descriptor: descriptor)
        let first = Self.piece(0x41, count: 3, capacity: 8)
        let second = try #require(pending.offer(first, count: 3, capacity: 8, at: 0))
        #expect(second != first)
        #expect(pending.spareBuffers == 0)
        #expect(pending.help())
        #expect(!pending.help())
        #expect(pending.spareBuffers == 1)
        second.initialize(repeating: 0x42, count: 2)
        // The first buffer, written, is the one handed back for the piece after.
        #expect(pending.offer(second, count: 2, capacity: 8, at: 3) == first)
        #expect(pending.spareBuffers == 0)
        first.deallocate()
        #expect(pending.drain() == nil)
        #expect(try Data(contentsOf: directory.file()) == Data("AAABB".utf8))
    }

    @Test("a piece beyond the budget is refused and stays the giver's; the first always waits")
    func budget() throws {
        let directory = try TemporaryDirectory()
        let descriptor = try Self.open(directory)
        defer { close(descriptor) }
        let pending = PendingWrites(descriptor: descriptor, budget: 100)
        // Larger than the whole budget, yet taken: nothing else waits.
        let large = Self.piece(0x61, count: 4, capacity: 128)
        let next = try #require(pending.offer(large, count: 4, capacity: 128, at: 0))
        let small = Self.piece(0x62, count: 4, capacity: 16)
        #expect(pending.offer(small, count: 4, capacity: 16, at: 4) == nil)
        // Once the large piece is written, the small one fits.
        #expect(pending.help())
        let spare = try #require(pending.offer(small, count: 4, capacity: 16, at: 4))
        #expect(pending.drain() == nil)
        next.deallocate()
        spare.deallocate()
        #expect(try Data(contentsOf: directory.file()) == Data("aaaabbbb".utf8))
    }

    @Test("the drain writes what still waits and reports the first failure")
    func drainReportsFailure() throws {
        let directory = try TemporaryDirectory()
        let descriptor = try Self.open(directory, writable: false)
        defer { close(descriptor) }
        let pending = PendingWrites(descriptor: descriptor)
        var buffer = Self.piece(0x30, count: 4, capacity: 8)
        for index in 0..<2 {
            buffer = try #require(pending.offer(buffer, count: 4, capacity: 8, at: 4 * index))
        }
        buffer.deallocate()
        #expect(pending.drain() == EBADF)
        #expect(pending.failure == EBADF)
    }

    @Test("helpers on another thread and the drain write every piece exactly once, in place")
    func helpersAndDrainTogether() throws {
        let directory = try TemporaryDirectory()
        let descriptor = try Self.open(directory)
        defer { close(descriptor) }
        let pending = PendingWrites(descriptor: descriptor, budget: 4 * 64)
        let shared = Shared()
        let started = WorkerThread { [pending] in
            while !shared.stop.load(ordering: .acquiring) {
                if pending.help() { shared.helped.add(1, ordering: .relaxed) } else { sched_yield() }
            }
        }
        let helper = try #require(started)
        var expected = [UInt8]()
        var buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 64)
        for index in 0..<200 {
            if index == 1 {
                // The helper has taken the first piece before the rest come (bounded: the
                // expectation below says so if it never did).
                _ = UniquingHelpTests.within(seconds: 10) { shared.helped.load(ordering: .relaxed) > 0 }
            }
            let byte = UInt8(index % 251)
            buffer.initialize(repeating: byte, count: 64)
            expected += repeatElement(byte, count: 64)
            if let next = pending.offer(buffer, count: 64, capacity: 64, at: 64 * index) {
                buffer = next
            } else {
                // Refused: the giver writes it itself, as the archive file does.
                #expect(ArchiveFile.write(descriptor, buffer, count: 64, at: 64 * index) == nil)
            }
        }
        #expect(pending.drain() == nil)
        shared.stop.store(true, ordering: .releasing)
        helper.join()
        buffer.deallocate()
        #expect(try [UInt8](Data(contentsOf: directory.file())) == expected)
        #expect(shared.helped.load(ordering: .relaxed) > 0)
    }
}
