import Foundation
import Testing

/// The order within a list (X-APPLE-SORT-ORDER, as Apple Reminders writes it) through the
/// real engine (Radicale, vdirsyncer).
@Suite("Sync of the order within a list with a CalDAV server", .serialized)
struct CalDAVOrderSyncTests {
    /// The X-APPLE-SORT-ORDER of the server's item titled `title`.
    private func serverOrder(_ world: SyncWorld, _ title: String) throws -> Int? {
        let text = try #require(try world.serverItems().first { $0.contains("SUMMARY:\(title)\r\n") })
        let line = text.components(separatedBy: "\r\n").first { $0.hasPrefix("X-APPLE-SORT-ORDER:") }
        return line.flatMap { Int($0.dropFirst("X-APPLE-SORT-ORDER:".count)) }
    }

    @Test("tick move goes out as the moved item's new X-APPLE-SORT-ORDER alone; another client's new order reorders tick's list")
    func orderBothWays() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        for title in ["One", "Two", "Three"] { try a.tick(["add", title]) }
        try a.cycle()
        let titles = { try a.items().compactMap { $0["title"] as? String } }
        let before = try titles()
        #expect(try before.map { try serverOrder(world, $0) } == [0, 1, 2])

        try a.tick(["move", "3", "--to", "1"])
        let moved = try #require(before.last)
        #expect(try a.cycle().contains("vdir 1 written"))
        #expect(try serverOrder(world, moved) == -1024)
        #expect(try before.dropLast().map { try serverOrder(world, $0) } == [0, 1])
        #expect(try a.cycle().contains("nothing to do"))

        // Another client puts the list's last item first, as Apple Reminders renumbers.
        try phone.vdirsyncer()
        let last = try #require(try titles().last)
        let names = try FileManager.default.contentsOfDirectory(atPath: phone.vdir.path).filter { $0.hasSuffix(".ics") }
        var edited = 0
        for name in names {
            let file = phone.vdir.appendingPathComponent(name)
            let text = try String(contentsOf: file, encoding: .utf8)
            // (vdirsyncer keeps the server's lines; they may end in LF alone.)
            let lines = text.split(whereSeparator: \.isNewline).map(String.init)
            guard lines.contains("SUMMARY:\(last)") else { continue }
            let line = try #require(lines.first { $0.hasPrefix("X-APPLE-SORT-ORDER:") })
            try Data(text.replacingOccurrences(of: line, with: "X-APPLE-SORT-ORDER:-700000000").utf8).write(to: file)
            edited += 1
        }
        #expect(edited == 1)
        try phone.vdirsyncer()
        #expect(!(try a.cycle().contains("nothing to do")))
        #expect(try titles().first == last)
        #expect(try a.cycle().contains("nothing to do"))
    }
}
