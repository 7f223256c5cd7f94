import TickCore

extension Screen {
    /// Writes text from a column of a row, one cell per grapheme cluster (two for wide
    /// ones), never past `limit` columns; returns the columns used. Text is shown as the CLI
    /// prints it (``VisibleText/line(_:)``): control characters and bidi overrides as `^[`
    /// or `<U+202E>`, line breaks and tabs as spaces, so that no text can drive the terminal
    /// or turn a line around. Text that does not fit is cut with
    /// ``DisplayWidth/truncate(_:toWidth:ellipsis:)`` and ends in an ellipsis: this is where
    /// every piece of text on the screen is cut.
    @discardableResult
    mutating func write(_ text: String, column: Int, row: Int, limit: Int? = nil, style: CellStyle = .plain) -> Int {
        guard (0..<size.rows).contains(row), column >= 0 else { return 0 }
        let end = min(size.columns, limit.map { column + max($0, 0) } ?? size.columns)
        guard end > column else { return 0 }
        var x = column
        for character in Self.fitting(text, width: end - column, ellipsis: ellipsis) {
            guard x < end else { break }
            let width = DisplayWidth.of(character)
            // A cluster that takes no column (a lone combining mark, a zero-width space).
            if width == 0 { continue }
            if x + width > end { break }
            self[x, row] = Cell(String(character), style: style)
            if width == 2 { self[x + 1, row] = Cell("", style: style, isContinuation: true) }
            x += width
        }
        return x - column
    }

    /// The text as it is shown (``VisibleText/line(_:)``), cut to `width` columns with an
    /// ellipsis.
    static func fitting(_ text: String, width: Int, ellipsis: String) -> String {
        let shown = VisibleText.line(text)
        if shown.utf8.count <= width { return shown }
        return DisplayWidth.truncate(shown, toWidth: width, ellipsis: ellipsis)
    }

    /// The columns text takes when drawn by ``write(_:column:row:limit:style:)`` uncut.
    static func width(of text: String) -> Int {
        DisplayWidth.of(VisibleText.line(text))
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

    /// Columns a character takes when drawn: its visible form's (`^[` takes two, a tab one).
    static func columns(of character: Character) -> Int {
        width(of: String(character))
    }
}
