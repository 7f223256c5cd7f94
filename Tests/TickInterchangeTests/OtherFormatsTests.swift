import Foundation
import Testing
import TickCore
@testable import TickInterchange

@Suite("taskwarrior, todo.txt and Markdown")
struct OtherFormatsTests {
    private let berlin = LocalTime.fixed(secondsFromGMT: 3_600)

    @Test("taskwarrior: lower-case uuid, status, compact dates, notes as one annotation; location said left out")
    func taskwarriorExport() throws {
        var writer = ByteWriter()
        let omissions = try Taskwarrior.write(try sampleEntries(), to: &writer, calendar: .utc)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [[String: Any]])
        #expect(tasks.count == 4)
        let first = tasks[0]
        #expect((first["uuid"] as? String) == (first["uuid"] as? String)?.lowercased())
        #expect(first["description"] as? String == "Buy milk \"oat\"")
        #expect(first["status"] as? String == "pending")
        #expect(first["entry"] as? String == "20261118T110640Z")
        #expect(first["due"] as? String == "20261201T000000Z")
        #expect(((first["annotations"] as? [[String: Any]])?.first?["description"]) as? String == "two\nlitres")
        #expect(tasks[3]["status"] as? String == "completed")
        #expect(tasks[3]["end"] as? String == "20231116T020000Z")
        #expect(omissions.message == "taskwarrior left out: locations of 2 items, coordinates of 1 item, other apps' UIDs of 1 item, iCalendar properties tick does not show of 1 item")
    }

    /// The zone `name` as tick's ``LocalTime``, from Foundation's zoneinfo.
    private func zone(_ name: String) throws -> LocalTime {
        let zone = try #require(TimeZone(identifier: name))
        return LocalTime { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) }
    }

    @Test("taskwarrior: a day-only due is written as local midnight, as task add due:DAY stores it, and reads back as that day",
          arguments: [("UTC", 1, "20261201T000000Z"), ("America/New_York", 1, "20261201T050000Z"), ("Asia/Tokyo", 1, "20261130T150000Z"),
                      ("America/Santiago", 6, "20260906T040000Z")]) // Chile skips 00:00 of 2026-09-06: 01:00, as task writes it
    func taskwarriorDayDue(name: String, day: Int, written: String) throws {
        let calendar = try zone(name)
        let dueDay = try #require(CalendarDay(year: 2026, month: day == 1 ? 12 : 9, day: day))
        var dated = try ToDoItem(title: "Pay rent", createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        dated.setDue(day: dueDay)
        // A due that is a time at local midnight: taskwarrior cannot tell it from a day.
        var timed = try ToDoItem(title: "Midnight call", createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        timed.setDue(instant: calendar.date(year: 2026, month: 12, day: 2))
        let entries = [ExchangeEntry(item: dated, done: false), ExchangeEntry(item: timed, done: false)]
        var writer = ByteWriter()
        let omissions = try Taskwarrior.write(entries, to: &writer, calendar: calendar)
        let tasks = try #require(JSONSerialization.jsonObject(with: Data(writer.bytes)) as? [[String: Any]])
        #expect(tasks.first?["due"] as? String == written)
        #expect(omissions.message == "taskwarrior left out: 1 due time at 00:00 local time (read back into another list as date-only dues)")
        let read = try Taskwarrior.read(JSONParser.parse(writer.bytes, source: "t"), source: "t", calendar: calendar).entries
        #expect(read.first?.item.dueDay == dueDay && read.first?.item.due == dueDay.utcMidnight)
        #expect(read.last?.item.dueDay == CalendarDay(year: 2026, month: 12, day: 2))
        // Into the list it came from, nothing changes: the day stays a day, the time a time.
        let list = try ToDoList(toDoItems: [dated, timed], doneItems: [])
        let plan = try ImportPlan(importing: read, from: .taskwarrior, into: list, source: "t", calendar: calendar)
        #expect(plan.unchanged.count == 2 && plan.isEmpty)
        #expect(plan.list.toDoItems.map(\.dueIsDay) == [true, false])
        // A time that is not midnight stays a time.
        let evening = try Taskwarrior.read(JSONParser.parse(Array(#"[{"uuid":"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10","description":"a","due":"20261201T083000Z"}]"#.utf8),
                                                            source: "t"), source: "t", calendar: calendar).entries
        #expect(evening.first?.item.dueIsDay == false && evening.first?.item.due == DateText.compact("20261201T083000Z"))
    }

    @Test("taskwarrior: one task a line reads as an array does; a uuid that is not a UUID is said so; arrays are not streamed")
    func taskwarriorLines() throws {
        let lines = """
            {"description":"a","entry":"20261118T110640Z","status":"pending","uuid":"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10"}
            {"description":"b","entry":"20261118T110640Z","end":"20261119T000000Z","status":"completed","uuid":"1f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10"}
            """
        let (entries, format, _) = try InterchangeCodec.read(Array(lines.utf8), as: nil, source: "t.json")
        #expect(format == .taskwarrior && entries.map(\.item.title) == ["a", "b"] && entries.map(\.done) == [false, true])
        #expect { try InterchangeCodec.read(Array("{\"uuid\":\"zz\",\"description\":\"a\"}".utf8), as: nil, source: "t.json") } throws: {
            ($0 as? InterchangeError)?.description == "t.json:1: \"uuid\" \"zz\" is not a UUID"
        }
        #expect { try InterchangeCodec.read(Array("[{\"title\":\"a\"}] [{\"title\":\"b\"}]".utf8), as: nil, source: "t.json") } throws: {
            ($0 as? InterchangeError)?.description == "t.json:1: unexpected text after the JSON value"
        }
    }

    @Test("taskwarrior: what task export prints reads back; deleted tasks are said, the annotations are kept with their dates")
    func taskwarriorImport() throws {
        let input = """
            [
            {"id":1,"description":"Buy milk","entry":"20261118T110640Z","modified":"20261118T110700Z","status":"pending","uuid":"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10","due":"20261201T083000Z","project":"home","urgency":8.9,"annotations":[{"entry":"20261118T110700Z","description":"oat"},{"entry":"20261118T110800Z","description":"two"}]},
            {"id":0,"description":"Done thing","end":"20261119T000000Z","entry":"20261118T110640Z","status":"completed","uuid":"1f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10"},
            {"id":0,"description":"Gone","entry":"20261118T110640Z","status":"deleted","uuid":"2f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10"}
            ]
            """
        let (entries, omissions) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t")
        #expect(entries.count == 2)
        #expect(entries[0].item.id == UUID(uuidString: "0F5A8E36-1C1B-4B0E-9A51-4F7C2D1E9A10"))
        #expect(entries[0].item.notes == "oat\ntwo")
        #expect(entries[0].item.due == Date(timeIntervalSince1970: 1_796_113_800))
        #expect(entries[0].done == false && entries[1].done)
        #expect(entries[1].item.completedAt == DateText.compact("20261119T000000Z"))
        #expect(omissions.message == "not imported from taskwarrior: 1 deleted task (an import removes nothing: it stays in the list if it is there)")
        #expect(entries[0].item.taskwarriorExtras
            == #"{"annotations":[{"entry":"20261118T110700Z","description":"oat"},{"entry":"20261118T110800Z","description":"two"}]}"#)
        #expect(entries[0].item.tags == ["project:home"])
        #expect(throws: InterchangeError.self) {
            try Taskwarrior.read(JSONParser.parse(Array("[{\"uuid\":\"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10\",\"description\":\"a\",\"due\":\"tomorrow\"}]".utf8), source: "t"), source: "t")
        }
    }

    @Test("taskwarrior: a recurring task's template is not imported beside its instances; a template without one is")
    func taskwarriorRecurring() throws {
        // As `task export` prints a weekly task: the template, and the instance it made.
        let input = """
            [
            {"id":0,"description":"Water plants","due":"20261127T230000Z","entry":"20261127T083921Z","mask":"-","recur":"weekly","rtype":"periodic","status":"recurring","uuid":"8fb7a1d5-09f2-45b4-bcfe-be99d7bcd135"},
            {"id":1,"description":"Water plants","due":"20261127T230000Z","entry":"20261127T083921Z","imask":0,"parent":"8FB7A1D5-09F2-45B4-BCFE-BE99D7BCD135","recur":"weekly","rtype":"periodic","status":"pending","uuid":"aaf0de0f-d3c1-4d1e-9a8b-0c1d2e3f4a5b"},
            {"id":0,"description":"Pay rent","due":"20261130T230000Z","entry":"20261127T083921Z","recur":"monthly","status":"recurring","uuid":"9fb7a1d5-09f2-45b4-bcfe-be99d7bcd135"}
            ]
            """
        let (entries, omissions) = try Taskwarrior.read(JSONParser.parse(Array(input.utf8), source: "t"), source: "t")
        #expect(entries.map(\.item.title) == ["Water plants", "Pay rent"])
        #expect(entries.first?.item.id == UUID(uuidString: "aaf0de0f-d3c1-4d1e-9a8b-0c1d2e3f4a5b"))
        #expect(omissions.message?.hasPrefix("not imported from taskwarrior: 1 recurring task's template (its instances are imported)") == true)
    }

    @Test("todo.txt: creation date always, x and completion date for done, due:; notes and locations said left out")
    func todoTxtExport() throws {
        var writer = ByteWriter()
        let omissions = try TodoTxt.write(try sampleEntries(), to: &writer, calendar: berlin)
        #expect(writer.text == """
            2026-11-18 Buy milk "oat" due:2026-12-01
            2026-11-18 Call mom due:2026-12-01
            2026-11-18 Plain
            x 2023-11-16 2023-11-14 x marks the spot

            """)
        let message = try #require(omissions.message)
        #expect(message.hasPrefix("todo.txt left out: ids of 4 items, notes of 1 item, locations of 2 items, coordinates of 1 item, due times of 1 item"))
    }

    @Test("todo.txt: a title that starts with x, (A) or a date stays a title through export and import")
    func todoTxtTitles() throws {
        let titles = ["x marks the spot", "(A) urgent thing", "2026-01-01 is a date", "call +family @phone key:value"]
        let entries = try titles.map { ExchangeEntry(item: try ToDoItem(title: $0, createdAt: Date(timeIntervalSince1970: 1_795_000_000)), done: false) }
        var writer = ByteWriter()
        _ = try TodoTxt.write(entries, to: &writer, calendar: berlin)
        let read = try TodoTxt.read(writer.text, source: "todo.txt", calendar: berlin)
        #expect(read.map(\.item.title) == titles)
        #expect(read.map(\.item.createdAt) == Array(repeating: berlin.date(year: 2026, month: 11, day: 18), count: 4))
    }

    @Test("a title that todo.txt or Markdown would read back as a due date is said on export")
    func titlesThatLookLikeDues() throws {
        let created = Date(timeIntervalSince1970: 1_795_000_000)
        var dated = try ToDoItem(title: "Read (due 2026-12-01)", createdAt: created)
        dated.setDue(day: CalendarDay(year: 2026, month: 12, day: 3))
        let entries = [ExchangeEntry(item: try ToDoItem(title: "pay due:2026-12-01 now", createdAt: created), done: false),
                       ExchangeEntry(item: try ToDoItem(title: "Read (due 2026-12-01)", createdAt: created), done: false),
                       ExchangeEntry(item: dated, done: false)]
        var writer = ByteWriter()
        let todoTxt = try TodoTxt.write(entries, to: &writer, calendar: berlin)
        #expect(todoTxt.message?.hasSuffix("1 title holds a due: day, which todo.txt reads back as the due date") == true)
        var markdownWriter = ByteWriter()
        let markdown = try MarkdownTasks.write(entries, to: &markdownWriter, calendar: berlin)
        // (The third one's own due is written after its title, so its title reads back whole.)
        #expect(markdown.message?.hasSuffix("1 title ends in \"(due …)\", which is read back as a due date") == true)
        let read = try MarkdownTasks.read(markdownWriter.text, source: "tasks.md").entries
        #expect(read[2].item.title == "Read (due 2026-12-01)" && read[2].item.dueDay == CalendarDay(year: 2026, month: 12, day: 3))
        var plain = ByteWriter()
        #expect(try TodoTxt.write([entries[2]], to: &plain, calendar: berlin).message?.contains("due: day") == false)
        // A line break before due: is written as a space, so that word too is read back as the due.
        var broken = ByteWriter()
        let multiline = ExchangeEntry(item: try ToDoItem(title: "pay\ndue:2026-12-01", createdAt: created), done: false)
        #expect(try TodoTxt.write([multiline], to: &broken, calendar: berlin).message?.contains("1 title holds a due: day") == true)
    }

    @Test("todo.txt: foreign lines are read, a bad due refuses the file naming the line")
    func todoTxtImport() throws {
        let text = "(A) 2026-01-02 Call mom +family due:2026-12-01\r\n\nx 2026-01-05 2026-01-01 Pay rent\nsimple\n"
        let read = try TodoTxt.read(text, source: "todo.txt", calendar: berlin)
        #expect(read.map(\.item.title) == ["Call mom", "Pay rent", "simple"])
        #expect(read[0].item.priority == 1 && read[0].item.tags == ["+family"])
        #expect(read[0].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        #expect(read[1].done && read[1].item.completedAt == berlin.date(year: 2026, month: 1, day: 5))
        #expect(read.map(\.line) == [1, 3, 4])
        do {
            _ = try TodoTxt.read("ok\nbad due:2026-02-30\n", source: "todo.txt")
            Issue.record("a bad due was accepted")
        } catch {
            #expect(error.description == "todo.txt:2: \"due:2026-02-30\" is not a due date like due:2026-12-01")
        }
    }

    @Test("Markdown: two sections of task-list items, due as (due day); import reads it and plain task lists")
    func markdown() throws {
        var writer = ByteWriter()
        let omissions = try MarkdownTasks.write(try sampleEntries(), to: &writer, calendar: berlin)
        #expect(writer.text == """
            ## To Do

            - [ ] Buy milk "oat" (due 2026-12-01)
            - [ ] Call mom (due 2026-12-01)
            - [ ] Plain

            ## Done

            - [x] x marks the spot

            """)
        #expect(omissions.message?.hasPrefix("Markdown left out: ids of 4 items, notes of 1 item") == true)
        let read = try MarkdownTasks.read(writer.text, source: "list.md").entries
        #expect(read.map(\.item.title) == ["Buy milk \"oat\"", "Call mom", "Plain", "x marks the spot"])
        #expect(read.map(\.done) == [false, false, false, true])
        #expect(read[0].item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        let plain = try MarkdownTasks.read("# Notes\n\nSome text.\n* [X] Done one\n  + [ ] nested\n- not a task\n- [] neither\n", source: "n.md").entries
        #expect(plain.map(\.item.title) == ["Done one", "nested"])
        #expect(plain.map(\.done) == [true, false])
        #expect(throws: InterchangeError.self) { try MarkdownTasks.read("- [ ] a (due 2026-02-31)\n", source: "n.md").entries }
    }

    @Test("Markdown: subtasks are written nested under their parent, 2 spaces a level, and read back as subtasks")
    func markdownNesting() throws {
        let pack = try ToDoItem(title: "Pack")
        var socks = try ToDoItem(title: "Socks"), wool = try ToDoItem(title: "Wool")
        var shirts = try ToDoItem(title: "Shirts")
        socks.parent = pack.id
        wool.parent = socks.id
        shirts.parent = pack.id
        let list = try ToDoList(toDoItems: [pack, socks, wool, try ToDoItem(title: "Call")], doneItems: [shirts])
        var writer = ByteWriter()
        _ = try MarkdownTasks.write(ExchangeEntry.entries(of: list), to: &writer)
        #expect(writer.text == "## To Do\n\n- [ ] Pack\n  - [ ] Socks\n    - [ ] Wool\n- [ ] Call\n\n## Done\n\n- [x] Shirts\n")
        let read = try MarkdownTasks.read(writer.text, source: "list.md").entries
        #expect(read.map(\.item.title) == ["Pack", "Socks", "Wool", "Call", "Shirts"])
        #expect(read.map(\.item.parent) == [nil, read[0].item.id, read[1].item.id, nil, nil])
    }

    @Test("Markdown: ordered task lists are read; task lines in fenced or indented code blocks are not items")
    func markdownBlocks() throws {
        let text = """
            # Notes

            1. [ ] Numbered
            2) [x] Numbered done
            -  [ ] Two spaces after the bullet
            - [ ] Parent
                - [ ] Child indented four
            \t- [X] Child with a tab

            How to write a task list:

            ```markdown
            - [ ] an example in a fence
            ```

            ~~~~
            - [ ] in a tilde fence
            ~~~
            - [ ] still in it
            ~~~~

                - [ ] an example in an indented code block

            - [ ] Last
              ```
              - [ ] code inside an item
              ```

            """
        let read = try MarkdownTasks.read(text, source: "notes.md").entries
        #expect(read.map(\.item.title) == ["Numbered", "Numbered done", "Two spaces after the bullet", "Parent",
                                            "Child indented four", "Child with a tab", "Last"])
        #expect(read.map(\.done) == [false, true, false, false, false, true, false])
        #expect(read.map(\.line) == [3, 4, 5, 6, 7, 8, 24])
        #expect(InterchangeCodec.detect(Array("1. [ ] a\n".utf8)) == .markdown)
        // Not items: no space after the marker, a number too long to be a list marker.
        #expect(try MarkdownTasks.read("-[ ] a\n1.[ ] b\n1234567890. [ ] c\n", source: "n.md").entries.isEmpty)
        // A fence at the margin ends the list before it: the indented lines after it are code.
        let afterList = try MarkdownTasks.read("- [ ] a\n\n```\nx\n```\n\n    - [ ] code\n", source: "n.md").entries
        #expect(afterList.map(\.item.title) == ["a"])
        // A fence opened by a list item's own content, as Logseq writes code in a block.
        let logseq = try MarkdownTasks.read("- [ ] a\n\t- ```\n\t  - [ ] code\n\t  ```\n\t- [ ] b\n", source: "page.md").entries
        #expect(logseq.map(\.item.title) == ["a", "b"])
    }

    @Test("Markdown: lines end only at LF, CR LF or CR, so a title with U+2028, NEL, VT or FF reads back whole with its due")
    func markdownLineEnds() throws {
        var item = try ToDoItem(title: "one\u{2028}two\u{85}three\u{0B}four\u{0C}five", createdAt: Date(timeIntervalSince1970: 1_795_000_000))
        item.setDue(day: CalendarDay(year: 2026, month: 12, day: 1))
        var writer = ByteWriter()
        _ = try MarkdownTasks.write([ExchangeEntry(item: item, done: false)], to: &writer)
        let read = try MarkdownTasks.read(writer.text, source: "list.md").entries
        #expect(read.map(\.item.title) == [item.title])
        #expect(read.first?.item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        let lines = try MarkdownTasks.read("- [ ] a\r\n- [ ] b\r- [x] c\n", source: "list.md").entries
        #expect(lines.map(\.item.title) == ["a", "b", "c"] && lines.map(\.line) == [1, 2, 3])
    }

    @Test("the format is detected from the content")
    func detection() throws {
        #expect(InterchangeCodec.detect(Array("  [\n{\"title\":\"a\"}]".utf8)) == .json)
        #expect(try InterchangeCodec.read(Array("[{\"uuid\":\"0f5a8e36-1c1b-4b0e-9a51-4f7c2d1e9a10\",\"description\":\"a\"}]".utf8), as: nil, source: "s").format == .taskwarrior)
        #expect(try InterchangeCodec.read(Array("[{\"title\":\"a\"}]".utf8), as: nil, source: "s").format == .json)
        #expect(InterchangeCodec.detect(Array("# List\n- [ ] a\n".utf8)) == .markdown)
        #expect(InterchangeCodec.detect(Array("2026-01-01 a\n".utf8)) == .todotxt)
        #expect(InterchangeFormat(pathExtension: "out/list.MD") == .markdown)
        #expect(InterchangeFormat(pathExtension: "todo.txt") == .todotxt)
        #expect(InterchangeFormat(pathExtension: "list") == nil)
        // iCalendar content that is cut short or lacks its VCALENDAR is an iCalendar error, not todo.txt lines.
        #expect(InterchangeCodec.detect(Array("BEGIN:VTODO\r\nSUMMARY:a\r\nEND:VTODO\r\n".utf8)) == .ics)
        #expect(InterchangeCodec.detect(Array("begin:vcal".utf8)) == .ics)
        // A todo.txt line that merely begins with "Begin:" names no component: still todo.txt.
        #expect(InterchangeCodec.detect(Array("BEGIN: taxes for 2026\nCall mom\n".utf8)) == .todotxt)
        #expect(InterchangeCodec.detect(Array("Begin:work on the slides\n".utf8)) == .todotxt)
        #expect(InterchangeCodec.importFormat(named: "cal/Tasks.ICS") == .ics)
        #expect(InterchangeCodec.importFormat(named: "list.json") == .json)
        #expect(InterchangeCodec.importFormat(named: "todo.txt") == nil && InterchangeCodec.importFormat(named: "list") == nil)
        // A Markdown note without a task-list item (a Logseq page, a plain list) holds no items,
        // rather than each of its lines, headings too, read as a todo.txt task.
        #expect(InterchangeCodec.importFormat(named: "notes/Shopping.md") == .markdown)
        let note = try InterchangeCodec.read(Array("# Shopping\n\n- milk\n- TODO eggs\n".utf8), as: InterchangeCodec.importFormat(named: "Shopping.md"),
                                             source: "Shopping.md")
        #expect(note.format == .markdown && note.entries.isEmpty)
        do {
            _ = try InterchangeCodec.read([0x61, 0x0A, 0x62, 0xFF, 0x0A], as: .todotxt, source: "todo.txt")
            Issue.record("broken UTF-8 was accepted")
        } catch {
            #expect(error.description == "todo.txt:2: not valid UTF-8")
        }
    }

    @Test("Markdown lines written as tasks another way (Obsidian's [/] and [-], Logseq's TODO) are not read, and said with their lines")
    func otherTaskMarkers() throws {
        let text = "- [ ] read\n- [/] half done\n- [-] dropped\n- TODO call Ana\n\t- DONE paid\n- [A](https://example.com) a link\n- TODOS are words\n- [x] done\n"
        let (entries, omissions, _) = try MarkdownTasks.read(text, source: "page.md")
        #expect(entries.map(\.item.title) == ["read", "done"])
        #expect(omissions.message == "not imported from Markdown: 4 lines written as a task but not as - [ ] or - [x] (lines 2, 3, 4, 5)")
        let plain = try MarkdownTasks.read("- [ ] a\n- b\n", source: "page.md")
        #expect(plain.omissions.message == nil)
    }
}
