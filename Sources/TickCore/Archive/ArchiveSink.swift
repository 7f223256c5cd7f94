import CTickShims
import Glibc

/// Where an archive's bytes go as they are made: in pieces, each at its final offset. The
/// pieces come in order, except the archive's first bytes, which come last.
protocol ArchiveSink {
    /// The archive will take about this many bytes (an upper bound), before any piece.
    mutating func expect(_ bytes: Int)
    /// Puts `bytes` at `offset`; false when that failed (errno says why).
    mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool
    /// Drops every piece so far: the archive is written again from the start.
    mutating func reset() -> Bool
}

/// An archive gathered in memory.
struct ArchiveBytes: ArchiveSink {
    private(set) var bytes: [UInt8] = []

    mutating func expect(_ bytes: Int) { self.bytes.reserveCapacity(bytes) }

    mutating func put(_ piece: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        if offset >= bytes.count {
            if offset > bytes.count { bytes.append(contentsOf: repeatElement(0, count: offset - bytes.count)) }
            bytes.append(contentsOf: piece)
            return true
        }
        // (Only the archive's first bytes come back to an earlier offset, into the gap left for them.)
        let end = offset + piece.count
        if end > bytes.count { bytes.append(contentsOf: repeatElement(0, count: end - bytes.count)) }
        bytes.withUnsafeMutableBytes { target in
            guard let base = target.baseAddress, let source = piece.baseAddress else { return }
            (base + offset).copyMemory(from: source, byteCount: piece.count)
        }
        return true
    }

    mutating func reset() -> Bool {
        bytes.removeAll(keepingCapacity: true)
        return true
    }
}

/// An archive written into an open file as it is made, so that no copy of the whole
/// archive is held in memory; each piece's write-back to the disk starts at once, so that
/// the closing fsync has little left to wait for.
struct ArchiveFile: ArchiveSink {
    let descriptor: Int32
    /// The errno of the write that failed (the encoder goes on to the end of the list
    /// after a failure, which may change `errno`).
    private(set) var failure: Int32?

    init(descriptor: Int32) { self.descriptor = descriptor }

    mutating func expect(_ bytes: Int) {}

    mutating func put(_ piece: UnsafeRawBufferPointer, at offset: Int) -> Bool {
        guard let base = piece.baseAddress else { return true }
        var done = 0
        while done < piece.count {
            let count = pwrite(descriptor, base + done, piece.count - done, off_t(offset + done))
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                // (A write of nothing would never finish: take it as an I/O error.)
                failure = count == 0 ? EIO : errno
                return false
            }
            done += count
        }
        startWriteBack(descriptor, offset: offset, count: piece.count)
        return true
    }

    mutating func reset() -> Bool {
        guard ftruncate(descriptor, 0) == 0 else {
            failure = errno
            return false
        }
        return true
    }
}

/// Starts writing a file's range to the disk without waiting (a hint; errors show at fsync).
func startWriteBack(_ descriptor: Int32, offset: Int, count: Int) {
    _ = tick_start_write_back(descriptor, Int64(offset), Int64(count))
}
