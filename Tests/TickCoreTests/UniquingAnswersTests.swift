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
