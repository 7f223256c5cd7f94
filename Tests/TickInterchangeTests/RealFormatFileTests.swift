import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// Shapes found in real todo.txt files (todo.txt's own examples, topydo, sleek, Simpletask,
/// todo.txt for Android), taskwarrior's import tests and real Markdown notes (GitHub,
/// Obsidian): read as their tools mean them, or said on standard error.
@Suite("What real todo.txt, taskwarrior and Markdown files taught the readers")
struct RealFormatFileTests {
    private let berlin = LocalTime.fixed(secondsFromGMT: 3_600)

    private func day(_ year: Int, _ month: Int, _ day: Int) -> Date? { berlin.date(year: year, month: month, day: day) }

    private func todoTxtRoundTrip(_ text: String) throws -> (entries: [ExchangeEntry], written: String) {
        let entries = try TodoTxt.read(text, source: "todo.txt", now: Date(timeIntervalSince1970: 1_795_000_000), calendar: berlin)
        var writer = ByteWriter()
        _ = try TodoTxt.write(entries, to: &writer, calendar: berlin)
        return (entries, writer.text)
    }

    @Test("todo.txt: an open task's priority is written first, before its creation date, and reads back the same")
    func priorityFirst() throws {
        let (entries, written) = try todoTxtRoundTrip("(A) Thank Mom for the meatballs @phone\n(B) 2011-03-02 Call Mom\n(a) not a priority\n")
        #expect(entries.map(\.item.title) == ["Thank Mom for the meatballs", "Call Mom", "(a) not a priority"])
        #expect(entries.map(\.item.priority) == [1, 2, nil] && entries[0].item.tags == ["@phone"])
        #expect(written == "(A) 2026-11-18 Thank Mom for the meatballs @phone\n(B) 2011-03-02 Call Mom\n2026-11-18 (a) not a priority\n")
        #expect(try todoTxtRoundTrip(written).written == written)
    }

    @Test("todo.txt: a done task's priority before or after its completion date leaves both dates read")
    func donePriority() throws {
        // todo.txt's own example, then Simpletask's form.
        let (entries, written) = try todoTxtRoundTrip("x (A) 2016-05-20 2016-04-30 measure space for +chapelShelving @chapel due:2016-05-30\n"
            + "x 2022-09-18 (B) 2022-07-23 Buy groceries\n")
        #expect(entries.map(\.item.title) == ["measure space for", "Buy groceries"])
        #expect(entries.map(\.item.priority) == [1, 2] && entries[0].item.tags == ["+chapelShelving", "@chapel"])
        #expect(entries.map(\.item.completedAt) == [day(2016, 5, 20), day(2022, 9, 18)])
        #expect(entries.map(\.item.createdAt) == [day(2016, 4, 30), day(2022, 7, 23)])
        #expect(entries[0].item.dueDay == CalendarDay(year: 2016, month: 5, day: 30))
        #expect(try todoTxtRoundTrip(written).written == written)
    }

    @Test("todo.txt: a done task without a creation date was created the day it was done, never after")
    func doneWithoutCreation() throws {
        let (entries, written) = try todoTxtRoundTrip("x 2014-10-19 Complete\n")
        #expect(entries.first?.item.createdAt == day(2014, 10, 19))
        #expect(written == "x 2014-10-19 2014-10-19 Complete\n")
    }

    @Test("todo.txt: a due: that is not written as a day stays part of the title; one written as a day must be one")
    func dueWords() throws {
        let entries = try TodoTxt.read("water flowers due:mon rec:1w\n", source: "todo.txt", calendar: berlin)
        #expect(entries.first?.item.title == "water flowers due:mon")
        #expect(entries.first?.item.recurrence == "FREQ=WEEKLY;X-TICK-WHEN-DONE=TRUE")
        #expect(entries.first?.item.due == nil)
        var writer = ByteWriter()
        #expect(try TodoTxt.write(entries, to: &writer, calendar: berlin).message?.contains("due:") == false)
        for typo in ["due:2026-13-01", "due:2026-12-1", "due:12/01/2026"] {
            #expect(throws: InterchangeError.self) { try TodoTxt.read("pay \(typo)\n", source: "todo.txt", calendar: berlin) }
        }
    }

    @Test("a todo.txt line that begins with [ is todo.txt, not JSON; JSON begins with { or with [ and then { or ]")
    func bracketDetection() throws {
        #expect(InterchangeCodec.detect(Array("[work] call Bob about the contract\nbuy milk\n".utf8)) == .todotxt)
        #expect(InterchangeCodec.detect(Array("[\n  {\"id\": 1}\n]".utf8)) == .json)
        #expect(InterchangeCodec.detect(Array(" [ ]".utf8)) == .json)
        #expect(InterchangeCodec.detect(Array("[ ] buy milk\n".utf8)) == .todotxt)
        #expect(InterchangeCodec.detect(Array("[".utf8)) == .json)
        #expect(InterchangeCodec.detect(Array("{\"description\":\"a\"}".utf8)) == .json)
    }

    @Test("only a property list is taken for a tick list file: a note or a todo.txt line that begins with < is not; a list given another --format is refused")
    func propertyListDetection() throws {
        let note = Array("<!-- markdownlint-disable -->\n# Tasks\n\n- [ ] Buy milk\n".utf8)
        #expect(try InterchangeCodec.read(note, as: nil, source: "notes.txt").entries.map(\.item.title) == ["Buy milk"])
        #expect(try InterchangeCodec.read(Array("<b>call</b> mom\n".utf8), as: nil, source: "todo.txt").format == .todotxt)
        let list = KeyedArchive.encode(try ToDoList(toDoItems: [try ToDoItem(title: "Buy milk")], doneItems: []))
        #expect(try InterchangeCodec.read(list, as: nil, source: "l.plist").entries.map(\.item.title) == ["Buy milk"])
        for format in [InterchangeFormat.todotxt, .markdown, .taskwarrior, .ics] {
            do {
                _ = try InterchangeCodec.read(list, as: format, source: "l.plist")
                Issue.record("\(format) read a list file")
            } catch {
                #expect(error.problem.hasPrefix("is a tick list file (a property list), not "), "\(error)")
            }
        }
    }

    @Test("input taken for Markdown by its content says how many other lines it did not read")
    func markdownByContentSaysSo() throws {
        let text = Array("(A) Call Mom\n- [ ] a line some keep in todo.txt\nbuy milk\n".utf8)
        let detected = try InterchangeCodec.read(text, as: nil, source: "todo.txt")
        #expect(detected.format == .markdown && detected.entries.count == 1)
        #expect(detected.omissions.message?.contains("2 lines that are not a task-list item") == true, "\(detected.omissions.message ?? "")")
        #expect(detected.omissions.message?.contains("--format todotxt") == true)
        let named = try InterchangeCodec.read(text, as: .markdown, source: "notes.md")
        #expect(named.omissions.message == nil)
        #expect(try InterchangeCodec.read(text, as: .todotxt, source: "todo.txt").entries.count == 3)
    }

    @Test("Markdown: tasks in block quotes and callouts are read; HTML comments are not; a nested item is a subtask")
    func markdownQuotesCommentsNesting() throws {
        let text = "# Release\n\n> - [ ] quoted\n>> - [x] quoted twice\n\n> [!NOTE]\n> - [ ] in a callout\n\n<!--\n- [ ] commented out\n-->\n"
            + "<!-- - [ ] one line -->\n- [ ] parent\n    - [ ] child\n  - [x] other child\n- [ ] after\n"
        let (entries, omissions, _) = try MarkdownTasks.read(text, source: "notes.md")
        #expect(entries.map(\.item.title) == ["quoted", "quoted twice", "in a callout", "parent", "child", "other child", "after"])
        #expect(entries.map(\.done) == [false, true, false, false, false, true, false])
        #expect(omissions.message == nil)
        let parent = entries[3].item.id
        #expect(entries.map(\.item.parent) == [nil, nil, nil, nil, parent, parent, nil])
        // An item indented at the start of a list is not nested.
        #expect(try MarkdownTasks.read("  - [ ] first\n  - [ ] second\n", source: "n.md").entries.map(\.item.parent) == [nil, nil])
    }

    @Test("Markdown: Obsidian's Tasks dates at the end of a line and Dataview's fields anywhere are read; days that are none stay and are said")
    func obsidianDates() throws {
        let text = "- [ ] Pay rent 🔼 📅 2026-12-01\n- [x] Call Ana ➕ 2026-11-01 ✅ 2026-11-20\n"
            + "- [ ] Send a mail [due:: 2026-12-05] to David\n- [ ] Parens (due::2026-12-06)\n- [ ] Leap 📅 2022-02-29\n"
            + "- [ ] Middle 📅 2026-12-07 is not read\n- [ ] Ours (due 2026-12-08)\n"
        let (entries, omissions, _) = try MarkdownTasks.read(text, source: "vault.md", calendar: berlin)
        #expect(entries.map(\.item.title) == ["Pay rent", "Call Ana", "Send a mail to David", "Parens", "Leap 📅 2022-02-29",
                                              "Middle 📅 2026-12-07 is not read", "Ours"])
        #expect(entries[0].item.priority == 5)
        #expect(entries.map(\.item.dueDay) == [CalendarDay(year: 2026, month: 12, day: 1), nil, CalendarDay(year: 2026, month: 12, day: 5),
                                               CalendarDay(year: 2026, month: 12, day: 6), nil, nil, CalendarDay(year: 2026, month: 12, day: 8)])
        #expect(entries[1].item.createdAt == day(2026, 11, 1) && entries[1].item.completedAt == day(2026, 11, 20))
        #expect(omissions.message == "not imported from Markdown: 1 Obsidian date that names no day (left in the title)")
    }

    @Test("Markdown: Obsidian's other fields at the end do not stop the reading; a done date on an open task, and a title of dates alone, stay")
    func obsidianEdges() throws {
        let text = "- [ ] Plan ➕ 2026-11-01 🛫 2026-11-02 ⏳ 2026-11-03 📅 2026-12-01 ^abc-1\n- [ ] Open one ✅ 2026-01-02\n"
            + "- [ ] 📅 2026-12-01\n- [x] [completion:: 2026-12-02]\n"
        let (entries, omissions, _) = try MarkdownTasks.read(text, source: "vault.md", calendar: berlin)
        #expect(entries.map(\.item.title) == ["Plan 🛫 2026-11-02 ⏳ 2026-11-03 ^abc-1", "Open one ✅ 2026-01-02", "📅 2026-12-01",
                                              "[completion:: 2026-12-02]"])
        #expect(entries[0].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1) && entries[0].item.createdAt == day(2026, 11, 1))
        #expect(entries[1].item.completedAt == nil && entries[2].item.due == nil && entries[3].item.completedAt == nil)
        #expect(omissions.message == nil)
        // What stays keeps its spaces; a due of tick's own form keeps an Obsidian one in the title.
        let spaced = try MarkdownTasks.read("- [ ] Call Bob  🔼 ^ref\n- [ ] Plain ^ref   ^x\n- [ ] a 📅 2026-12-05 (due 2026-12-01)\n", source: "n.md").entries
        #expect(spaced.map(\.item.title) == ["Call Bob ^ref", "Plain ^ref   ^x", "a 📅 2026-12-05"])
        #expect(spaced[0].item.priority == 5)
        #expect(spaced[2].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
    }

    @Test("Markdown export says when a title holds Obsidian dates, which reading it back would take as dates")
    func obsidianTitlesSaid() throws {
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        let entries = [ExchangeEntry(item: try ToDoItem(title: "Report 📅 2026-12-01", createdAt: created), done: false),
                       ExchangeEntry(item: try ToDoItem(title: "Read [due:: 2026-12-02] notes", createdAt: created), done: false),
                       ExchangeEntry(item: try ToDoItem(title: "Plain", createdAt: created), done: false)]
        var writer = ByteWriter()
        let message = try MarkdownTasks.write(entries, to: &writer, calendar: berlin).message
        #expect(message?.hasSuffix("2 titles hold Obsidian fields (📅 …, [due:: …], ⏫, 🔁 …), which are read back as fields") == true, "\(message ?? "")")
        var plain = ByteWriter()
        let fields = [ExchangeEntry(item: try ToDoItem(title: "Call Bob 🛫 2026-12-01 ^ref", createdAt: created), done: false)]
        #expect(try MarkdownTasks.write(fields, to: &plain, calendar: berlin).message?.contains("Obsidian") != true)
    }

    @Test("Markdown: an HTML comment opened inside an indented code block hides nothing")
    func commentInCode() throws {
        let text = "How to hide a task:\n\n    <!-- start a comment like this\n\n- [ ] real task\n- [ ] another\n"
        #expect(try MarkdownTasks.read(text, source: "n.md").entries.map(\.item.title) == ["real task", "another"])
    }

    @Test("Markdown: lines of a million characters made of brackets, quote markers or Obsidian fields are read in one pass")
    func longHostileLines() throws {
        let brackets = "- [ ] a " + String(repeating: "[(", count: 500_000) + "\n"
        let quotes = String(repeating: ">", count: 1_000_000) + " - [ ] quoted\n"
        let fields = "- [ ] b" + String(repeating: " 📅 2026-12-01", count: 50_000) + String(repeating: " 🔼", count: 200_000) + "\n"
        let packed = "- [ ] c " + String(repeating: "📅2026-12-01", count: 50_000) + "\n- [ ] d " + String(repeating: "✅2026-12-01", count: 50_000) + "\n"
        let (entries, _, _) = try MarkdownTasks.read(brackets + quotes + fields + packed, source: "big.md", calendar: berlin)
        #expect(entries.count == 5)
        #expect(entries[2].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(entries[3].item.title == "c" && entries[3].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(entries[4].item.completedAt == nil && entries[4].item.title.count > 500_000)
    }

    @Test("taskwarrior: dates as task import takes them, seconds since 1970 and times without a zone (local) too")
    func taskwarriorDates() throws {
        let input = """
            [{"uuid":"a0000000-a000-4000-a000-a00000000000","description":"epoch","entry":"1234567889"},
             {"uuid":"b0000000-a000-4000-a000-a00000000000","description":"local","entry":"20151018T144200","due":"20151020T090000"}]
            """
        let (entries, _) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t", calendar: berlin)
        #expect(entries.map(\.item.createdAt) == [Date(timeIntervalSince1970: 1_234_567_889), berlin.date(year: 2015, month: 10, day: 18, hour: 14, minute: 42)])
        #expect(entries[1].item.due == berlin.date(year: 2015, month: 10, day: 20, hour: 9))
        // A day is local midnight, a due day; a number outside 1980…9999 is no time in seconds.
        let day = try Taskwarrior.read(JSONParser.parse(Array(#"[{"description":"d","due":"20261201"}]"#.utf8), source: "t"), source: "t", calendar: berlin)
        #expect(day.entries.first?.item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        for value in ["12", "0", "99999999999999"] {
            #expect(throws: InterchangeError.self) {
                try Taskwarrior.read(JSONParser.parse(Array("[{\"description\":\"d\",\"due\":\"\(value)\"}]".utf8), source: "t"), source: "t")
            }
        }
        #expect(throws: InterchangeError.self) {
            try Taskwarrior.read(JSONParser.parse(Array("[{\"uuid\":\"a0000000-a000-4000-a000-a00000000000\",\"description\":\"a\",\"due\":\"soon\"}]".utf8), source: "t"), source: "t")
        }
    }

    @Test("taskwarrior: a task without a uuid is taskwarrior's all the same, with an id that is the same on every import")
    func taskwarriorWithoutUUID() throws {
        let text = Array(#"{"description": "my description", "entry": "20170813T120000Z", "annotations": [{"entry": "20170813T120000Z", "description": "first"}]}"#.utf8)
        let first = try InterchangeCodec.read(text, as: nil, source: "task.json")
        let again = try InterchangeCodec.read(text, as: nil, source: "task.json")
        #expect(first.format == .taskwarrior)
        #expect(first.entries.first?.item.title == "my description" && first.entries.first?.item.notes == "first")
        #expect(first.entries.first?.item.id == again.entries.first?.item.id)
        // Two alike are two tasks, as task import makes them.
        let twins = try InterchangeCodec.read(Array(#"[{"description":"water plants"},{"description":"water plants"}]"#.utf8), as: nil, source: "t.json")
        #expect(Set(twins.entries.map(\.item.id)).count == 2)
    }

    @Test("taskwarrior: deleted tasks are said; annotation dates and an end on a pending task are kept, not said")
    func taskwarriorSays() throws {
        let input = """
            [{"uuid":"a0000000-a000-4000-a000-a00000000000","description":"a","status":"pending","end":"20230822T090000Z",
              "annotations":[{"entry":"20230821T180330Z","description":"one"},{"entry":"20230821T180331Z","description":"two"}]},
             {"uuid":"b0000000-a000-4000-a000-a00000000000","description":"gone","status":"deleted"}]
            """
        let (entries, omissions) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t")
        #expect(entries.count == 1)
        let message = try #require(omissions.message)
        #expect(message.contains("1 deleted task (an import removes nothing: it stays in the list if it is there)"), "\(message)")
        #expect(!message.contains("annotation") && !message.contains("end date"), "\(message)")
        #expect(entries.first?.item.taskwarriorExtras?.hasPrefix(#"{"end":"20230822T090000Z","annotations":[{"entry":"20230821T180330Z""#) == true)
    }
}
