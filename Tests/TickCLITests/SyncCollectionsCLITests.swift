import Foundation
import Testing
import TmuxHarness

/// `tick sync` with a folder of collections: what it says, per list and as the one
/// porcelain line the open app reads; --list alone; a failure named, the others synced.
@Suite("tick sync with a folder of collections")
struct SyncCollectionsCLITests {
    /// A folder of collections in the runner's directory: `home` (no displayname) and `w1`
    /// (displayname Work), one item each.
    private func collections(_ tick: TickRunner) throws -> URL {
        let folder = tick.directory.appendingPathComponent("calendars")
        for (sub, uid, summary) in [("home", "h-1", "Milk"), ("w1", "w-1", "Report")] {
            let directory = folder.appendingPathComponent(sub)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(uid)", "SUMMARY:\(summary)", "END:VTODO", "END:VCALENDAR"]
            try lines.map { $0 + "\r\n" }.joined().write(to: directory.appendingPathComponent("\(uid).ics"), atomically: true, encoding: .utf8)
        }
        try "Work".write(to: folder.appendingPathComponent("w1/displayname"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Writes config.toml with `vdir` and a vdirsyncer program that prints `script`'s output.
    private func configure(_ tick: TickRunner, vdir: URL, vdirsyncer script: String) throws {
        let program = tick.directory.appendingPathComponent("fake-vdirsyncer").path
        try ExecutableFile.writeShellScript(script, to: program)
        let config = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(vdir.path)\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"\(program)\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    @Test("each list says what it did, a made list and folder are said; --porcelain adds the lists up; --list syncs one")
    func linesAndPorcelain() throws {
        let tick = try TickRunner()
        try tick.run(["lists", "add", "Work"])
        let folder = try collections(tick)
        let first = try tick.run(["sync", "--vdir", folder.path, "--dry-run"])
        #expect(first.stdout == """
            would make list home
            would make folder Tasks for list Tasks
            Work: would sync: list +1 ~0 -0, vdir 0 written, 0 removed
            Tasks: sync: nothing to do

            """)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("Tasks").path))
        let synced = try tick.run(["sync", "--porcelain", "--vdir", folder.path])
        #expect(synced.status == 0)
        #expect(synced.stdout == "synced\t2\t0\t0\t0\t0\t0\t\n")
        #expect(try String(contentsOf: folder.appendingPathComponent("Tasks/displayname"), encoding: .utf8) == "Tasks")
        try tick.run(["add", "Slides", "--list", "Work"])
        let one = try tick.run(["sync", "--list", "Work", "--vdir", folder.path])
        #expect(one.stdout == "Work: synced: list +0 ~0 -0, vdir 1 written, 0 removed\n")
    }

    @Test("a collection vdirsyncer fails for is named, in the lines, the porcelain line (partly) and the exit status; the others sync")
    func vdirsyncerFailsForOne() throws {
        let tick = try TickRunner()
        let folder = try collections(tick)
        try configure(tick, vdir: folder, vdirsyncer: "echo \"error: tasks/home: Storage \\\"local\\\" was completely emptied.\"; exit 1")
        let result = try tick.run(["sync"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Work: synced: list +1 ~0 -0, vdir 0 written, 0 removed"), "\(result.stdout)")
        #expect(lines.contains("home: sync failed: vdirsyncer: error: tasks/home: Storage \"local\" was completely emptied."))
        #expect(result.stderr == "tick: 1 of 3 lists did not sync (the first: home)\n")
        let porcelain = try tick.run(["sync", "--porcelain"])
        #expect(porcelain.status == 1)
        // (partly: the others synced, the counts theirs; the open app keeps its interval.)
        #expect(porcelain.stdout == "partly\t0\t0\t0\t0\t0\t0\t\thome: vdirsyncer: error: tasks/home: Storage \"local\" was completely emptied.\n")
        // A failure that names no collection fails the whole sync, as with one vdir.
        try configure(tick, vdir: folder, vdirsyncer: "echo 'error: the server is down'; exit 1")
        let down = try tick.run(["sync"])
        #expect(down.status == 1)
        #expect(down.stderr.contains("sync tasks` failed with status 1"))
    }

    @Test("a collection vdirsyncer fails to send after the merge is said once as not sent, and counted once among the lists")
    func vdirsyncerFailsAfterTheMerge() throws {
        let tick = try TickRunner()
        let folder = try collections(tick)
        try configure(tick, vdir: folder, vdirsyncer: "exit 0")
        #expect(try tick.run(["sync"]).status == 0)
        try tick.run(["add", "Slides", "--list", "Work"])
        // The third call is the sync after the merges (sync, metasync, merge, sync).
        let count = tick.directory.appendingPathComponent("calls").path
        try configure(tick, vdir: folder, vdirsyncer: """
            n=$(( $(cat '\(count)' 2>/dev/null || echo 0) + 1 )); echo $n > '\(count)'
            if [ $n -ge 3 ]; then echo "error: tasks/w1: Cannot connect"; exit 1; fi
            """)
        let result = try tick.run(["sync"])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.contains("Work: synced: list +0 ~0 -0, vdir 1 written, 0 removed"), "\(result.stdout)")
        #expect(lines.contains("Work: sync failed: merged and saved here, not sent to the server (the next sync sends it): vdirsyncer: error: tasks/w1: Cannot connect"), "\(result.stdout)")
        #expect(result.stderr == "tick: 1 of 3 lists did not sync (the first: Work)\n")
    }
}
