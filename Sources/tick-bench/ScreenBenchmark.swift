@_spi(Benchmark) import TickCore
import Foundation
import TmuxHarness

/// Figures for the full-screen app: the release `tick` in a 120×40 tmux pane.
struct ScreenFigures {
    var items: Int
    /// From asking tmux to start tick to tick's first full frame (includes tmux's own
    /// fork and exec of the pane), median in milliseconds.
    var firstFrame: Double
    /// From asking tmux to type Space to the first frame drawn after it (the frame that
    /// shows the change), median in milliseconds.
    var spaceToFrame: Double
    /// From asking tmux to type Space to the end of the change's save (fsync included),
    /// median in milliseconds.
    var spaceToSaved: Double
    /// From asking tmux to type Esc in an open editor to the frame without it (the
    /// terminal's Esc delay included), median in milliseconds.
    var escape: Double
    /// tick's peak resident memory after the runs, in MiB.
    var peakMiB: Double
}

enum ScreenBenchmark {
    /// The `tick` executable built beside this benchmark.
    static func tickPath() throws -> String {
        let me = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let tick = me.deletingLastPathComponent().appendingPathComponent("tick").path
        guard FileManager.default.isExecutableFile(atPath: tick) else {
            throw BenchmarkError("no tick binary beside tick-bench at \(tick): run `swift build -c release` first")
        }
        return tick
    }

    /// Runs the `tick` at `tick` on a list of `count` items.
    /// With `lists` above 1, the set holds that many lists of `count` items: the default
    /// one that the app opens, and `lists - 1` named ones beside it (`lists/List N.plist`).
    static func measure(tick: String, count: Int, launches: Int, spaces: Int, lists: Int = 1) throws -> ScreenFigures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ToDoItems.plist")
        var generator = ItemGenerator(seed: 7)
        try ToDoStore(fileURL: file).save(generator.list(count: count))
        let set = ListSet(defaultFileURL: file, journalDirectory: directory.appendingPathComponent("state"))
        for number in 1..<max(lists, 1) { try set.add("List \(number)").save(generator.list(count: count)) }
        let trace = directory.appendingPathComponent("trace").path

        var environment = ProcessInfo.processInfo.environment
        environment["TMUX"] = nil
        let session = try TmuxSession(
            socket: directory.appendingPathComponent("sock").path, environment: environment,
            command: "exec cat", columns: 120, rows: 40,
            paneEnvironment: ["TICK_TRACE_FILE": trace]
        )
        defer { _ = try? session.tmux(["kill-server"]) }
        let command = "exec " + [tick, "--file", file.path].map(TmuxSession.quote).joined(separator: " ")

        var firstFrames: [Double] = []
        var spaceTimes: [Double] = []
        var savedTimes: [Double] = []
        var escapeTimes: [Double] = []
        var peak = Double.nan
        for launch in 0..<launches {
            _ = FileManager.default.createFile(atPath: trace, contents: nil)
            let start = Measure.now()
            try session.tmux(["respawn-pane", "-k", "-t", "=\(session.name):", command])
            let frame = try waitForEvent("frame", in: trace, after: start)
            firstFrames.append(Double(frame - start) / 1e6)
            if launch == 0 { try session.waitFor(text: "to do") }

            if launch == launches - 1 {
                for _ in 0..<spaces {
                    let pressed = Measure.now()
                    try session.send("Space")
                    let drawn = try waitForEvent("frame", in: trace, after: pressed)
                    let saved = try waitForEvent("saved", in: trace, after: pressed)
                    spaceTimes.append(Double(drawn - pressed) / 1e6)
                    savedTimes.append(Double(saved - pressed) / 1e6)
                    // The next press comes once tick is idle again (its frame after the save).
                    _ = try waitForEvent("frame", in: trace, after: saved)
                }
                for _ in 0..<spaces {
                    let opened = Measure.now()
                    try session.send("a")
                    _ = try waitForEvent("frame", in: trace, after: opened)
                    let pressed = Measure.now()
                    try session.send("Escape")
                    let drawn = try waitForEvent("frame", in: trace, after: pressed)
                    escapeTimes.append(Double(drawn - pressed) / 1e6)
                }
                peak = Measure.peakMemoryMiB(pid: try session.panePID())
            }
        }
        try session.send("q")
        return ScreenFigures(
            items: count, firstFrame: Measure.median(of: firstFrames),
            spaceToFrame: Measure.median(of: spaceTimes), spaceToSaved: Measure.median(of: savedTimes), escape: Measure.median(of: escapeTimes), peakMiB: peak
        )
    }

    /// Polls the trace file until an `event` stamped after `time` appears; returns its stamp.
    private static func waitForEvent(_ event: String, in path: String, after time: UInt64, timeout: UInt64 = 20_000_000_000) throws -> UInt64 {
        let deadline = Measure.now() + timeout
        while Measure.now() < deadline {
            if let text = try? String(contentsOfFile: path, encoding: .utf8) {
                for line in text.split(separator: "\n") {
                    let parts = line.split(separator: " ")
                    if parts.count == 2, parts[0] == event, let stamp = UInt64(parts[1]), stamp > time { return stamp }
                }
            }
            usleep(500)
        }
        throw BenchmarkError("tick wrote no \(event) within 20 s")
    }
}
