import Foundation
import Testing

/// Priority, tags and repeats through the real engine (Radicale, vdirsyncer, todoman), as
/// a user with a phone meets them.
@Suite("Sync of priority, tags and repeats with a CalDAV server", .serialized)
struct CalDAVFieldsSyncTests {
    @Test("the phone's change of PRIORITY, CATEGORIES and RRULE reaches tick; tick's priority, tags and repeat reach the phone")
    func fieldsBothWays() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        try a.tick(["add", "Take out the trash", "--due", "2026-12-01", "--priority", "5", "--tag", "home", "--repeat", "every tue"])
        try a.cycle()
        try phone.vdirsyncer()
        let task = try #require(try phone.todoList().first)
        #expect(task["priority"] as? Int == 5)
        #expect(task["categories"] as? [String] == ["home"])
        #expect(try world.serverItems().first?.contains("RRULE:FREQ=WEEKLY;BYDAY=TU") == true)
        try phone.editFile { text in
            text.replacingOccurrences(of: "PRIORITY:5", with: "PRIORITY:1")
                .replacingOccurrences(of: "CATEGORIES:home", with: "CATEGORIES:Home,Chores")
                .replacingOccurrences(of: "RRULE:FREQ=WEEKLY;BYDAY=TU", with: "RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
                .replacingOccurrences(of: "LAST-MODIFIED:", with: "X-PHONE:1\r\nLAST-MODIFIED:")
        }
        try phone.vdirsyncer()
        let summary = try a.cycle()
        #expect(!summary.contains("nothing to do"))
        let item = try #require(try a.items().first)
        #expect(item["priority"] as? Int == 1)
        #expect(item["tags"] as? [String] == ["Home", "Chores"])
        #expect(item["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2;BYDAY=TU")
    }

    @Test("two devices change priority and tags of one item between syncs: both changes survive")
    func fieldsMerge() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b")
        try a.tick(["add", "Book the train"])
        try a.cycle()
        try b.cycle()
        try a.tick(["edit", "1", "--priority", "high"])
        try b.tick(["edit", "1", "--tag", "travel"])
        try a.cycle()
        try b.cycle()
        try a.cycle()
        for device in [a, b] {
            let item = try #require(try device.items().first)
            #expect(item["priority"] as? Int == 1)
            #expect(item["tags"] as? [String] == ["travel"])
        }
    }

    @Test("a tag added on each of two devices between syncs: both tags stay on both, with no conflict")
    func tagsAddedOnBothDevices() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), b = try world.device("b")
        try a.tick(["add", "Book the train", "--tag", "travel"])
        try a.cycle()
        try b.cycle()
        try a.tick(["edit", "1", "--tag", "work"])
        try b.tick(["edit", "1", "--tag", "urgent"])
        try a.cycle()
        let summary = try b.cycle()
        #expect(!summary.contains("conflict"))
        try a.cycle()
        for device in [a, b] {
            let item = try #require(try device.items().first)
            #expect(item["tags"] as? [String] == ["travel", "urgent", "work"])
        }
    }

    @Test("a weekly task ticked in tick reaches the server as the series moved on plus a completed copy; todoman shows one open")
    func tickedInTick() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        try a.tick(["add", "Take out the trash", "--due", "2026-12-01", "--repeat", "weekly"])
        try a.cycle()
        try a.tick(["check", "1"])
        try a.cycle()
        let stored = try world.serverItems()
        #expect(stored.count == 2)
        #expect(stored.filter { $0.contains("RRULE:FREQ=WEEKLY") && $0.contains("DUE;VALUE=DATE:20261208") && $0.contains("STATUS:NEEDS-ACTION") }.count == 1)
        #expect(stored.filter { !$0.contains("RRULE") && $0.contains("DUE;VALUE=DATE:20261201") && $0.contains("STATUS:COMPLETED") }.count == 1)
        try phone.vdirsyncer()
        let open = try phone.todoList()
        #expect(open.count == 1)
        #expect(open.first?["summary"] as? String == "Take out the trash")
    }

    @Test("a repeating task ticked by todoman (the old one done without its rule, a new one with it) is one open occurrence in tick")
    func tickedByTodoman() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        try a.tick(["add", "Water the plants", "--due", "2026-12-01", "--repeat", "every 3 days"])
        try a.cycle()
        try phone.vdirsyncer()
        let id = try #require(try phone.todoList().first?["id"] as? Int)
        try phone.todo(["done", String(id)])
        try phone.vdirsyncer()
        try a.cycle()
        let items = try a.items()
        let open = items.filter { $0["done"] as? Bool == false }
        #expect(open.count == 1)
        #expect(open.first?["due"] as? String == "2026-12-04")
        #expect(open.first?["repeat"] as? String == "FREQ=DAILY;INTERVAL=3")
        let done = items.filter { $0["done"] as? Bool == true }
        #expect(done.count == 1 && done.first?["repeat"] is NSNull)
    }

    @Test("another app's properties follow the server's file: a later change in tick never writes back stale ones")
    func keptPropertiesFollowTheServer() throws {
        let world = try SyncWorld()
        let a = try world.device("a"), phone = try world.device("phone")
        try a.tick(["add", "Call the dentist"])
        try a.tick(["add", "Keep me"])
        try a.cycle()
        try phone.vdirsyncer()
        try phone.editFile(holding: "dentist") { $0.replacingOccurrences(of: "END:VTODO", with: "X-PHONE-COLOR:red\r\nEND:VTODO") }
        try phone.vdirsyncer()
        try a.cycle()
        try phone.editFile(holding: "dentist") { $0.replacingOccurrences(of: "X-PHONE-COLOR:red", with: "X-PHONE-COLOR:blue") }
        try phone.vdirsyncer()
        try a.cycle()
        // The phone deletes the task; tick edits it meanwhile, which brings it back.
        let id = try #require(try phone.todoList().first { $0["summary"] as? String == "Call the dentist" }?["id"] as? Int)
        try phone.todo(["delete", "--yes", String(id)])
        try phone.vdirsyncer()
        try a.tick(["edit", "1", "--notes", "ask about the crown"])
        try a.cycle()
        let stored = try #require(try world.serverItems().first { $0.contains("dentist") })
        #expect(stored.contains("X-PHONE-COLOR:blue"))
        #expect(!stored.contains("X-PHONE-COLOR:red"))
        #expect(stored.contains("DESCRIPTION:ask about the crown"))
    }
}
