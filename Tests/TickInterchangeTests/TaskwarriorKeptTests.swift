import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// What tick does not map of a taskwarrior task is kept with the item and written back.
@Suite("Taskwarrior: what tick does not map is kept and written back")
struct TaskwarriorKeptTests {
    private let berlin = LocalTime.fixed(secondsFromGMT: 3_600)

    /// What `task export` printed for an instance of a weekly series with every kind of field
    /// (a numeric UDA `effort`, two annotations, started, depending on `other`), and that task.
    static let other = #"{"id":1,"description":"Other","entry":"20261128T171650Z","modified":"20261128T171650Z","status":"pending","uuid":"7215e0cf-5e5c-48ef-bbb5-f5144aa78b8d","urgency":8}"#
    static let rich = #"{"id":3,"description":"Rich task","due":"20261201T090000Z","effort":3,"entry":"20261128T171650Z","imask":0,"#
        + #""modified":"20261128T171651Z","parent":"1f29983a-7d1c-4ee0-99a3-258f3b971f67","priority":"H","project":"garden","#
        + #""recur":"weekly","rtype":"periodic","scheduled":"20261127T230000Z","start":"20261128T171651Z","status":"pending","#
        + #""until":"20270228T230000Z","uuid":"1f79de5d-3daf-4843-ad09-1423392ddef3","wait":"20261124T230000Z","#
        + #""annotations":[{"entry":"20261128T171650Z","description":"first note"},{"entry":"20261128T171651Z","description":"second note"}],"#
        + #""tags":["home","next"],"depends":["7215e0cf-5e5c-48ef-bbb5-f5144aa78b8d"],"urgency":35.3863}"#

    private func read(_ tasks: [String]) throws -> (entries: [ExchangeEntry], message: String?) {
        let text = "[" + tasks.joined(separator: ",\n") + "]"
        let (entries, omissions) = try Taskwarrior.read(JSONParser.parse(Array(text.utf8), source: "t"), source: "t", calendar: berlin)
        return (entries, omissions.message)
    }

    private func written(_ entries: [ExchangeEntry]) throws -> [NSDictionary] {
        var writer = ByteWriter()
        _ = try Taskwarrior.write(entries, to: &writer, calendar: berlin)
        return try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [NSDictionary])
    }

    /// A task object as JSON, without what taskwarrior computes.
    private func object(_ text: String) throws -> NSDictionary {
        let parsed = try #require(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        return parsed.filter { $0.key != "id" && $0.key != "urgency" } as NSDictionary
    }

    @Test("a rich task read and written back is the same object, every member but the computed id and urgency, and nothing is said lost")
    func richTaskRoundTrip() throws {
        let (entries, message) = try read([Self.other, Self.rich])
        #expect(message == nil)
        let item = try #require(entries.last?.item)
        #expect(item.notes == "first note\nsecond note")
        #expect(item.tags == ["project:garden", "home", "next"] && item.priority == 1 && item.recurrence != nil)
        let tasks = try written(entries)
        #expect(tasks == [try object(Self.other), try object(Self.rich)])
    }

    @Test("fields changed in tick win over the kept ones; edited notes are written as one annotation")
    func changesInTickWin() throws {
        var entry = try #require(try read([Self.rich]).entries.first)
        try entry.item.setTitle("Renamed")
        try entry.item.setPriority(9)
        try entry.item.setTags(["home"])
        entry.item.notes = "one note now"
        entry.item.modifiedAt = Date(timeIntervalSince1970: 1_796_000_000)
        entry.item.setDue(instant: nil)
        let task = try #require(try written([entry]).first)
        #expect(task["description"] as? String == "Renamed" && task["priority"] as? String == "L")
        #expect(task["tags"] as? [String] == ["home"] && task["project"] == nil)
        let annotations = try #require(task["annotations"] as? [[String: String]])
        #expect(annotations == [["entry": "20261130T005320Z", "description": "one note now"]])
        // No due: taskwarrior cannot take the series, so neither the recur nor its members are written.
        #expect(task["due"] == nil && task["recur"] == nil && task["parent"] == nil && task["imask"] == nil && task["rtype"] == nil)
        #expect(task["wait"] as? String == "20261124T230000Z" && task["effort"] as? Int == 3 && task["start"] != nil)
    }

    @Test("a completed task's end is tick's; the end of a pending task, an unknown priority and recur are kept and written back")
    func unreadValuesKept() throws {
        let pending = #"{"uuid":"a0000000-a000-4000-a000-a00000000000","description":"a","status":"pending","entry":"20261128T171650Z","#
            + #""end":"20261128T171651Z","priority":"X","due":"20261201T090000Z","recur":"every blue moon","parent":"b0000000-a000-4000-a000-a00000000000"}"#
        let (entries, message) = try read([pending])
        #expect(message?.contains("kept for the taskwarrior export") == true)
        #expect(try written(entries) == [try object(pending)])
        var done = try #require(entries.first)
        done.done = true
        done.item.completedAt = Date(timeIntervalSince1970: 1_796_000_000)
        #expect(try written([done]).first?["end"] as? String == "20261130T005320Z")
    }
}
