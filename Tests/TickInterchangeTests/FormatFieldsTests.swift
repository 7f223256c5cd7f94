import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// Priority, tags and repeat in taskwarrior, todo.txt and Markdown (Obsidian Tasks), both
/// ways, and what each cannot say, said.
@Suite("Priority, tags and repeat in the other formats")
struct FormatFieldsTests {
    private let berlin = LocalTime.fixed(secondsFromGMT: 3_600)
    private let created = Date(timeIntervalSince1970: 1_795_000_000)  // 2026-11-18

    private func item(_ title: String, priority: Int? = nil, tags: [String] = [], rule: String? = nil, due: Bool = true) throws -> ExchangeEntry {
        var item = try ToDoItem(title: title, createdAt: created)
        try item.setPriority(priority)
        try item.setTags(tags)
        item.recurrence = rule
        if due { item.setDue(day: CalendarDay(year: 2026, month: 12, day: 1)) }
        return ExchangeEntry(item: item, done: false)
    }

    // MARK: taskwarrior

    private func taskwarriorTasks(_ entries: [ExchangeEntry]) throws -> (tasks: [[String: Any]], message: String?, bytes: [UInt8]) {
        var writer = ByteWriter()
        let omissions = try Taskwarrior.write(entries, to: &writer, calendar: berlin)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [[String: Any]])
        return (tasks, omissions.message, writer.bytes)
    }

    @Test("taskwarrior: an item's priority is written by its band, 1–4 H, 5 M, 6–9 L, and H, M, L read as 1, 5, 9",
          arguments: [(1, "H"), (4, "H"), (5, "M"), (6, "L"), (9, "L")])
    func taskwarriorPriority(priority: Int, letter: String) throws {
        let (tasks, _, bytes) = try taskwarriorTasks([try item("a", priority: priority, due: false)])
        #expect(tasks.first?["priority"] as? String == letter)
        let read = try Taskwarrior.read(JSONParser.parse(bytes, source: "t"), source: "t", calendar: berlin).entries
        #expect(read.first?.item.priority == ["H": 1, "M": 5, "L": 9][letter])
    }

    @Test("taskwarrior: tags are tags, the project is the tag project:NAME and goes back as the project; other priorities are said")
    func taskwarriorTagsAndProject() throws {
        let input = #"[{"uuid":"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10","description":"a","project":"garden.beds","tags":["home","next"],"priority":"X"}]"#
        let (entries, omissions) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t", calendar: berlin)
        #expect(entries.first?.item.tags == ["project:garden.beds", "home", "next"])
        #expect(entries.first?.item.priority == nil)
        #expect(omissions.message == "not imported from taskwarrior: \"priority\":\"X\" of 1 task (tick reads H, M and L; kept for the taskwarrior export)")
        let (tasks, message, _) = try taskwarriorTasks(entries)
        #expect(tasks.first?["project"] as? String == "garden.beds" && tasks.first?["tags"] as? [String] == ["home", "next"])
        #expect(message == nil)
    }

    @Test("taskwarrior: recur values read as repeats", arguments: [
        ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("biweekly", "FREQ=WEEKLY;INTERVAL=2"), ("fortnight", "FREQ=WEEKLY;INTERVAL=2"), ("monthly", "FREQ=MONTHLY"),
        ("quarterly", "FREQ=MONTHLY;INTERVAL=3"), ("semiannual", "FREQ=MONTHLY;INTERVAL=6"), ("yearly", "FREQ=YEARLY"),
        ("annual", "FREQ=YEARLY"), ("biannual", "FREQ=YEARLY;INTERVAL=2"), ("2d", "FREQ=DAILY;INTERVAL=2"),
        ("3w", "FREQ=WEEKLY;INTERVAL=3"), ("3 weeks", "FREQ=WEEKLY;INTERVAL=3"), ("6mo", "FREQ=MONTHLY;INTERVAL=6"),
        ("2q", "FREQ=MONTHLY;INTERVAL=6"), ("1y", "FREQ=YEARLY"), ("4h", "FREQ=HOURLY;INTERVAL=4"), ("P1W", "FREQ=WEEKLY"),
        ("P2M", "FREQ=MONTHLY;INTERVAL=2"), ("P10D", "FREQ=DAILY;INTERVAL=10"), ("PT12H", "FREQ=HOURLY;INTERVAL=12"),
    ])
    func taskwarriorRecurRead(recur: String, rule: String) {
        #expect(Taskwarrior.repeatRule(recur: recur)?.ruleText == rule)
    }

    @Test("taskwarrior: repeats are written as the recur values taskwarrior reads", arguments: [
        ("FREQ=DAILY", "daily"), ("FREQ=WEEKLY", "weekly"), ("FREQ=MONTHLY", "monthly"), ("FREQ=YEARLY", "yearly"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "weekdays"), ("FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR", "weekdays"),
        ("FREQ=DAILY;INTERVAL=3", "3d"), ("FREQ=WEEKLY;INTERVAL=2", "2w"), ("FREQ=MONTHLY;INTERVAL=3", "3mo"),
        ("FREQ=YEARLY;INTERVAL=2", "2y"), ("FREQ=HOURLY;INTERVAL=4", "4h"),
    ])
    func taskwarriorRecurWrite(rule: String, recur: String) throws {
        let (tasks, message, _) = try taskwarriorTasks([try item("a", rule: rule)])
        #expect(tasks.map { $0["recur"] as? String } == [recur, recur])
        #expect(message == nil)
        // And back: the rule reads back as written (weekdays as its weekly form).
        #expect(Taskwarrior.repeatRule(recur: recur).map { SimpleRepeat(rule: rule) == $0 || $0.isEveryWeekday } == true)
    }

    @Test("taskwarrior: a repeating item is a template and its first instance, so task import keeps the series; reading them back gives the item unchanged")
    func taskwarriorTemplate() throws {
        let entry = try item("Review", priority: 1, tags: ["home"], rule: "FREQ=WEEKLY")
        let (tasks, _, bytes) = try taskwarriorTasks([entry])
        #expect(tasks.count == 2)
        let template = tasks[0], instance = tasks[1]
        #expect(template["status"] as? String == "recurring" && template["mask"] as? String == "-" && template["recur"] as? String == "weekly")
        #expect(template["due"] as? String == "20261130T230000Z")
        #expect(instance["uuid"] as? String == entry.item.id.uuidString.lowercased())
        #expect(instance["parent"] as? String == template["uuid"] as? String && instance["imask"] as? Int == 0)
        let (read, omissions) = try Taskwarrior.read(JSONParser.parse(bytes, source: "t"), source: "t", calendar: berlin)
        #expect(read.map(\.item) == [entry.item])
        #expect(omissions.message == "not imported from taskwarrior: 1 recurring task's template (its instances are imported)")
    }

    @Test("taskwarrior: an instance of a series made in taskwarrior keeps its parent, and goes back as that instance without a new template")
    func taskwarriorInstance() throws {
        let input = """
            [{"uuid":"585a5d66-95d4-45f0-8cc1-d2d1a49e3e90","description":"Review","status":"recurring","due":"20261130T230000Z","recur":"weekly","mask":"-","rtype":"periodic"},
            {"uuid":"f73adf54-a3b8-40c9-bb0d-575d182f3388","description":"Review","status":"pending","due":"20261130T230000Z","recur":"weekly","parent":"585a5d66-95d4-45f0-8cc1-d2d1a49e3e90","imask":0,"rtype":"periodic"}]
            """
        let read = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t", calendar: berlin).entries
        #expect(read.first?.item.recurrence == "FREQ=WEEKLY;X-TASKWARRIOR-PARENT=585a5d66-95d4-45f0-8cc1-d2d1a49e3e90")
        let (tasks, message, _) = try taskwarriorTasks(read)
        #expect(tasks.count == 1)
        #expect(tasks[0]["parent"] as? String == "585a5d66-95d4-45f0-8cc1-d2d1a49e3e90" && tasks[0]["recur"] as? String == "weekly")
        #expect(message == nil)
    }

    @Test("taskwarrior: what recur cannot say is said: no due, COUNT, named days, when done, a recur tick does not read")
    func taskwarriorLostRepeats() throws {
        let entries = [try item("no due", rule: "FREQ=WEEKLY", due: false), try item("count", rule: "FREQ=WEEKLY;COUNT=3"),
                       try item("days", rule: "FREQ=WEEKLY;BYDAY=MO,WE"), try item("done", rule: "FREQ=DAILY;X-TICK-WHEN-DONE=TRUE")]
        let (tasks, message, _) = try taskwarriorTasks(entries)
        #expect(tasks.compactMap { $0["recur"] as? String } == ["weekly", "weekly", "daily", "daily"])  // (templates and instances)
        #expect(message == "taskwarrior left out: the repeat of 1 item (taskwarrior repeats only a task with a due), "
            + "the repeat of 1 item (taskwarrior's recur says only how often: no COUNT, UNTIL or other parts), "
            + "the repeat of 1 item (the days the rule names: taskwarrior repeats from the due, how often only), "
            + "the repeat of 1 item (\"when done\": taskwarrior repeats from the due)")
        let input = #"[{"uuid":"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10","description":"a","due":"20261201T000000Z","recur":"every blue moon"}]"#
        let (read, omissions) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t", calendar: berlin)
        #expect(read.first?.item.recurrence == nil)
        #expect(omissions.message == "not imported from taskwarrior: \"recur\":\"every blue moon\" of 1 task (tick reads taskwarrior's durations, such as weekly or 2w; kept for the taskwarrior export)")
    }

    // MARK: todo.txt

    private func todoTxtRoundTrip(_ text: String) throws -> (entries: [ExchangeEntry], written: String, message: String?) {
        var importing = Omissions(format: .todotxt, importing: true)
        let entries = try TodoTxt.read(text, source: "todo.txt", now: created, calendar: berlin, omissions: &importing)
        var writer = ByteWriter()
        _ = try TodoTxt.write(entries, to: &writer, calendar: berlin)
        return (entries, writer.text, importing.message)
    }

    @Test("todo.txt: (A) … (I) are 1 … 9, written first; (J) … (Z) read as 9 and said; an item's priority is written as its letter")
    func todoTxtPriority() throws {
        let (entries, written, message) = try todoTxtRoundTrip("(A) 2026-11-18 a\n(E) 2026-11-18 e\n(I) 2026-11-18 i\n(Z) 2026-11-18 z\n")
        #expect(entries.map(\.item.priority) == [1, 5, 9, 9] && entries.map(\.item.title) == ["a", "e", "i", "z"])
        #expect(written == "(A) 2026-11-18 a\n(E) 2026-11-18 e\n(I) 2026-11-18 i\n(I) 2026-11-18 z\n")
        #expect(message == "not imported from todo.txt: priorities J to Z of 1 task (read as I, tick's lowest, 9)")
        var done = try item("done", priority: 2, due: false)
        done.done = true
        done.item.completedAt = created
        var writer = ByteWriter()
        _ = try TodoTxt.write([done], to: &writer, calendar: berlin)
        #expect(writer.text == "x (B) 2026-11-18 2026-11-18 done\n")
    }

    @Test("todo.txt: +project and @context words ending a line are tags, written back as they were; inside the text they stay too")
    func todoTxtTags() throws {
        let text = "2026-11-18 Buy seeds +garden @shop due:2026-12-01\n2026-11-18 Call +Mom about @home stuff\n2026-11-18 +only\n"
        let (entries, written, _) = try todoTxtRoundTrip(text)
        #expect(entries.map(\.item.title) == ["Buy seeds", "Call +Mom about @home stuff", "+only"])
        #expect(entries.map(\.item.tags) == [["+garden", "@shop"], ["+Mom", "@home"], ["+only"]])
        #expect(written == text)
        // A tag without a sign is written +tag; one with a space cannot be a word, and is said.
        var writer = ByteWriter()
        let omissions = try TodoTxt.write([try item("Plan", tags: ["work", "@desk", "two words"], due: false)], to: &writer, calendar: berlin)
        #expect(writer.text == "2026-11-18 Plan +work @desk\n")
        #expect(omissions.message?.hasSuffix("1 tag with spaces (a todo.txt tag is one word)") == true)
    }

    @Test("todo.txt: rec: is the repeat, rec:+N strict (from the due) and rec:N from the day it was done; the line reads back as written",
          arguments: [("rec:+1w", "FREQ=WEEKLY"), ("rec:1w", "FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE"), ("rec:+2d", "FREQ=DAILY;INTERVAL=2"),
                      ("rec:3m", "FREQ=MONTHLY;INTERVAL=3;X-TICK-WHEN-DONE=TRUE"), ("rec:+1y", "FREQ=YEARLY"),
                      ("rec:+1b", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR")])
    func todoTxtRec(word: String, rule: String) throws {
        let line = "2026-11-18 Water plants +home due:2026-12-01 \(word)\n"
        let (entries, written, _) = try todoTxtRoundTrip(line)
        #expect(entries.first?.item.recurrence == rule && entries.first?.item.title == "Water plants")
        #expect(written == line)
    }

    @Test("todo.txt: a rec: tick does not read stays in the title; a repeat rec: cannot say is said")
    func todoTxtLostRec() throws {
        let (entries, _, _) = try todoTxtRoundTrip("2026-11-18 odd rec:2b rec:x\n")
        #expect(entries.first?.item.title == "odd rec:2b rec:x" && entries.first?.item.recurrence == nil)
        var writer = ByteWriter()
        let omissions = try TodoTxt.write([try item("a", rule: "FREQ=MONTHLY;BYMONTHDAY=15"), try item("b", rule: "FREQ=WEEKLY;COUNT=2")],
                                          to: &writer, calendar: berlin)
        #expect(writer.text == "2026-11-18 a due:2026-12-01 rec:+1m\n2026-11-18 b due:2026-12-01\n")
        #expect(omissions.message?.hasSuffix("the repeat of 1 item (rec: says every N days, weeks, months or years, or every business day), "
            + "the repeat of 1 item (the days the rule names: rec: says how often only)") == true, "\(omissions.message ?? "")")
    }

    @Test("todo.txt and Markdown say when a title of tick's own would read back otherwise: ending in tags, holding a rec: word")
    func titlesThatLookLikeFields() throws {
        let entries = [try item("Call Bob @home", due: false), try item("water rec:1w now", due: false), try item("Fix #bug", due: false)]
        var writer = ByteWriter()
        let todoTxt = try TodoTxt.write(entries, to: &writer, calendar: berlin).message ?? ""
        #expect(todoTxt.hasSuffix("1 title holds a rec: word, which todo.txt reads back as the repeat, "
            + "1 title ends in +project or @context words, which are read back as tags, out of the title"), "\(todoTxt)")
        var markdownWriter = ByteWriter()
        let markdown = try MarkdownTasks.write(entries, to: &markdownWriter, calendar: berlin).message ?? ""
        #expect(markdown.hasSuffix("1 title ends in #tags, which are read back as tags, out of the title"), "\(markdown)")
    }

    // MARK: Markdown

    private func markdownRoundTrip(_ text: String) throws -> (entries: [ExchangeEntry], written: String) {
        let entries = try MarkdownTasks.read(text, source: "tasks.md", now: created, calendar: berlin).entries
        var writer = ByteWriter()
        _ = try MarkdownTasks.write(entries, to: &writer, calendar: berlin)
        return (entries, writer.text)
    }

    @Test("Markdown: Obsidian's priority marks are 1, 3, 5, 7, 9, and an item's priority is written as the nearest mark, said when not exact",
          arguments: [("🔺", 1), ("⏫", 3), ("🔼", 5), ("🔽", 7), ("⏬", 9), ("⏬\u{FE0F}", 9)])
    func markdownPriority(mark: String, priority: Int) throws {
        let (entries, written) = try markdownRoundTrip("## To Do\n\n- [ ] Pay rent \(mark) 📅 2026-12-01\n\n## Done\n\n")
        #expect(entries.first?.item.priority == priority && entries.first?.item.title == "Pay rent")
        let plain = String(String.UnicodeScalarView(mark.unicodeScalars.filter { $0 != "\u{FE0F}" }))
        #expect(written == "## To Do\n\n- [ ] Pay rent \(plain) 📅 2026-12-01\n\n## Done\n\n")
        var writer = ByteWriter()
        let omissions = try MarkdownTasks.write([try item("a", priority: 2, due: false), try item("b", priority: 8, due: false)], to: &writer, calendar: berlin)
        #expect(writer.text.contains("- [ ] a 🔺\n- [ ] b ⏬\n"))
        #expect(omissions.message?.hasSuffix("the priorities 2, 4, 6 or 8 of 2 items (written as the mark of 1, 3, 7 or 9)") == true)
    }

    @Test("Markdown: 🔁 phrases of Obsidian Tasks read as repeats and are written back the same", arguments: [
        ("every day", "FREQ=DAILY"), ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every week", "FREQ=WEEKLY"),
        ("every 2 weeks on Monday", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("every week on Monday, Friday", "FREQ=WEEKLY;BYDAY=MO,FR"),
        ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("every month", "FREQ=MONTHLY"),
        ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"), ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("every month on the 2nd Tuesday", "FREQ=MONTHLY;BYDAY=2TU"), ("every month on the last Friday", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("every 2 years", "FREQ=YEARLY;INTERVAL=2"), ("every week when done", "FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE"),
    ])
    func markdownRepeat(words: String, rule: String) throws {
        let text = "## To Do\n\n- [ ] Water plants ⏫ 🔁 \(words) 📅 2026-12-01\n\n## Done\n\n"
        let (entries, written) = try markdownRoundTrip(text)
        #expect(entries.first?.item.recurrence == rule && entries.first?.item.title == "Water plants")
        #expect(entries.first?.item.priority == 3)
        #expect(written == text)
    }

    @Test("Markdown: other spellings of 🔁 are read (any order of fields, fr, 'and'); a phrase tick does not read stays in the title")
    func markdownRepeatSpellings() throws {
        let text = "- [ ] A 🔁 every week on mon and fri 📅 2026-12-01 ⏫\n- [ ] B 🔁 every blue moon\n- [ ] C 🔁 every 2 day\n"
        let entries = try MarkdownTasks.read(text, source: "tasks.md", calendar: berlin).entries
        #expect(entries.map(\.item.recurrence) == ["FREQ=WEEKLY;BYDAY=MO,FR", nil, nil])
        #expect(entries.map(\.item.title) == ["A", "B 🔁 every blue moon", "C 🔁 every 2 day"])
    }

    @Test("Markdown: #tags are tags (nested ones too); those ending the text leave the title and come back at its end; #1 is no tag")
    func markdownTags() throws {
        let text = "## To Do\n\n- [ ] Fix #work/urgent bug in #1 #home #garden/beds\n- [ ] #only\n\n## Done\n\n"
        let (entries, written) = try markdownRoundTrip(text)
        #expect(entries.map(\.item.title) == ["Fix #work/urgent bug in #1", "#only"])
        #expect(entries.map(\.item.tags) == [["work/urgent", "home", "garden/beds"], ["only"]])
        #expect(written == text)
        var writer = ByteWriter()
        let omissions = try MarkdownTasks.write([try item("Plan", tags: ["+garden", "@phone", "two words"], due: false)], to: &writer, calendar: berlin)
        #expect(writer.text.contains("- [ ] Plan #garden #phone\n"))
        #expect(omissions.message?.hasSuffix("1 tag that Obsidian cannot write as #tag (spaces or punctuation)") == true)
    }

    @Test("Markdown: #tags written among or after Obsidian's fields (the plugin reads them in any order) leave the fields read: due, priority, repeat")
    func markdownTagsAmongFields() throws {
        let text = "## To Do\n\n- [ ] text 📅 2026-12-01 🔁 every week ⏫ #tag\n- [ ] c ⏫ #t1 #t2\n- [ ] a #x 📅 2026-12-02 #y\n\n## Done\n\n"
        let (entries, _) = try markdownRoundTrip(text)
        #expect(entries.map(\.item.title) == ["text", "c", "a"])
        #expect(entries.map(\.item.tags) == [["tag"], ["t1", "t2"], ["x", "y"]])
        #expect(entries.map(\.item.priority) == [3, 3, nil])
        #expect(entries.map(\.item.dueDay) == [CalendarDay(year: 2026, month: 12, day: 1), nil, CalendarDay(year: 2026, month: 12, day: 2)])
        #expect(entries[0].item.recurrence == "FREQ=WEEKLY")
    }

    @Test("Markdown: a done subtask of an open parent is written top level under Done, and its parent is said to be left out")
    func markdownParentAcrossSections() throws {
        let parent = try ToDoItem(title: "Trip")
        var child = try ToDoItem(title: "Book hotel")
        child.parent = parent.id
        var writer = ByteWriter()
        let omissions = try MarkdownTasks.write([ExchangeEntry(item: parent, done: false), ExchangeEntry(item: child, done: true)],
                                                to: &writer, calendar: berlin)
        #expect(writer.text.contains("## Done\n\n- [x] Book hotel\n"))
        #expect(omissions.message?.contains("parents of 1 item") == true, "\(omissions.message ?? "")")
    }

    @Test("Markdown: an item without priority or repeat keeps tick's own (due …); one with them is an Obsidian Tasks line with 📅")
    func markdownDueForm() throws {
        var writer = ByteWriter()
        let omissions = try MarkdownTasks.write([try item("plain", tags: ["x"]), try item("repeat", rule: "FREQ=DAILY"),
                                                 try item("lost", rule: "FREQ=YEARLY;BYMONTH=3")], to: &writer, calendar: berlin)
        #expect(writer.text.hasPrefix("## To Do\n\n- [ ] plain #x (due 2026-12-01)\n- [ ] repeat 🔁 every day 📅 2026-12-01\n- [ ] lost (due 2026-12-01)\n"))
        #expect(omissions.message?.hasSuffix("the repeat of 1 item (Obsidian's 🔁 says every N days, weeks, months or years, on named days, when done)") == true)
    }
}
