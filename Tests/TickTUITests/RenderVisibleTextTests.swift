import Foundation
import Testing
import TickCore
@testable import TickTUI

/// The app shows control characters and bidi overrides as the CLI prints them
/// (`VisibleText`): `^[`, `<U+202E>`, never raw and never as blanks.
@Suite("Control characters on the screen")
struct RenderVisibleTextTests {
    static let title = "esc \u{1B}[31mRED\u{1B}[0m \u{202E}abc"
    static let notes = "one\u{1B}]0;pwned\u{07}\nline\ttwo\u{9B}"

    static func state(size: Size) throws -> AppState {
        let item = try Fixtures.item(1, title, notes: notes, due: Fixtures.date(2026, 12, 4),
                                     location: try Location(name: "Dom\u{2066}x"))
        let other = try Fixtures.item(2, "Plain", due: Fixtures.date(2026, 12, 5))
        return Fixtures.state(try ToDoList(toDoItems: [item, other], doneItems: []), unicode: true, size: size)
    }

    /// True when no cell holds a scalar the terminal would act on or reorder.
    static func noRawControls(_ screen: Screen) -> Bool {
        screen.cells.allSatisfy { cell in !cell.text.unicodeScalars.contains(where: VisibleText.isEscaped) }
    }

    @Test("titles, notes and places show control characters and bidi overrides as the CLI prints them")
    func escapedAsTheCLIPrintsThem() throws {
        let state = try Self.state(size: Size(columns: 120, rows: 30))
        let screen = render(state, size: state.size)
        let lines = screen.trimmedLines
        let shown = "esc ^[[31mRED^[[0m <U+202E>abc"
        #expect(VisibleText.line(Self.title) == shown)
        let row = try #require(lines.first { $0.contains("☐ esc ^[") }, "\(lines.joined(separator: "\n"))")
        #expect(row.contains(shown), "\(row)")
        #expect(row.contains("Dom<U+2066>x"), "\(row)")
        // The detail pane: the title, each line of the notes, the place.
        #expect(lines.contains { $0.hasSuffix("│ " + shown) }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasSuffix("│ one^[]0;pwned^G") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasSuffix("│ line two<U+009B>") }, "\(lines.joined(separator: "\n"))")
        #expect(lines.contains { $0.hasSuffix("Dom<U+2066>x") && $0.contains("Location") })
        #expect(Self.noRawControls(screen))
    }

    @Test("the place column is as wide as the escaped name, so the due dates stay aligned")
    func columnsAlignWithEscapes() throws {
        let state = try Self.state(size: Size(columns: 80, rows: 24))
        let lines = render(state, size: state.size).trimmedLines
        let first = try #require(lines.first { $0.contains("☐ esc ^[") })
        let second = try #require(lines.first { $0.contains("☐ Plain") })
        // Each row ends with its place (the second has none), after a due date of the same width.
        #expect(first.hasSuffix("Dom<U+2066>x"), "\(first)")
        let firstDue = try #require(first.range(of: "Fri")).lowerBound
        let secondDue = try #require(second.range(of: "Sat")).lowerBound
        #expect(first.distance(from: first.startIndex, to: firstDue) == second.distance(from: second.startIndex, to: secondDue),
                "\(first)\n\(second)")
    }

    @Test("the line editor shows a control character as its escape, with the cursor after it")
    func editorShowsEscapes() throws {
        var state = try Self.state(size: Size(columns: 120, rows: 30))
        state.press(.character("e"), .end)
        let screen = render(state, size: state.size)
        let row = try #require(screen.trimmedLines.firstIndex { $0.contains("☐ esc ^[[31mRED^[[0m <U+202E>abc") })
        let cursor = try #require(screen.cursor)
        #expect(cursor.row == row, "\(screen.trimmedLines.joined(separator: "\n"))")
        let line = screen.lines[row]
        let before = String(line.prefix(cursor.column))
        #expect(before.hasSuffix("<U+202E>abc"), "\(line)")
        #expect(Self.noRawControls(screen))
    }
}
