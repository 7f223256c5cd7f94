import CTickShims
import Glibc

/// An archive written into an open file as it is made, so that no copy of the whole
/// archive is held in memory; each piece's write-back to the disk starts at once, so that
/// the closing fsync has little left to wait for.
///
/// Whole buffers given away (``exchange(_:count:capacity:at:)``: the encoder's 1 MiB
/// pieces and the `$objects` array's slot segments) wait in ``PendingWrites`` for a thread
/// with time to write them (``helper``: the uniquing thread, which is ahead of the encoder
/// for most of a large save), so that the encoder, the save's slower half, does not stop
/// for each `pwrite`. Whatever still waits when the encoder is done, it writes itself
/// (``settle()``).
struct ArchiveFile: ArchiveSink {
    let descriptor: Int32
    /// Pieces given away, written by whichever thread has time.
    private let pending: PendingWrites

    init(descriptor: Int32) {
        self.descriptor = descriptor
        pending = PendingWrites(descriptor: descriptor)
    }

    /// The errno of the first write that failed, on any thread (the encoder goes on to the
    /// end of the list after a failure, which may change `errno`).
    var failure: Int32? { pending.failure }

    mutating func expect(_ bytes: Int) {}

    mutating func put(_ piece: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let base = piece.baseAddress else { return true }
        if let error = Self.write(descriptor, base.assumingMemoryBound(to: UInt8.self), count: piece.count, at: offset) {
            pending.record(error)
            return false
        }
        return true
    }

    mutating func exchange(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int)
        -> (next: UnsafeMutablePointer<UInt8>, written: Bool) {
        guard let next = pending.offer(buffer, count: count, capacity: capacity, at: offset) else {
            return (buffer, put(UnsafeRawBufferPointer(start: buffer, count: count), at: offset))
        }
        return (next, failure == nil)
    }

    /// Writes one piece given away, on the calling thread; false when none waits.
    var helper: (@Sendable () -> Bool)? {
        let pending = self.pending
        return { pending.help() }
    }

    mutating func settle() -> Bool { pending.drain() == nil }

    mutating func reset() -> Bool {
        guard settle() else { return false }
        guard ftruncate(descriptor, 0) == 0 else {
            pending.record(errno)
            return false
        }
        return true
    }

    /// Writes `count` bytes at `offset` and starts their write-back; the errno on failure.
    static func write(_ descriptor: Int32, _ base: UnsafePointer<UInt8>, count: Int, at offset: Int) -> Int32? {
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
