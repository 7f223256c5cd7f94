import Glibc
import Synchronization
import Testing
@testable import TickCore

@Suite("The uniquing pass hands its ordinals to the encoder through a ring")
struct UniquingAnswersTests {
    /// Whether a writer put in every answer it had.
    final class Completion: Sendable {
        let flag = Atomic<Bool>(false)
        var done: Bool { flag.load(ordering: .acquiring) }
    }

    /// Puts `0..<count` into `answers` from another thread; returns that thread.
    static func produce(_ count: Int, into answers: UniquingAnswers, publishEvery: Int = 5) throws -> (WorkerThread, Completion) {
        let completed = Completion()
        let started = WorkerThread { [answers] in
            var writer = UniquingAnswers.Writer(answers)
            for value in 0..<count {
                guard writer.put(UInt32(value)) else { writer.finish(); return }
                if value % publishEvery == publishEvery - 1 { writer.publish() }
            }
            writer.finish()
            completed.flag.store(true, ordering: .releasing)
        }
        return (try #require(started), completed)
    }

    @Test("every ordinal arrives in order, through a ring far smaller than their number, then the end")
    func inOrder() throws {
        for capacity in [2, 3, 16, 1_024] {
            let answers = UniquingAnswers(capacity: capacity)
            let (thread, completed) = try Self.produce(20_000, into: answers)
            var reader = UniquingAnswers.Reader(answers)
            var received: [Int] = []
            for _ in 0..<20_000 { received.append(reader.next()) }
            #expect(reader.next() == UniquingAnswers.exhausted)
            thread.join()
            #expect(received == Array(0..<20_000), "ring of \(capacity)")
            #expect(completed.done)
        }
    }

    @Test("a reader that stops early releases a writer waiting for room")
    func abandoned() throws {
        let answers = UniquingAnswers(capacity: 4)
        let (thread, completed) = try Self.produce(1_000, into: answers)
        var reader = UniquingAnswers.Reader(answers)
        #expect(reader.next() == 0)
        answers.abandon()
        // (Without the abandon, join would wait for ever: the writer fills the ring and waits.)
        thread.join()
        #expect(!completed.done)
    }

    @Test("a reader asking for more than the writer puts in gets the end, not a wait")
    func exhausted() throws {
        let answers = UniquingAnswers(capacity: 64)
        let (thread, _) = try Self.produce(3, into: answers)
        var reader = UniquingAnswers.Reader(answers)
        #expect([reader.next(), reader.next(), reader.next()] == [0, 1, 2])
        #expect(reader.next() == UniquingAnswers.exhausted)
        #expect(reader.next() == UniquingAnswers.exhausted)
        thread.join()
    }
}

@Suite("The uniquing thread writes pieces of the file while it is ahead of the encoder")
struct UniquingHelpTests {
    /// Counts the helper's calls, and says there was work for the first `work` of them.
    final class CountingHelper: Sendable {
        let calls = Atomic<Int>(0)
        let work: Int
        init(work: Int) { self.work = work }
        var helper: @Sendable () -> Bool { { [self] in calls.add(1, ordering: .relaxed).newValue <= work } }
    }

    /// Whether `condition` holds within `seconds` (polled; never a fixed sleep).
    static func within(seconds: Double, _ condition: () -> Bool) -> Bool {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var attempts = 0
        while !condition() {
            if ContinuousClock.now > deadline { return false }
            UniquingAnswers.pause(&attempts, patience: 64)
        }
        return true
    }

    @Test("a writer a quarter of a ring or more ahead of its reader helps when it publishes; one less ahead does not")
    func helpsWhenAhead() {
        let counter = CountingHelper(work: 100)
        let answers = UniquingAnswers(capacity: 64, helper: counter.helper)
        var writer = UniquingAnswers.Writer(answers)
        for value in 0..<16 { _ = writer.put(UInt32(value)) }
        writer.publishAndHelp()
        #expect(counter.calls.load(ordering: .relaxed) == 0)
        _ = writer.put(16)
        writer.publishAndHelp()
        #expect(counter.calls.load(ordering: .relaxed) == 1)
        // Read up to the writer (the reader publishes its place every quarter ring): nothing
        // ahead any more.
        var reader = UniquingAnswers.Reader(answers)
        for _ in 0..<17 { _ = reader.next() }
        writer.publishAndHelp()
        #expect(counter.calls.load(ordering: .relaxed) == 1)
    }

    @Test("a writer waiting for room helps instead, and the pass's thread helps until the reader is done")
    func helpsWhileWaitingAndAfter() throws {
        let counter = CountingHelper(work: 5)
        let answers = UniquingAnswers(capacity: 4, helper: counter.helper)
        let started = WorkerThread { [answers] in
            var writer = UniquingAnswers.Writer(answers)
            for value in 0..<8 { guard writer.put(UInt32(value)) else { break } }
            writer.finish()
            answers.helpUntilAbandoned()
        }
        let thread = try #require(started)
        // Nothing is read yet: the writer, a whole ring ahead, can only be waiting for room.
        #expect(Self.within(seconds: 10) { counter.calls.load(ordering: .relaxed) > 0 }, "no help while waiting for room")
        var reader = UniquingAnswers.Reader(answers)
        var received: [Int] = []
        for _ in 0..<8 { received.append(reader.next()) }
        #expect(received == Array(0..<8))
        #expect(reader.next() == UniquingAnswers.exhausted)
        // With its answers in, the thread keeps asking the helper until the reader abandons
        // the ring.
        let callsWhileWriting = counter.calls.load(ordering: .relaxed)
        #expect(Self.within(seconds: 10) { counter.calls.load(ordering: .relaxed) > callsWhileWriting }, "no help after the answers")
        answers.abandon()
        thread.join()
        #expect(counter.calls.load(ordering: .relaxed) > counter.work)
    }
}

@Suite("The encoder writes pieces of the file while it waits for an ordinal")
struct ReaderHelpTests {
    final class Calls: Sendable {
        let count = Atomic<Int>(0)
    }

    @Test("a reader waiting for an answer does the helper's work meanwhile")
    func readerHelps() throws {
        let calls = Calls()
        let answers = UniquingAnswers(capacity: 8, helper: { calls.count.add(1, ordering: .relaxed); return false })
        // The writer puts its answer in only once the reader has asked the helper (or after
        // ten seconds, and then the expectation below fails).
        let started = WorkerThread { [answers] in
            _ = UniquingHelpTests.within(seconds: 10) { calls.count.load(ordering: .relaxed) > 0 }
            var writer = UniquingAnswers.Writer(answers)
            _ = writer.put(42)
            writer.finish()
        }
        let thread = try #require(started)
        var reader = UniquingAnswers.Reader(answers)
        #expect(reader.next() == 42)
        thread.join()
        #expect(calls.count.load(ordering: .relaxed) > 0)
    }
}
