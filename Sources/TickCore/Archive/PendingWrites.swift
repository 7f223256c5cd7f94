import Synchronization

/// Pieces of an archive file given away by the encoder, waiting to be written by a thread
/// with nothing better to do (``help()``): the uniquing thread while it is well ahead of the
/// encoder and after its last ordinal, the encoder while it waits for an ordinal. The
/// encoder goes on making bytes instead of stopping for each `pwrite`, and writes what is
/// left itself when it settles (``drain()``).
///
/// At most ``budget`` bytes of buffers wait at a time (one piece is always taken); a piece
/// offered beyond that stays the giver's to write at once. A written piece's buffer is
/// handed back for a later piece of the same size, so a save keeps only a few buffers.
final class PendingWrites: @unchecked Sendable {
    /// The bytes of buffers that may wait by default: one 1 MiB piece of objects and one
    /// 256 KiB segment of `$objects` slots. (Four pieces measured no faster, and every
    /// buffer waiting counts in the full-screen app's peak memory while it saves.)
    static let defaultBudget = 5 << 18

    private struct Piece: @unchecked Sendable {
        let buffer: UnsafeMutablePointer<UInt8>
        let count: Int
        let capacity: Int
        let offset: Int
    }

    /// A buffer and its size in bytes.
    private struct Buffer: @unchecked Sendable {
        let buffer: UnsafeMutablePointer<UInt8>
        let capacity: Int
    }

    private struct State: @unchecked Sendable {
        var waiting: [Piece] = []
        /// The capacities of the waiting pieces' buffers, added up.
        var waitingBytes = 0
        var spare: [Buffer] = []
        /// Pieces being written by a helper now.
        var writing = 0
        var failure: Int32?
    }

    /// What an offer comes to.
    private enum Offered: @unchecked Sendable {
        case refused
        case spare(UnsafeMutablePointer<UInt8>)
        case noSpare
    }

    private let descriptor: Int32
    let budget: Int
    private let state = Mutex(State())

    init(descriptor: Int32, budget: Int = defaultBudget) {
        self.descriptor = descriptor
        self.budget = budget
    }

    deinit {
        state.withLock { state in
            for piece in state.waiting { piece.buffer.deallocate() }
            for spare in state.spare { spare.buffer.deallocate() }
        }
    }

    /// The errno of the first write that failed, here or by the giver itself
    /// (``record(_:)``).
    var failure: Int32? { state.withLock { $0.failure } }

    /// Notes a failed write of the giver's own; kept only if it is the first.
    func record(_ error: Int32) {
        state.withLock { state in
            if state.failure == nil { state.failure = error }
        }
    }

    /// Written buffers kept for later pieces.
    var spareBuffers: Int { state.withLock { $0.spare.count } }

    /// Takes `buffer` (of `capacity` bytes, the first `count` of them for `offset`) to be
    /// written later, and gives back a buffer of `capacity` bytes for the next piece; nil
    /// when ``budget`` would be exceeded (the buffer stays the caller's, to write itself).
    func offer(_ buffer: UnsafeMutablePointer<UInt8>, count: Int, capacity: Int, at offset: Int) -> UnsafeMutablePointer<UInt8>? {
        let offered: Offered = state.withLock { state in
            guard state.waiting.isEmpty || state.waitingBytes + capacity <= budget else { return .refused }
            state.waiting.append(Piece(buffer: buffer, count: count, capacity: capacity, offset: offset))
            state.waitingBytes += capacity
            guard let index = state.spare.firstIndex(where: { $0.capacity == capacity }) else { return .noSpare }
            return .spare(state.spare.remove(at: index).buffer)
        }
        switch offered {
        case .refused: return nil
        case .spare(let buffer): return buffer
        case .noSpare: return .allocate(capacity: capacity)
        }
    }

    /// Writes the oldest waiting piece (nothing more once a write has failed); false when
    /// none waits.
    func help() -> Bool {
        let next: (piece: Piece, skip: Bool)? = state.withLock { state in
            guard !state.waiting.isEmpty else { return nil }
            let piece = state.waiting.removeFirst()
            state.waitingBytes -= piece.capacity
            state.writing += 1
            return (piece, state.failure != nil)
        }
        guard let (piece, skip) = next else { return false }
        let error = skip ? nil : ArchiveFile.write(descriptor, piece.buffer, count: piece.count, at: piece.offset)
        state.withLock { state in
            if let error, state.failure == nil { state.failure = error }
            state.spare.append(Buffer(buffer: piece.buffer, capacity: piece.capacity))
            state.writing -= 1
        }
        return true
    }

    /// Writes every waiting piece here, waits for those a helper is writing, and frees the
    /// spare buffers. The errno of the first write that failed.
    func drain() -> Int32? {
        while help() {}
        var attempts = 0
        while state.withLock({ $0.writing > 0 }) { UniquingAnswers.pause(&attempts, patience: 4_096) }
        return state.withLock { state in
            for spare in state.spare { spare.buffer.deallocate() }
            state.spare = []
            return state.failure
        }
    }
}
