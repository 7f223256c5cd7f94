/// How a cell is drawn.
public struct CellStyle: Sendable, Hashable {
    /// A colour from the terminal's palette; nil is the terminal's default.
    public enum Color: Sendable, Hashable {
        case red, green, yellow, blue, magenta, cyan, white
        /// A 256-colour palette index (used for the warm urgency ramp).
        case palette(UInt8)
    }

    public var bold = false
    public var dim = false
    public var reverse = false
    public var underline = false
    public var foreground: Color?

    public init(bold: Bool = false, dim: Bool = false, reverse: Bool = false, underline: Bool = false, foreground: Color? = nil) {
        self.bold = bold
        self.dim = dim
        self.reverse = reverse
        self.underline = underline
        self.foreground = foreground
    }

    public static let plain = CellStyle()
}

/// One terminal cell: a grapheme cluster one or two columns wide, or the right half of a
/// two-column one (`isContinuation`).
public struct Cell: Sendable, Hashable {
    public var text: String
    public var style: CellStyle
    /// True for the second column of a wide character; the terminal draws nothing there.
    public var isContinuation: Bool

    public init(_ text: String = " ", style: CellStyle = .plain, isContinuation: Bool = false) {
        self.text = text
        self.style = style
        self.isContinuation = isContinuation
    }

    public static let blank = Cell()
}

/// A terminal size in columns and rows.
public struct Size: Sendable, Hashable {
    public var columns: Int
    public var rows: Int

    public init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
    }
}

/// A full frame: a grid of cells, plus where the cursor should stand (nil hides it).
public struct Screen: Sendable, Hashable {
    public let size: Size
    public private(set) var cells: [Cell]
    public var cursor: (column: Int, row: Int)? {
        get { cursorPosition.map { ($0.column, $0.row) } }
        set { cursorPosition = newValue.map { CursorPosition(column: $0.column, row: $0.row) } }
    }

    private struct CursorPosition: Sendable, Hashable { var column: Int; var row: Int }
    private var cursorPosition: CursorPosition?
    /// False when only ASCII can be drawn: text cut short ends in "..." instead of "…".
    public var unicode = true

    /// What ends text cut short to fit (see ``write(_:column:row:limit:style:)``).
    var ellipsis: String { unicode ? "…" : "..." }

    public init(size: Size) {
        self.size = Size(columns: max(size.columns, 0), rows: max(size.rows, 0))
        cells = Array(repeating: .blank, count: self.size.columns * self.size.rows)
    }

    public subscript(column: Int, row: Int) -> Cell {
        get { cells[row * size.columns + column] }
        set { cells[row * size.columns + column] = newValue }
    }

    /// The rows as plain text, wide characters once, trailing spaces kept.
    public var lines: [String] {
        (0..<size.rows).map { row in
            var line = ""
            for column in 0..<size.columns {
                let cell = self[column, row]
                if !cell.isContinuation { line += cell.text }
            }
            return line
        }
    }

    /// The rows as text with trailing spaces removed: what tests compare against.
    public var trimmedLines: [String] {
        lines.map { line in
            var trimmed = Substring(line)
            while trimmed.last == " " { trimmed.removeLast() }
            return String(trimmed)
        }
    }
}
