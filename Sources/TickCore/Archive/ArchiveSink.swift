import Glibc

/// Where an archive's bytes go as they are made: in pieces, each at its final offset,
/// together covering the archive once. The objects and the offset table come in order; the
/// `$objects` array's slots, which lie before them, in segments as they fill; the archive's
/// first bytes last.
protocol ArchiveSink {
    /// The archive will take about this many bytes (an upper bound), before any piece.
    mutating func expect(_ bytes: Int)
    /// Puts `bytes` at `offset`; false when that failed (errno says why).
    mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool
    /// Drops every piece so far: the archive is written again from the start.
    mutating func reset() -> Bool
    /// Takes a whole buffer of `capacity` bytes whose first `count` go at `offset`, and gives
    /// back a buffer of `capacity` bytes for the next piece (and false when writing failed).
    /// The buffer given is the sink's from then on, the one given back the caller's: a sink
    /// may write the piece later, on another thread. By default: ``put(_:at:)``, and the
    /// same buffer back.
    mutating func exchange(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int)
        -> (next: UnsafeMutablePointer<UInt8>, written: Bool)
    /// Waits until every piece taken is written; false when one failed.
    mutating func settle() -> Bool
    /// Writes one piece taken but not yet written, on the calling thread; false when none
    /// waits. Nil when the sink has no such pieces.
    var helper: (@Sendable () -> Bool)? { get }
}

extension ArchiveSink {
    mutating func exchange(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int)
        -> (next: UnsafeMutablePointer<UInt8>, written: Bool) {
        (buffer, put(UnsafeRawBufferPointer(start: buffer, count: count), at: offset))
    }

    mutating func settle() -> Bool { true }

    var helper: (@Sendable () -> Bool)? { nil }
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
        // (The `$objects` slot segments and, last, the archive's first bytes come back to an
        // earlier offset, into the gap left for them.)
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
