import Glibc
import Testing
@testable import TickTUI

@Suite("What the curses terminal hands ncurses")
struct CursesTerminalPlainTests {
    @Test("the eight style colours are ANSI 1–7; a 256-colour index falls back on an 8-colour palette")
    func paletteIndices() {
        let named: [CellStyle.Color] = [.red, .green, .yellow, .blue, .magenta, .cyan, .white]
        #expect(named.map { CursesTerminal.paletteIndex(for: $0, paletteSize: 8) } == [1, 2, 3, 4, 5, 6, 7])
        #expect(CursesTerminal.paletteIndex(for: .palette(208), paletteSize: 256) == 208)
        #expect((0..<8).contains(CursesTerminal.paletteIndex(for: .palette(208), paletteSize: 8)))
    }

    @Test("a cell's control characters become ?, an empty cell a space, and without Unicode non-ASCII ?")
    func cellCharacters() {
        #expect(CursesTerminal.wideCharacters(of: Cell("a\u{1B}\u{9B}"), unicode: true) == [0x61, 0x3F, 0x3F])
        #expect(CursesTerminal.wideCharacters(of: Cell(""), unicode: true) == [0x20])
        #expect(CursesTerminal.wideCharacters(of: Cell("é"), unicode: false) == [0x3F])
        #expect(CursesTerminal.wideCharacters(of: Cell("é"), unicode: true) == [0xE9])
    }
}
