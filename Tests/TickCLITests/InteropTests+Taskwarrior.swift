import Foundation
import Testing

extension InteropTests {
    /// A UDA of its own, as a user defines one.
    static let effortTaskrc = "uda.effort.type=numeric\nuda.effort.label=Effort\n"

    @Test("a task with every kind of field goes task export | tick import | tick export | task import into a new TASKDATA and comes out the same")
    func taskwarriorKeepsEverything() throws {
        let tick = try TickRunner()
        let task = try taskHome(tick, taskrc: Self.effortTaskrc)
        #expect(try task.run(["add", "Other"], nil).status == 0)
        let added = try task.run(["add", "Rich task", "due:2036-12-01T10:00", "recur:weekly", "wait:2026-11-25", "scheduled:2026-11-28",
                                  "until:2037-03-01", "priority:H", "project:garden", "+home", "+next", "effort:3"], nil)
        #expect(added.status == 0, "\(added.stderr)")
        #expect(try task.run(["list"], nil).status == 0)  // (task makes the instance)
        let other = try #require(try task.export().first { $0["description"] as? String == "Other" }?["uuid"] as? String)
        let instance = try #require(try task.export().first { $0["parent"] != nil }?["uuid"] as? String)
        #expect(try task.run([instance, "annotate", "first note"], nil).status == 0)
        Thread.sleep(forTimeInterval: 1.1)  // (an annotation's date is to the second)
        #expect(try task.run([instance, "annotate", "second note"], nil).status == 0)
        #expect(try task.run([instance, "start"], nil).status == 0)
        #expect(try task.run([instance, "modify", "depends:\(other)"], nil).status == 0)
        let original = try task.run(["export"], nil).stdout
        let imported = try tick.run(["import", "-"], input: original)
        #expect(imported.status == 0 && imported.stdout == "added 2, updated 0, left 0 unchanged\n", "\(imported.stdout)\(imported.stderr)")
        // The only thing said is the template: tick holds the series as its instance.
        #expect(imported.stderr == "tick: not imported from taskwarrior: 1 recurring task's template (its instances are imported)\n", "\(imported.stderr)")
        #expect(try tick.run(["import", "-"], input: original).stdout == "added 0, updated 0, left 2 unchanged\n")
        let exported = try tick.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported.stderr)")
        let fresh = try taskHome(tick, named: "fresh", taskrc: Self.effortTaskrc)
        let back = try fresh.run(["import", "-"], exported.stdout)
        #expect(back.status == 0 && back.stderr.isEmpty, "\(back.stdout)\(back.stderr)")
        // Every task tick holds, every member but the ones task computes for its own data:
        // the working-set id and the urgency (which counts the age).
        func byUUID(_ tasks: [[String: Any]]) -> [String: NSDictionary] {
            Dictionary(uniqueKeysWithValues: tasks.compactMap { task in
                (task["uuid"] as? String).map { ($0, task.filter { $0.key != "id" && $0.key != "urgency" } as NSDictionary) }
            })
        }
        let before = byUUID(try #require(try JSONSerialization.jsonObject(with: Data(original.utf8)) as? [[String: Any]]))
        let after = byUUID(try fresh.export())
        #expect(Set(after.keys) == [other, instance])
        for uuid in after.keys { #expect(after[uuid] == before[uuid], "\(uuid)") }
        // And back into the TASKDATA it came from: the instance is updated, no error, no new task.
        let again = try task.run(["import", "-"], exported.stdout)
        #expect(again.status == 0 && !again.stderr.contains("missing"), "\(again.stdout)\(again.stderr)")
        #expect(try task.export().count == 3)
    }
}
