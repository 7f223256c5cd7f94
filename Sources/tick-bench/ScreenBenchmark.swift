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
    /// From asking tmux to type Space on the first open item with a subtask (Space ticks off
    /// both) to the first frame drawn after it, median in milliseconds; each press is
    /// followed by `u`, which puts both back. Nil for a list without such an item.
    var parentSpaceToFrame: Double?
    /// From asking tmux to type Esc in an open editor to the frame without it (the
    /// terminal's Esc delay included), median in milliseconds.
    var escape: Double
    /// tick's peak resident memory after the runs, in MiB.
    var peakMiB: Double
    /// The list file's size in bytes.
    var fileBytes: Int
    /// calcurse's first frame on the same titles, median in milliseconds (its launches
    /// take turns with tick's); nil when calcurse is not installed or not asked for.
    var calcurseFirstFrame: Double?
    /// How many launches and Space presses the medians are of.
    var launches: Int
    var spaces: Int

    /// tick's peak memory ÷ the list file's size.
    var peakPerFileSize: Double { peakMiB * 1_048_576 / Double(max(fileBytes, 1)) }
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
    /// With `calcurse`, each launch of tick is followed by one of calcurse on the same
    /// titles (``CalcurseData``) in the same pane, timed to its first frame that shows its
    /// to-do panel (``calcurseFirstFrame(in:command:firstTitle:)``).
    static func measure(tick: String, count: Int, launches: Int, spaces: Int, lists: Int = 1, calcurse: Bool = false) throws -> ScreenFigures {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-screen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("ToDoItems.plist")
        var generator = ItemGenerator(seed: 7)
        let items = generator.list(count: count)
        try ToDoStore(fileURL: file).save(items)
        let fileBytes = (try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int) ?? 0
        let calcursePath = calcurse ? calcurseExecutable() : nil
        var calcurseCommand: String?
        if let calcursePath {
            let data = directory.appendingPathComponent("calcurse", isDirectory: true)
            try CalcurseData.write(items, to: data, notes: false)
            calcurseCommand = "exec " + [calcursePath, "-D", data.path].map(TmuxSession.quote).joined(separator: " ")
        }
        let set = ListSet(defaultFileURL: file, journalDirectory: directory.appendingPathComponent("state"))
        for number in 1..<max(lists, 1) { try set.add("List \(number)").save(generator.list(count: count)) }
        let trace = directory.appendingPathComponent("trace").path
        let traceFile = FrameTraceFile(path: trace)

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
        var parentSpaceTimes: [Double] = []
        // The first open item with a subtask right under it, by its row in To Do.
        let parentRow = items.toDoItems.indices.first { index in
            index + 1 < items.toDoItems.count && items.toDoItems[index + 1].parent == items.toDoItems[index].id
        }
        var savedTimes: [Double] = []
        var escapeTimes: [Double] = []
        var calcurseTimes: [Double] = []
        var peak = Double.nan
        for launch in 0..<launches {
            if let calcurseCommand {
                try settle(session)
                calcurseTimes.append(try calcurseFirstFrame(in: session, command: calcurseCommand))
            }
            try settle(session)
            _ = FileManager.default.createFile(atPath: trace, contents: nil)
            let start = Measure.now()
            try session.tmux(["respawn-pane", "-k", "-t", "=\(session.name):", command])
            let frame = try traceFile.waitFor("frame", after: start)
            firstFrames.append(Double(frame - start) / 1e6)
            if launch == 0 { try session.waitFor(text: "to do") }

            if launch == launches - 1 {
                if let parentRow {
                    parentSpaceTimes = try parentSpaces(session, traceFile, row: parentRow, count: spaces)
                }
                for _ in 0..<spaces {
                    let pressed = Measure.now()
                    try session.send("Space")
                    let drawn = try traceFile.waitFor("frame", after: pressed)
                    let saved = try traceFile.waitFor("saved", after: pressed)
                    spaceTimes.append(Double(drawn - pressed) / 1e6)
                    savedTimes.append(Double(saved - pressed) / 1e6)
                    // The next press comes once tick is idle again (its frame after the save).
                    _ = try traceFile.waitFor("frame", after: saved)
                }
                for _ in 0..<spaces {
                    let opened = Measure.now()
                    try session.send("a")
                    _ = try traceFile.waitFor("frame", after: opened)
                    let pressed = Measure.now()
                    try session.send("Escape")
                    let drawn = try traceFile.waitFor("frame", after: pressed)
                    escapeTimes.append(Double(drawn - pressed) / 1e6)
                }
                peak = Measure.peakMemoryMiB(pid: try session.panePID())
            }
        }
        try session.send("q")
        return ScreenFigures(
            items: count, firstFrame: Measure.median(of: firstFrames),
            spaceToFrame: Measure.median(of: spaceTimes), spaceToSaved: Measure.median(of: savedTimes),
            parentSpaceToFrame: parentSpaceTimes.isEmpty ? nil : Measure.median(of: parentSpaceTimes), escape: Measure.median(of: escapeTimes), peakMiB: peak,
            fileBytes: fileBytes, calcurseFirstFrame: calcursePath == nil ? nil : Measure.median(of: calcurseTimes),
            launches: launches, spaces: spaces
        )
    }

    /// Goes down to To Do's row `row` (the first item's is 0) and presses Space there `count`
    /// times, each followed by `u` (the undo puts the item and its subtasks back, the
    /// cursor on the item): the milliseconds from each Space to its frame. Then back to the
    /// first item.
    static func parentSpaces(_ session: TmuxSession, _ traceFile: FrameTraceFile, row: Int, count: Int) throws -> [Double] {
        func press(_ key: String) throws -> UInt64 {
            let pressed = Measure.now()
            try session.send(key)
            _ = try traceFile.waitFor("frame", after: pressed)
            return pressed
        }
        for _ in 0..<row { _ = try press("j") }
        var times: [Double] = []
        for _ in 0..<count {
            let pressed = Measure.now()
            try session.send("Space")
            let drawn = try traceFile.waitFor("frame", after: pressed)
            times.append(Double(drawn - pressed) / 1e6)
            _ = try traceFile.waitFor("frame", after: try traceFile.waitFor("saved", after: pressed))
            let undone = try press("u")
            _ = try traceFile.waitFor("frame", after: try traceFile.waitFor("saved", after: undone))
        }
        _ = try press("g")
        return times
    }

    /// Ends the pane's program and waits until it is gone, so that a launch never shares
    /// the processor with the last one still reading or freeing its list (tick reads the
    /// rest of a large list after its first frame, and acts on a hang-up only then).
    static func settle(_ session: TmuxSession) throws {
        let previous = try session.panePID()
        try session.tmux(["respawn-pane", "-k", "-t", "=\(session.name):", "exec cat"])
        let deadline = Measure.now() + 60_000_000_000
        while kill(previous, 0) == 0, Measure.now() < deadline { usleep(1_000) }
    }

    static func calcurseExecutable() -> String? {
        ["/usr/bin/calcurse", "/usr/local/bin/calcurse"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Starts calcurse in the pane and polls the pane until its to-do panel shows an item;
    /// milliseconds from asking tmux to start it (as tick's first frame) to the capture that
    /// showed it. Each capture is a tmux client of its own (1–3 ms), so the figure can be
    /// late by one capture: small beside calcurse's figures from 10,000 items on.
    static func calcurseFirstFrame(in session: TmuxSession, command: String) throws -> Double {
        let start = Measure.now()
        try session.tmux(["respawn-pane", "-k", "-t", "=\(session.name):", command])
        let deadline = start + 120_000_000_000
        while Measure.now() < deadline {
            if let lines = try? session.capture(), Self.showsToDo(lines) { return Double(Measure.now() - start) / 1e6 }
            usleep(500)
        }
        throw BenchmarkError("calcurse showed no to-do within 120 s")
    }

    /// Whether calcurse's screen shows an item in its to-do panel: the row below the rule
    /// under the panel's "TODO" title has text after the panel's left border.
    static func showsToDo(_ lines: [String]) -> Bool {
        guard let title = lines.firstIndex(where: { $0.hasSuffix("│") && $0.contains(" TODO ") }), title + 2 < lines.count else { return false }
        let row = lines[title + 2]
        guard let border = row.range(of: "││", options: .backwards) else { return false }
        return row[border.upperBound...].contains { !$0.isWhitespace && $0 != "│" }
    }
}
