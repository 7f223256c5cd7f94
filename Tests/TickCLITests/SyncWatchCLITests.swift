import Foundation
import Testing
import TmuxHarness

/// `tick sync --porcelain` (the line the open app reads from its background sync) and
/// `tick sync --watch` (the open app's schedule without the app).
@Suite("tick sync --porcelain and --watch")
struct SyncWatchCLITests {
    @Test("--porcelain prints one tab-separated line of counts, or `failed` and the reason (and still the error on stderr)")
    func porcelain() throws {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let vdir = tick.directory.appendingPathComponent("vdir").path
        let first = try tick.run(["sync", "--porcelain", "--vdir", vdir])
        #expect(first.status == 0)
        #expect(first.stdout == "synced\t0\t0\t0\t1\t0\t0\t\n")
        let config = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(vdir)\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"/nonexistent/vdirsyncer\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let failed = try tick.run(["sync", "--porcelain"])
        #expect(failed.status == 1)
        #expect(failed.stdout == "failed\t/nonexistent/vdirsyncer: cannot run it: No such file or directory\n")
        #expect(failed.stderr == "tick: /nonexistent/vdirsyncer: cannot run it: No such file or directory\n")
    }

    @Test("--porcelain sends vdirsyncer's output to the sync log, making the state directory for it")
    func porcelainLog() throws {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let program = tick.directory.appendingPathComponent("fake-vdirsyncer").path
        try ExecutableFile.writeShellScript("echo \"vdirsyncer $*\"", to: program)
        let config = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(tick.directory.appendingPathComponent("vdir").path)\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"\(program)\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        let result = try tick.run(["sync", "--porcelain"])
        #expect(result.stdout == "synced\t0\t0\t0\t1\t0\t0\t\n")
        let log = try String(contentsOf: tick.directory.appendingPathComponent(".local/state/tick/sync.log"), encoding: .utf8)
        #expect(log == "vdirsyncer sync tasks\nvdirsyncer sync tasks\n")
    }

    /// Runs `tick sync --watch` with `interval` on a list holding "Buy milk", interrupted by
    /// SIGINT after `seconds` (`timeout --preserve-status` exits as tick did): its status,
    /// its lines and how long it ran.
    private func watch(interval: String, for seconds: String) throws -> (status: Int32, lines: [String], took: TimeInterval) {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let vdir = tick.directory.appendingPathComponent("vdir").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        process.arguments = ["--preserve-status", "-s", "INT", seconds, try TickRunner.executable().path,
                             "sync", "--watch", "--interval", interval, "--vdir", vdir, "--file", tick.file.path]
        process.environment = ["TZ": "UTC", "HOME": tick.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        let start = Date()
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        return (process.terminationStatus, text.split(separator: "\n").map(String.init), Date().timeIntervalSince(start))
    }

    @Test("--watch syncs every interval, one line per sync, until SIGINT, and exits 0")
    func watchEverySecond() throws {
        let (status, lines, took) = try watch(interval: "1", for: "3.5")
        #expect(status == 0)
        #expect(took < 6)
        #expect((3...5).contains(lines.count), "\(lines)")
        #expect(lines.first?.hasSuffix(" synced: list +0 ~0 -0, vdir 1 written, 0 removed") == true)
        #expect(lines.dropFirst().allSatisfy { $0.hasSuffix(" synced: nothing to do") }, "\(lines)")
        #expect(lines.allSatisfy { $0.range(of: #"^\d\d:\d\d "#, options: .regularExpression) != nil })
    }

    @Test("--watch with the largest interval syncs once, waits, and still ends on SIGINT with 0")
    func watchHugeInterval() throws {
        let (status, lines, _) = try watch(interval: String(Int.max), for: "1.5")
        #expect(status == 0)
        #expect(lines.count == 1, "\(lines)")
    }

    @Test("--watch needs an interval of a second or more")
    func watchNeedsInterval() throws {
        let tick = try TickRunner()
        let result = try tick.run(["sync", "--watch", "--interval", "0", "--vdir", tick.directory.appendingPathComponent("vdir").path])
        #expect(result.status == 1)
        #expect(result.stderr == "tick: --watch needs an interval of 1 second or more (--interval, or `interval` under [sync])\n")
    }
}
