import Foundation
import TickCore

/// tick's import, export and list beside calcurse on the same titles: each run is its own
/// process, timed from spawn to exit; peak memory is each command's own (``ownPeak``).
enum InterchangeBenchmark {
    struct Run {
        var milliseconds: Double
        var peakMiB: Double
    }

    /// Runs `arguments` with standard output to `output` (default /dev/null), returning its
    /// wall time and maximum resident set; a failed run is an error.
    /// A run past `timeout` seconds is killed and its time is infinite.
    static func run(_ arguments: [String], output: String = "/dev/null", environment: [String: String] = [:],
                    timeout: Double = 600) throws -> Run {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var env = ProcessInfo.processInfo.environment
        env.merge(environment) { $1 }
        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = env.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let start = Measure.now()
        guard posix_spawnp(&pid, arguments[0], &actions, nil, argv, envp) == 0 else {
            throw BenchmarkError("cannot start \(arguments[0])")
        }
        var status: Int32 = 0
        var usage = rusage()
        // Polled, so that a run past `timeout` seconds is stopped and reported as such.
        while true {
            let result = wait4(pid, &status, WNOHANG, &usage)
            if result == pid { break }
            if result == -1 && errno != EINTR { throw BenchmarkError("waiting for \(arguments[0]) failed") }
            if Double(Measure.now() - start) / 1e9 > timeout {
                kill(pid, SIGKILL)
                _ = wait4(pid, &status, 0, &usage)
                return Run(milliseconds: .infinity, peakMiB: Double(usage.ru_maxrss) / 1024)
            }
            usleep(1_000)
        }
        let elapsed = Double(Measure.now() - start) / 1e6
        guard status == 0 else { throw BenchmarkError("\(arguments.joined(separator: " ")) failed (status \(status))") }
        return Run(milliseconds: elapsed, peakMiB: Double(usage.ru_maxrss) / 1024)
    }

    /// A command's own maximum RSS in MiB, from one more run under GNU time (`/usr/bin/time`),
    /// whose forked child starts from time's own few hundred KiB. A child this process
    /// spawns starts from this process's 20 MiB instead (exec records the high-water mark
    /// of the memory it replaces, here the parent's), which `wait4` would report as a floor.
    /// Nil when /usr/bin/time is missing.
    static func ownPeak(_ arguments: [String], output: String) throws -> Double? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/time") else { return nil }
        let report = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-peak-\(getpid())").path
        defer { unlink(report) }
        _ = try run(["/usr/bin/time", "-f", "%M", "-o", report] + arguments, output: output)
        let kibibytes = try String(contentsOfFile: report, encoding: .utf8).split(separator: "\n").last.flatMap { Double($0) }
        return kibibytes.map { $0 / 1024 }
    }

    /// The median time of `runs` runs of each command, the commands taking turns (A B A B …),
    /// so that a slow minute weighs on each alike, and each command's own peak (``ownPeak``,
    /// else the largest that `wait4` reported); `prepare` runs untimed before each run.
    static func medians(runs: Int, prepare: () throws -> Void = {}, _ commands: [[String]],
                        output: String = "/dev/null") throws -> [Run] {
        var times = Array(repeating: [Double](), count: commands.count)
        var peaks = Array(repeating: 0.0, count: commands.count)
        for _ in 0..<runs {
            for (index, arguments) in commands.enumerated() {
                try prepare()
                let run = try run(arguments, output: output)
                times[index].append(run.milliseconds)
                peaks[index] = max(peaks[index], run.peakMiB)
            }
        }
        for (index, arguments) in commands.enumerated() {
            try prepare()
            if let peak = try ownPeak(arguments, output: output) { peaks[index] = peak }
        }
        return commands.indices.map { Run(milliseconds: Measure.median(of: times[$0]), peakMiB: peaks[$0]) }
    }

    /// The table for a list of `count` items: tick (release, beside this executable) against
    /// calcurse. calcurse's data is written directly (``CalcurseData``); its import of the
    /// same list (`calcurse -i`, minutes at 100,000 items) is timed only when `calcurseImport`.
    static func measure(count: Int, runs: Int = 5, calcurseImport: Bool = false) throws -> String {
        let tick = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tick").path
        guard FileManager.default.isExecutableFile(atPath: tick) else { throw BenchmarkError("no tick beside tick-bench at \(tick)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/calcurse") else { throw BenchmarkError("calcurse is not installed (Scripts/test installs it)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-interchange-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let list = scratch.appendingPathComponent("ToDoItems.plist").path
        // Made by children, so that this process stays small: a spawned child's maximum RSS
        // starts from its parent's (exec records the shared memory's high-water mark).
        let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        _ = try run([bench, "--child", "write", String(count), list])
        let calendar = scratch.appendingPathComponent("calcurse").path
        _ = try run([bench, "--child", "calcurse", String(count), calendar])
        let floor = Measure.peakMemoryMiB()
        let ics = scratch.appendingPathComponent("list.ics").path
        _ = try run([tick, "export", "--format", "ics", "--file", list], output: ics)

        let calcurseExportCommand = ["/usr/bin/calcurse", "-D", calendar, "--export=ical"]
        let exports = try medians(runs: runs, [[tick, "export", "--format", "ics", "--file", list], calcurseExportCommand])
        let fresh = scratch.appendingPathComponent("fresh.plist").path
        let tickImport = try medians(runs: runs, prepare: {
            try? FileManager.default.removeItem(atPath: fresh)
            try? FileManager.default.removeItem(atPath: scratch.appendingPathComponent(".fresh.plist.lock").path)
        }, [[tick, "import", ics, "--file", fresh]])[0]
        var calcurseImportRun: Run?
        if calcurseImport {
            // Into an empty directory; one run (it takes long).
            let empty = scratch.appendingPathComponent("calcurse-import").path
            try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
            calcurseImportRun = try run(["/usr/bin/calcurse", "-D", empty, "-i", ics], timeout: 900)
        }
        let lists = try medians(runs: runs, [
            [tick, "list", "--json", "--file", list], calcurseExportCommand,
            [tick, "list", "--file", list], ["/usr/bin/calcurse", "-D", calendar, "-t"],
        ])

        var table = Table(header: ["at \(count) items", "tick ms", "tick peak MiB", "calcurse", "ms", "calcurse peak MiB", "tick ÷ calcurse"])
        func row(_ what: String, _ ours: Run, _ theirs: String, _ other: Run?) {
            guard let other else {
                table.rows.append([what, formatMilliseconds(ours.milliseconds), String(format: "%.0f", ours.peakMiB), theirs,
                                   "(--calcurse-import)", "", ""])
                return
            }
            table.rows.append([what, formatMilliseconds(ours.milliseconds), String(format: "%.0f", ours.peakMiB), theirs,
                               formatMilliseconds(other.milliseconds), String(format: "%.0f", other.peakMiB),
                               String(format: "%.2f×", ours.milliseconds / other.milliseconds)])
        }
        row("export --format ics", exports[0], "--export=ical", exports[1])
        row("import (ics, empty list)", tickImport, "-i", calcurseImportRun)
        row("list --json", lists[0], "--export=ical", lists[1])
        row("list", lists[2], "-t", lists[3])
        let own = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        return table.render() + (own ? "\n(Peak: each command's own maximum RSS, from one run under /usr/bin/time.)"
            : String(format: "\n(No /usr/bin/time: a child's peak includes tick-bench's own %.0f MiB at the spawn.)", floor))
    }
}
