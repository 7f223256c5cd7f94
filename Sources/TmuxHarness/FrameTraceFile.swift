import Foundation

/// The trace file that tick appends frame and save times to when `TICK_TRACE_FILE` names
/// it: one `event nanoseconds` line each, on the monotonic clock that all processes share.
public struct FrameTraceFile {
    public let path: String

    public init(path: String) {
        self.path = path
    }

    /// Polls the file every half millisecond until an `event` stamped after `time` appears;
    /// returns its stamp.
    public func waitFor(_ event: String, after time: UInt64, timeoutSeconds: Double = 20) throws -> UInt64 {
        let deadline = Date().addingTimeInterval(timeoutSeconds)
        while Date() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: " ")
                    if parts.count == 2, parts[0] == event, let stamp = UInt64(parts[1]), stamp > time { return stamp }
                }
            }
            usleep(500)
        }
        throw HarnessError("tick wrote no \(event) to \(path) within \(timeoutSeconds) s")
    }
}
