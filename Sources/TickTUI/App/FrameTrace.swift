import FoundationEssentials
import Glibc

/// Timestamps of frames and saves, appended to the file named by `TICK_TRACE_FILE` when it
/// is set (the benchmark reads them; nobody else needs to). Each line is an event name and
/// nanoseconds on the monotonic clock, which all processes share.
struct FrameTrace {
    private let descriptor: Int32

    init?(environment: [String: String] = ProcessInfo.processInfo.environment) {
        guard let path = environment["TICK_TRACE_FILE"], !path.isEmpty else { return nil }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return nil }
        self.descriptor = descriptor
    }

    /// Appends `event` with the current monotonic time.
    func record(_ event: String) {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        let line = "\(event) \(Int64(now.tv_sec) * 1_000_000_000 + Int64(now.tv_nsec))\n"
        _ = line.withCString { write(descriptor, $0, strlen($0)) }
    }
}
