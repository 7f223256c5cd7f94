import Foundation
import Testing

/// Subtasks through the real engine (Radicale, vdirsyncer): RELATED-TO both ways. (todoman
/// 4.7 does not read RELATED-TO, so the phone's app is a hand edit of its vdir file.)
@Suite("Sync of subtasks with a CalDAV server", .serialized)
struct CalDAVSubtaskSyncTests {
    @Test("tick's subtask reaches the server as RELATED-TO and another device nests it; a parent set on the phone reaches tick, one cleared in tick leaves the server")
    func parentBothWays() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b"), phone = try world.device("phone")
        try a.tick(["add", "Pack"])
        try a.tick(["add", "Shirts"])
        try a.tick(["add", "Socks", "--parent", "1"])
        try a.cycle()
        let pack = try #require(try a.item(titled: "Pack")?["id"] as? String)
        #expect(try world.serverItems().contains { $0.contains("Socks") && $0.contains("RELATED-TO;RELTYPE=PARENT:\(pack)") })

        try b.cycle()
        #expect(try b.item(titled: "Socks")?["parent"] as? String == pack)
        #expect(try b.tick(["list"]).output.contains("   [ ] Socks"))

        // The phone's app makes Shirts a subtask too, as Nextcloud Tasks writes it.
        try phone.vdirsyncer()
        try phone.editFile(holding: "Shirts") { $0.replacingOccurrences(of: "END:VTODO", with: "RELATED-TO:\(pack)\r\nEND:VTODO") }
        try phone.vdirsyncer()
        try a.cycle()
        #expect(try a.item(titled: "Shirts")?["parent"] as? String == pack)
        #expect(try a.item(titled: "Socks")?["parent"] as? String == pack)
        #expect(try a.items().map { $0["title"] as? String } == ["Pack", "Socks", "Shirts"])

        // Made top level again in tick: the server's file loses its parent line.
        try a.tick(["edit", "3", "--clear-parent"])
        try a.cycle()
        let shirts = try #require(try world.serverItems().first { $0.contains("Shirts") })
        #expect(!shirts.contains("RELATED-TO"))
    }
}
