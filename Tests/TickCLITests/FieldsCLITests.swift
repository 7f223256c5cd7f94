import Foundation
import Testing
import TickCore

@Suite("tick add/edit/list/show: priority, tags and repeat")
struct FieldsCLITests {
    @Test("add takes --priority (words or 1–9), --tag (several) and --repeat (words); list --json shows them; a repeat without a due is due today")
    func add() throws {
        let tick = try TickRunner()
        try tick.add(["Take out the trash", "--priority", "high", "--tag", "home", "--tag", "chores", "--repeat", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"])
        try tick.add(["Call Ana", "--priority", "7"])
        let items = try tick.listJSON()
        #expect(items[0]["priority"] as? Int == 1)
        #expect(items[0]["tags"] as? [String] == ["home", "chores"])
        #expect(items[0]["repeat"] as? String == "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO")
        #expect((items[0]["due"] as? String)?.count == 10)
        // Without a due, a repeat is due on its first day from today: a Monday for BYDAY=MO.
        let due = try #require(CalendarDay(items[0]["due"] as? String ?? ""))
        let calendar = LocalTime(secondsFromGMT: { _ in 3_600 })
        #expect(calendar.fields(of: due.utcMidnight).weekday == 2)
        #expect(items[1]["priority"] as? Int == 7)
        #expect(items[1]["tags"] as? [String] == [])
        #expect(items[1]["repeat"] is NSNull)
        let show = try tick.run(["show", "1"])
        #expect(show.stdout.contains("priority: high (1)"))
        #expect(show.stdout.contains("tags:     home, chores"))
        #expect(show.stdout.contains("repeats:  every 2 weeks on Mon"))
    }

    @Test("bad values are refused with a message and nothing is written", arguments: [
        ["add", "X", "--priority", "urgent"], ["add", "X", "--priority", "0"], ["add", "X", "--repeat", "sometimes"],
        ["add", "X", "--repeat", "FREQ=WEEKLY;COUNT=2;UNTIL=20270101"], ["edit", "1", "--priority", "10"],
        ["edit", "1", "--repeat", "every 0 days"], ["edit", "1", "--priority", "1", "--clear-priority"],
        ["add", "X", "--tag", ""], ["add", "X", "--tag", " # "], ["edit", "1", "--tag", " "], ["edit", "1", "--untag", ""],
    ])
    func refused(arguments: [String]) throws {
        let tick = try TickRunner()
        try tick.add(["Keep me"])
        let before = try Data(contentsOf: tick.file)
        let result = try tick.run(arguments)
        #expect(result.status != 0)
        #expect(!result.stderr.isEmpty)
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("edit sets and clears the priority, adds and removes tags, sets and stops the repeat, on several items at once")
    func edit() throws {
        let tick = try TickRunner()
        try tick.add(["One", "--tag", "a"])
        try tick.add(["Two", "--tag", "b", "--due", "2026-12-10"])
        // A tag typed as the app shows it, #x, is the tag x.
        #expect(try tick.run(["edit", "1", "2", "--priority", "low", "--tag", "#x", "--untag", "#a"]).status == 0)
        var items = try tick.listJSON()
        #expect(items.map { $0["priority"] as? Int } == [9, 9])
        #expect(items.map { $0["tags"] as? [String] } == [["x"], ["b", "x"]])
        #expect(try tick.run(["edit", "2", "--repeat", "monthly", "--clear-priority"]).status == 0)
        items = try tick.listJSON()
        #expect(items[1]["repeat"] as? String == "FREQ=MONTHLY")
        #expect(items[1]["due"] as? String == "2026-12-10")
        #expect(items[1]["priority"] is NSNull)
        // A repeat needs a due: clearing it alone is refused, with the repeat it is not.
        let refused = try tick.run(["edit", "2", "--clear-due"])
        #expect(refused.status != 0 && refused.stderr.contains("--clear-repeat"))
        #expect(try tick.listJSON()[1]["due"] as? String == "2026-12-10")
        #expect(try tick.run(["edit", "2", "--clear-repeat"]).status == 0)
        #expect(try tick.listJSON()[1]["repeat"] is NSNull)
        // A due given with the repeat is the due, on an item that had none.
        #expect(try tick.run(["edit", "1", "--due", "2026-12-24", "--repeat", "every fri"]).status == 0)
        #expect(try tick.listJSON()[0]["due"] as? String == "2026-12-24")
    }

    @Test("check on a repeating item keeps it to do at its next due and puts a done copy on top of Done")
    func checkRepeating() throws {
        let tick = try TickRunner()
        try tick.add(["Water the plants", "--due", "2026-12-01", "--repeat", "every 3 days"])
        let check = try tick.run(["check", "1"])
        #expect(check.status == 0)
        #expect(check.stdout.contains("next due "))
        let items = try tick.listJSON()
        #expect(items.count == 2)
        #expect(items[0]["due"] as? String == "2026-12-04" && items[0]["done"] as? Bool == false)
        #expect(items[0]["repeat"] as? String == "FREQ=DAILY;INTERVAL=3")
        #expect(items[1]["due"] as? String == "2026-12-01" && items[1]["done"] as? Bool == true)
        #expect(items[1]["repeat"] is NSNull && items[1]["id"] as? String != items[0]["id"] as? String)
    }

    @Test("list --tag keeps the items with every tag given; --sort orders To Do by due or priority, keeping positions")
    func listTagAndSort() throws {
        let tick = try TickRunner()
        try tick.add(["A", "--priority", "9", "--due", "2026-12-09", "--tag", "home"])
        try tick.add(["B", "--priority", "1", "--tag", "home", "--tag", "work"])
        try tick.add(["C", "--due", "2026-12-02"])
        #expect(try tick.listJSON(["--tag", "HOME"]).map { $0["title"] as? String } == ["A", "B"])
        #expect(try tick.listJSON(["--tag", "home", "--tag", "work"]).map { $0["title"] as? String } == ["B"])
        #expect(try tick.listJSON(["--tag", "#work"]).map { $0["title"] as? String } == ["B"], "as the app shows it")
        #expect(try tick.run(["list", "--tag", ""]).status == 64)
        #expect(try tick.listJSON(["--sort", "due"]).map { $0["title"] as? String } == ["C", "A", "B"])
        #expect(try tick.listJSON(["--sort", "priority"]).map { $0["title"] as? String } == ["B", "A", "C"])
        let text = try tick.run(["list", "--sort", "priority"])
        #expect(text.stdout.split(separator: "\n").map { String($0.prefix(7)) } == ["2 [ ] B", "1 [ ] A", "3 [ ] C"])
        // The list's own order is unchanged.
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["A", "B", "C"])
        #expect(try tick.run(["list", "--sort", "title"]).status != 0)
    }

    @Test("tick's JSON format takes priority, tags and repeat back on import, and refuses bad ones")
    func jsonRoundTrip() throws {
        let tick = try TickRunner()
        try tick.add(["Take out the trash", "--priority", "2", "--tag", "home", "--repeat", "FREQ=MONTHLY;BYDAY=-1FR"])
        let exported = try tick.run(["export", "--format", "json"]).stdout
        let other = try TickRunner()
        let file = other.directory.appendingPathComponent("in.json")
        try Data(exported.utf8).write(to: file)
        #expect(try other.run(["import", file.path]).status == 0)
        let item = try #require(try other.listJSON().first)
        #expect(item["priority"] as? Int == 2 && item["tags"] as? [String] == ["home"] && item["repeat"] as? String == "FREQ=MONTHLY;BYDAY=-1FR")
        for bad in [#""priority": 12"#, #""tags": "home""#, #""repeat": "FREQ=NEVER""#] {
            try Data(#"[{"title": "x", \#(bad)}]"#.utf8).write(to: file)
            let result = try other.run(["import", file.path])
            #expect(result.status != 0, "\(bad)")
        }
    }

    @Test("tick's own taskwarrior export imported back changes no priority, repeat, tag (nor their order) or due it holds only in part; a change made in taskwarrior is taken")
    func lossyExportsReadBack() throws {
        // (todo.txt and Markdown carry no ids: read back, their items are new ones.)
        for format in ["taskwarrior"] {
            let tick = try TickRunner()
            try tick.add(["Pay rent", "--due", "2026-12-01", "--repeat", "FREQ=MONTHLY;COUNT=12", "--priority", "2", "--tag", "home"])
            try tick.add(["Standup", "--due", "2026-12-01 09:00", "--repeat", "every mon,thu", "--priority", "8"])
            try tick.add(["Call Ana", "--tag", "work", "--tag", "@phone", "--tag", "garden"])
            #expect(try tick.run(["edit", "1", "2", "--notes", "changed"]).status == 0)
            let before = try tick.listJSON()
            // As `task import` gives it back: its own time of change on every task, the tags sorted.
            let exported = try tick.run(["export", "--format", format]).stdout
                .replacingOccurrences(of: #""modified":"[0-9TZ]+""#, with: #""modified":"20270101T000000Z""#, options: .regularExpression)
                .replacingOccurrences(of: #""tags":["work","@phone","garden"]"#, with: #""tags":["@phone","garden","work"]"#)
            #expect(exported.contains(#""modified":"20270101T000000Z""#) && exported.contains(#""tags":["@phone","garden","work"]"#), "\(exported)")
            let imported = try tick.run(["import", "-", "--format", format], input: exported)
            #expect(imported.stdout == "added 0, updated 0, left 3 unchanged\n", "\(format): \(imported.stdout) \(imported.stderr)")
            let after = try tick.listJSON()
            for key in ["priority", "repeat", "tags", "due"] {
                #expect(after.map { $0[key] as? NSObject } == before.map { $0[key] as? NSObject }, "\(format) \(key)")
            }
        }
        // Changed in taskwarrior: a priority band and a recur it holds are taken.
        let tick = try TickRunner()
        try tick.add(["Pay rent", "--due", "2026-12-01", "--priority", "2"])
        try tick.add(["Standup", "--due", "2026-12-01 09:00", "--repeat", "every mon,thu"])
        let edited = try tick.run(["export", "--format", "taskwarrior"]).stdout
            .replacingOccurrences(of: #""priority":"H""#, with: #""priority":"L""#)
            .replacingOccurrences(of: #""recur":"weekly""#, with: #""recur":"daily""#)
        #expect(edited.contains(#""priority":"L""#) && edited.contains(#""recur":"daily""#), "\(edited)")
        #expect(try tick.run(["import", "-", "--format", "taskwarrior"], input: edited).stdout == "added 0, updated 2, left 0 unchanged\n")
        let after = try tick.listJSON()
        #expect(after.map { $0["priority"] as? Int } == [9, nil])
        #expect(after.map { $0["repeat"] as? String } == [nil, "FREQ=DAILY"])
    }

    @Test("an overdue taskwarrior series (its pending instances imported together): an earlier instance ticked off is done as it is, the latest carries the series on; no second item of one occurrence")
    func taskwarriorInstances() throws {
        let tick = try TickRunner()
        let parent = "5f0e8a52-3b0c-4d8e-9d55-0c1f2a3b4c5d"
        func task(_ uuid: String, _ due: String, _ extra: String) -> String {
            #"{"uuid":"\#(uuid)","description":"Standup","entry":"20261101T080000Z","modified":"20261101T080000Z","due":"\#(due)","recur":"weekly","rtype":"periodic",\#(extra)}"#
        }
        let export = "[" + [
            task(parent, "20261116T080000Z", #""status":"recurring","mask":"---""#),
            task("0a1b2c3d-0000-4000-8000-000000000001", "20261116T080000Z", #""status":"pending","parent":"\#(parent)","imask":0"#),
            task("0a1b2c3d-0000-4000-8000-000000000002", "20261123T080000Z", #""status":"pending","parent":"\#(parent)","imask":1"#),
            task("0a1b2c3d-0000-4000-8000-000000000003", "20261130T080000Z", #""status":"pending","parent":"\#(parent)","imask":2"#),
        ].joined(separator: ",\n") + "]"
        #expect(try tick.run(["import", "-", "--format", "taskwarrior"], input: export).status == 0)
        #expect(try tick.run(["check", "1"]).status == 0)
        var open = try tick.listJSON(["--open"]).map { $0["due"] as? String ?? "" }
        #expect(open == ["2026-11-23T08:00:00Z", "2026-11-30T08:00:00Z"])
        #expect(try tick.listJSON(["--done"]).map { $0["due"] as? String ?? "" } == ["2026-11-16T08:00:00Z"])
        // The latest instance moves on as a repeat does.
        #expect(try tick.run(["check", "2"]).status == 0)
        open = try tick.listJSON(["--open"]).map { $0["due"] as? String ?? "" }
        #expect(open == ["2026-11-23T08:00:00Z", "2026-12-07T08:00:00Z"])
    }

    @Test("a CATEGORIES line with parameters survives a save and a load: export writes it back as read")
    func categoriesParametersKept() throws {
        let tick = try TickRunner()
        let path = tick.directory.appendingPathComponent("in.ics").path
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//x//EN\r\nBEGIN:VTODO\r\nUID:c-1\r\nSUMMARY:Haushalt\r\nCATEGORIES;LANGUAGE=de:Haus,Arbeit\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", path]).status == 0)
        #expect(try tick.listJSON().first?["tags"] as? [String] == ["Haus", "Arbeit"])
        #expect(try tick.run(["export", "--format", "ics"]).stdout.contains("\r\nCATEGORIES;LANGUAGE=de:Haus,Arbeit\r\n"))
    }
}
