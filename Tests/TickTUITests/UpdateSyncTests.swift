import Foundation
import Testing
import TickCore
@testable import TickTUI

/// The open app's background sync as pure updates: when ``Effect/sync`` comes (as the list
/// opens, a few seconds after the last change, on the timer, on `S`), the pause after
/// failures, and what the status line says.
@Suite("Update: background sync")
struct UpdateSyncTests {
    /// A state with live sync every `interval` seconds, its first sync (at opening) done.
    private func syncingState(interval: TimeInterval? = 60) throws -> AppState {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.liveSync = LiveSync(interval: interval, logPath: "/state/tick/sync.log", now: Fixtures.now)
        #expect(update(&state, .tick(Fixtures.now)) == [.sync])
        _ = update(&state, .syncFinished(.synced(SyncCounts())))
        return state
    }

    private func at(_ seconds: TimeInterval) -> Date { Fixtures.now.addingTimeInterval(seconds) }

    /// The ticks from `from` to `to` seconds, a quarter of a second apart (the loop's idle
    /// polls): the seconds at which a sync was asked for.
    private func syncs(_ state: inout AppState, from: TimeInterval, to: TimeInterval) -> [TimeInterval] {
        var asked: [TimeInterval] = []
        for step in stride(from: from, through: to, by: 0.25) where update(&state, .tick(at(step))).contains(.sync) {
            asked.append(step)
        }
        return asked
    }

    @Test("the list syncs as it opens, and the status line says when and what came in")
    func syncsAtOpening() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.liveSync = LiveSync(interval: 60, now: Fixtures.now)
        #expect(update(&state, .tick(Fixtures.now)) == [.sync])
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines[22] == " syncing…")
        _ = update(&state, .syncFinished(.synced(SyncCounts(added: 2, changed: 1))))
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines[22] == " synced 10:00 (+2 ~1)")
    }

    @Test("changes typed in a burst make one sync, three seconds after the last of them")
    func changesSettleIntoOneSync() throws {
        var state = try syncingState(interval: nil)
        var effects: [Effect] = []
        for second in [1.0, 2.0, 3.5] {
            _ = update(&state, .tick(at(second)))
            effects += state.press(.character(" "))
            _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        }
        #expect(!effects.contains(.sync))
        #expect(syncs(&state, from: 3.75, to: 20) == [6.5])
        #expect(state.liveSync?.running == true)
        #expect(state.liveSync?.unsent == false)
    }

    @Test("the timer syncs every interval after the last sync; 0 turns it off")
    func timer() throws {
        var state = try syncingState(interval: 10)
        #expect(syncs(&state, from: 0.25, to: 10) == [10])
        _ = update(&state, .syncFinished(.synced(SyncCounts())))
        #expect(syncs(&state, from: 10.25, to: 25) == [20])
        var off = try syncingState(interval: 0)
        #expect(syncs(&off, from: 0.25, to: 3600).isEmpty)
    }

    @Test("a change made while a sync runs goes out with a sync right after it")
    func changeDuringSync() throws {
        var state = try syncingState(interval: nil)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(syncs(&state, from: 0.25, to: 3) == [3])
        _ = update(&state, .tick(at(4)))
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(syncs(&state, from: 4.25, to: 10).isEmpty)
        #expect(update(&state, .syncFinished(.synced(SyncCounts(sent: 1)))) == [.sync])
    }

    @Test("S syncs now, even during the pause after a failure; while one runs, another follows it")
    func syncKey() throws {
        var state = try syncingState(interval: 60)
        #expect(state.press(.character("S")) == [.sync])
        _ = update(&state, .syncFinished(.failed("no network")))
        #expect(syncs(&state, from: 0.25, to: 1).isEmpty)
        #expect(state.press(.character("S")) == [.sync])
        #expect(state.press(.character("S")) == [])
        #expect(state.status?.text == "a sync is running; another follows it")
        #expect(update(&state, .syncFinished(.synced(SyncCounts()))) == [.sync])
    }

    @Test("S without a vdir says how to set one, and rings")
    func syncKeyWithoutVdir() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        #expect(update(&state, .syncNow) == [.bell])
        #expect(state.status?.text.hasPrefix("no vdir to sync with") == true)
    }

    @Test("failures are tried again after a pause that doubles, up to five minutes, never in a tight loop; a success resets it")
    func backoff() throws {
        var state = try syncingState(interval: 60)
        var now: TimeInterval = 0
        var pauses: [TimeInterval] = []
        #expect(state.press(.character("S")) == [.sync])
        for _ in 0..<9 {
            _ = update(&state, .tick(at(now)))
            _ = update(&state, .syncFinished(.failed("connection refused\nmore text")))
            // A change made meanwhile waits for the pause too.
            state.press(.character(" "))
            _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
            guard let next = syncs(&state, from: now + 0.25, to: now + 400).first else { break }
            pauses.append(next - now)
            now = next
        }
        #expect(pauses == [5, 10, 20, 40, 80, 160, 300, 300, 300])
        _ = update(&state, .tick(at(now)))
        _ = update(&state, .syncFinished(.synced(SyncCounts())))
        #expect(syncs(&state, from: now + 0.25, to: now + 60) == [now + 60])
    }

    @Test("a sync in which some lists failed keeps the interval (the server answers), and says which failed and why")
    func partlyKeepsTheInterval() throws {
        var state = try syncingState(interval: 60)
        var now: TimeInterval = 0
        #expect(state.press(.character("S")) == [.sync])
        for _ in 0..<3 {
            _ = update(&state, .tick(at(now)))
            _ = update(&state, .syncFinished(.partly(SyncCounts(added: 1), failure: "Zeta: storage was completely emptied\nmore")))
            #expect(state.liveSync?.failures == 0)
            let line = render(state, size: Size(columns: 120, rows: 24)).trimmedLines[22]
            #expect(line.hasPrefix(" synced ") && line.hasSuffix("(+1) · failed: Zeta: storage was completely emptied"), "\(line)")
            #expect(syncs(&state, from: now + 0.25, to: now + 400).first == now + 60)
            now += 60
        }
        // The same list failing again for the same reason, nothing else new: a passing note stays.
        state.status = StatusMessage("a hint")
        _ = update(&state, .tick(at(now)))
        _ = update(&state, .syncFinished(.partly(SyncCounts(), failure: "Zeta: storage was completely emptied\nmore")))
        #expect(state.status?.text == "a hint")
        _ = update(&state, .syncFinished(.partly(SyncCounts(), failure: "Work: another reason")))
        #expect(state.status == nil)
    }

    @Test("a failure says when, the reason's first line and the log; the change stays in the list and goes with the next sync")
    func failureStatus() throws {
        var state = try syncingState(interval: 60)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(syncs(&state, from: 0.25, to: 3) == [3])
        _ = update(&state, .syncFinished(.failed("`vdirsyncer sync tasks` failed with status 1\nTraceback")))
        #expect(state.liveSync?.unsent == true)
        #expect(state.doneTitles == ["a"])
        #expect(render(state, size: Size(columns: 120, rows: 24)).trimmedLines[22]
            == " sync failed 10:00: `vdirsyncer sync tasks` failed with status 1 · log: /state/tick/sync.log")
    }

    @Test("a reason that already names the log says its path once")
    func failureNamingTheLog() throws {
        var state = try syncingState(interval: 60)
        _ = update(&state, .syncFinished(.failed("`vdirsyncer sync tasks` failed with status 1 (its output is in /state/tick/sync.log)")))
        #expect(render(state, size: Size(columns: 120, rows: 24)).trimmedLines[22]
            == " sync failed 10:00: `vdirsyncer sync tasks` failed with status 1 (its output is in /state/tick/sync.log)")
    }

    @Test("what went out, news and the end of failures are said at once over a note such as “saved”; a sync that changed nothing waits for the next key")
    func whatIsSaidAtOnce() throws {
        var state = try syncingState(interval: nil)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(syncs(&state, from: 0.25, to: 3) == [3])
        _ = update(&state, .syncFinished(.synced(SyncCounts())))
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines[22] == " saved")
        _ = update(&state, .syncFinished(.synced(SyncCounts(sent: 1))))
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines[22] == " synced 10:00 (↑1)")
        state.status = StatusMessage("saved")
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(syncs(&state, from: 3.25, to: 6) == [6])
        _ = update(&state, .syncFinished(.failed("down")))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(state.status?.text == "saved")
        #expect(syncs(&state, from: 6.25, to: 30) == [11])
        _ = update(&state, .syncFinished(.synced(SyncCounts(sent: 1))))
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines[22] == " synced 10:00 (↑1)")
    }

    @Test("changes sent replace the note “saved” at once, never a question or a hint")
    func sentKeepsQuestions() throws {
        var state = try syncingState(interval: nil)
        state.press(.character(" "))
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        _ = update(&state, .syncNow)
        state.press(.character("D"))
        let question = try #require(state.status?.text)
        _ = update(&state, .syncFinished(.synced(SyncCounts(sent: 1))))
        #expect(state.status?.text == question)
    }

    @Test("a conflict says so in the status line, with the conflicts file")
    func conflictStatus() throws {
        var state = try syncingState()
        _ = update(&state, .syncNow)
        _ = update(&state, .syncFinished(.synced(SyncCounts(changed: 1, sent: 1, conflicts: 1, conflictsFile: "/s/conflicts.txt"))))
        #expect(render(state, size: Size(columns: 100, rows: 24)).trimmedLines[22]
            == " synced 10:00 (~1 ↑1) · 1 conflict: the losing values are in /s/conflicts.txt")
        #expect(state.liveSync?.status?.isError == true)
    }

    @Test("the sync key is in the help only with a vdir, and the porcelain line reads back as written")
    func keyAndPorcelain() throws {
        let counts = SyncCounts(added: 1, changed: 2, removed: 3, sent: 4, deletedOnServer: 5, conflicts: 6, conflictsFile: "/c")
        for outcome in [SyncOutcome.synced(counts), .synced(SyncCounts()), .failed("down"), .partly(counts, failure: "Zeta: gone"),
                        .partly(SyncCounts(), failure: "")] {
            #expect(SyncOutcome(porcelain: Substring(outcome.porcelain)) == outcome)
        }
        #expect(SyncOutcome.failed("a\tb\nc").porcelain == "failed\ta b")
        #expect(SyncOutcome(output: Array("noise\nsynced\t1\t0\t0\t0\t0\t0\t\n".utf8), status: 0) == .synced(SyncCounts(added: 1)))
        #expect(SyncOutcome(output: [], status: 137) == .failed("tick sync was ended by signal 9"))
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        #expect(KeyMap.action(for: .character("S"), in: state) == nil)
        state.liveSync = LiveSync(interval: 60, now: Fixtures.now)
        #expect(KeyMap.action(for: .character("S"), in: state) == .syncNow)
    }
}
