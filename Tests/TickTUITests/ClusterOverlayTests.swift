import Foundation
import Testing
import TickCore
@testable import TickTUI

/// Grapheme clusters drawn whole: kept whole in the cell grid, and written past ncurses.
@Suite("Grapheme clusters")
struct ClusterOverlayTests {
    static let family = "👨\u{200D}👩\u{200D}👧\u{200D}👦"
    static let marked = "e" + String(repeating: "\u{0301}", count: 4) + String(repeating: "\u{0323}", count: 4)

    /// ANSI strings in place of terminfo's, so the bytes can be read.
    static var capabilities: ClusterOverlay.Capabilities { ClusterOverlay.Capabilities(
        saveCursor: "<sc>", restoreCursor: "<rc>", resetStyle: "<sgr0>", bold: "<bold>", dim: nil,
        reverse: "<rev>", underline: nil,
        moveTo: { row, column in "<cup \(row),\(column)>" },
        foreground: { color in color == .red ? "<red>" : nil }
    ) }

    @Test("a ZWJ family and a letter with 8 combining marks are one cell each, 2 and 1 columns wide")
    func cellsHoldWholeClusters() throws {
        #expect(Self.marked.count == 1)
        let item = try Fixtures.item(1, "\(Self.family) and \(Self.marked)!")
        let state = Fixtures.state(try ToDoList(toDoItems: [item], doneItems: []), unicode: true)
        let screen = render(state, size: state.size)
        let row = try #require(screen.lines.firstIndex { $0.contains("and") })
        let line = screen.lines[row]
        #expect(line.contains("\(Self.family) and \(Self.marked)!"))
        let column = try #require((0..<screen.size.columns).first { screen[$0, row].text == Self.family })
        #expect(screen[column + 1, row].isContinuation)
        #expect(screen[column + 2, row].text == " ")
        #expect(screen[column + 7, row].text == Self.marked)
        #expect(screen[column + 8, row].text == "!")
    }

    @Test("clusters of more than one code point go past ncurses; single code points do not")
    func whichCells() {
        #expect(ClusterOverlay.needsOverlay(Cell(Self.family)))
        #expect(ClusterOverlay.needsOverlay(Cell(Self.marked)))
        #expect(ClusterOverlay.needsOverlay(Cell("👍🏽")))
        #expect(!ClusterOverlay.needsOverlay(Cell("東")))
        #expect(!ClusterOverlay.needsOverlay(Cell("a")))
        #expect(!ClusterOverlay.needsOverlay(Cell("", isContinuation: true)))
    }

    @Test("the bytes write the whole cluster in its style, then the cells a too-wide drawing would cover")
    func bytes() {
        var screen = Screen(size: Size(columns: 12, rows: 2))
        screen.write("ab" + Self.family + "cd", column: 0, row: 1, style: CellStyle(bold: true, foreground: .red))
        let overlay = ClusterOverlay(capabilities: Self.capabilities)
        let text = String(decoding: overlay.bytes(for: [ClusterOverlay.Place(row: 1, column: 2)], of: screen), as: UTF8.self)
        // Seven code points: up to 14 columns of the row, which has 12; after the cluster's
        // own two, cells 4…11 are written again.
        var expected = "<sc><cup 1,2><sgr0><bold><red>\(Self.family)"
        expected += "<cup 1,4><sgr0><bold><red>c<cup 1,5><sgr0><bold><red>d"
        for column in 6..<12 { expected += "<cup 1,\(column)><sgr0> " }
        expected += "<sgr0><rc>"
        #expect(text == expected)
        #expect(overlay.bytes(for: [], of: screen).isEmpty)
    }

    @Test("control characters in a cluster are written as ?")
    func controls() {
        #expect(ClusterOverlay.printable("a\u{1B}b\u{9B}") == "a?b?")
    }

    @Test("TERM=dumb and unknown terminals cannot draw the full screen; xterm can")
    func terminalCapabilities() {
        #expect(!CursesTerminal.canDrawFullScreen(terminalType: "dumb"))
        #expect(!CursesTerminal.canDrawFullScreen(terminalType: "no-such-terminal-type"))
        #expect(!CursesTerminal.canDrawFullScreen(terminalType: ""))
        #expect(CursesTerminal.canDrawFullScreen(terminalType: "xterm-256color"))
        // Only a type terminfo has no entry for is unknown (tick says so before it prints the list).
        #expect(CursesTerminal.unknownTerminalType("no-such-terminal-type") == "no-such-terminal-type")
        #expect(CursesTerminal.unknownTerminalType("dumb") == nil)
        #expect(CursesTerminal.unknownTerminalType("xterm-256color") == nil)
    }
}
