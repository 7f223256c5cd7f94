import Foundation
import Testing
import TickCore
@testable import TickTUI

/// Issue 28, "a newcomer's first day": what is due now, the `?` screen, the footer at 60
/// columns, and keys rebound by config.toml's `[keys]`.
@Suite("A newcomer's first day: due now, help, footer, rebound keys")
struct FirstDayTests {
    static func sampleState(size: Size = Size(columns: 80, rows: 24)) throws -> AppState {
        var list = try Fixtures.sampleList()
        try list.insert(try Fixtures.item(7, "Plan today's talk"), in: .toDo, at: 1)
        return Fixtures.state(list, size: size)
    }

    @Test("T shows what is due today and overdue, soonest first; Esc shows everything again")
    func dueNowView() throws {
        var state = try Self.sampleState()
        state.press(.character("T"))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        // T is /today: a title with the word is found too, after the due ones.
        #expect(Array(lines.prefix(7)) == [
            " ToDoItems.plist                                               5 to do - 2 done",
            " To Do (3 of 5) · by due date",
            " [ ] File taxes                                                overdue",
            " [ ] Buy milk                                                    today  Market",
            " [ ] Plan today's talk",
            "",
            " Done (0 of 2)",
        ])
        #expect(lines[22] == " due today and overdue, soonest first · Esc shows all")
        #expect(state.selectedItem?.title == "File taxes")
        state.press(.escape)
        #expect(state.visibleCount(.toDo) == 5)
    }

    @Test("/today finds what is due today or overdue and the titles with the word; /overdue only what is overdue")
    func filterWords() throws {
        var state = try Self.sampleState()
        state.press(.character("/"))
        state.type("today")
        state.press(.enter)
        let titles = (0..<state.visibleCount(.toDo)).compactMap { state.item(at: $0, in: .toDo)?.title }
        #expect(titles == ["Buy milk", "Plan today's talk", "File taxes"])
        state.press(.character("/"), .control("u"))
        state.type("overdue")
        state.press(.enter)
        #expect((0..<state.visibleCount(.toDo)).compactMap { state.item(at: $0, in: .toDo)?.title } == ["File taxes"])
        // Typing on from a due word searches the whole list again, not only its matches.
        state.press(.character("/"), .control("u"))
        state.type("toda")
        #expect(state.visibleCount(.toDo) == 1)
        state.type("y")
        #expect(state.visibleCount(.toDo) == 3)
    }

    @Test("the ? screen says that it scrolls and how to close it")
    func helpSaysItScrolls() throws {
        var state = try Self.sampleState()
        state.press(.character("?"))
        let lines = render(state, size: Size(columns: 80, rows: 24)).trimmedLines
        #expect(lines[0] == " tick keys                                              j/k scroll - Esc closes")
    }

    @Test("the footer at 60 columns keeps u undo")
    func footerAtSixty() throws {
        let state = try Self.sampleState(size: Size(columns: 60, rows: 24))
        let lines = render(state, size: Size(columns: 60, rows: 24)).trimmedLines
        #expect(lines[23] == " Space tick  a add  e edit  t due  u undo  ? help  q quit")
    }

    @Test("an entry given a key by its own line that a later line takes is reported left without one; its own [] is not")
    func rebindingTakenBack() {
        let (_, problems) = KeyMap.standard.rebinding([
            KeyMap.Rebinding(name: "move_down", keys: ["t"], line: 2),
            KeyMap.Rebinding(name: "move_up", keys: ["t"], line: 3),
            KeyMap.Rebinding(name: "sort", keys: [], line: 4),
        ])
        #expect(Set(problems.map(\.message)) == ["due has no key left: move_down took it", "move_down has no key left: move_up took it"],
                "\(problems)")
    }

    @Test("a [keys] rebinding changes what the key does and what the footer and ? say; a key taken from another is reported")
    func rebinding() throws {
        let (keyMap, problems) = KeyMap.standard.rebinding([
            KeyMap.Rebinding(name: "move_down", keys: ["t", "Down"], line: 2),
            KeyMap.Rebinding(name: "tick", keys: ["x"], line: 3),
            KeyMap.Rebinding(name: "undo", keys: ["Ctrl-Z"], line: 4),
        ])
        #expect(problems == [
            KeyMap.Problem(line: 2, message: "due has no key left: move_down took it"),
            KeyMap.Problem(line: 4, message: "suspend has no key left: undo took it"),
        ])
        var state = try Self.sampleState()
        state.keyMap = keyMap
        state.press(.character("t"))
        #expect(state.selectedItem?.title == "Plan today's talk")
        #expect(state.mode == .browsing)
        state.press(.character(" "))
        #expect(state.list.doneItems.count == 2)
        state.press(.character("x"))
        #expect(state.list.doneItems.count == 3)
        state.press(.control("z"))
        #expect(state.list.doneItems.count == 2)
        let footer = render(state, size: Size(columns: 80, rows: 24)).trimmedLines[23]
        #expect(footer == " x tick  a add  e edit  dd delete  Ctrl-Z undo  / filter  ? help  q quit")
        let help = Screen.helpLines(keyMap)
        #expect(help.contains(.binding(keys: "t ↓", help: "move down")))
        #expect(help.contains(.binding(keys: "(none)", help: "due — edit the due date: tomorrow, fri, +3d, 2026-12-01")))
        #expect(help.contains(.binding(keys: "Ctrl-Z", help: "undo — the list's last change, wherever made; says which")))
        #expect(help.contains(.binding(keys: "(none)", help: "suspend — back to the shell; fg comes back")))
    }

    @Test("an unknown action or key name in [keys] is a problem with its line, and changes nothing")
    func unknownNames() {
        let (keyMap, problems) = KeyMap.standard.rebinding([
            KeyMap.Rebinding(name: "jump", keys: ["j"], line: 5),
            KeyMap.Rebinding(name: "undo", keys: ["Hyper-U"], line: 6),
        ])
        #expect(problems.map(\.line) == [5, 6])
        #expect(problems[0].message.hasPrefix("unknown action \"jump\""))
        #expect(problems[1].message.hasPrefix("unknown key \"Hyper-U\" for undo"))
        #expect(keyMap.bindings.map(\.keys) == KeyMap.standard.bindings.map(\.keys))
    }

    @Test("quit left without a key by [keys] keeps Ctrl-C, taken from any other entry, and says so")
    func quitKeepsControlC() throws {
        for rebindings in [[KeyMap.Rebinding(name: "quit", keys: [], line: 3)],
                           [KeyMap.Rebinding(name: "quit", keys: ["Q"], line: 2), KeyMap.Rebinding(name: "first_item", keys: ["Q", "Ctrl-C"], line: 3)]] {
            let (keyMap, problems) = KeyMap.standard.rebinding(rebindings)
            #expect(problems.contains(KeyMap.Problem(line: 3, message: "quit would have no key, and the list could not be left: it keeps Ctrl-C")), "\(problems)")
            var state = try Self.sampleState()
            state.keyMap = keyMap
            #expect(state.press(.control("c")).contains(.quit), "\(rebindings)")
        }
        // An entry whose only key was Ctrl-C, given back to quit, is said to have none left.
        let (_, problems) = KeyMap.standard.rebinding([KeyMap.Rebinding(name: "first_item", keys: ["Ctrl-C"], line: 4),
                                                       KeyMap.Rebinding(name: "quit", keys: [], line: 5)])
        #expect(problems.contains(KeyMap.Problem(line: 5, message: "first_item has no key left: quit took Ctrl-C back")), "\(problems)")
    }

    @Test("[colors] recolours overdue and today; none turns a colour off")
    func colorScheme() throws {
        var state = try Self.sampleState()
        state.colorScheme.overdue = .magenta
        state.colorScheme.today = nil
        let screen = render(state, size: Size(columns: 80, rows: 24))
        let row = try #require(screen.trimmedLines.firstIndex { $0.contains("File taxes") })
        #expect(screen[5, row].style.foreground == .magenta)
        #expect(screen[5, 2].style.foreground == nil)  // Buy milk, today
    }

    @Test("i asks the run loop to remember whether the detail pane is shown")
    func detailRemembered() throws {
        var state = try Self.sampleState()
        #expect(state.press(.character("i")) == [.rememberDetail(false)])
        #expect(state.press(.character("i")) == [.rememberDetail(true)])
    }

    @Test("a quit key moved by [keys] still quits while the terminal is too small")
    func reboundQuitWhileTooSmall() throws {
        var state = try Self.sampleState(size: Size(columns: 39, rows: 10))
        state.keyMap = KeyMap.standard.rebinding([KeyMap.Rebinding(name: "quit", keys: ["Q"], line: 1)]).keyMap
        #expect(state.press(.character("q")) == [])
        #expect(state.press(.character("Q")) == [.quit])
    }
}
