import TickCore

/// A rectangle of the screen.
struct Rect: Sendable, Hashable {
    var column: Int
    var row: Int
    var width: Int
    var height: Int

    func contains(column: Int, row: Int) -> Bool {
        (self.column..<self.column + width).contains(column) && (self.row..<self.row + height).contains(row)
    }
}

/// Where each part of the screen goes at a size: header, list, detail pane, status line,
/// footer. ``render(_:size:)`` and the mouse handling in ``update(_:_:)`` share it.
struct Layout: Sendable, Hashable {
    /// The smallest size tick draws at; smaller shows "terminal too small".
    static let minimumSize = Size(columns: 40, rows: 10)
    /// From this width on, the detail pane stands right of the list; below it otherwise.
    static let wideColumns = 100

    let size: Size
    let tooSmall: Bool
    let headerRow = 0
    let list: Rect
    /// The detail pane's text area, nil when hidden.
    let detail: Rect?
    /// True when the detail pane is right of the list (with a vertical rule before it).
    let detailBeside: Bool
    let statusRow: Int
    let footerRow: Int

    /// True below ``minimumSize``: the screen only says "terminal too small".
    static func isTooSmall(_ size: Size) -> Bool {
        size.columns < minimumSize.columns || size.rows < minimumSize.rows
    }

    init(size: Size, showDetail: Bool) {
        self.size = size
        tooSmall = Self.isTooSmall(size)
        footerRow = max(size.rows - 1, 0)
        statusRow = max(size.rows - 2, 0)
        let contentTop = 1
        let contentHeight = max(size.rows - 3, 0)
        if showDetail, size.columns >= Self.wideColumns {
            let detailWidth = min(60, max(36, size.columns * 2 / 5))
            let listWidth = size.columns - detailWidth - 1
            list = Rect(column: 0, row: contentTop, width: listWidth, height: contentHeight)
            // One column of rule, one of padding.
            detail = Rect(column: listWidth + 2, row: contentTop, width: detailWidth - 1, height: contentHeight)
            detailBeside = true
        } else if showDetail {
            let detailHeight = max(3, contentHeight * 2 / 5)
            let listHeight = contentHeight - detailHeight
            list = Rect(column: 0, row: contentTop, width: size.columns, height: listHeight)
            // The first row of the pane is a horizontal rule.
            detail = Rect(column: 1, row: contentTop + listHeight + 1, width: size.columns - 2, height: detailHeight - 1)
            detailBeside = false
        } else {
            list = Rect(column: 0, row: contentTop, width: size.columns, height: contentHeight)
            detail = nil
            detailBeside = false
        }
    }

    init(state: AppState, size: Size) {
        self.init(size: size, showDetail: state.showsDetail)
    }
}

extension AppState {
    /// Whether the detail pane is drawn: when toggled on, and always while editing the notes,
    /// the due date, the tags or the repeat (they are edited in it); never under the list
    /// picker, which takes the list's place and its room.
    var showsDetail: Bool {
        if picker != nil { return false }
        return switch mode {
        case .editing(.notes), .editing(.due), .editing(.tags), .editing(.repeatRule): true
        default: detailVisible
        }
    }
}

/// The list's rows as shown: a "To Do (n)" header, its items (or one hint row when it has
/// none), a blank row, a "Done (m)" header and its items. Computed from counts only, so
/// mapping between rows and items is O(1) whatever the list size.
struct ListRows: Sendable, Hashable {
    enum Kind: Sendable, Hashable {
        case header(ToDoList.Section)
        case hint
        case blank
        case item(ToDoList.Section, Int)
    }

    let toDoCount: Int
    let doneCount: Int

    init(toDoCount: Int, doneCount: Int) {
        self.toDoCount = toDoCount
        self.doneCount = doneCount
    }

    init(state: AppState) {
        self.init(toDoCount: state.visibleCount(.toDo), doneCount: state.visibleCount(.done))
    }

    private var toDoRows: Int { max(toDoCount, 1) }
    var doneHeaderRow: Int { toDoRows + 2 }
    var total: Int { doneHeaderRow + 1 + doneCount }

    func kind(at row: Int) -> Kind? {
        switch row {
        case 0: return .header(.toDo)
        case 1...toDoRows: return toDoCount == 0 ? .hint : .item(.toDo, row - 1)
        case toDoRows + 1: return .blank
        case doneHeaderRow: return .header(.done)
        case (doneHeaderRow + 1)..<total: return .item(.done, row - doneHeaderRow - 1)
        default: return nil
        }
    }

    func row(of selection: Selection) -> Int {
        selection.section == .toDo ? 1 + selection.index : doneHeaderRow + 1 + selection.index
    }

    /// The first row to show so that the selected row is visible (and its section header
    /// too when it is the first item), moving as little as possible from `offset`.
    func scrollOffset(from offset: Int, keeping selection: Selection?, height: Int) -> Int {
        guard height > 0 else { return 0 }
        var offset = offset
        if let selection {
            let row = row(of: selection)
            let top = selection.index == 0 && height > 1 ? row - 1 : row
            offset = min(offset, top)
            offset = max(offset, row - height + 1)
        }
        return min(max(offset, 0), max(total - height, 0))
    }
}
