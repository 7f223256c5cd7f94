import Glibc

/// A thread of its own for one piece of work, waited for with ``join()`` (once).
///
/// A plain POSIX thread rather than a Dispatch queue: the work starts at once, whatever the
/// global queues are busy with (a save's background close of the replaced file, say).
struct WorkerThread {
    private let thread: pthread_t

    private final class Work {
        let body: @Sendable () -> Void
        init(_ body: @escaping @Sendable () -> Void) { self.body = body }
    }

    /// Starts `body` on a new thread; nil when the system refuses one.
    init?(_ body: @escaping @Sendable () -> Void) {
        let work = Unmanaged.passRetained(Work(body))
        var thread = pthread_t()
        let status = pthread_create(&thread, nil, { raw in
            if let raw { Unmanaged<Work>.fromOpaque(raw).takeRetainedValue().body() }
            return nil
        }, work.toOpaque())
        guard status == 0 else {
            work.release()
            return nil
        }
        self.thread = thread
    }

    /// Waits for the work to end.
    func join() {
        pthread_join(thread, nil)
    }
}
