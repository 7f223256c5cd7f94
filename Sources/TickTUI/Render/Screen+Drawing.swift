import TickCore

extension Screen {
    /// Writes text from a column of a row, one cell per grapheme cluster (two for wide
    /// ones), never past `limit` columns; returns the columns used. Text that does not fit
    /// is cut with ``DisplayWidth/truncate(_:toWidth:ellipsis:)`` and ends in an ellipsis:
    /// this is where every piece of text on the screen is cut. Control characters show as
    /// a space.
    @discardableResult
    mutating func write(_ text: String, column: Int, row: Int, limit: Int? = nil, style: CellStyle = .plain) -> Int {
        guard (0..<size.rows).contains(row), column >= 0 else { return 0 }
        let end = min(size.columns, limit.map { column + max($0, 0) } ?? size.columns)
        guard end > column else { return 0 }
        var x = column
        for character in Self.fitting(text, width: end - column, ellipsis: ellipsis) {
            guard x < end else { break }
            var shown = character
            var width = DisplayWidth.of(character)
            if width == 0 {
                guard character.unicodeScalars.first.map({ $0.value < 0x20 || $0.value == 0x7F }) == true else { continue }
                shown = " "
                width = 1
            }
            if x + width > end { break }
            self[x, row] = Cell(String(shown), style: style)
            if width == 2 { self[x + 1, row] = Cell("", style: style, isContinuation: true) }
            x += width
        }
        return x - column
    }

    /// The text cut to `width` columns with an ellipsis, counting control characters as
    /// the one column they are drawn in.
    static func fitting(_ text: String, width: Int, ellipsis: String) -> String {
        if text.utf8.count <= width { return text }
        var controls = 0
        for scalar in text.unicodeScalars where scalar.value < 0x20 || scalar.value == 0x7F { controls += 1 }
        guard DisplayWidth.of(text) + controls > width else { return text }
        guard controls > 0 else { return DisplayWidth.truncate(text, toWidth: width, ellipsis: ellipsis) }
        // Controls are drawn one column wide: cut the text with them shown as spaces.
        let shown = String(String.UnicodeScalarView(text.unicodeScalars.map {
            $0.value < 0x20 || $0.value == 0x7F ? " " : $0
        }))
        return DisplayWidth.truncate(shown, toWidth: width, ellipsis: ellipsis)
    }

    /// Sets the style of a run of cells, keeping their text.
    mutating func restyle(row: Int, from column: Int, width: Int, _ change: (inout CellStyle) -> Void) {
        guard (0..<size.rows).contains(row) else { return }
        for x in max(column, 0)..<min(column + width, size.columns) {
            change(&self[x, row].style)
        }
    }

    /// Fills a run of cells with blanks in a style.
    mutating func fill(row: Int, from column: Int, width: Int, style: CellStyle = .plain) {
        guard (0..<size.rows).contains(row) else { return }
        for x in max(column, 0)..<min(column + width, size.columns) {
            self[x, row] = Cell(" ", style: style)
        }
    }

    /// Draws a line editor in a field, scrolled sideways so that the cursor is visible;
    /// returns the cursor's screen column. Costs O(field width), not O(text length).
    @discardableResult
    mutating func drawEditor(_ editor: LineEditor, column: Int, row: Int, width: Int, style: CellStyle) -> Int {
        guard width > 0 else { return column }
        let characters = editor.characters
        let cursor = editor.cursor
        // Start at the beginning when the cursor fits there, else end the view at the cursor.
        var start = 0
        var used = 0
        var index = 0
        while index < cursor, used <= width - 1 {
            used += Self.columns(of: characters[index])
            index += 1
        }
        if used > width - 1 {
            start = cursor
            used = 0
            while start > 0, used + Self.columns(of: characters[start - 1]) <= width - 1 {
                used += Self.columns(of: characters[start - 1])
                start -= 1
            }
        }
        fill(row: row, from: column, width: width, style: style)
        var x = column
        var cursorColumn = column
        var i = start
        while i < characters.count || i == cursor {
            if i == cursor { cursorColumn = x }
            guard i < characters.count else { break }
            let w = Self.columns(of: characters[i])
            if x + w > column + width { break }
            if characters[i] == "\n" || characters[i] == "\r\n" {
                // A line break in the notes, shown as a mark of its own.
                write(unicode ? "↵" : "|", column: x, row: row, limit: w, style: CellStyle(dim: true, reverse: style.reverse))
            } else {
                write(String(characters[i]), column: x, row: row, limit: w, style: style)
            }
            x += w
            i += 1
        }
        return cursorColumn
    }

    /// Columns a character takes when drawn (controls take one, as a space).
    static func columns(of character: Character) -> Int {
        let width = DisplayWidth.of(character)
        if width == 0, character.unicodeScalars.first.map({ $0.value < 0x20 || $0.value == 0x7F }) == true { return 1 }
        return width
    }
}
