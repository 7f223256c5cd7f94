import Foundation

/// The targets of issue 29 at one size, each beside its baseline measured in the same run:
/// every round runs every measure once, in turn, so that a slow minute weighs on each alike,
/// and the table gives the medians of the rounds. The import, export and 1,000,000-item rows
/// are the interchange and full-screen tables' (InterchangeBenchmark, ScreenBenchmark).
enum TargetsBenchmark {
    /// How many loads `--child load` and `reader warm` make in one process (the warm rows).
    static let warmLoads = 7

    /// The "Issue 29 targets" table for a list of `count` items, medians of `rounds` rounds.
    static func measure(count: Int, rounds: Int) throws -> String {
        let tick = try ScreenBenchmark.tickPath()
        guard let calcurse = CalcurseData.executable else { throw BenchmarkError("calcurse is not installed (Scripts/test installs it)") }
        let bench = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tick-bench-targets-\(getpid())")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        func file(_ name: String) -> String { scratch.appendingPathComponent(name).path }

        // The list and calcurse's data of the same titles, made by children so that this
        // process stays small; adds go to copies of their own, growing by one item a round.
        let list = file("list.plist"), adds = file("adds.plist"), calendar = file("calcurse"), addCalendar = file("calcurse-adds")
        _ = try Measure.spawn([bench, "--child", "write", String(count), list])
        try FileManager.default.copyItem(atPath: list, toPath: adds)
        for directory in [calendar, addCalendar] { _ = try Measure.spawn([bench, "--child", "calcurse", String(count), directory]) }
        var skipped = ""
        let reader = try ReferenceReader.build(in: scratch, why: &skipped)

        var round = 0
        var measures: [(name: String, run: () throws -> Double)] = [
            ("list", { try Measure.spawn([tick, "list", "--file", list]) }),
            ("calcurse -t", { try Measure.spawn([calcurse, "-D", calendar, "-t"]) }),
            ("list --json", { try Measure.spawn([tick, "list", "--json", "--file", list]) }),
            ("calcurse --export=ical", { try Measure.spawn([calcurse, "-D", calendar, "--export=ical"]) }),
            ("add", { try Measure.spawn([tick, "add", "--file", adds, "Added in round \(round)"]) }),
            ("calcurse add", {
                let invitation = file("add.ics")
                try Data(("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:tick-bench\r\nBEGIN:VTODO\r\n"
                    + "SUMMARY:Added in round \(round)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n").utf8).write(to: URL(fileURLWithPath: invitation))
                return try Measure.spawn([calcurse, "-D", addCalendar, "-q", "-i", invitation])
            }),
        ]
        if let reader {
            measures += [
                ("fresh load", { try loads(Measure.output(of: [bench, "--child", "load", "1", list], in: scratch))[0] }),
                ("reference fresh load", { try reader.freshLoad(list, scratch: scratch) }),
                ("warm load", { Measure.median(of: try loads(Measure.output(of: [bench, "--child", "load", String(warmLoads), list], in: scratch))) }),
                ("reference warm load", { try reader.warmLoad(list, runs: warmLoads, scratch: scratch) }),
            ]
        }
        var samples: [String: [Double]] = [:]
        for _ in 0..<rounds {
            for measure in measures { samples[measure.name, default: []].append(try measure.run()) }
            round += 1
        }
        func median(_ name: String) -> Double { Measure.median(of: samples[name] ?? []) }

        // Bytes written and peak memory: one more run each, off the clock.
        func bytes(_ arguments: [String]) throws -> Double {
            _ = try Measure.spawn(arguments, output: file("bytes"))
            return Double((try FileManager.default.attributesOfItem(atPath: file("bytes"))[.size] as? Int) ?? 0)
        }
        let jsonBytes = try bytes([tick, "list", "--json", "--file", list])
        let icalBytes = try bytes([calcurse, "-D", calendar, "--export=ical"])
        let jsonPeak = try InterchangeBenchmark.ownPeak([tick, "list", "--json", "--file", list], output: "/dev/null")

        var table = Table(header: ["target", "tick", "baseline", "ratio", "limit", "met"])
        func row(_ target: String, _ tick: String, _ baseline: String, _ ratio: Double, limit: Double) {
            table.rows.append([target, tick, baseline, String(format: "%.2f×", ratio), String(format: "≤ %.1f×", limit), ratio <= limit ? "✓" : "✗"])
        }
        func ms(_ name: String) -> String { formatMilliseconds(median(name)) + " ms" }
        if reader != nil {
            row("load, fresh process: `tick-bench --child load 1` ÷ `reader load`", ms("fresh load"), ms("reference fresh load"),
                median("fresh load") / median("reference fresh load"), limit: 1.5)
            row("load, median of \(warmLoads) in one process ÷ `reader warm`", ms("warm load"), ms("reference warm load"),
                median("warm load") / median("reference warm load"), limit: 1.5)
        }
        row("`tick list` ÷ `calcurse -t`", ms("list"), ms("calcurse -t"), median("list") / median("calcurse -t"), limit: 1.6)
        row("`tick list --json` ÷ `calcurse --export=ical`, per byte written",
            ms("list --json") + String(format: ", %.1f MB", jsonBytes / 1e6),
            ms("calcurse --export=ical") + String(format: ", %.1f MB", icalBytes / 1e6),
            (median("list --json") / jsonBytes) / (median("calcurse --export=ical") / icalBytes), limit: 1)
        if let jsonPeak {
            table.rows.append(["`tick list --json` peak memory", String(format: "%.1f MiB", jsonPeak), "", "", "≤ 60 MiB", jsonPeak <= 60 ? "✓" : "✗"])
        }
        row("one `tick add` ÷ calcurse's add (`-q -i` of a one-to-do .ics)", ms("add"), ms("calcurse add"),
            median("add") / median("calcurse add"), limit: 1.6)

        return """
            Issue 29 targets at \(count) items: medians of \(rounds) rounds, each round running every measure once in turn;
            commands timed from spawn to exit with output to /dev/null, loads by their own clocks

            \(table.render())
            \(reader == nil ? "\nThe load rows are skipped: \(skipped).\n" : "")\(jsonPeak == nil ? "(No /usr/bin/time: no peak memory.)\n" : "")
            `tick import` ≤ 1.5× `calcurse -i` and export ≤ calcurse per byte: the interchange table
            (--only-interchange --calcurse-import). The 1,000,000-item targets: the full-screen table.
            """
    }

    /// The times of the "load X ms" lines of `tick-bench --child load`.
    private static func loads(_ report: String) throws -> [Double] {
        let times = report.split(separator: "\n").compactMap { line -> Double? in
            guard line.hasPrefix("load ") else { return nil }
            return Double(line.dropFirst(5).prefix { $0.isNumber || $0 == "." })
        }
        guard !times.isEmpty else { throw BenchmarkError("tick-bench --child load reported no load: \(report.prefix(200))") }
        return times
    }
}
