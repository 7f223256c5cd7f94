@_spi(Benchmark) import TickCore
import Foundation

/// One `tick add` to a list of `items` items, against calcurse adding one to-do (importing
/// a one-to-do iCalendar file) to a to-do list of the same titles. Medians in milliseconds
/// of whole processes, from spawn to exit.
struct AddFigures {
    var items: Int
    var tick: Double
    /// Nil when calcurse is not installed.
    var calcurse: Double?
}

enum AddBenchmark {
    /// One figure per binary in `ticks`, each adding to a copy of the same list; the runs
    /// take turns (each binary, then calcurse, run after run), so that a slow minute
    /// weighs on each alike. calcurse's median is of all its runs.
    static func measure(ticks: [String], count: Int, runs: Int) throws -> [AddFigures] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-add-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var generator = ItemGenerator(seed: 7)
        let list = generator.list(count: count)
        let files = ticks.indices.map { directory.appendingPathComponent("ToDoItems-\($0).plist") }
        for file in files { try ToDoStore(fileURL: file).save(list) }

        let calendar = directory.appendingPathComponent("calcurse", isDirectory: true)
        try CalcurseData.write(list, to: calendar)
        let calcurse = CalcurseData.executable

        var tickTimes = Array(repeating: [Double](), count: ticks.count)
        var calcurseTimes: [Double] = []
        for run in 0..<runs {
            for (index, tick) in ticks.enumerated() {
                tickTimes[index].append(try Measure.spawn([tick, "add", "--file", files[index].path, "Added in run \(run)"]))
            }
            if let calcurse {
                let invitation = directory.appendingPathComponent("add-\(run).ics")
                let text = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:tick-bench\r\nBEGIN:VTODO\r\nSUMMARY:Added in run \(run)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
                try Data(text.utf8).write(to: invitation)
                calcurseTimes.append(try Measure.spawn([calcurse, "-D", calendar.path, "-q", "-i", invitation.path]))
            }
        }
        return tickTimes.map { times in
            AddFigures(items: count, tick: Measure.median(of: times), calcurse: calcurse == nil ? nil : Measure.median(of: calcurseTimes))
        }
    }
}
