import Foundation
import Testing

/// `tick sync` against the real engine: Radicale 3.9.0, vdirsyncer 0.21.0 and todoman 4.7.0.
/// Two tick devices and a phone (todoman); every cycle is what a user does —
/// `vdirsyncer sync`, `tick sync`, `vdirsyncer sync` (device A with the one-command config,
/// where `tick sync` runs vdirsyncer itself).
@Suite("Sync with a CalDAV server through vdirsyncer", .serialized)
struct CalDAVSyncTests {
    @Test("one device's adds reach the others with notes, due dates, locations and coordinates intact")
    func addsTravel() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b"), phone = try world.device("phone")
        try a.useOneCommandConfig()
        try a.tick(["add", "Buy milk", "--notes", "oat, two litres", "--due", "2026-12-01T17:30", "--location", "Corner shop", "--coordinate", "52.52,13.405"])
        let summary = try a.tick(["sync"]).output
        #expect(summary.contains("vdir 1 written"))
        try b.cycle()
        let item = try #require(try b.item(titled: "Buy milk"))
        #expect(item["notes"] as? String == "oat, two litres")
        #expect(item["due"] as? String == "2026-12-01T17:30:00Z")
        let location = try #require(item["location"] as? [String: Any])
        #expect(location["name"] as? String == "Corner shop")
        #expect(location["latitude"] as? Double == 52.52)
        #expect(location["longitude"] as? Double == 13.405)
        try phone.vdirsyncer()
        let task = try #require(try phone.todoList().first)
        #expect(task["summary"] as? String == "Buy milk")
        #expect(task["description"] as? String == "oat, two litres")
        #expect(task["location"] as? String == "Corner shop")
        #expect(task["due"] as? Int == 1_796_146_200)
    }

    @Test("the phone ticks, adds and deletes, and both tick devices follow")
    func phoneChanges() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b"), phone = try world.device("phone")
        try a.tick(["add", "Keep me"])
        try a.tick(["add", "Delete me"])
        try a.cycle()
        try b.cycle()
        try phone.vdirsyncer()
        let tasks = try phone.todoList()
        let keep = try #require(tasks.first { $0["summary"] as? String == "Keep me" }?["id"] as? Int)
        let delete = try #require(tasks.first { $0["summary"] as? String == "Delete me" }?["id"] as? Int)
        try phone.todo(["done", String(keep)])
        try phone.todo(["new", "From the phone"])
        try phone.todo(["delete", "--yes", String(delete)])
        try phone.vdirsyncer()
        for device in [a, b] {
            try device.cycle()
            let items = try device.items()
            #expect(Set(items.map { $0["title"] as? String ?? "" }) == ["Keep me", "From the phone"], "device \(device.directory.lastPathComponent)")
            #expect(try device.item(titled: "Keep me")?["done"] as? Bool == true)
            #expect(try device.item(titled: "From the phone")?["done"] as? Bool == false)
        }
        #expect(try world.serverItems().count == 2)
    }

    @Test("CATEGORIES, PRIORITY and a VALARM from another app survive tick's title edit on the server")
    func otherAppsPropertiesSurvive() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        let lines = ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Other App//EN", "BEGIN:VTODO", "UID:other-app-item-1",
                     "DTSTAMP:20261101T100000Z", "SUMMARY:Water the plants", "CATEGORIES:home,garden", "PRIORITY:1",
                     "X-OTHER-APP-COLOR:#00ff00", "BEGIN:VALARM", "ACTION:DISPLAY", "DESCRIPTION:Plants", "TRIGGER:-PT30M",
                     "END:VALARM", "END:VTODO", "END:VCALENDAR"]
        try Data(lines.map { $0 + "\r\n" }.joined().utf8).write(to: phone.vdir.appendingPathComponent("other-app-item-1.ics"))
        try phone.vdirsyncer()
        try a.cycle()
        try a.tick(["edit", "1", "--title", "Water the plants and the herbs"])
        try a.cycle()
        let stored = try #require(try world.serverItems().first)
        #expect(stored.contains("SUMMARY:Water the plants and the herbs"))
        for line in ["CATEGORIES:home,garden", "PRIORITY:1", "X-OTHER-APP-COLOR:#00ff00", "BEGIN:VALARM", "TRIGGER:-PT30M", "UID:other-app-item-1"] {
            #expect(stored.contains(line), "the server lost \(line)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: a.vdir.path).filter { $0.hasSuffix(".ics") } == ["other-app-item-1.ics"])
        try phone.vdirsyncer()
        let task = try #require(try phone.todoList().first)
        #expect(task["summary"] as? String == "Water the plants and the herbs")
        #expect(task["priority"] as? Int == 1)
        #expect(Set(task["categories"] as? [String] ?? []) == ["home", "garden"])
    }

    @Test("two devices edit different fields of one item between syncs, and both edits survive everywhere")
    func differentFieldsMerge() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b")
        try a.tick(["add", "Book the train"])
        try a.cycle()
        try b.cycle()
        try a.tick(["edit", "1", "--title", "Book the night train"])
        try b.tick(["edit", "1", "--notes", "window seat"])
        try a.cycle()
        try b.cycle()
        try a.cycle()
        for device in [a, b] {
            let item = try #require(try device.items().first)
            #expect(item["title"] as? String == "Book the night train")
            #expect(item["notes"] as? String == "window seat")
        }
        #expect(try world.serverItems().first?.contains("DESCRIPTION:window seat") == true)
    }

    @Test("both devices edit the same field: the newer edit wins everywhere, and the loser is in the conflicts file")
    func newerWins() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b")
        try a.tick(["add", "Call the bank"])
        try a.cycle()
        try b.cycle()
        try a.tick(["edit", "1", "--title", "Call the bank (older)"])
        try b.tick(["edit", "1", "--title", "Call the bank (newer)"])
        try a.cycle()
        let output = try b.cycle()
        #expect(output.contains("1 conflict"))
        try a.cycle()
        for device in [a, b] {
            #expect(try device.items().first?["title"] as? String == "Call the bank (newer)")
        }
        let conflicts = try FileManager.default.contentsOfDirectory(atPath: b.directory.appendingPathComponent("state/tick").path)
            .filter { $0.hasSuffix("-conflicts.txt") }
        let text = try String(contentsOf: b.directory.appendingPathComponent("state/tick/\(try #require(conflicts.first))"), encoding: .utf8)
        #expect(text.contains("lost \"Call the bank (older)\" (vdir)"))
    }

    @Test("idle syncs write nothing: not the list, not the vdir, not the state")
    func idleSyncs() throws {
        let world = try SyncWorld()
        let a = try world.device("a")
        try a.useOneCommandConfig()
        try a.tick(["add", "One"])
        try a.tick(["add", "Two", "--due", "2026-12-24"])
        try a.tick(["sync"])
        let before = try a.snapshot()
        for _ in 0..<2 {
            #expect(try a.tick(["sync"]).output.contains("nothing to do"))
            try a.cycle()
        }
        #expect(try a.snapshot() == before)
    }

    @Test("a vdir emptied while the state remembers items is refused, and the list is left alone")
    func emptiedVdirRefused() throws {
        let world = try SyncWorld()
        let a = try world.device("a")
        try a.tick(["add", "One"])
        try a.tick(["add", "Two"])
        try a.cycle()
        for name in try FileManager.default.contentsOfDirectory(atPath: a.vdir.path) {
            try FileManager.default.removeItem(at: a.vdir.appendingPathComponent(name))
        }
        let refused = try a.tick(["sync", "--vdir", a.vdir.path], expecting: 1)
        #expect(refused.errorOutput.contains("empty or gone"))
        #expect(refused.errorOutput.contains("--force-delete"))
        #expect(try a.items().count == 2)
        #expect(try world.serverItems().count == 2)
    }
}
