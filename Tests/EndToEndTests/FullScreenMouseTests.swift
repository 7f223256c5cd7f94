import Foundation
import Testing
import TickCore
import TmuxHarness

/// The mouse behind `--mouse`, driven through the pane as a terminal reports it: the
/// X10 sequences ESC [ M, then the button, column and row, each plus 32 (1-based).
@Suite("Full screen: the mouse", .serialized)
struct FullScreenMouseTests {
    enum Button: UInt8 {
        case left = 0, release = 3, wheelUp = 64, wheelDown = 65
    }

    /// The bytes a terminal sends for a button event at a 0-based column and row.
    static func event(_ button: Button, column: Int, row: Int) -> String {
        let bytes = [0x1B, UInt8(ascii: "["), UInt8(ascii: "M"), 32 + button.rawValue, UInt8(33 + column), UInt8(33 + row)]
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A press and, for a button, its release (the wheel sends presses only).
    static func press(_ button: Button, column: Int, row: Int) -> String {
        event(button, column: column, row: row) + (button == .left ? event(.release, column: column, row: row) : "")
    }

    /// The pane's line index and the column of `text` on it.
    static func position(of text: String, in lines: [String]) throws -> (row: Int, column: Int) {
        let row = try #require(lines.firstIndex { $0.contains(text) }, "\(text) on screen")
        let line = lines[row]
        let range = try #require(line.range(of: text))
        return (row, line.distance(from: line.startIndex, to: range.lowerBound))
    }

    @Test("a click selects a row, a click on its box ticks it (on screen and on disk), the wheel scrolls")
    func clicksAndWheel() throws {
        let app = try TickApp(launch: false)
        let items = try (1...40).map { try ToDoItem(title: String(format: "Task %02d", $0)) }
        try Data(KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))).write(to: URL(fileURLWithPath: app.file))
        let pane = try TmuxSession(in: app.directory, command: TmuxSession.tickCommand(file: app.file, extraArguments: ["--mouse"]))
        _ = try pane.waitFor(text: "To Do (40)")

        // A click on a title selects that item: the detail pane shows it; nothing changes on disk.
        // (Each capture waits for the text it measures: tmux may be part-way through a frame.)
        let title = try Self.position(of: "Task 05", in: try pane.waitFor(text: "Task 05"))
        try pane.type(Self.press(.left, column: title.column + 2, row: title.row))
        try pane.waitFor("Task 05 in the detail pane") { lines in
            lines.contains { line in line.components(separatedBy: "│").dropFirst().contains { $0.contains("Task 05") } }
        }
        #expect(try app.disk().allSatisfy { !$0.done })

        // A click on its box ticks it.
        let box = try Self.position(of: "☐ Task 05", in: try pane.waitFor(text: "☐ Task 05"))
        try pane.type(Self.press(.left, column: box.column, row: box.row))
        let ticked = try pane.waitFor(text: "39 to do · 1 done")
        // (Done is below the rows shown; Task 06 took Task 05's row.)
        #expect(!ticked.contains { $0.contains("☐ Task 05") })
        #expect(ticked[box.row].contains("☐ Task 06"))
        #expect(try app.disk { $0.contains(where: \.done) }.filter(\.done).map(\.title) == ["Task 05"])

        // The wheel scrolls the list by three rows a notch, and back.
        try pane.type(Self.press(.wheelDown, column: 5, row: 5))
        try pane.type(Self.press(.wheelDown, column: 5, row: 5))
        try pane.waitForAbsence(of: "Task 04")
        #expect(try pane.capture().contains { $0.contains("Task 30") })
        try pane.type(Self.press(.wheelUp, column: 5, row: 5))
        try pane.type(Self.press(.wheelUp, column: 5, row: 5))
        try pane.waitFor(text: "To Do (39)")
        try pane.waitFor(text: "Task 01")
        #expect(try app.disk().filter(\.done).map(\.title) == ["Task 05"])
    }
}
