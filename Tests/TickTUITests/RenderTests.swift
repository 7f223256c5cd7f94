import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Render: screens as text")
struct RenderTests {
    /// The sample list with a CJK + emoji title third, the plumber selected.
    static func sampleState(size: Size, unicode: Bool = false, colors: Bool = true) throws -> AppState {
        var list = try Fixtures.sampleList()
        try list.insert(try Fixtures.item(7, "東京タワーで写真を撮る 📸👍🏽", due: Fixtures.date(2026, 12, 3), location: Location(name: "東京")), in: .toDo, at: 2)
        var state = Fixtures.state(list, colors: colors, unicode: unicode, size: size)
        state.press(.down)
        return state
    }

    @Test("80×24: header, both sections, due and location columns, the detail pane below, the footer")
    func standard() throws {
        let state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines == [
            " ToDoItems.plist                                               5 to do - 2 done",
            " To Do (5)",
            " [ ] Buy milk                                                    today  Market",
            " [ ] Call the plumber about the kitchen sink                       Fri",
            " [ ] 東京タワーで写真を撮る 📸👍🏽                                   Thu  東京",
            " [ ] File taxes                                                overdue",
            " [ ] Visit the cathedral                                      tomorrow  Cologne",
            "",
            " Done (2)",
            " [x] Water the plants",
            " [x] Book train tickets                                         Nov 30",
            "", "", "",
            "--------------------------------------------------------------------------------",
            " Call the plumber about the kitchen sink",
            "",
            " He said any morning this week works; ask about the price first.",
            "",
            " Due       Fri, Dec 4 2026 (in 3 days)",
            " Created   Fri, Nov 20 2026",
            "", "",
            " Space tick  a add  e edit  t due  dd delete  u undo  / filter  ? help  q quit",
        ])
    }

    @Test("80×24: long notes are cut to leave the due date, place and other fields their rows")
    func longNotesLeaveFields() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        let id = try #require(state.selectedItem?.id)
        let notes = (1...8).map { "note line \($0)" }.joined(separator: "\n")
        var list = state.list
        let kitchen = try Location(name: "Kitchen", latitude: 50.94, longitude: 6.96)
        try list.update(id) { item in
            item.notes = notes
            item.location = kitchen
        }
        _ = update(&state, .externalChange(list))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        // (Seven rows: one line of the notes, which are there, and the fields in their order.)
        #expect(Array(lines[15...21]) == [
            " Call the plumber about the kitchen sink",
            "",
            " note line 1...",
            "",
            " Due       Fri, Dec 4 2026 (in 3 days)",
            " Location  Kitchen",
            "           50.94 deg N, 6.96 deg E",
        ])
        // With more rows, the notes take what the fields leave.
        let tall = render(state, size: Size(columns: 80, rows: 30)).trimmedLines
        #expect(tall.contains(" note line 2...") && tall.contains(" Created   Fri, Nov 20 2026"), "\(tall)")
    }

    @Test("120×40: the detail pane stands right of the list; UTF-8 boxes")
    func wide() throws {
        var state = try Self.sampleState(size: Size(columns: 120, rows: 40), unicode: true)
        state.press(.character("G"), .up, .up)
        #expect(state.selectedItem?.title == "Visit the cathedral")
        let lines = render(state, size: Size(columns: 120, rows: 40)).trimmedLines
        let rule = String(repeating: " ", count: 71) + "│"
        #expect(Array(lines.prefix(12)) == [
            " ToDoItems.plist                                                                                       5 to do · 2 done",
            " To Do (5)                                                             │ Visit the cathedral",
            " ☐ Buy milk                                             today  Market  │",
            " ☐ Call the plumber about the kitchen sink                Fri          │ Due       Wed, Dec 2 2026 (tomorrow)",
            " ☐ 東京タワーで写真を撮る 📸👍🏽                            Thu  東京    │ Location  Cologne",
            " ☐ File taxes                                         overdue          │           50.94° N, 6.96° E",
            " ☐ Visit the cathedral                               tomorrow  Cologne │ Created   Fri, Nov 20 2026",
            rule,
            " Done (2)                                                              │",
            " ☑ Water the plants                                                    │",
            " ☑ Book train tickets                                  Nov 30          │",
            rule,
        ])
        #expect(lines.count == 40)
        #expect(lines[37] == rule)
        #expect(lines[38] == "")
        #expect(lines[39] == " Space tick  a add  e edit  l location  n notes  t due  dd delete  u undo  / filter  T today  i details  ? help  q quit")
    }

    @Test("columns stay put while scrolling: their widths come from the whole list, not the rows on screen")
    func columnsStayPut() throws {
        var items: [ToDoItem] = []
        for number in 1...30 {
            let late = number > 20
            items.append(try Fixtures.item(number, "item \(number)", due: late ? Fixtures.date(2027, 3, 14) : Fixtures.date(2026, 12, 1, hour: 12),
                                           location: late ? try Location(name: "Warehouse") : nil))
        }
        var state = Fixtures.state(try ToDoList(toDoItems: items, doneItems: []), size: Size(columns: 80, rows: 24))
        state.press(.character("i"))
        let top = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(top[2] == " [ ] item 1                                                    today")
        state.press(.character("G"))
        let bottom = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(bottom.contains(" [ ] item 20                                                   today"), "\(bottom)")
        #expect(bottom.contains(" [ ] item 21                                             Mar 14 2027  Warehouse"), "\(bottom)")
        // A change in the app widens a column at once, without measuring the list again.
        state.press(.character("l"), .control("u"))
        state.type("Supermarket Ehrenfeld")
        state.press(.enter)
        #expect(state.columns.locationWidth == RowFormat.maximumLocationWidth)
        #expect(render(state, size: Size(columns: 80, rows: 24)).trimmedLines.contains(
            " [ ] item 30                                      Mar 14 2027  Supermarket E..."))
    }

    @Test("40×10: narrow layout, titles cut by display width, detail below")
    func narrow() throws {
        let state = try Self.sampleState(size: Size(columns: 40, rows: 10))
        let lines = render(state, size: Size(columns: 40, rows: 10)).trimmedLines
        #expect(lines == [
            " ToDoItems.plist       5 to do - 2 done",
            " To Do (5)",
            " [ ] Buy milk                     today",
            " [ ] Call the plumber abou...       Fri",
            " [ ] 東京タワーで写真を撮...        Thu",
            "----------------------------------------",
            " Call the plumber about the kitchen",
            " sink",
            "",
            " Space tick  a add  ? help  q quit",
        ])
    }

    @Test("i hides the detail pane and the list takes the room")
    func detailHidden() throws {
        var state = try Self.sampleState(size: Size(columns: 40, rows: 10))
        state.press(.character("i"))
        let lines = render(state, size: Size(columns: 40, rows: 10)).trimmedLines
        #expect(lines == [
            " ToDoItems.plist       5 to do - 2 done",
            " To Do (5)",
            " [ ] Buy milk                     today",
            " [ ] Call the plumber abou...       Fri",
            " [ ] 東京タワーで写真を撮...        Thu",
            " [ ] File taxes                 overdue",
            " [ ] Visit the cathedral       tomorrow",
            "",
            "",
            " Space tick  a add  ? help  q quit",
        ])
        #expect(!lines.contains(String(repeating: "-", count: 40)))
    }

    @Test("with the pane hidden, the editors that edit in it (notes, due, tags, repeat) show it while they are open, with what is typed")
    func paneShownForItsEditors() throws {
        let size = Size(columns: 80, rows: 24)
        for key: Character in ["n", "t", "#", "r"] {
            var state = try Self.sampleState(size: size)
            state.press(.character("i"))
            state.press(.character(key))
            state.press(.control("u"))
            for character in "zq" { state.press(.character(character)) }
            let lines = render(state, size: size).trimmedLines
            #expect(lines.contains { $0.contains("zq") }, "\(key): \(lines)")
            state.press(.escape)
            #expect(!render(state, size: size).trimmedLines.contains { $0.contains("zq") }, "\(key)")
        }
    }

    @Test("CJK and emoji titles keep the due column aligned at every size")
    func wideCharactersAligned() throws {
        let titles = ["東京タワーで写真を撮る、そして夜景も見る 📸👍🏽", "naïve café ☕ meeting", "👨‍👩‍👧 family dinner 🇩🇪", "plain ascii title"]
        var items: [ToDoItem] = []
        for (number, title) in titles.enumerated() {
            items.append(try Fixtures.item(number + 1, title, due: Fixtures.date(2026, 12, 3)))
        }
        let list = try ToDoList(toDoItems: items, doneItems: [])
        for size in [Size(columns: 80, rows: 24), Size(columns: 120, rows: 40), Size(columns: 40, rows: 10)] {
            let state = Fixtures.state(list, unicode: true, size: size)
            let screen = render(state, size: size)
            // The column where "Thu" starts, measured by display width.
            var columns = Set<Int>()
            let rows = screen.lines.filter { $0.contains("☐") }
            for line in rows where line.contains("Thu") {
                let prefix = line[..<(line.range(of: "Thu")?.lowerBound ?? line.endIndex)]
                columns.insert(DisplayWidth.of(String(prefix)))
            }
            #expect(columns.count == 1, "due column moved at \(size): \(columns)")
            #expect(rows.filter { $0.contains("Thu") }.count == min(4, Layout(state: state, size: size).list.height - 1))
            for line in screen.lines { #expect(DisplayWidth.of(line) == size.columns) }
        }
    }

    @Test("an empty list shows the hint")
    func emptyHint() {
        let state = Fixtures.state(ToDoList())
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(Array(lines.prefix(5)) == [
            " ToDoItems.plist                                               0 to do - 0 done",
            " To Do (0)",
            "     a to add an item",
            "",
            " Done (0)",
        ])
        #expect(lines[15] == " no item selected")
        #expect(lines[23] == " a add  u undo  / filter  T today  i details  ? help  q quit")
    }

    @Test("below 40×10 it says the terminal is too small")
    func tooSmall() throws {
        let state = try Self.sampleState(size: Size(columns: 39, rows: 10))
        #expect(render(state, size: Size(columns: 39, rows: 10)).trimmedLines == [
            "", "", "", "",
            "          terminal too small",
            "              needs 40×10",
            "", "", "", "",
        ])
        let tiny = render(state, size: Size(columns: 20, rows: 3)).trimmedLines
        #expect(tiny == [" terminal too small", "    needs 40×10", ""])
        #expect(render(state, size: Size(columns: 40, rows: 9)).trimmedLines.contains { $0.contains("terminal too small") })
        #expect(!render(state, size: Size(columns: 40, rows: 10)).trimmedLines.contains { $0.contains("terminal too small") })
    }

    @Test("? shows every binding of the key table, and scrolls")
    func helpScreen() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        state.press(.character("?"))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(Array(lines.prefix(4)) == [" tick keys                                              j/k scroll - Esc closes", " The list", "   ↑ k              move up", "   ↓ j              move down"])
        #expect(lines[23] == " Esc close")
        var all: [String] = []
        for _ in 0..<16 {
            all += render(state, size: Size(columns: 80, rows: 24)).trimmedLines
            state.press(.pageDown)
        }
        for binding in KeyMap.bindings {
            #expect(all.contains { $0.contains(binding.keyLabel) && $0.contains(binding.help) }, "help lacks \(binding.help)")
        }
        state.press(.character("z"))
        #expect(state.mode == .browsing)
    }

    @Test("the footer shows the keys of the current mode from the key table")
    func footerFollowsMode() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        state.press(.character("e"))
        var lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[23] == " Enter keep  Esc cancel  ^A start  ^E end  ^U clear  ^W word")
        state.press(.escape, .character("/"))
        state.type("milk")
        lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[22] == " /milk                                                                   1 of 7")
        state.press(.enter)
        lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[1] == " To Do (1 of 5)")
        #expect(lines[22] == " filter “milk”: 1 of 7")
        #expect(lines[23].contains("Esc clear filter"))
        // Each entry in the footer is a binding's footer entry for this mode.
        let entries = KeyMap.bindings(in: state).compactMap(\.footer).map { "\($0.key) \($0.text)" }
        for entry in entries where lines[23].contains(entry) { #expect(entries.contains(entry)) }
        #expect(entries.filter { lines[23].contains($0) }.count >= 6)
    }

    @Test("editing a title happens on the row, with the cursor in it")
    func inlineTitleEditor() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        state.press(.character("e"), .control("w"))
        state.type("electrician")
        let screen = render(state, size: Size(columns: 80, rows: 24))
        #expect(screen.trimmedLines[3] == " [ ] Call the plumber about the kitchen electrician")
        #expect(screen.cursor?.row == 3)
        #expect(screen.cursor?.column == 5 + DisplayWidth.of("Call the plumber about the kitchen electrician"))
    }

    @Test("adding shows an empty editable row under the cursor")
    func newItemRow() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        state.press(.character("a"))
        state.type("東京")
        let screen = render(state, size: Size(columns: 80, rows: 24))
        #expect(Array(screen.trimmedLines[2...5]) == [
            " [ ] Buy milk                                                    today  Market",
            " [ ] Call the plumber about the kitchen sink                       Fri",
            " [ ] 東京",
            " [ ] 東京タワーで写真を撮る 📸👍🏽                                   Thu  東京",
        ])
        #expect(screen.cursor?.row == 4)
        #expect(screen.cursor?.column == 9)
    }

    @Test("a rule that cannot be put in words shows in the detail pane as its text, and the row says it repeats")
    func recurrenceInDetail() throws {
        var item = try Fixtures.item(3, "File taxes", dueDay: (2026, 11, 28))
        item.iCalendarExtras = "RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1\nCATEGORIES:money"
        item.adoptKeptFields()
        let state = Fixtures.state(try ToDoList(toDoItems: [item], doneItems: []))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines.contains(" Repeats   FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1"), "\(lines)")
        #expect(lines.contains(" Tags      money"), "\(lines)")
        #expect(lines[2].hasPrefix(" [ ] File taxes (r) #money"), "\(lines)")
    }

    @Test("the due date is edited in the detail pane, opened with its current value")
    func dueEditorInDetail() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        state.press(.character("i"), .character("t"))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[15] == " Due       2026-12-04")
        #expect(lines[16] == "           tomorrow, fri, +3d, 2026-12-01; empty clears")
        #expect(lines[18] == " Call the plumber about the kitchen sink")
    }

    @Test("overdue rows are red and today's yellow wherever they stand, the rest plain; done rows dim; the selection is reversed")
    func styles() throws {
        let state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        let screen = render(state, size: Size(columns: 80, rows: 24))
        #expect(screen[5, 2].style.foreground == .yellow)  // Buy milk: today 18:00
        #expect(screen[5, 3].style.foreground == nil)  // the plumber: Fri
        #expect(screen[5, 4].style.foreground == nil)
        #expect(screen[5, 5].style.foreground == .red)  // File taxes: overdue, fourth
        #expect(screen[5, 6].style.foreground == nil)  // tomorrow
        let todayColumn = try #require(screen.lines[2].range(of: "today")).lowerBound.utf16Offset(in: screen.lines[2])
        #expect(screen[todayColumn, 2].style == CellStyle(bold: true, foreground: .yellow))
        #expect(screen[5, 3].style.reverse)
        #expect(!screen[5, 2].style.reverse)
        let overdueColumn = try #require(screen.lines[5].range(of: "overdue")).lowerBound.utf16Offset(in: screen.lines[5])
        #expect(screen[overdueColumn, 5].style.foreground == .red)
        #expect(screen[5, 9].style.dim)
        #expect(!screen[5, 2].style.dim)

        let mono = render(try Self.sampleState(size: Size(columns: 80, rows: 24), colors: false), size: Size(columns: 80, rows: 24))
        #expect(mono.cells.allSatisfy { $0.style.foreground == nil })
        #expect(mono[overdueColumn, 5].style.bold)
        #expect(mono[todayColumn, 2].style.bold)
        #expect(!mono[5, 5].style.bold)
        #expect(mono[5, 3].style.reverse)
    }

    @Test("a due time of today that has passed is overdue on its row and in the detail pane")
    func timedDueOverdueOncePassed() throws {
        var state = try Self.sampleState(size: Size(columns: 80, rows: 24))
        _ = update(&state, .tick(Fixtures.date(2026, 12, 1, hour: 19)))
        state.press(.up)
        let screen = render(state, size: Size(columns: 80, rows: 24))
        #expect(screen.trimmedLines[2] == " [ ] Buy milk                                                  overdue  Market")
        #expect(screen[5, 2].style.foreground == .red)
        #expect(screen.trimmedLines.contains(" Due       Tue, Dec 1 2026 18:00 (today, overdue)"), "\(screen.trimmedLines)")
    }

    @Test("drawing a 100,000-item list shows the rows around the selection")
    func largeList() throws {
        let items = try (0..<100_000).map { try ToDoItem(title: "item \($0)", createdAt: Fixtures.now) }
        var state = Fixtures.state(try ToDoList(toDoItems: items, doneItems: []), size: Size(columns: 80, rows: 24))
        state.press(.character("G"), .up)
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[12] == " [ ] item 99998")
        #expect(lines[13] == " [ ] item 99999")
        #expect(lines[1] == " [ ] item 99987")
    }
}
