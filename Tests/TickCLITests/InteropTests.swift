import Foundation
import Testing

/// tick's exports read by programs no one here wrote: Python's icalendar, calcurse,
/// todoman and taskwarrior.
@Suite("Interop with other programs")
struct InteropTests {
    /// Items with every field: commas, semicolons, backslashes and line breaks in text, a
    /// title past 75 octets with multi-byte characters (folded), a date-only due and a
    /// timed one, a location with and without a coordinate, a done item, another app's
    /// UID, properties tick keeps for other apps.
    static let listJSON = """
        [
          {"id": "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "title": "Buy milk, eggs; bread \\\\ more: a title past seventy-five octets — Ünïcödé 東京 👍🏽", "notes": "line one\\nline two, with; punctuation", "due": "2026-12-01", "location": {"name": "Corner shop, Main St.", "latitude": 50.94, "longitude": 6.96}, "done": false, "createdAt": "2026-11-01T08:00:00Z", "completedAt": null, "modifiedAt": "2026-11-02T09:00:00Z", "externalUID": null, "iCalendarExtras": "PRIORITY:1\\nCATEGORIES:home"},
          {"id": "1F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "title": "Call mom", "notes": null, "due": "2026-12-02T17:30:00Z", "location": {"name": "Home", "latitude": null, "longitude": null}, "done": false, "createdAt": "2026-11-01T08:00:01Z", "completedAt": null, "modifiedAt": null, "externalUID": "reminder-42@example.com", "iCalendarExtras": null},
          {"id": "2F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "title": "Pay rent", "notes": null, "due": null, "location": null, "done": true, "createdAt": "2026-10-01T08:00:00Z", "completedAt": "2026-10-03T10:00:00Z", "modifiedAt": "2026-10-03T10:00:00Z", "externalUID": null, "iCalendarExtras": null}
        ]
        """

    /// A runner whose list holds ``listJSON``.
    private func filled() throws -> TickRunner {
        let tick = try TickRunner()
        let path = tick.directory.appendingPathComponent("in.json").path
        try Self.listJSON.write(toFile: path, atomically: true, encoding: .utf8)
        let result = try tick.run(["import", path])
        #expect(result.status == 0, "\(result.stderr)")
        return tick
    }

    /// Prints, as JSON, every VTODO's properties as Python's icalendar reads them.
    static let icalendarScript = #"""
        import json, sys, icalendar
        out = []
        for path in sys.argv[1:]:
            cal = icalendar.Calendar.from_ical(open(path, 'rb').read())
            for todo in cal.walk('VTODO'):
                def text(name):
                    v = todo.get(name)
                    return None if v is None else str(v)
                def when(name):
                    v = todo.get(name)
                    if v is None: return None
                    d = v.dt
                    return {'date': d.isoformat()} if not hasattr(d, 'hour') else {'utc': d.astimezone(__import__('datetime').timezone.utc).strftime('%Y-%m-%dT%H:%M:%SZ')}
                geo = todo.get('GEO')
                out.append({
                    'uid': text('UID'), 'summary': text('SUMMARY'), 'description': text('DESCRIPTION'),
                    'location': text('LOCATION'), 'geo': None if geo is None else [geo.latitude, geo.longitude],
                    'due': when('DUE'), 'status': text('STATUS'), 'completed': when('COMPLETED'),
                    'created': when('CREATED'), 'dtstamp': when('DTSTAMP'), 'lastModified': when('LAST-MODIFIED'),
                    'priority': text('PRIORITY'), 'categories': None if todo.get('CATEGORIES') is None else [str(c) for c in todo.get('CATEGORIES').cats],
                    'sortOrder': text('X-APPLE-SORT-ORDER')})
        print(json.dumps(out))
        """#

    private func icalendarRead(_ paths: [String]) throws -> [[String: Any]] {
        let python = try ExternalTool.venv().appendingPathComponent("bin/python")
        let result = try ExternalTool.run(python, ["-c", Self.icalendarScript] + paths)
        #expect(result.status == 0, "\(result.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
    }

    /// Checks icalendar's reading of the three items against ``listJSON``.
    private func expectEveryField(_ todos: [[String: Any]]) {
        #expect(todos.count == 3)
        let byUID = Dictionary(todos.map { (($0["uid"] as? String) ?? "", $0) }) { a, _ in a }
        let first = byUID["0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"] ?? [:]
        #expect(first["summary"] as? String == "Buy milk, eggs; bread \\ more: a title past seventy-five octets — Ünïcödé 東京 👍🏽")
        #expect(first["description"] as? String == "line one\nline two, with; punctuation")
        #expect(first["location"] as? String == "Corner shop, Main St.")
        #expect(first["geo"] as? [Double] == [50.94, 6.96])
        #expect((first["due"] as? [String: String]) == ["date": "2026-12-01"])
        #expect(first["status"] as? String == "NEEDS-ACTION")
        #expect((first["created"] as? [String: String]) == ["utc": "2026-11-01T08:00:00Z"])
        #expect((first["lastModified"] as? [String: String]) == ["utc": "2026-11-02T09:00:00Z"])
        #expect(first["dtstamp"] is [String: String])
        #expect(first["priority"] as? String == "1")
        #expect(first["categories"] as? [String] == ["home"])
        #expect(first["sortOrder"] as? String == "0")
        let second = byUID["reminder-42@example.com"] ?? [:]
        #expect(second["summary"] as? String == "Call mom")
        #expect((second["due"] as? [String: String]) == ["utc": "2026-12-02T17:30:00Z"])
        #expect(second["location"] as? String == "Home")
        #expect(second["geo"] is NSNull)
        #expect(second["sortOrder"] as? String == "1")
        let third = byUID["2F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"] ?? [:]
        #expect(third["status"] as? String == "COMPLETED")
        #expect((third["completed"] as? [String: String]) == ["utc": "2026-10-03T10:00:00Z"])
    }

    @Test("Python's icalendar parses the ics export and every vdir file and finds every field")
    func icalendarReadsEveryField() throws {
        let tick = try filled()
        let ics = tick.directory.appendingPathComponent("list.ics").path
        #expect(try tick.run(["export", "--output", ics]).status == 0)
        expectEveryField(try icalendarRead([ics]))
        let vdir = tick.directory.appendingPathComponent("vdir").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
        #expect(files == ["0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10.ics", "2F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10.ics", "reminder-42@example.com.ics"])
        expectEveryField(try icalendarRead(files.map { vdir + "/" + $0 }))
    }

    @Test("calcurse -i imports the ics export: three todos, titles, notes and done state")
    func calcurseImports() throws {
        let calcurse = try ExternalTool.program("calcurse", package: "calcurse")
        let tick = try filled()
        let ics = tick.directory.appendingPathComponent("list.ics").path
        #expect(try tick.run(["export", "--output", ics]).status == 0)
        let data = tick.directory.appendingPathComponent("calcurse").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let imported = try ExternalTool.run(calcurse, ["-D", data, "-i", ics], environment: ["HOME": tick.directory.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout.contains("0 apps / 0 events / 3 todos / 0 skipped"), "\(imported.stdout)")
        let exported = try ExternalTool.run(calcurse, ["-D", data, "--export"], environment: ["HOME": tick.directory.path])
        #expect(exported.stdout.contains("SUMMARY:Call mom"))
        #expect(exported.stdout.contains("SUMMARY:Pay rent\r\nSTATUS:COMPLETED") || exported.stdout.contains("SUMMARY:Pay rent\nSTATUS:COMPLETED"), "\(exported.stdout)")
        #expect(exported.stdout.contains("DESCRIPTION:line one"))
    }

    @Test("todoman lists the vdir with the right summaries, locations and done states")
    func todomanLists() throws {
        let todo = try ExternalTool.venv().appendingPathComponent("bin/todo")
        let tick = try filled()
        let calendars = tick.directory.appendingPathComponent("calendars").path
        try FileManager.default.createDirectory(atPath: calendars, withIntermediateDirectories: true)
        #expect(try tick.run(["export", "--format", "vdir", "--output", calendars + "/tasks"]).status == 0)
        let config = tick.directory.appendingPathComponent("todoman.py").path
        try "path = \"\(calendars)/*\"\ndate_format = \"%Y-%m-%d\"\ntime_format = \"%H:%M\"\ndefault_list = \"tasks\"\n"
            .write(toFile: config, atomically: true, encoding: .utf8)
        let result = try ExternalTool.run(todo, ["--config", config, "--porcelain", "list", "--status", "ANY"],
                                          environment: ["HOME": tick.directory.path, "XDG_CACHE_HOME": tick.directory.appendingPathComponent("cache").path])
        #expect(result.status == 0, "\(result.stderr)")
        let todos = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [[String: Any]])
        let rows = Set(todos.map { "\($0["summary"] as? String ?? "?")|\($0["location"] as? String ?? "?")|\($0["completed"] as? Bool ?? false)" })
        #expect(rows == [
            "Buy milk, eggs; bread \\ more: a title past seventy-five octets — Ünïcödé 東京 👍🏽|Corner shop, Main St.|false",
            "Call mom|Home|false", "Pay rent||true",
        ])
    }

    @Test("task import takes the taskwarrior export, and task export comes back in unchanged")
    func taskwarriorRoundTrip() throws {
        let task = try ExternalTool.program("task", package: "taskwarrior")
        let tick = try filled()
        let exported = try tick.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0)
        let home = tick.directory.appendingPathComponent("task")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data().write(to: home.appendingPathComponent("taskrc"))
        let environment = ["TASKRC": home.appendingPathComponent("taskrc").path, "TASKDATA": home.path, "HOME": tick.directory.path]
        let imported = try ExternalTool.run(task, ["rc.confirmation=off", "rc.verbose=nothing", "import", "-"], environment: environment,
                                            input: Data(exported.stdout.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        let back = try ExternalTool.run(task, ["rc.verbose=nothing", "export"], environment: environment)
        #expect(back.status == 0, "\(back.stderr)")
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [[String: Any]])
        #expect(Set(tasks.compactMap { $0["uuid"] as? String }) == [
            "0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10", "1f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10", "2f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10",
        ])
        let rent = tasks.first { $0["description"] as? String == "Pay rent" }
        #expect(rent?["status"] as? String == "completed")
        #expect(rent?["end"] as? String == "20261003T100000Z")
        let path = tick.directory.appendingPathComponent("back.json").path
        try back.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let reimport = try tick.run(["import", path])
        #expect(reimport.status == 0, "\(reimport.stderr)")
        #expect(reimport.stdout.hasPrefix("added 0, "), "\(reimport.stdout)")
        let items = try tick.listJSON()
        #expect(items.compactMap { $0["title"] as? String } == ["Buy milk, eggs; bread \\ more: a title past seventy-five octets — Ünïcödé 東京 👍🏽", "Call mom", "Pay rent"])
        #expect(items.first?["notes"] as? String == "line one\nline two, with; punctuation")
        #expect((items.first?["location"] as? [String: Any])?["name"] as? String == "Corner shop, Main St.")
        // One task a line, as task export prints with rc.json.array=off, reads the same.
        let lines = try ExternalTool.run(task, ["rc.verbose=nothing", "rc.json.array=off", "export"], environment: environment)
        #expect(lines.status == 0 && !lines.stdout.hasPrefix("["), "\(lines.stderr)")
        try lines.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let fromLines = try tick.run(["import", "--dry-run", path])
        #expect(fromLines.status == 0 && fromLines.stdout.hasSuffix("would add 0, update 0, leave 3 unchanged\n"), "\(fromLines.stdout)\(fromLines.stderr)")
    }

    @Test("tick show --json (one object) and jq's stream of selected items (several objects) import as items")
    func jqStreamImports() throws {
        let jq = try ExternalTool.program("jq", package: "jq")
        let tick = try filled()
        let selected = try ExternalTool.run(jq, [".[] | select(.due != null)"], input: Data(try tick.run(["list", "--json"]).stdout.utf8))
        #expect(selected.status == 0, "\(selected.stderr)")
        let other = try TickRunner()
        // (No extension: the format is judged from the content, as for standard input.)
        let stream = other.directory.appendingPathComponent("stream").path
        try selected.stdout.write(toFile: stream, atomically: true, encoding: .utf8)
        let imported = try other.run(["import", stream])
        #expect(imported.status == 0 && imported.stdout == "added 2, updated 0, left 0 unchanged\n", "\(imported.stdout)\(imported.stderr)")
        #expect(try other.listJSON().compactMap { $0["id"] as? String } == ["0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10", "1F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"])
        let shown = try tick.run(["show", "1", "--json"])
        let one = other.directory.appendingPathComponent("one").path
        try shown.stdout.write(toFile: one, atomically: true, encoding: .utf8)
        let third = try TickRunner()
        #expect(try third.run(["import", one]).stdout == "added 1, updated 0, left 0 unchanged\n")
        #expect(try third.run(["show", "1", "--json"]).stdout == shown.stdout)
        #expect(try other.run(["import", one]).stdout == "added 0, updated 0, left 1 unchanged\n")
    }

    @Test("a day-only due reaches task as the day task add due:DAY gives, and comes back a day, west and east of UTC",
          arguments: ["UTC", "America/New_York", "Asia/Tokyo"])
    func taskwarriorDayDue(zone: String) throws {
        let task = try ExternalTool.program("task", package: "taskwarrior")
        let tick = try TickRunner()
        let environment = ["TZ": zone]
        #expect(try tick.run(["add", "Pay rent", "--due", "2026-12-01"], environment: environment).status == 0)
        let exported = try tick.run(["export", "--format", "taskwarrior"], environment: environment)
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported.stderr)")
        let home = tick.directory.appendingPathComponent("task")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data().write(to: home.appendingPathComponent("taskrc"))
        let taskEnvironment = ["TASKRC": home.appendingPathComponent("taskrc").path, "TASKDATA": home.path, "HOME": tick.directory.path, "TZ": zone]
        let imported = try ExternalTool.run(task, ["rc.confirmation=off", "rc.verbose=nothing", "import", "-"], environment: taskEnvironment,
                                            input: Data(exported.stdout.utf8))
        #expect(imported.status == 0, "\(imported.stderr)")
        // taskwarrior's own day, to compare with.
        #expect(try ExternalTool.run(task, ["rc.confirmation=off", "rc.verbose=nothing", "add", "Own day", "due:2026-12-01"], environment: taskEnvironment).status == 0)
        let shown = try ExternalTool.run(task, ["rc.verbose=nothing", "rc.dateformat=Y-M-D", "rc.report.plain.columns=description,due",
                                                "rc.report.plain.labels=d,due", "plain"], environment: taskEnvironment)
        let rows = shown.stdout.split(separator: "\n").map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("Pay rent 2026-12-01") && rows.contains("Own day 2026-12-01"), "\(shown.stdout)")
        let back = try ExternalTool.run(task, ["rc.verbose=nothing", "export"], environment: taskEnvironment)
        let tasks = try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [[String: Any]])
        #expect(Set(tasks.compactMap { $0["due"] as? String }).count == 1, "\(back.stdout)")
        // Back in tick (a new list, and the one it came from): a day, the same day.
        let path = tick.directory.appendingPathComponent("back.json").path
        try back.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        // (task import stamps "modified", so Pay rent is updated by that.)
        for runner in [tick, try TickRunner()] {
            let again = try runner.run(["import", path], environment: environment)
            #expect(again.status == 0 && again.stdout.hasPrefix("added "), "\(again.stdout)\(again.stderr)")
            let list = try runner.run(["list", "--json"], environment: environment)
            #expect(list.stdout.components(separatedBy: "\"due\": \"2026-12-01\"").count == 3, "\(list.stdout)")
        }
    }

    /// A taskwarrior data directory of its own, `name` inside `tick`'s with `taskrc` as its
    /// configuration, and `task` run in it (in tick's zone, recurrence confirmations off).
    func taskHome(_ tick: TickRunner, named name: String = "task", taskrc: String = "")
        throws -> (run: ([String], String?) throws -> RunResult, export: () throws -> [[String: Any]]) {
        let task = try ExternalTool.program("task", package: "taskwarrior")
        let home = tick.directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try Data(taskrc.utf8).write(to: home.appendingPathComponent("taskrc"))
        let environment = ["TASKRC": home.appendingPathComponent("taskrc").path, "TASKDATA": home.path, "HOME": tick.directory.path, "TZ": "Europe/Berlin"]
        let run = { (arguments: [String], input: String?) throws -> RunResult in
            try ExternalTool.run(task, ["rc.confirmation=off", "rc.recurrence.confirmation=no", "rc.verbose=nothing"] + arguments,
                                 environment: environment, input: input.map { Data($0.utf8) })
        }
        let export = { () throws -> [[String: Any]] in
            let back = try run(["export"], nil)
            return try #require(try JSONSerialization.jsonObject(with: Data(back.stdout.utf8)) as? [[String: Any]])
        }
        return (run, export)
    }

    @Test("a recurring series made in task goes through tick and back into task import as it was: no error, no new template or instance")
    func taskwarriorSeriesRoundTrip() throws {
        let tick = try TickRunner()
        let task = try taskHome(tick)
        #expect(try task.run(["add", "Weekly review", "due:2036-12-01", "recur:weekly", "priority:H", "+home", "project:garden"], nil).status == 0)
        #expect(try task.run(["list"], nil).status == 0)  // (task makes the instance)
        let before = try task.export()
        #expect(before.count == 2)
        let path = tick.directory.appendingPathComponent("from-task.json").path
        try JSONSerialization.data(withJSONObject: before).write(to: URL(fileURLWithPath: path))
        let imported = try tick.run(["import", path])
        #expect(imported.status == 0 && imported.stdout == "added 1, updated 0, left 0 unchanged\n", "\(imported.stdout)\(imported.stderr)")
        let shown = try tick.run(["export", "--format", "todotxt"])
        #expect(shown.stdout.hasPrefix("(A) ") && shown.stdout.hasSuffix(" Weekly review +project:garden +home due:2036-12-01 rec:+1w\n"), "\(shown.stdout)")
        let exported = try tick.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported.stderr)")
        let back = try task.run(["import", "-"], exported.stdout)
        #expect(back.status == 0 && !back.stderr.contains("missing"), "\(back.stdout)\(back.stderr)")
        #expect(try task.run(["list"], nil).status == 0)
        let after = try task.export()
        #expect(Set(after.compactMap { $0["uuid"] as? String }) == Set(before.compactMap { $0["uuid"] as? String }))
        let instance = try #require(after.first { $0["parent"] != nil })
        #expect(instance["recur"] as? String == "weekly" && instance["priority"] as? String == "H" && instance["project"] as? String == "garden")
        #expect(instance["tags"] as? [String] == ["home"] && instance["status"] as? String == "pending")
    }

    @Test("a repeating item from tick reaches task as a series of its own, which makes the next one when done, and comes back as the same item")
    func taskwarriorRepeatFromTick() throws {
        let tick = try TickRunner()
        let line = "(A) 2026-11-01 Water plants +home due:2036-12-01 rec:+1w\n"
        let file = tick.directory.appendingPathComponent("in.txt").path
        try line.write(toFile: file, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", file]).status == 0)
        let exported = try tick.run(["export", "--format", "taskwarrior"])
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported.stderr)")
        let task = try taskHome(tick)
        let imported = try task.run(["import", "-"], exported.stdout)
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(try task.run(["list"], nil).status == 0)
        let tasks = try task.export()
        #expect(tasks.count == 2, "\(tasks)")  // the template and the item: task made no other instance
        let template = try #require(tasks.first { $0["status"] as? String == "recurring" })
        #expect(template["recur"] as? String == "weekly" && template["priority"] as? String == "H" && template["tags"] as? [String] == ["+home"])
        // Back in tick: the same item, nothing added.
        let path = tick.directory.appendingPathComponent("back.json").path
        try JSONSerialization.data(withJSONObject: tasks).write(to: URL(fileURLWithPath: path))
        let again = try tick.run(["import", path])
        #expect(again.status == 0 && again.stdout.hasPrefix("added 0, "), "\(again.stdout)\(again.stderr)")
        #expect(try tick.run(["export", "--format", "todotxt"]).stdout == line)
        // Done in task, the series makes the next instance.
        let instance = try #require(tasks.first { $0["parent"] != nil }?["uuid"] as? String)
        #expect(try task.run([instance, "done"], nil).status == 0)
        #expect(try task.run(["rc.recurrence.limit=2", "list"], nil).status == 0)
        let next = try task.export().filter { $0["status"] as? String == "pending" }
        #expect(next.compactMap { $0["due"] as? String } == ["20361207T230000Z"], "\(next)")
    }
}
