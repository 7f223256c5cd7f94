import Foundation
@_spi(Benchmark) import TickCore

// tick-bench: `swift build -c release && .build/release/tick-bench [--sizes 1000,10000] [--lists 10]
// [--skip-archive] [--skip-screen] [--screen-sizes 100,1000000] [--screen-spaces N] [--skip-add] [--before PATH-TO-AN-OLDER-TICK]
// [--foundation-limit N] [--skip-interchange | --only-interchange] [--interchange-size N]
// [--calcurse-import] [--only-recurrence [--recurrence-size N]]
// [--skip-targets | --only-targets [--targets-size N] [--target-rounds N]]` prints the speed tables of
// docs/performance.md (its "How to measure" lists these and the --child modes below); with
// --before, the full-screen and add tables also measure that older tick binary, in the same
// run. Each measurement runs in a child process (this same executable with a hidden first
// argument) so that peak memory is per size.

let arguments = Array(CommandLine.arguments.dropFirst())

func child(_ mode: String, _ count: Int) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
    process.arguments = ["--child", mode, String(count)]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchmarkError("the \(mode) measurement of \(count) items failed (exit \(process.terminationStatus))")
    }
    return data
}

func option(_ name: String) -> String? {
    guard let index = arguments.firstIndex(of: name), arguments.indices.contains(index + 1) else { return nil }
    return arguments[index + 1]
}

do {
    if arguments.first == "--child", arguments.count >= 3, let count = Int(arguments[2]) {
        let encoder = JSONEncoder()
        switch arguments[1] {
        case "tick": FileHandle.standardOutput.write(try encoder.encode(ArchiveBenchmark.measureTick(count: count)))
        case "foundation": FileHandle.standardOutput.write(try encoder.encode(ArchiveBenchmark.measureFoundation(count: count)))
        case "write" where arguments.count >= 4:
            // `tick-bench --child write N PATH`: the benchmark's list of N items, for profiling by hand.
            var generator = ItemGenerator(seed: 7)
            try ToDoStore(fileURL: URL(fileURLWithPath: arguments[3])).save(generator.list(count: count))
        case "calcurse" where arguments.count >= 4:
            // `tick-bench --child calcurse N DIRECTORY`: calcurse's data for the titles of `write`'s list.
            var generator = ItemGenerator(seed: 7)
            try CalcurseData.write(generator.list(count: count), to: URL(fileURLWithPath: arguments[3]))
        case "calcurse-ics" where arguments.count >= 6:
            // `tick-bench --child calcurse-ics N LIST EXPORT OUT`: EXPORT, tick's .ics of the N items of LIST, in calcurse's order.
            let list = try ToDoStore(fileURL: URL(fileURLWithPath: arguments[3])).load()
            guard list.count == count else { throw BenchmarkError("\(arguments[3]) holds \(list.count) items, not \(count)") }
            try CalcurseImportOrder.write(list, export: [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[4]))), to: arguments[5])
        case "decode" where arguments.count >= 4:
            // `tick-bench --child decode N PATH`: decodes the bytes of PATH N times, for profiling by hand.
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: arguments[3])))
            var samples: [Double] = []
            for _ in 0..<count {
                let start = Measure.now()
                let list = try KeyedArchive.decode(bytes)
                samples.append(Double(Measure.now() - start) / 1e6)
                withExtendedLifetime(list) {}
            }
            print(String(format: "decode median %.1f ms", Measure.median(of: samples)))
        case "load" where arguments.count >= 4:
            // `tick-bench --child load N PATH`: loads the file at PATH N times, as the store
            // does, and prints the memory figures of /proc/self/status, for profiling by hand.
            let store = ToDoStore(fileURL: URL(fileURLWithPath: arguments[3]))
            print("before: \(MemoryStatus.read())")
            var items = 0
            for _ in 0..<count {
                // (The sampler takes a core: times are only meaningful without it.)
                let sampler = ProcessInfo.processInfo.environment["TICK_BENCH_SAMPLE"] != nil ? MemoryStatus.Sampler() : nil
                let start = Measure.now()
                // TICK_BENCH_STAGED=1: as the full-screen app reads (preview first, pages given back).
                let list = ProcessInfo.processInfo.environment["TICK_BENCH_STAGED"] != nil
                    ? try store.loadInStages(previewItems: 500, minimumItems: 5_000) { _ in }
                    : try store.load()
                if let sampler { print("peaks while loading: \(sampler.stop())") }
                items = list.count
                print(String(format: "load %.1f ms: %@", Double(Measure.now() - start) / 1e6, MemoryStatus.read()))
            }
            print("\(items) items; after: \(MemoryStatus.read())")
        case "save-loop" where arguments.count >= 4:
            // `tick-bench --child save-loop N PATH`: saves the list of N items 20 times, for a profiler.
            var generator = ItemGenerator(seed: 7)
            let list = generator.list(count: count)
            let store = ToDoStore(fileURL: URL(fileURLWithPath: arguments[3]))
            for _ in 0..<20 { try store.save(list) }
        default: throw BenchmarkError("unknown measurement \(arguments[1])")
        }
        exit(0)
    }

    if arguments.contains("--only-recurrence") {
        print(try RecurrenceBenchmark.measure(count: Int(option("--recurrence-size") ?? "") ?? 10_000))
        exit(0)
    }
    if arguments.contains("--only-targets") {
        print(try TargetsBenchmark.measure(count: Int(option("--targets-size") ?? "") ?? 100_000,
                                           rounds: max(Int(option("--target-rounds") ?? "") ?? 11, 11)))
        exit(0)
    }
    if arguments.contains("--only-interchange") {
        print(try InterchangeBenchmark.measure(count: Int(option("--interchange-size") ?? "") ?? 100_000,
                                               calcurseImport: arguments.contains("--calcurse-import")))
        exit(0)
    }
    let sizes = option("--sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? [1_000, 10_000, 100_000, 1_000_000]
    let foundationLimit = Int(option("--foundation-limit") ?? "") ?? 100_000
    let tick = try ScreenBenchmark.tickPath()
    let binaries = [("after", tick)] + (option("--before").map { [("before", $0)] } ?? [])
    if !arguments.contains("--skip-archive") {
        print("tick-bench: medians in milliseconds, peak memory in MiB (each size in its own process)\n")
        var table = Table(header: [
            "items", "file", "encode", "decode", "save", "(write+fsync alone)", "load", "peak",
            "NSKeyedArchiver", "NSKeyedUnarchiver", "Foundation peak", "encode ×", "decode ×",
        ])
        let decoder = JSONDecoder()
        for count in sizes {
            let ours = try decoder.decode(ArchiveFigures.self, from: child("tick", count))
            var row = [
                String(count), String(format: "%.1f MiB", Double(ours.bytes) / 1_048_576),
                formatMilliseconds(ours.encode), formatMilliseconds(ours.decode),
                formatMilliseconds(ours.save), formatMilliseconds(ours.writeAndSync),
                formatMilliseconds(ours.load), String(format: "%.0f", ours.peakMiB),
            ]
            if count <= foundationLimit {
                let theirs = try decoder.decode(FoundationFigures.self, from: child("foundation", count))
                row += [
                    formatMilliseconds(theirs.encode), formatMilliseconds(theirs.decode), String(format: "%.0f", theirs.peakMiB),
                    String(format: "%.0f×", theirs.encode / ours.encode), String(format: "%.0f×", theirs.decode / ours.decode),
                ]
            } else {
                row += ["(too slow)", "", "", "", ""]
            }
            table.rows.append(row)
            FileHandle.standardError.write(Data("measured \(count) items\n".utf8))
        }
        print(table.render())
        print("""

            save+fsync: from the call until the new file and its directory are synced (lock,
            encode, temporary file, fsync, rename, directory fsync).
            """)
    }

    if !arguments.contains("--skip-screen") {
        print("\nFull screen: release tick in a 120×40 tmux pane, calcurse's launches taking turns with tick's; medians in milliseconds\n")
        let screenSizes = option("--screen-sizes").map { $0.split(separator: ",").compactMap { Int($0) } } ?? sizes.filter { $0 <= 100_000 }
        let spaces = Int(option("--screen-spaces") ?? "") ?? 21
        var rows: [(name: String, figures: ScreenFigures)] = []
        for count in screenSizes {
            for (index, (name, binary)) in binaries.enumerated() {
                let figures = try ScreenBenchmark.measure(tick: binary, count: count, launches: 11, spaces: spaces,
                                                          lists: option("--lists").flatMap { Int($0) } ?? 1, calcurse: index == 0)
                rows.append((name, figures))
                FileHandle.standardError.write(Data("measured the screen of \(name) at \(count) items\n".utf8))
            }
        }
        print(ScreenTable.render(rows))
    }

    if !arguments.contains("--skip-add") {
        print("\nOne add, whole process: `tick add` against calcurse importing one to-do into the same titles; medians in milliseconds\n")
        var adds = Table(header: ["tick", "items", "tick add", "calcurse add", "tick ÷ calcurse"])
        for count in sizes {
            let figures = try AddBenchmark.measure(ticks: binaries.map(\.1), count: count, runs: 21)
            for ((name, _), figures) in zip(binaries, figures) {
                adds.rows.append([
                    name, String(count), formatMilliseconds(figures.tick),
                    figures.calcurse.map(formatMilliseconds) ?? "(no calcurse)",
                    figures.calcurse.map { String(format: "%.2f×", figures.tick / $0) } ?? "",
                ])
            }
            FileHandle.standardError.write(Data("measured adds at \(count) items\n".utf8))
        }
        print(adds.render())
    }

    if !arguments.contains("--skip-interchange") {
        let count = Int(option("--interchange-size") ?? "") ?? 100_000
        print("\nImport, export and list beside calcurse on the same titles: release tick, each run a")
        print("process of its own, medians of 11 runs; peak memory is each command's own (one run under /usr/bin/time)\n")
        // In a child of its own: the tables above leave this process large, and a spawned
        // child's peak memory starts from its parent's.
        var child = [ "--only-interchange", "--interchange-size", String(count)]
        if arguments.contains("--calcurse-import") { child.append("--calcurse-import") }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = child
        fflush(nil)
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw BenchmarkError("the interchange measurement failed") }
    }
    if !arguments.contains("--skip-targets") {
        print("\n" + (try TargetsBenchmark.measure(count: 100_000, rounds: max(Int(option("--target-rounds") ?? "") ?? 11, 11))))
    }
} catch {
    FileHandle.standardError.write(Data("tick-bench: \(error)\n".utf8))
    exit(1)
}
