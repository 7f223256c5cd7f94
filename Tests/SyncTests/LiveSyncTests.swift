import Foundation
import Testing
import TmuxHarness

/// The open app in step with a CalDAV server by itself (Radicale, vdirsyncer, todoman as
/// the phone), with `interval` short: the phone's changes show without a key, the app's
/// reach the server within seconds, and a server that is down costs nothing but a status
/// line. The times measured are printed (docs/sync.md quotes them).
@Suite("Live sync: the open app and a CalDAV server", .serialized)
struct LiveSyncTests {
    static let interval = 3

    /// A desk device with the app open on a list the server already holds ("Rename me",
    /// "Tick me"), and a phone that has it too.
    private func setUp() throws -> (world: SyncWorld, desk: SyncDevice, phone: SyncDevice, app: TmuxSession) {
        let world = try SyncWorld()
        let desk = try world.device("desk"), phone = try world.device("phone")
        try desk.useOneCommandConfig(interval: Self.interval)
        try desk.tick(["add", "Rename me"])
        try desk.tick(["add", "Tick me"])
        try desk.tick(["sync"])
        try phone.vdirsyncer()
        let app = try desk.openApp()
        try app.waitFor(text: "synced ")
        return (world, desk, phone, app)
    }

    private func seconds(since start: Date) -> String { String(format: "%.1f s", Date().timeIntervalSince(start)) }

    @Test("a task the phone adds and one it renames show in the open app within two intervals")
    func phoneChangesShow() throws {
        let (_, _, phone, app) = try setUp()
        defer { _ = try? app.send("q") }
        try phone.todo(["new", "From the phone"])
        try phone.renameInVdir("Rename me", to: "Renamed on the phone")
        try phone.vdirsyncer()
        let start = Date()
        try app.waitFor("the phone's add and rename", timeout: TimeInterval(2 * Self.interval)) { lines in
            lines.contains { $0.contains("From the phone") } && lines.contains { $0.contains("Renamed on the phone") }
        }
        print("live sync: the phone's change showed in the open app after \(seconds(since: start)) (interval \(Self.interval) s)")
        // The list file is merged as soon as the sync wrote it; the status line follows
        // when the sync's process has ended (after its last vdirsyncer run).
        try app.waitFor("the status line of that sync", timeout: TimeInterval(2 * Self.interval)) { lines in
            lines.contains { $0.contains("synced ") && $0.contains("(+1 ~1") }
        }
    }

    @Test("Space in the app reaches the server within a few seconds")
    func tickReachesServer() throws {
        let (world, _, _, app) = try setUp()
        defer { _ = try? app.send("q") }
        try app.send("G")
        try app.waitFor(text: "Tick me")
        // The cursor is on the last item of To Do: "Tick me".
        let start = Date()
        try app.send("Space")
        try app.waitFor(text: "1 done")
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline, try !world.serverItems().contains(where: { $0.contains("SUMMARY:Tick me") && $0.contains("STATUS:COMPLETED") }) {
            usleep(50_000)
        }
        #expect(try world.serverItems().contains { $0.contains("SUMMARY:Tick me") && $0.contains("STATUS:COMPLETED") })
        print("live sync: a tick in the open app reached the server after \(seconds(since: start))")
    }

    @Test("with the server down, keys, adds and ticks work, the status line says the sync failed, and the changes reach the server once it is back")
    func serverDown() throws {
        let (world, _, _, app) = try setUp()
        defer { _ = try? app.send("q") }
        world.stopServer()
        try app.addItem("Added offline")
        try app.send("g", "Space")
        try app.waitFor(text: "1 done")
        // (The line starts with the vdirsyncer program's path, which a deep checkout cuts off.)
        try app.waitFor("the failed sync's status line", timeout: 20) { lines in
            lines.contains { $0.contains("sync failed") && $0.contains("vdirsyncer") }
        }
        // Keys still work while syncs fail.
        try app.send("j")
        try app.addItem("Added while failing")
        try world.restartServer()
        let start = Date()
        let deadline = Date().addingTimeInterval(40)
        func arrived() throws -> Bool {
            let items = try world.serverItems()
            return items.contains { $0.contains("SUMMARY:Added offline") } && items.contains { $0.contains("SUMMARY:Added while failing") }
                && items.contains { $0.contains("SUMMARY:Rename me") && $0.contains("STATUS:COMPLETED") }
        }
        while Date() < deadline, try !arrived() { usleep(100_000) }
        #expect(try arrived())
        print("live sync: the changes made while the server was down reached it \(seconds(since: start)) after it came back")
        try app.waitFor(text: "synced ", timeout: 10)
    }
}
