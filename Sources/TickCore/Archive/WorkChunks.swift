import Synchronization

/// Items `0..<total` handed out in chunks, in order, to threads that share the work, so
/// that the faster thread takes more: the save's bound (``ArchiveBound``, whose second
/// thread starts a little later) and the decoder's long sections
/// (``KeyedArchiveDecoder/decodeInParallel(_:of:into:section:)``, whose second thread
/// allocates from a malloc arena of its own and reads more slowly).
final class WorkChunks: Sendable {
    let total: Int
    let size: Int
    /// How many chunks there are.
    let count: Int
    private let taken = Atomic<Int>(0)

    init(total: Int, size: Int) {
        self.total = max(total, 0)
        self.size = max(size, 1)
        count = (self.total + self.size - 1) / self.size
    }

    /// The next chunk's index and items, or nil when every chunk has been taken.
    func next() -> (index: Int, items: Range<Int>)? {
        let index = taken.wrappingAdd(1, ordering: .relaxed).oldValue
        guard index < count else { return nil }
        let lower = index * size
        return (index, lower..<min(total, lower + size))
    }
}
