#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The parts of ``CursesTerminal`` that need no ncurses: the locale, the colour numbers and
/// the characters of a cell.
extension CursesTerminal {
    /// Whether the current locale's character set is UTF-8.
    public static func localeIsUTF8() -> Bool {
        guard let codeset = nl_langinfo(nl_item(CODESET)) else { return false }
        let name = String(cString: codeset).uppercased()
        return name == "UTF-8" || name == "UTF8"
    }

    /// The terminal's colour number for a style colour: the eight ANSI colours are 0–7 in
    /// every terminal (curses' COLOR_RED … COLOR_WHITE); a 256-colour index falls back to the
    /// nearest basic colour on a smaller palette.
    static func paletteIndex(for color: CellStyle.Color, paletteSize: Int) -> Int16 {
        switch color {
        case .red: return 1
        case .green: return 2
        case .yellow: return 3
        case .blue: return 4
        case .magenta: return 5
        case .cyan: return 6
        case .white: return 7
        case .palette(let index):
            if Int(index) < paletteSize { return Int16(index) }
            return Palette.basicColor(forPaletteIndex: index)
        }
    }

    /// A cell's characters as curses takes them: a control character becomes `?`, an empty
    /// cell a space, and without Unicode every non-ASCII character `?`.
    static func wideCharacters(of cell: Cell, unicode: Bool) -> [wchar_t] {
        var characters: [wchar_t] = []
        for scalar in cell.text.unicodeScalars {
            let value = scalar.value
            let safe: UInt32 = (value < 0x20 || (0x7F..<0xA0).contains(value)) ? 0x3F : value
            characters.append(wchar_t(bitPattern: safe))
        }
        if characters.isEmpty { characters = [wchar_t(0x20)] }
        if !unicode {
            characters = characters.map { $0 < 0x80 ? $0 : wchar_t(0x3F) }
        }
        return characters
    }
}
