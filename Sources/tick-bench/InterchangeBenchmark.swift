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

    /// tick's `import` of one .ics into an empty list against `calcurse -D DIR -q -i` of the
    /// same file into an empty calendar, taking turns, each in `directory` (emptied before
    /// each run): the medians of `runs` runs and each command's own peak.
    static func importPair(tick: String, ics: String, in directory: String, runs: Int) throws -> (tick: Run, calcurse: Run) {
        let list = directory + "/imported.plist", calendar = directory + "/calcurse"
        let results = try medians(runs: runs, prepare: {
            for path in [list, directory + "/.imported.plist.lock", calendar] { try? FileManager.default.removeItem(atPath: path) }
            try FileManager.default.createDirectory(atPath: calendar, withIntermediateDirectories: true)
        }, [[tick, "import", ics, "--file", list], ["/usr/bin/calcurse", "-D", calendar, "-q", "-i", ics]])
        return (results[0], results[1])
    }

    /// Where the import pair runs: a memory file system when there is one. calcurse writes
    /// a note file per to-do with a description (29,932 of the 100,000), and on a busy
    /// disk's file system creating a file can take milliseconds (the inode search), which
    /// would measure the disk, not calcurse; tick writes one file (and fsyncs it, here free).
    static func importDirectory(scratch: URL) throws -> String {
        var status = stat()
        let shm = "/dev/shm"
        guard stat(shm, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR, access(shm, W_OK) == 0 else { return scratch.path }
        let directory = shm + "/tick-bench-import-\(getpid())"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The size of the file at `path` in bytes.
    static func size(_ path: String) throws -> Double {
        guard let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber else {
            throw BenchmarkError("no size for \(path)")
        }
        return size.doubleValue
    }

    /// The table for a list of `count` items: tick (release, beside this executable) against
    /// calcurse. calcurse's data is written directly (``CalcurseData``). The import row is one
    /// .ics imported by both, its VTODOs in calcurse's order (``CalcurseImportOrder``); with
    /// `calcurseImport`, one more run each of the export as tick orders it (calcurse: minutes).
    static func measure(count: Int, runs: Int = 11, calcurseImport: Bool = false) throws -> String {
        let tick = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent().appendingPathComponent("tick").path
        guard FileManager.default.isExecutableFile(atPath: tick) else { throw BenchmarkError("no tick beside tick-bench at \(tick)") }
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/calcurse") else { throw BenchmarkError("calcurse is not installed (Scripts/test installs it)") }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-interchange-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let importing = try importDirectory(scratch: scratch)
        defer { if importing != scratch.path { try? FileManager.default.removeItem(atPath: importing) } }
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
        let ordered = importing + "/calcurse-order.ics"
        _ = try run([bench, "--child", "calcurse-ics", String(count), list, ics, ordered])

        let calcurseExportCommand = ["/usr/bin/calcurse", "-D", calendar, "--export=ical"]
        let calcurseExport = scratch.appendingPathComponent("calcurse.ics").path
        _ = try run(calcurseExportCommand, output: calcurseExport)
        let (icsBytes, calcurseBytes) = (try size(ics), try size(calcurseExport))
        let exports = try medians(runs: runs, [[tick, "export", "--format", "ics", "--file", list], calcurseExportCommand])
        let imports = try importPair(tick: tick, ics: ordered, in: importing, runs: runs)
        var exportOrder: (tick: Run, calcurse: Run)?
        if calcurseImport { exportOrder = try importPair(tick: tick, ics: ics, in: importing, runs: 1) }
        let json = scratch.appendingPathComponent("list.json").path
        _ = try run([tick, "list", "--json", "--file", list], output: json)
        let jsonBytes = try size(json)
        let lists = try medians(runs: runs, [
            [tick, "list", "--json", "--file", list], calcurseExportCommand,
            [tick, "list", "--file", list], ["/usr/bin/calcurse", "-D", calendar, "-t"],
        ])

        var table = Table(header: ["at \(count) items", "tick ms", "tick peak MiB", "calcurse", "ms", "calcurse peak MiB",
                                   "tick ÷ calcurse", "per byte", "target", "met"])
        // A row; with `bytes` (tick's output, calcurse's), the ratio per byte written too.
        func row(_ what: String, _ ours: Run, _ theirs: String, _ other: Run, bytes: (Double, Double)? = nil,
                 target: (text: String, limit: Double)? = nil) {
            let ratio = ours.milliseconds / other.milliseconds
            let perByte = bytes.map { ratio * $0.1 / $0.0 }
            let measured = target == nil ? nil : perByte ?? ratio
            table.rows.append([what, formatMilliseconds(ours.milliseconds), String(format: "%.0f", ours.peakMiB), theirs,
                               formatMilliseconds(other.milliseconds), String(format: "%.0f", other.peakMiB),
                               String(format: "%.2f×", ratio), perByte.map { String(format: "%.2f×", $0) } ?? "",
                               target?.text ?? "", target.flatMap { target in measured.map { $0 <= target.limit ? "✓" : "✗" } } ?? ""])
        }
        row("export --format ics", exports[0], "--export=ical", exports[1], bytes: (icsBytes, calcurseBytes),
            target: ("≤ 1× per byte", 1))
        row("import (one .ics, calcurse's order)", imports.tick, "-q -i", imports.calcurse, target: ("≤ 1.5×", 1.5))
        if let exportOrder { row("import (one .ics, tick's export order)", exportOrder.tick, "-q -i", exportOrder.calcurse) }
        row("list --json", lists[0], "--export=ical", lists[1], bytes: (jsonBytes, calcurseBytes))
        row("list", lists[2], "-t", lists[3])
        let own = FileManager.default.isExecutableFile(atPath: "/usr/bin/time")
        let notes = [
            String(format: "Medians of %d runs, the commands taking turns. Bytes written: tick's .ics %.1f MB, its JSON %.1f MB, calcurse's .ics %.1f MB.",
                   runs, icsBytes / 1e6, jsonBytes / 1e6, calcurseBytes / 1e6),
            "Import: the same .ics for both, its VTODOs in calcurse's order, into an empty list and an empty calendar in \(importing)"
                + (calcurseImport ? "; tick's export order: one run each." : "."),
            own ? "Peak: each command's own maximum RSS, from one run under /usr/bin/time."
                : String(format: "No /usr/bin/time: a child's peak includes tick-bench's own %.0f MiB at the spawn.", floor),
        ]
        return table.render() + "\n" + notes.map { "(\($0))" }.joined(separator: "\n")
    }
}
