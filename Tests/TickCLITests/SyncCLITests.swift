import Foundation
import Testing
import TmuxHarness

@Suite("tick sync")
struct SyncCLITests {
    @Test("with no --vdir and no config, tick sync says where to set one")
    func noVdir() throws {
        let tick = try TickRunner()
        let result = try tick.run(["sync"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no vdir to sync with: give --vdir DIR, or set `vdir` under [sync] in \(tick.directory.path)/.config/tick/config.toml"))
    }

    @Test("--vdir syncs and prints a summary; --dry-run says what it would do; a second sync has nothing to do")
    func summaries() throws {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let vdir = tick.directory.appendingPathComponent("vdir").path
        let dry = try tick.run(["sync", "--vdir", vdir, "--dry-run"])
        #expect(dry.stdout == "would sync: list +0 ~0 -0, vdir 1 written, 0 removed\n")
        #expect(!FileManager.default.fileExists(atPath: vdir))
        #expect(try tick.run(["sync", "--vdir", vdir]).stdout == "synced: list +0 ~0 -0, vdir 1 written, 0 removed\n")
        #expect(try tick.run(["sync", "--vdir", vdir]).stdout == "synced: nothing to do\n")
    }

    /// A list holding "Buy milk" whose config syncs it with `vdir` and runs the pair
    /// `tasks` through a fake vdirsyncer, the shell lines `script(log)` (the log's path).
    static func withFakeVdirsyncer(_ script: (String) -> String) throws -> (TickRunner, vdir: String, log: String, program: String) {
        let tick = try TickRunner()
        try tick.add(["Buy milk"])
        let vdir = tick.directory.appendingPathComponent("vdir").path
        let log = tick.directory.appendingPathComponent("calls.log").path
        let program = tick.directory.appendingPathComponent("fake-vdirsyncer").path
        try ExecutableFile.writeShellScript(script(log), to: program)
        let config = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(vdir)\"\nvdirsyncer_pair = \"tasks\"\nvdirsyncer = \"\(program)\"\n"
            .write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        return (tick, vdir, log, program)
    }

    @Test("a configured vdirsyncer pair runs before the merge and again after it when the vdir changed; its failure stops the sync")
    func vdirsyncerPair() throws {
        let (tick, vdir, log, program) = try Self.withFakeVdirsyncer { log in "echo \"$@\" >> '\(log)'\nexit ${FAKE_STATUS:-0}" }

        #expect(try tick.run(["sync"]).status == 0)
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "sync tasks\nsync tasks\n")
        #expect(try tick.run(["sync"]).stdout == "synced: nothing to do\n")
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "sync tasks\nsync tasks\nsync tasks\n")

        try tick.add(["Second"])
        let failed = try tick.run(["sync"], environment: ["FAKE_STATUS": "3"])
        #expect(failed.status == 1)
        #expect(failed.stderr.contains("`\(program) sync tasks` failed with status 3"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 1)
    }

    @Test("two syncs at once take turns: vdirsyncer never runs twice at the same time, and both finish")
    func syncsTakeTurns() throws {
        // mkdir fails when another run is inside: that is an overlap.
        let (tick, vdir, log, _) = try Self.withFakeVdirsyncer { log in
            let busy = URL(fileURLWithPath: log).deletingLastPathComponent().appendingPathComponent("busy").path
            return "mkdir '\(busy)' 2>/dev/null || echo overlap >> '\(log)'\necho \"$@\" >> '\(log)'\nsleep 0.3\nrmdir '\(busy)'"
        }
        let syncs = try (0..<2).map { _ in
            let process = Process()
            process.executableURL = try TickRunner.executable()
            process.arguments = ["sync", "--file", tick.file.path]
            process.environment = ["TZ": "UTC", "HOME": tick.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            return process
        }
        for process in syncs {
            process.waitUntilExit()
            #expect(process.terminationStatus == 0)
        }
        let calls = try String(contentsOfFile: log, encoding: .utf8)
        #expect(!calls.contains("overlap"), "\(calls)")
        // One sync sends the item (vdirsyncer before and after), the other has nothing to do (before only).
        #expect(calls == "sync tasks\nsync tasks\nsync tasks\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 1)
    }

    @Test("another list (--file) with the configured vdir is refused, saying to name the folder with --vdir; named, it merges")
    func otherListNeedsTheFolderNamed() throws {
        let tick = try TickRunner()
        try tick.add(["Work item"])
        let vdir = tick.directory.appendingPathComponent("work").path
        let config = tick.directory.appendingPathComponent(".config/tick")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[sync]\nvdir = \"\(vdir)\"\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
        #expect(try tick.run(["sync"]).status == 0)
        let home = tick.directory.appendingPathComponent("home.plist").path
        #expect(try tick.run(["add", "Home item", "--file", home], withFile: false).status == 0)
        let refused = try tick.run(["sync", "--file", home], withFile: false)
        #expect(refused.status == 1)
        let work = tick.file.standardizedFileURL.path
        #expect(refused.stderr == "tick: \(home): \(vdir) syncs with the list \(work), not this one; tick will not merge this list into it unasked "
                + "(to sync this list with \(vdir) from now on instead, name the folder: `tick sync --vdir \(vdir)`)\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 1)
        let named = try tick.run(["sync", "--vdir", vdir, "--file", home], withFile: false)
        #expect(named.stdout == "synced: list +1 ~0 -0, vdir 1 written, 0 removed\n", "\(named.stderr)")
    }
}
