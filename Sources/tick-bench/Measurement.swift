import Foundation
import Synchronization
import TickCore

/// Wall-clock timing helpers for the benchmark.
enum Measure {
    /// Nanoseconds on the monotonic clock.
    static func now() -> UInt64 { monotonicNanoseconds() }

    /// Runs `body` `runs` times and returns the median in milliseconds; `untimedFirst` runs
    /// before each, off the clock.
    static func median(runs: Int, untimedFirst: () -> Void = {}, _ body: () throws -> Void) rethrows -> Double {
        var samples: [Double] = []
        for _ in 0..<max(runs, 1) {
            untimedFirst()
            let start = now()
            try body()
            samples.append(Double(now() - start) / 1e6)
        }
        return median(of: samples)
    }

    /// Runs `body` `runs` times and returns the median in milliseconds and the last
    /// result. Each result is let go before the next run's clock starts, so freeing the
    /// previous one (a whole decoded list, say) is not counted in the next run.
    static func median<T>(runs: Int, _ body: () throws -> T) rethrows -> (milliseconds: Double, result: T?) {
        var samples: [Double] = []
        var held: T?
        repeat {
            held = nil
            let start = now()
            let value = try body()
            samples.append(Double(now() - start) / 1e6)
            held = value
        } while samples.count < runs
        return (median(of: samples), held)
    }

    /// Runs a program to its end, from no input, its standard output and error to `output`
    /// (a file it makes or empties; /dev/null by default); milliseconds from spawn to exit.
    /// A run that fails is an error.
    static func spawn(_ arguments: [String], output: String = "/dev/null") throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let start = now()
        let code = posix_spawn(&pid, arguments[0], &actions, nil, argv, environ)
        guard code == 0 else { throw BenchmarkError("cannot start \(arguments[0]): \(String(cString: strerror(code)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let elapsed = Double(now() - start) / 1e6
        guard status == 0 else { throw BenchmarkError("\(arguments.joined(separator: " ")) failed (status \(status))") }
        return elapsed
    }

    /// What a program wrote to standard output and error (through a file in `directory`).
    static func output(of arguments: [String], in directory: URL) throws -> String {
        let file = directory.appendingPathComponent("output-\(getpid())").path
        defer { unlink(file) }
        _ = try spawn(arguments, output: file)
        return try String(contentsOfFile: file, encoding: .utf8)
    }

    static func median(of samples: [Double]) -> Double {
        let sorted = samples.sorted()
        guard !sorted.isEmpty else { return .nan }
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// This process's peak resident memory in MiB (VmHWM).
    static func peakMemoryMiB(pid: pid_t? = nil) -> Double {
        let path = pid.map { "/proc/\($0)/status" } ?? "/proc/self/status"
        guard let status = try? String(contentsOfFile: path, encoding: .utf8) else { return .nan }
        for line in status.split(separator: "\n") where line.hasPrefix("VmHWM:") {
            let digits = line.filter(\.isNumber)
            return (Double(digits) ?? .nan) / 1024
        }
        return .nan
    }
}

/// Formats rows of cells as an aligned plain-text (Markdown) table.
struct Table {
    var header: [String]
    var rows: [[String]] = []

    func render() -> String {
        let widths = header.indices.map { column in
            ([header] + rows).map { $0.indices.contains(column) ? $0[column].count : 0 }.max() ?? 0
        }
        func line(_ cells: [String]) -> String {
            "| " + header.indices.map { column in
                let cell = cells.indices.contains(column) ? cells[column] : ""
                return cell.padding(toLength: widths[column], withPad: " ", startingAt: 0)
            }.joined(separator: " | ") + " |"
        }
        let rule = "|" + widths.map { String(repeating: "-", count: $0 + 2) }.joined(separator: "|") + "|"
        return ([line(header), rule] + rows.map(line)).joined(separator: "\n")
    }
}

func formatMilliseconds(_ value: Double) -> String {
    guard value.isFinite else { return "–" }
    return value < 10 ? String(format: "%.2f", value) : String(format: "%.1f", value)
}

/// The memory lines of /proc/self/status, in MiB, for profiling by hand.
enum MemoryStatus {
    static func read() -> String {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return "?" }
        let wanted = ["VmHWM:", "VmRSS:", "RssAnon:", "RssFile:"]
        return status.split(separator: "\n").filter { line in wanted.contains { line.hasPrefix($0) } }.map { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            return "\(parts[0]) \(String(format: "%.1f", (Double(parts.count > 1 ? parts[1] : "") ?? .nan) / 1024))"
        }.joined(separator: " ")
    }
}

extension MemoryStatus {
    /// Reads RssAnon and RssFile every 0.3 ms on its own thread; ``stop()`` returns the
    /// highest of each seen.
    ///
    /// The two threads share nothing but the `Mutex`-guarded peaks and the semaphores: the
    /// sampler waits on `stopRequested` with a 0.3 ms timeout between samples (so a stop ends
    /// the wait at once), and `stop()` waits on `finished` before it reads the peaks.
    final class Sampler: Sendable {
        private struct Peaks {
            var anon = 0.0, file = 0.0, sum = 0.0
            var series: [String] = []
        }

        private let peaks = Mutex(Peaks())
        private let stopRequested = DispatchSemaphore(value: 0)
        private let finished = DispatchSemaphore(value: 0)

        init() {
            Thread.detachNewThread { [self] in
                repeat {
                    sample()
                } while stopRequested.wait(timeout: .now() + .microseconds(300)) == .timedOut
                finished.signal()
            }
        }

        private func sample() {
            guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return }
            var anon = 0.0, file = 0.0
            for line in status.split(separator: "\n") {
                let parts = line.split(separator: " ", omittingEmptySubsequences: true)
                guard parts.count > 1, let value = Double(parts[1].filter(\.isNumber)) else { continue }
                if parts[0].hasPrefix("RssAnon") { anon = value / 1024 }
                if parts[0].hasPrefix("RssFile") { file = value / 1024 }
            }
            peaks.withLock { peaks in
                peaks.anon = max(peaks.anon, anon)
                peaks.file = max(peaks.file, file)
                peaks.sum = max(peaks.sum, anon + file)
                peaks.series.append(String(format: "%.0f/%.0f", anon, file))
            }
        }

        func stop() -> String {
            stopRequested.signal()
            finished.wait()
            let seen = peaks.withLock { $0 }
            return String(format: "anon %.1f file %.1f sum %.1f", seen.anon, seen.file, seen.sum)
                + (ProcessInfo.processInfo.environment["TICK_BENCH_SERIES"] != nil ? "\n" + seen.series.joined(separator: " ") : "")
        }
    }
}
