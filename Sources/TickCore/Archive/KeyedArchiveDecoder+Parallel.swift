import Dispatch
import Synchronization

/// A long section read on two threads at once, chunk by chunk.
///
/// The two threads take chunks of ``KeyedArchiveDecoder/parallelChunk`` items in turn from
/// one counter, so that the faster thread reads more: in two fixed halves, the thread
/// Dispatch lends read its half 1.5 times slower than this one (measured at 100,000 items:
/// its allocations come from an arena of its own, which starts empty), and this one waited
/// 5–8 ms for it.
extension KeyedArchiveDecoder {
    /// Items a thread reads at a time in a parallel read (about 0.3 ms of work).
    static let parallelChunk = 1_024

    /// Reads the first `count` elements of a section into consecutive slots from `start`,
    /// on this thread and another; stops at the first bad item, as ``decodeRange(_:of:into:section:)``
    /// does. Returns how many slots from `start` hold items and the error, if any.
    mutating func decodeInParallel(
        _ count: Int, of elements: BinaryObjectHeader, into start: UnsafeMutablePointer<ToDoItem>, section: String
    ) -> (count: Int, failure: ArchiveError?) {
        let unknownBefore = unknownNodes
        let read = ParallelRead(decoder: self, start: start, chunks: WorkChunks(total: count, size: Self.parallelChunk))
        let group = DispatchGroup()
        DispatchQueue.global(qos: .userInitiated).async(group: group) {
            read.other.readChunks(read, of: elements, into: read.start, section: section)
        }
        readChunks(read, of: elements, into: start, section: section)
        group.wait()
        // Each thread counted the unknown values it read on top of the count so far: the
        // limit holds for their sum, whichever thread read which chunks (and as when the
        // section is read on one thread).
        unknownNodes += read.other.unknownNodes - unknownBefore
        // The strings the other thread found shared are known to the next section's reads
        // too, so that they need not be read again from the file.
        for (ref, text) in read.other.sharedStrings where sharedStrings.count < Self.sharedStringLimit {
            sharedStrings[ref] = text
        }
        let outcome = read.outcome()
        if outcome.failure == nil, unknownNodes > Self.maximumUnknownNodes {
            return (outcome.count, Self.tooManyUnknownValues(at: elements.offset))
        }
        return outcome
    }

    /// Reads chunks until none is left, or until one before the next has failed.
    private mutating func readChunks(
        _ read: ParallelRead, of elements: BinaryObjectHeader, into start: UnsafeMutablePointer<ToDoItem>,
        section: String
    ) {
        while let (chunk, items) = read.chunks.next(), chunk < read.firstFailed.load(ordering: .relaxed) {
            let result = decodeRange(items, of: elements, into: start + items.lowerBound, section: section)
            read.results[chunk] = result
            if result.failure != nil { read.firstFailed.min(chunk, ordering: .relaxed) }
        }
    }
}

/// The state two threads share while reading a section in chunks: the chunks, the first
/// that failed, each chunk's outcome, and the other thread's copy of the decoder (its
/// caches are its own).
private final class ParallelRead: @unchecked Sendable {
    var other: KeyedArchiveDecoder
    /// The section's first slot.
    let start: UnsafeMutablePointer<ToDoItem>
    let chunks: WorkChunks
    /// The lowest chunk that failed so far (chunks are taken in order, so every one before
    /// it has been taken and will be read to its end; the ones after are not needed).
    let firstFailed = Atomic<Int>(Int.max)
    /// Per chunk: how many of its slots hold items, and its error.
    let results: UnsafeMutablePointer<(count: Int, failure: ArchiveError?)>

    init(decoder: KeyedArchiveDecoder, start: UnsafeMutablePointer<ToDoItem>, chunks: WorkChunks) {
        other = decoder
        self.start = start
        self.chunks = chunks
        results = .allocate(capacity: max(chunks.count, 1))
        results.initialize(repeating: (0, nil), count: chunks.count)
    }

    deinit {
        results.deinitialize(count: chunks.count)
        results.deallocate()
    }

    /// After both threads: the items before the first failure stay, those after it go.
    func outcome() -> (count: Int, failure: ArchiveError?) {
        let size = chunks.size
        guard let failed = (0..<chunks.count).first(where: { results[$0].failure != nil }) else {
            return (chunks.total, nil)
        }
        for chunk in failed + 1 ..< chunks.count {
            (start + chunk * size).deinitialize(count: results[chunk].count)
        }
        return (failed * size + results[failed].count, results[failed].failure)
    }
}
