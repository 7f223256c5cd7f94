import CTickShims
import Dispatch
import Glibc
import Synchronization

/// An archive written into an open file as it is made, so that no copy of the whole
/// archive is held in memory; each piece's write-back to the disk starts at once, so that
/// the closing fsync has little left to wait for.
///
/// Whole buffers given away (``exchange(_:count:capacity:at:)``: the `$objects` array's
/// slot segments, 1.5 MiB at 100,000 items) are written, from the second one on, by a
/// thread of its own while the encoder goes on (a small list's single segment is written
/// here, without a thread); the encoder writes its own pieces (``put(_:at:)``), which are
/// still in its core's cache.
struct ArchiveFile: ArchiveSink {
    let descriptor: Int32
    /// The errno of the first write that failed (the encoder goes on to the end of the
    /// list after a failure, which may change `errno`).
    private(set) var failure: Int32?
    /// The thread writing whole buffers, from the second one given.
    private var background: BackgroundWriter?
    /// Whole buffers given so far.
    private var exchanges = 0
    /// No thread could be had: every buffer is written here.
    private var withoutThread = false

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func expect(_ bytes: Int) {}

    mutating func put(_ piece: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let base = piece.baseAddress else { return true }
        if let error = Self.write(descriptor, base.assumingMemoryBound(to: UInt8.self), count: piece.count, at: offset) {
            if failure == nil { failure = error }
            return false
        }
        return true
    }

    mutating func exchange(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int)
        -> (next: UnsafeMutablePointer<UInt8>, written: Bool) {
        exchanges += 1
        if background == nil, exchanges > 1, !withoutThread {
            background = BackgroundWriter(descriptor: descriptor, capacity: capacity)
            withoutThread = background == nil
        }
        guard let background, background.capacity == capacity else {
            // (The first buffer, no thread to be had, or an odd-sized buffer: written here.)
            return (buffer, put(UnsafeRawBufferPointer(start: buffer, count: count), at: offset))
        }
        background.take(buffer, count: count, at: offset)
        return (background.spare(), background.failure == nil)
    }

    mutating func settle() -> Bool {
        guard let background else { return failure == nil }
        self.background = nil
        if let error = background.finish(), failure == nil { failure = error }
        return failure == nil
    }

    mutating func reset() -> Bool {
        guard settle() else { return false }
        guard ftruncate(descriptor, 0) == 0 else {
            if failure == nil { failure = errno }
            return false
        }
        return true
    }

    /// Writes `count` bytes at `offset` and starts their write-back; the errno on failure.
    fileprivate static func write(_ descriptor: Int32, _ base: UnsafePointer<UInt8>, count: Int, at offset: Int) -> Int32? {
        var done = 0
        while done < count {
            let written = pwrite(descriptor, base + done, count - done, off_t(offset + done))
            if written < 0 && errno == EINTR { continue }
            // (A write of nothing would never finish: take it as an I/O error.)
            guard written > 0 else { return written == 0 ? EIO : errno }
            done += written
        }
        startWriteBack(descriptor, offset: offset, count: count)
        return nil
    }
}

/// Starts writing a file's range to the disk without waiting (a hint; errors show at fsync).
func startWriteBack(_ descriptor: Int32, offset: Int, count: Int) {
    _ = tick_start_write_back(descriptor, Int64(offset), Int64(count))
}

/// A thread that writes the pieces given to it in order, at most ``depth`` waiting, and
/// hands their buffers back for reuse.
private final class BackgroundWriter: @unchecked Sendable {
    /// Pieces written or waiting, beyond which the giver waits.
    static let depth = 2

    private struct Piece: @unchecked Sendable {
        let buffer: UnsafeMutablePointer<UInt8>
        let count: Int
        let offset: Int
    }

    private struct State: @unchecked Sendable {
        var waiting: [Piece] = []
        var spare: [UnsafeMutablePointer<UInt8>] = []
        var finished = false
        var failure: Int32?
    }

    let descriptor: Int32
    /// Every buffer's size.
    let capacity: Int
    private let state = Mutex(State())
    /// Signalled for each piece given, and once at the end.
    private let ready = DispatchSemaphore(value: 0)
    /// Room for a piece.
    private let room = DispatchSemaphore(value: depth)
    private var thread: WorkerThread?

    /// A writer with its thread started; nil when no thread can be had.
    init?(descriptor: Int32, capacity: Int) {
        self.descriptor = descriptor
        self.capacity = capacity
        guard let thread = WorkerThread({ [self] in run() }) else { return nil }
        self.thread = thread
    }

    /// The errno of the first write that failed.
    var failure: Int32? { state.withLock { $0.failure } }

    /// Queues `buffer`'s first `count` bytes for `offset`, waiting while ``depth`` pieces
    /// are queued; the buffer is kept for reuse once written.
    func take(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, at offset: Int) {
        room.wait()
        state.withLock { $0.waiting.append(Piece(buffer: buffer, count: count, offset: offset)) }
        ready.signal()
    }

    /// A buffer of ``capacity`` bytes to fill next: one written already, or a new one.
    func spare() -> UnsafeMutablePointer<UInt8> {
        state.withLock { $0.spare.popLast() } ?? .allocate(capacity: capacity)
    }

    /// Waits for every queued piece to be written and the thread to end; frees the
    /// buffers. The errno of the first write that failed.
    func finish() -> Int32? {
        state.withLock { $0.finished = true }
        ready.signal()
        thread?.join()
        thread = nil
        return state.withLock { state in
            for buffer in state.spare { buffer.deallocate() }
            state.spare = []
            return state.failure
        }
    }

    private func run() {
        while true {
            ready.wait()
            let next: Piece? = state.withLock { state in state.waiting.isEmpty ? nil : state.waiting.removeFirst() }
            guard let piece = next else {
                if state.withLock({ $0.finished }) { return }
                continue
            }
            let skip = state.withLock { $0.failure != nil }
            let error = skip ? nil : ArchiveFile.write(descriptor, piece.buffer, count: piece.count, at: piece.offset)
            state.withLock { state in
                if let error, state.failure == nil { state.failure = error }
                state.spare.append(piece.buffer)
            }
            room.signal()
        }
    }
}
