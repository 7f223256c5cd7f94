import Glibc
import Synchronization

/// The ordinals of the uniquing pass on their way to the direct encoder: a ring of 32-bit
/// values that one ``Writer`` fills and one ``Reader`` drains, in order, either on two
/// threads at once or one after the other (then the ring holds every answer).
///
/// Each side keeps its position to itself and publishes it now and then; a side that must
/// wait publishes its own position first, so the two can never wait for each other.
final class UniquingAnswers: @unchecked Sendable {
    private let ring: UnsafeMutablePointer<UInt32>
    private let mask: Int
    private let produced = Atomic<Int>(0)
    private let consumed = Atomic<Int>(0)
    private let abandoned = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)

    /// What ``Reader/next()`` returns once the writer has finished and every answer is read.
    static let exhausted = Int(UInt32.max)
    /// An answer's ordinal (values below 2^24).
    static let ordinalMask = 0x00FF_FFFF
    /// Set in an answer for a string that is all ASCII.
    static let asciiFlag = 1 << 31

    /// Work a side does instead of waiting for the other (writing a piece of the file,
    /// ``ArchiveSink/helper``): the writer also when it is well ahead of the reader. False
    /// when there was none.
    private let helper: (@Sendable () -> Bool)?

    /// A ring of at least `capacity` answers (rounded up to a power of two).
    init(capacity: Int, helper: (@Sendable () -> Bool)? = nil) {
        var size = 2
        while size < capacity { size <<= 1 }
        ring = .allocate(capacity: size)
        mask = size - 1
        self.helper = helper
    }

    /// Does the helper's work until the reader is done with the ring.
    func helpUntilAbandoned() {
        guard let helper else { return }
        var attempts = 0
        while !abandoned.load(ordering: .acquiring) {
            if helper() { attempts = 0 } else { Self.pause(&attempts, patience: 16) }
        }
    }

    deinit { ring.deallocate() }

    /// How many answers the ring holds.
    var capacity: Int { mask + 1 }

    /// One round of waiting for the other thread: yields the core for `patience` rounds,
    /// then sleeps 20 µs at a time (with the timer's slack, more), so that a waiter on a
    /// busy machine does not keep a core from the thread it waits for. A side that must
    /// react at once (the encoder waiting for an ordinal) is patient for thousands of
    /// rounds: a sleep there measured 50% slower encoding.
    static func pause(_ attempts: inout Int, patience: Int) {
        attempts += 1
        if attempts < patience {
            sched_yield()
        } else {
            var pause = timespec(tv_sec: 0, tv_nsec: 20_000)
            nanosleep(&pause, nil)
        }
    }

    /// The reader has stopped early: a writer waiting for room gives up.
    func abandon() { abandoned.store(true, ordering: .releasing) }

    /// The side that puts answers in.
    struct Writer: ~Copyable {
        private let answers: UniquingAnswers
        private let ring: UnsafeMutablePointer<UInt32>
        private let mask: Int
        private var written = 0
        /// Where the reader was when last looked at.
        private var consumedSeen = 0

        init(_ answers: UniquingAnswers) {
            self.answers = answers
            ring = answers.ring
            mask = answers.mask
        }

        /// Puts the next answer in; false when the reader has abandoned the ring.
        @inline(__always)
        mutating func put(_ ordinal: UInt32) -> Bool {
            if written - consumedSeen > mask, !waitForRoom() { return false }
            ring[written & mask] = ordinal
            written += 1
            return true
        }

        /// Lets the reader see every answer put in so far.
        @inline(__always)
        func publish() { answers.produced.store(written, ordering: .releasing) }

        /// Lets the reader see every answer put in so far, and does a piece of the helper's
        /// work when more than a quarter of a ring lies ahead of the reader's last published
        /// place. (The reader publishes its place every quarter ring, so it may have read up
        /// to that much further: the true lead may be only a few answers, never none.)
        @inline(__always)
        mutating func publishAndHelp() {
            publish()
            guard let helper = answers.helper else { return }
            consumedSeen = answers.consumed.load(ordering: .acquiring)
            if written - consumedSeen > (mask + 1) >> 2 { _ = helper() }
        }

        /// Every answer is in (or the writer stopped): a reader asking for more gets
        /// ``UniquingAnswers/exhausted`` instead of waiting.
        func finish() {
            publish()
            answers.finished.store(true, ordering: .releasing)
        }

        private mutating func waitForRoom() -> Bool {
            publish()
            var attempts = 0
            while true {
                consumedSeen = answers.consumed.load(ordering: .acquiring)
                if written - consumedSeen <= mask { return true }
                if answers.abandoned.load(ordering: .acquiring) { return false }
                // Ahead of the reader by a whole ring: it has plenty to do.
                if let helper = answers.helper, helper() { continue }
                UniquingAnswers.pause(&attempts, patience: 16)
            }
        }
    }

    /// The side that takes answers out.
    struct Reader: ~Copyable {
        private let answers: UniquingAnswers
        private let ring: UnsafeMutablePointer<UInt32>
        private let mask: Int
        private let publishMask: Int
        private(set) var read = 0
        /// How far the writer had got when last looked at.
        private var producedSeen = 0

        init(_ answers: UniquingAnswers) {
            self.answers = answers
            ring = answers.ring
            mask = answers.mask
            publishMask = max(answers.capacity / 4, 1) - 1
        }

        /// The next answer, waiting for the writer when it has not put it in yet, or
        /// ``UniquingAnswers/exhausted`` when the writer has finished without it.
        @inline(__always)
        mutating func next() -> Int {
            if read == producedSeen, !waitForAnswer() { return UniquingAnswers.exhausted }
            let ordinal = ring[read & mask]
            read += 1
            if read & publishMask == 0 { answers.consumed.store(read, ordering: .releasing) }
            return Int(ordinal)
        }

        private mutating func waitForAnswer() -> Bool {
            answers.consumed.store(read, ordering: .releasing)
            var attempts = 0
            while true {
                let finished = answers.finished.load(ordering: .acquiring)
                producedSeen = answers.produced.load(ordering: .acquiring)
                if read < producedSeen { return true }
                if finished { return false }
                // Waiting for the writer: a piece of the file is written meanwhile.
                if let helper = answers.helper, helper() { continue }
                UniquingAnswers.pause(&attempts, patience: 4_096)
            }
        }
    }
}
