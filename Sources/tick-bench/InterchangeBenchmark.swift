import Foundation
import TickCore

/// tick's import, export and list beside calcurse on the same titles: each run is its own
/// process, timed from spawn to exit, its peak memory the maximum RSS that `wait4` reports.
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

    /// The median time and the largest peak of `runs` runs; `prepare` runs untimed before each.
    static func median(runs: Int, prepare: () throws -> Void = {}, _ arguments: () -> [String], output: String = "/dev/null",
                       environment: [String: String] = [:], timeout: Double = 600) throws -> Run {
        var times: [Double] = []
        var peak = 0.0
        for _ in 0..<runs {
            try prepare()
            let run = try run(arguments(), output: output, environment: environment, timeout: timeout)
            times.append(run.milliseconds)
            peak = max(peak, run.peakMiB)
        }
        return Run(milliseconds: Measure.median(of: times), peakMiB: peak)
    }

    /// The table for a list of `count` items: tick (release, beside this executable) against calcurse.
    static func measure(count: Int, runs: Int = 5) throws -> String {
        let tick = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tick").path
        guard FileManager.default.isExecutableFile(atPath: tick) else { throw BenchmarkError("no tick beside tick-bench at \(tick)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/calcurse") else { throw BenchmarkError("calcurse is not installed (Scripts/test installs it)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-interchange-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let list = scratch.appendingPathComponent("ToDoItems.plist").path
        // Made by a child, so that this process stays small: a spawned child's maximum RSS
        // starts from its parent's (exec records the shared memory's high-water mark).
        let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        _ = try run([bench, "--child", "write", String(count), list])
        let floor = Measure.peakMemoryMiB()
        let ics = scratch.appendingPathComponent("list.ics").path
        _ = try run([tick, "export", "--format", "ics", "--file", list], output: ics)
        // calcurse's own data, the same titles, made by its import of tick's export.
        let calendar = scratch.appendingPathComponent("calcurse").path
        try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        // (calcurse's import slows down with the size of its list: this one may take minutes.)
        let calcurseSetup = try run(["/usr/bin/calcurse", "-D", calendar, "-i", ics], timeout: 900)
        guard calcurseSetup.milliseconds.isFinite else { throw BenchmarkError("calcurse -i of \(count) items took over 15 minutes") }

        let tickExport = try median(runs: runs, { [tick, "export", "--format", "ics", "--file", list] })
        let calcurseExport = try median(runs: runs, { ["/usr/bin/calcurse", "-D", calendar, "--export=ical"] })
        let fresh = scratch.appendingPathComponent("fresh.plist").path
        let tickImport = try median(runs: runs, prepare: {
            try? FileManager.default.removeItem(atPath: fresh)
            try? FileManager.default.removeItem(atPath: fresh + ".lock")
            try? FileManager.default.removeItem(atPath: scratch.appendingPathComponent(".fresh.plist.lock").path)
        }, { [tick, "import", ics, "--file", fresh] })
        // calcurse's import into an empty directory: the run above (one run: it takes long).
        let calcurseImport = calcurseSetup
        let tickJSON = try median(runs: runs, { [tick, "list", "--json", "--file", list] })
        let tickList = try median(runs: runs, { [tick, "list", "--file", list] })
        let calcurseList = try median(runs: runs, { ["/usr/bin/calcurse", "-D", calendar, "-t"] })

        var table = Table(header: ["at \(count) items", "tick ms", "tick peak MiB", "calcurse", "ms", "calcurse peak MiB", "tick ÷ calcurse"])
        func row(_ what: String, _ ours: Run, _ theirs: String, _ other: Run) {
            table.rows.append([what, formatMilliseconds(ours.milliseconds), String(format: "%.0f", ours.peakMiB), theirs,
                               formatMilliseconds(other.milliseconds), String(format: "%.0f", other.peakMiB),
                               String(format: "%.2f×", ours.milliseconds / other.milliseconds)])
        }
        row("export --format ics", tickExport, "--export=ical", calcurseExport)
        row("import (ics, empty list)", tickImport, "-i", calcurseImport)
        row("list --json", tickJSON, "--export=ical", calcurseExport)
        row("list", tickList, "-t", calcurseList)
        return table.render() + String(format: "\n(A child's peak includes tick-bench's own %.0f MiB at the spawn: a floor, not the child's use.)", floor)
    }
}
