import Glibc
import TickCore

/// Grapheme clusters that ncurses' cells cannot hold, written to the terminal directly.
///
/// An ncurses cell keeps one spacing character and a few combining ones (CCHARW_MAX), so a
/// ZWJ family emoji (four people joined) or a letter with many combining marks came out cut.
/// ``CursesTerminal`` gives ncurses blanks of the cluster's width in its place and, after
/// ncurses has drawn the frame, writes the whole cluster there with these bytes: the cursor
/// saved, moved there, the cell's style, the cluster, and the cursor and style restored.
/// A terminal that draws the cluster wider than its display width (one that does not join
/// ZWJ sequences) would write over the cells after it, so those are written again too.
struct ClusterOverlay {
    /// The terminfo strings the overlay needs.
    struct Capabilities {
        var saveCursor: String
        var restoreCursor: String
        var resetStyle: String
        var bold: String?
        var dim: String?
        var reverse: String?
        var underline: String?
        /// `cup`: the string that moves the cursor to a row and column.
        var moveTo: (_ row: Int, _ column: Int) -> String
        /// `setaf` for a cell colour, nil when the terminal draws no colours.
        var foreground: (CellStyle.Color) -> String?
    }

    /// A cell to write over: its place on the screen.
    struct Place: Hashable {
        var row: Int
        var column: Int
    }

    let capabilities: Capabilities

    /// True when ncurses would cut the cell's text: more than one code point (a combining
    /// sequence of up to four fits, but one rule for all keeps drawing and redrawing simple).
    static func needsOverlay(_ cell: Cell) -> Bool {
        guard !cell.isContinuation else { return false }
        var scalars = cell.text.unicodeScalars.makeIterator()
        _ = scalars.next()
        return scalars.next() != nil
    }

    /// The bytes that write the clusters at `places` of `screen`, each followed by the cells
    /// a terminal drawing it too wide would have covered (up to two columns per code point,
    /// within the row, stopping at the next overlaid cell).
    func bytes(for places: [Place], of screen: Screen) -> [UInt8] {
        guard !places.isEmpty else { return [] }
        let overlaid = Set(places)
        var output = capabilities.saveCursor
        for place in places {
            let cell = screen[place.column, place.row]
            write(cell, at: place, into: &output)
            let width = max(DisplayWidth.of(cell.text), 1)
            let reach = min(place.column + 2 * cell.text.unicodeScalars.count, screen.size.columns)
            var column = place.column + width
            while column < reach, !overlaid.contains(Place(row: place.row, column: column)) {
                let next = screen[column, place.row]
                if !next.isContinuation { write(next, at: Place(row: place.row, column: column), into: &output) }
                column += 1
            }
        }
        output += capabilities.resetStyle + capabilities.restoreCursor
        return Array(output.utf8)
    }

    /// Writes ``bytes(for:of:)`` to the terminal (after ncurses has drawn the frame).
    func write(_ places: [Place], of screen: Screen, to descriptor: Int32) {
        let bytes = bytes(for: places, of: screen)
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }

    private func write(_ cell: Cell, at place: Place, into output: inout String) {
        output += capabilities.moveTo(place.row, place.column) + capabilities.resetStyle
        let style = cell.style
        if style.bold, let bold = capabilities.bold { output += bold }
        if style.dim, let dim = capabilities.dim { output += dim }
        if style.reverse, let reverse = capabilities.reverse { output += reverse }
        if style.underline, let underline = capabilities.underline { output += underline }
        if let color = style.foreground, let foreground = capabilities.foreground(color) { output += foreground }
        output += Self.printable(cell.text)
    }

    /// The text with control characters replaced by "?", as ncurses' cells get them.
    static func printable(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            let value = scalar.value
            result.append(value < 0x20 || (0x7F..<0xA0).contains(value) ? "?" : scalar)
        }
        return String(result)
    }
}
