import Foundation
import Testing
import TickCore
import TmuxHarness

/// Key-to-frame latency of the open app while its background sync of 10,000 items runs,
/// against the same list with no sync: the sync is another process, and a save that finds
/// the list's lock taken waits for the next idle moment, so keys do not wait for it. The medians are printed (docs/performance.md quotes them).
@Suite("Full screen: latency during a background sync", .serialized)
struct FullScreenSyncLatencyTests {
    static let items = 10_000
    static let presses = 15

    /// The keys pressed in turn: moves, and Space, whose save must not make the next key
    /// wait for a sync that holds the list's lock.
    static let keys = ["j", "Space", "k", "Space"]

    /// Milliseconds from sending each key to the frame after it, `presses` times.
    private func keyToFrame(_ pane: TmuxSession, trace: FrameTraceFile, during: () throws -> Bool = { true }) throws -> [Double] {
        var samples: [Double] = []
        for press in 0..<Self.presses {
            let sent = monotonicNanoseconds()
            try pane.send(Self.keys[press % Self.keys.count])
            let frame = try trace.waitFor("frame", after: sent)
            if try during() { samples.append(Double(frame - sent) / 1e6) }
        }
        return samples
    }

    private func median(_ samples: [Double]) -> Double {
        let sorted = samples.sorted()
        return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
    }

    @Test("key-to-frame latency while a sync of 10,000 items runs stays what it is without one")
    func latencyDuringSync() throws {
        let directory = try TemporaryDirectory()
        let file = directory.path("list.plist")
        let items = try (0..<Self.items).map { try ToDoItem(title: "item \($0)") }
        try Data(KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))).write(to: URL(fileURLWithPath: file))
        let trace = FrameTraceFile(path: directory.path("trace"))
        func open(_ socket: String, config: String) throws -> TmuxSession {
            _ = FileManager.default.createFile(atPath: trace.path, contents: nil)
            return try TmuxSession(
                socket: directory.path(socket), environment: TickBinary.environment(home: directory),
                command: TmuxSession.tickCommand(file: file), columns: 100, rows: 30,
                paneEnvironment: ["XDG_STATE_HOME": directory.path("state"), "XDG_CONFIG_HOME": directory.path(config),
                                  "TICK_TRACE_FILE": trace.path])
        }

        let quiet = try open("quiet", config: "no-config")
        try quiet.waitFor(text: "To Do (\(Self.items))")
        let without = try keyToFrame(quiet, trace: trace)
        try quiet.send("q")
        try quiet.waitUntilGone()

        let config = directory.url.appendingPathComponent("config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(directory.path("vdir"))\"\ninterval = 0\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let syncing = try open("syncing", config: "config")
        try syncing.waitFor(text: "syncing…")
        // Only the presses whose frame still says the sync runs count.
        let during = try keyToFrame(syncing, trace: trace) { try syncing.capture().contains { $0.contains("syncing…") } }
        // The sync has ended when every item is in the vdir and the status line no longer
        // says it runs ("synced" itself may wait behind the "saved" of a Space, until a key).
        func vdirFiles() throws -> Int {
            try FileManager.default.contentsOfDirectory(atPath: directory.path("vdir")).filter { $0.hasSuffix(".ics") }.count
        }
        try syncing.waitFor("the sync's end", timeout: 120) { lines in
            !lines.contains { $0.contains("syncing…") } && ((try? vdirFiles()) ?? 0) == Self.items
        }
        try syncing.send("q")
        try syncing.waitUntilGone()

        print("latency: key to frame on \(Self.items) items, median of \(without.count): \(median(without)) ms without a sync; of \(during.count) during one: \(median(during)) ms")
        #expect(during.count >= 5, "the sync ended before enough keys were measured during it")
        #expect(median(during) <= max(2 * median(without), median(without) + 15))
        #expect(try vdirFiles() == Self.items)
    }
}
