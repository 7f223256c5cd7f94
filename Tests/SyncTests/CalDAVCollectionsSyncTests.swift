import Foundation
import Testing
import TmuxHarness

/// Every list with its own collection (a vdir that is vdirsyncer's folder of collections)
/// through the real engine: Radicale with collections made on the server and by tick,
/// vdirsyncer with collection discovery and metadata sync, todoman with several lists.
@Suite("Sync of every list with its collection on a CalDAV server", .serialized)
struct CalDAVCollectionsSyncTests {
    /// The titles of the list `name` on `device`.
    private func titles(_ device: SyncDevice, _ name: String) throws -> [String] {
        let output = try device.tick(["list", "--json", "--list", name]).output
        let items = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
        return items.compactMap { $0["title"] as? String }
    }

    /// The titles of the server's items in the collection `alice/NAME`, sorted.
    private func serverTitles(_ world: SyncWorld, _ collection: String) throws -> [String] {
        try world.serverItems(in: collection).compactMap { text in
            text.split(whereSeparator: \.isNewline).first { $0.hasPrefix("SUMMARY:") }.map { String($0.dropFirst("SUMMARY:".count)) }
        }.sorted()
    }

    /// The phone's todoman summaries in its list `name`, after fetching new collections and names.
    private func phoneTitles(_ phone: SyncDevice, _ name: String) throws -> [String] {
        try phone.todoList([name]).compactMap { $0["summary"] as? String }.sorted()
    }

    private func phoneCatchUp(_ phone: SyncDevice) throws {
        try phone.run([phone.vdirsyncerPath, "discover", "tasks"])
        try phone.vdirsyncer()
        try phone.run([phone.vdirsyncerPath, "metasync", "tasks"])
    }

    @Test("collections made on the server and in tick each sync with their own list both ways; a move, a rename and a gone collection")
    func everyListWithItsCollection() throws {
        let world = try SyncWorld()
        try world.makeCollection("/alice/groceries/", displayName: "Groceries")
        try world.makeCollection("/alice/work/", displayName: "Work")
        let phone = try world.device("phone", collections: true)
        try phone.run([phone.vdirsyncerPath, "metasync", "tasks"])
        try phone.todo(["new", "-l", "Groceries", "Milk"])
        try phone.todo(["new", "-l", "Work", "Write the report"])
        try phone.vdirsyncer()

        let a = try world.device("a", collections: true)
        try a.useOneCommandConfig()
        try a.tick(["lists", "add", "Ideas"])
        try a.tick(["add", "Idea one", "--list", "Ideas"])
        try a.tick(["add", "Default item"])
        let first = try a.tick(["sync"]).output
        for line in ["made list Groceries", "made list Work", "made folder Ideas for list Ideas"] {
            #expect(first.contains(line), "\(first)")
        }
        #expect(try titles(a, "Groceries") == ["Milk"])
        #expect(try titles(a, "Work") == ["Write the report"])
        #expect(try a.tick(["lists"]).output.split(separator: "\n").map { String($0.split(separator: " ")[0]) } == ["Tasks", "Groceries", "Ideas", "Work"])
        // tick's new list is a collection on the server, named; each item in its own collection.
        #expect(try world.serverCollections() == ["tasks": "", "groceries": "Groceries", "work": "Work", "Ideas": "Ideas"])
        #expect(try serverTitles(world, "Ideas") == ["Idea one"])
        #expect(try serverTitles(world, "tasks") == ["Default item"])
        try phoneCatchUp(phone)
        #expect(try phoneTitles(phone, "Ideas") == ["Idea one"])
        #expect(try phoneTitles(phone, "Groceries") == ["Milk"])
        #expect(try a.tick(["sync"]).output.contains("nothing to do"))

        // A move between lists: the file goes from one collection to the other, same UID.
        try a.tick(["add", "Bread", "--list", "Groceries"])
        try a.tick(["sync"])
        let bread = try #require(try serverTitles(world, "groceries").contains("Bread") ? world.serverItems(in: "groceries").first { $0.contains("SUMMARY:Bread") } : nil)
        let uid = try #require(bread.split(whereSeparator: \.isNewline).first { $0.hasPrefix("UID:") })
        try a.tick(["move", "2", "--to-list", "Work", "--list", "Groceries"])
        try a.tick(["sync"])
        #expect(try serverTitles(world, "groceries") == ["Milk"])
        #expect(try serverTitles(world, "work") == ["Bread", "Write the report"])
        #expect(try world.serverItems(in: "work").contains { $0.contains(uid + "\r\n") || $0.contains(uid + "\n") })
        try phoneCatchUp(phone)
        #expect(try phoneTitles(phone, "Work") == ["Bread", "Write the report"])

        // A rename in tick reaches the server's displayname, and the phone's list name.
        try a.tick(["lists", "rename", "Ideas", "Thoughts"])
        #expect(try a.tick(["sync"]).output.contains("renamed collection Ideas to Thoughts"))
        #expect(try world.serverCollections()["Ideas"] == "Thoughts")
        try phoneCatchUp(phone)
        #expect(try phoneTitles(phone, "Thoughts") == ["Idea one"])
        try phone.todo(["new", "-l", "Thoughts", "Idea two"])
        try phone.vdirsyncer()
        try a.tick(["sync"])
        #expect(try titles(a, "Thoughts") == ["Idea one", "Idea two"])

        // A collection gone from the vdir is refused (vdirsyncer says so of it); the others sync.
        try FileManager.default.removeItem(at: a.vdir.appendingPathComponent("groceries"))
        try a.tick(["add", "Slides", "--list", "Work"])
        let refused = try a.tick(["sync"], expecting: 1)
        #expect(refused.output.contains("Groceries: sync failed: vdirsyncer: error: tasks/groceries"), "\(refused.output)")
        #expect(refused.errorOutput.contains("1 of 4 lists did not sync (the first: Groceries)"))
        #expect(try serverTitles(world, "work") == ["Bread", "Slides", "Write the report"])
        #expect(try serverTitles(world, "groceries") == ["Milk"])
        #expect(try titles(a, "Groceries") == ["Milk"])
    }

    @Test("the open app on a list other than the default syncs it in the background with its collection")
    func openAppOnAnotherList() throws {
        let world = try SyncWorld()
        try world.makeCollection("/alice/work/", displayName: "Work")
        let desk = try world.device("desk", collections: true), phone = try world.device("phone", collections: true)
        try desk.useOneCommandConfig(interval: 3)
        #expect(try desk.tick(["sync"]).output.contains("made list Work"))
        let app = try desk.openApp(list: "Work")
        defer { _ = try? app.send("q") }
        try app.waitFor(text: "synced ")
        try phone.run([phone.vdirsyncerPath, "metasync", "tasks"])
        try phone.todo(["new", "-l", "Work", "From the phone"])
        try phone.vdirsyncer()
        try app.waitFor("the phone's task in Work", timeout: 8) { lines in lines.contains { $0.contains("From the phone") } }
    }
}
