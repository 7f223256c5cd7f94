import Synchronization
import Testing
@testable import TickCore

@Suite("The threads of a save share its first pass over the list in chunks")
struct WorkChunksTests {
    @Test("two threads taking chunks bound every item exactly once, as one thread does")
    func everyItemOnce() throws {
        var items: [ToDoItem] = []
        for index in 0..<10_000 {
            let location: Location? = index % 4 == 0 ? try Location(name: "Desk") : nil
            items.append(try ToDoItem(title: "Item \(index)", notes: index % 3 == 0 ? "n" : nil, location: location))
        }
        let split = 6_000
        try items.withUnsafeBufferPointer { all in
            let lists = (UnsafeBufferPointer(rebasing: all[..<split]), UnsafeBufferPointer(rebasing: all[split...]))
            let alone = (UnsafeMutablePointer<UInt8>.allocate(capacity: split), UnsafeMutablePointer<UInt8>.allocate(capacity: 4_000))
            let shared = (UnsafeMutablePointer<UInt8>.allocate(capacity: split), UnsafeMutablePointer<UInt8>.allocate(capacity: 4_000))
            defer { [alone.0, alone.1, shared.0, shared.1].forEach { $0.deallocate() } }
            var one = ArchiveBound()
            one.add(lists, range: 0..<10_000, counts: alone)
            // Small chunks, so that each thread takes many, across the sections' border too.
            let chunks = WorkChunks(total: 10_000, size: 333)
            let other = OtherBound(lists: lists, counts: shared)
            let started = WorkerThread { [other] in
                var bound = ArchiveBound()
                bound.add(other.lists, taking: chunks, counts: other.counts)
                other.bound.withLock { $0 = bound }
            }
            let thread = try #require(started)
            var two = ArchiveBound()
            two.add(lists, taking: chunks, counts: shared)
            thread.join()
            two.merge(other.bound.withLock { $0 })
            #expect(chunks.next()?.index == nil)
            #expect((two.objects, two.bytes, two.unique, two.supported) == (one.objects, one.bytes, one.unique, one.supported))
            #expect((two.sections.0.objects, two.sections.1.objects) == (one.sections.0.objects, one.sections.1.objects))
            #expect((two.sections.0.largestItem, two.sections.1.largestItem) == (one.sections.0.largestItem, one.sections.1.largestItem))
            #expect(Array(UnsafeBufferPointer(start: shared.0, count: split)) == Array(UnsafeBufferPointer(start: alone.0, count: split)))
            #expect(Array(UnsafeBufferPointer(start: shared.1, count: 4_000)) == Array(UnsafeBufferPointer(start: alone.1, count: 4_000)))
        }
    }

    /// What the other thread reads, and its bound.
    final class OtherBound: @unchecked Sendable {
        let lists: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>)
        let counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)
        let bound = Mutex(ArchiveBound())

        init(lists: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), counts: (UnsafeMutablePointer<UInt8>, UnsafeMutablePointer<UInt8>)) {
            self.lists = lists
            self.counts = counts
        }
    }
}
