import Foundation
import Testing
import TickCore
@testable import TickTUI

/// A sync runner for run-loop tests: each sync ends when the test says so.
final class ScriptedSyncRunner: SyncRunner {
    private(set) var starts = 0
    private(set) var running = false
    /// The outcome the running sync ends with at the next look, if it is to end.
    var ending: SyncOutcome?
    /// Whether a wait at quit sees the running sync end (with `ending`).
    var endsWithinQuitWait = true
    private(set) var waits: [Int] = []

    func start() -> String? {
        starts += 1
        running = true
        return nil
    }

    func finished() -> SyncOutcome? {
        guard running, let ending else { return nil }
        running = false
        self.ending = nil
        return ending
    }

    func wait(timeoutMilliseconds: Int) -> SyncOutcome? {
        waits.append(timeoutMilliseconds)
        guard endsWithinQuitWait else { return nil }
        if ending == nil { ending = .synced(SyncCounts(sent: 1)) }
        return finished()
    }
}

@Suite("Run loop: background sync")
struct RunLoopSyncTests {
    private func makeLoop(_ terminal: TestTerminal, _ store: RecordingStore, runner: ScriptedSyncRunner) -> EventLoop<RecordingStore> {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        var state = AppState(list: ToDoList(), fileName: store.fileName, now: now, calendar: .utc, colors: false, unicode: true)
        state.liveSync = LiveSync(interval: 60, logPath: "/log", now: now)
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: store.version())
        loop.pendingSignal = { terminal.isExhausted ? SIGTERM : nil }
        loop.clock = { now }
        loop.syncRunner = runner
        return loop
    }

    @Test("the loop starts the sync, keys are handled while it runs, and its outcome shows once it ends")
    func keysDuringSync() throws {
        let store = try RecordingStore()
        let runner = ScriptedSyncRunner()
        var startsBeforeKeys = -1
        let terminal = TestTerminal(steps: [.idle, .perform { startsBeforeKeys = runner.starts }]
            + [.key(.character("a"))] + TestTerminal.typing("Milk") + [.key(.enter), .idle,
               .perform { runner.ending = .synced(SyncCounts(added: 2)) }, .idle])
        var loop = makeLoop(terminal, store, runner: runner)
        _ = loop.run()
        #expect(startsBeforeKeys == 1)
        #expect(try store.titlesOnDisk().toDo == ["Milk"])
        let lines = try #require(terminal.lastFrame?.trimmedLines)
        #expect(lines[22] == " synced 08:00 (+2)")
        #expect(runner.starts == 1)
    }

    @Test("a sync that cannot start says why and is tried again after a pause")
    func cannotStart() throws {
        final class Refusing: SyncRunner {
            func start() -> String? { "tick: cannot run it: No such file or directory" }
            func finished() -> SyncOutcome? { nil }
            func wait(timeoutMilliseconds: Int) -> SyncOutcome? { nil }
        }
        let store = try RecordingStore()
        let terminal = TestTerminal(steps: [.idle, .idle])
        var loop = makeLoop(terminal, store, runner: ScriptedSyncRunner())
        loop.syncRunner = Refusing()
        _ = loop.run()
        #expect(terminal.lastFrame?.trimmedLines[22] == " sync failed 08:00: tick: cannot run it: No such file or directory · log: /log")
        #expect(loop.state.liveSync?.failures == 1)
    }

    @Test("at quit: a running sync is waited for, then a change made since goes out in the time left")
    func quitSendsTheLastChange() throws {
        let store = try RecordingStore()
        let runner = ScriptedSyncRunner()
        let terminal = TestTerminal(steps: [.idle] + [.key(.character("a"))] + TestTerminal.typing("Eggs") + [.key(.enter), .idle])
        var loop = makeLoop(terminal, store, runner: runner)
        _ = loop.run()
        #expect(runner.running)
        #expect(loop.syncBeforeQuit(milliseconds: 3000) == .ended(.synced(SyncCounts(sent: 1))))
        #expect(runner.starts == 2)
        #expect(runner.waits.count == 2)
        #expect(runner.waits.allSatisfy { $0 <= 3000 })
        #expect(loop.state.liveSync?.unsent == false)
    }

    @Test("at quit: a sync that does not end in time is left running, and nothing else starts")
    func quitDoesNotWaitLong() throws {
        let store = try RecordingStore()
        let runner = ScriptedSyncRunner()
        runner.endsWithinQuitWait = false
        let terminal = TestTerminal(steps: [.idle])
        var loop = makeLoop(terminal, store, runner: runner)
        _ = loop.run()
        #expect(loop.syncBeforeQuit(milliseconds: 3000) == .stillRunning)
        #expect(runner.starts == 1)
        #expect(runner.waits.count == 1)
    }

    @Test("the child runner reads the porcelain line through a pipe, appends standard error to the log, and runs at a lower priority")
    func childRunner() throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("tick-sync-log-\(UUID().uuidString)").path
        defer { try? FileManager.default.removeItem(atPath: log) }
        // The child says its niceness as the first count: it runs 10 below the app.
        let runner = ChildSyncRunner(arguments: ["/bin/sh", "-c", "sleep 0.3; echo vdirsyncer said >&2; printf 'synced\\t%d\\t0\\t0\\t2\\t0\\t0\\t\\n' \"$(nice)\""],
                                     logPath: log)
        #expect(runner.start() == nil)
        let niceness = Int(getpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0))
        #expect(runner.wait(timeoutMilliseconds: 10_000) == .synced(SyncCounts(added: min(niceness + 10, 19), sent: 2)))
        #expect(try String(contentsOfFile: log, encoding: .utf8) == "vdirsyncer said\n")
        let slow = ChildSyncRunner(arguments: ["/bin/sh", "-c", "sleep 2; exit 3"], logPath: log)
        #expect(slow.start() == nil)
        let before = Date()
        #expect(slow.wait(timeoutMilliseconds: 100) == nil)
        #expect(Date().timeIntervalSince(before) < 1.5)
        #expect(slow.finished() == nil)
        #expect(slow.wait(timeoutMilliseconds: 10_000) == .failed("tick sync ended with status 3 and said nothing"))
    }
}
