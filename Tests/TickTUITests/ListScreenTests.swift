import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Full screen: several lists — the header's name, ] and [, the picker L, m, and what update asks the loop")
struct ListScreenTests {
    private let size = Size(columns: 60, rows: 12)

    /// Pack (with its subtask Socks) and Call in To Do, Tasks open, lists Tasks, Home, Work.
    private func state(listNames: [String] = ["Tasks", "Home", "Work"]) throws -> AppState {
        var socks = try Fixtures.item(2, "Socks")
        socks.parent = Fixtures.id(1)
        let list = try ToDoList(toDoItems: [Fixtures.item(1, "Pack"), socks, Fixtures.item(3, "Call")], doneItems: [])
        var state = Fixtures.state(list, unicode: true, size: size)
        state.press(.character("i"))
        _ = update(&state, .listNamesRead(listNames))
        return state
    }

    private func summaries() -> [ListSummary] {
        [ListSummary(name: "Tasks", open: 3, done: 0), ListSummary(name: "Home", open: 0, done: 2), ListSummary(name: "Work", open: 12, done: 5)]
    }

    @Test("the header names the open list once there is more than one; with one list it is as it was")
    func header() throws {
        let several = render(try state(), size: size).trimmedLines[0]
        #expect(several == " ToDoItems.plist                   Tasks · 3 to do · 0 done")
        let one = render(try state(listNames: ["Tasks"]), size: size).trimmedLines[0]
        #expect(one == " ToDoItems.plist                           3 to do · 0 done")
    }

    @Test("] and [ ask the loop to open the next and the previous list, round; with one list they say how to make one")
    func nextAndPrevious() throws {
        var state = try state()
        #expect(state.press(.character("]")) == [.openList("Home")])
        #expect(state.press(.character("[")) == [.openList("Work")])
        var single = try self.state(listNames: ["Tasks"])
        #expect(single.press(.character("]")) == [.bell])
        #expect(single.status?.text == "Tasks is the only list: L, then a, makes another")
    }

    @Test("L reads the lists; the picker shows each with its counts, the open one marked, j/k select, Enter opens, Ctrl-C closes")
    func picker() throws {
        var state = try state()
        #expect(state.press(.character("L")) == [.readLists(.open)])
        _ = update(&state, .listsRead(summaries(), purpose: .open, selecting: nil))
        let lines = render(state, size: size).trimmedLines
        #expect(Array(lines[1...4]) == [
            " Lists",
            " • Tasks  3 to do · 0 done",
            "   Home   0 to do · 2 done",
            "   Work   12 to do · 5 done",
        ])
        #expect(lines[11] == " Enter choose  a new list  r rename  d remove  Esc close")
        // A list whose file cannot be read is shown so, and hides no other.
        var broken = state
        _ = update(&broken, .listsRead(summaries() + [ListSummary(name: "Zoo", open: 0, done: 0, problem: "bad file")], purpose: .open, selecting: nil))
        #expect(render(broken, size: size).trimmedLines[5] == "   Zoo    cannot be read")
        #expect(state.press(.character("j"), .character("j"), .character("j")) == [])
        #expect(state.picker?.selected?.name == "Work")
        #expect(state.press(.enter) == [.openList("Work")])
        #expect(state.picker == nil && state.mode == .browsing)
        // Ctrl-C closes it, as Esc, q and L do.
        _ = update(&state, .listsRead(summaries(), purpose: .open, selecting: nil))
        #expect(state.press(.control("c")) == [])
        #expect(state.picker == nil && state.mode == .browsing)
    }

    @Test("the picker takes the detail pane's room too: every row it has room for is a list")
    func pickerWithoutDetail() throws {
        var state = try state()
        state.press(.character("i"))
        #expect(state.detailVisible)
        let lists = ["Tasks", "A", "B", "C", "D", "E", "F", "G"].map { ListSummary(name: $0, open: 1, done: 0) }
        _ = update(&state, .listsRead(lists, purpose: .open, selecting: nil))
        let lines = render(state, size: size).trimmedLines
        #expect(Array(lines[1...9]) == [" Lists", " • Tasks  1 to do · 0 done"] + ["A", "B", "C", "D", "E", "F", "G"].map { "   \($0)      1 to do · 0 done" })
    }

    @Test("m on a parent offers to move it with its subtasks, the first other list selected; Enter asks the loop to move them, in order; the open list is refused")
    func moveToList() throws {
        var state = try state()
        let block = [Fixtures.id(1), Fixtures.id(2)]
        #expect(state.press(.character("m")) == [.readLists(.move(block, title: "Pack"))])
        _ = update(&state, .listsRead(summaries(), purpose: .move(block, title: "Pack"), selecting: nil))
        #expect(render(state, size: size).trimmedLines[1] == " Move “Pack” and 1 subtask to")
        #expect(state.picker?.selected?.name == "Home")
        #expect(state.press(.character("k"), .enter) == [.bell])
        #expect(state.status?.text == "the item is in Tasks already: choose another list")
        #expect(state.press(.character("j"), .enter) == [.moveItems(block, to: "Home", title: "Pack")])
    }

    @Test("in the picker a types a new list's name on the status line, r renames the selected one; Tasks is refused; a refused name stays in its editor")
    func makeAndRename() throws {
        var state = try state()
        _ = update(&state, .listsRead(summaries(), purpose: .open, selecting: nil))
        state.press(.character("a"))
        for character in "Garden" { state.press(.character(character)) }
        #expect(render(state, size: size).trimmedLines[10] == " new list: Garden")
        #expect(state.press(.enter) == [.makeList("Garden")])
        #expect(state.mode == .pickingList)
        #expect(state.press(.character("r")) == [.bell])
        #expect(state.status?.text == "Tasks is the list file itself: it cannot be renamed")
        state.press(.character("j"), .character("r"))
        #expect(render(state, size: size).trimmedLines[10] == " rename Home to: Home")
        state.press(.control("u"))
        for character in "House" { state.press(.character(character)) }
        #expect(state.press(.enter) == [.renameList("Home", to: "House")])
        state.press(.character("a"), .character("a"), .character("/"), .character("b"))
        #expect(state.press(.enter) == [.bell])
        #expect(state.status?.text == "\"a/b\" cannot name a list: it holds \"/\"")
        #expect(render(state, size: size).trimmedLines.suffix(2) == [" new list: a/b", " \"a/b\" cannot name a list: it holds \"/\""])
        // Refused, the name stays in its editor to be mended: typed again, it is text, not
        // the picker's keys (d, y would remove a list).
        #expect(state.mode == .namingList(renaming: nil))
        state.press(.control("u"))
        for character in "home" { state.press(.character(character)) }
        #expect(state.press(.enter) == [.bell])
        #expect(state.status?.text == "\"home\" is taken: there is already a list named \"Home\" (names differing only in case are refused)")
        state.press(.control("u"))
        for character in "dyStudy" { #expect(state.press(.character(character)) == []) }
        #expect(state.press(.enter) == [.makeList("dyStudy")])
        #expect(state.mode == .pickingList)
    }

    @Test("d asks; an empty list goes at y, one with items asks again saying how many go; any other key keeps it")
    func remove() throws {
        var state = try state()
        _ = update(&state, .listsRead(summaries(), purpose: .open, selecting: nil))
        #expect(state.press(.character("d")) == [.bell])
        #expect(state.status?.text == "Tasks is the list file itself: it cannot be removed")
        state.press(.character("j"), .character("d"))
        #expect(state.status?.text == "remove the list Home? y removes it (u cannot bring it back), any other key keeps it")
        #expect(state.press(.character("y")) == [])
        #expect(state.status?.text == "Home holds 2 items: y removes the list and its 2 items, any other key keeps it")
        #expect(state.press(.character("y")) == [.removeList("Home", withItems: true)])
        state.press(.character("d"))
        #expect(state.press(.character("x")) == [])
        #expect(state.mode == .pickingList)
        var empty = try self.state()
        _ = update(&empty, .listsRead([ListSummary(name: "Tasks", open: 3, done: 0), ListSummary(name: "Old", open: 0, done: 0)],
                                      purpose: .open, selecting: "Old"))
        empty.press(.character("d"))
        #expect(empty.press(.character("y")) == [.removeList("Old", withItems: false)])
    }

    @Test("a list opened by the loop replaces the list, its name and sync; the header says it")
    func opened() throws {
        var state = try state()
        state.press(.character("/"), .character("P"), .enter)
        let work = try ToDoList(toDoItems: [Fixtures.item(7, "Report")], doneItems: [Fixtures.item(8, "Slides")])
        _ = update(&state, .listOpened(ListOpening(name: "Work", fileName: "Work.plist", list: work, names: ["Tasks", "Home", "Work"], liveSync: nil)))
        let lines = render(state, size: size).trimmedLines
        #expect(lines[0] == " Work.plist                         Work · 1 to do · 1 done")
        #expect(Array(lines[1...2]) == [" To Do (1)", " ☐ Report"])
        #expect(lines[10] == " opened Work")
        #expect(state.filterQuery == nil)
    }

    @Test("u on a move between lists asks the loop to undo it in both lists; after \"changed elsewhere\" a second u does it anyway")
    func undoMove() throws {
        var state = try state()
        let move = UndoJournal.Entry(name: "move of \"Pack\" to Work", forward: [.remove(Fixtures.id(1))], inverse: [], source: "window")
        var entry = move
        entry.pair = UndoJournal.Pair(list: "/elsewhere/Work.plist", entry: UUID())
        _ = update(&state, .journalRead([entry], version: nil))
        #expect(state.press(.character("u")) == [.undoMove(anyway: false)])
        _ = update(&state, .listMoveUndone(.changedElsewhere(entry.id, entry.name)))
        #expect(state.status?.text == "a list changed elsewhere since: u again to undo move of \"Pack\" to Work anyway")
        #expect(state.press(.character("u")) == [.undoMove(anyway: true)])
    }
}
