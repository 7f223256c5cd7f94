import FoundationEssentials
import TickCore

/// Draws the state as a full frame at a size. Pure: the same state and size give the same
/// screen. Cost follows the visible rows, never the list size.
public func render(_ state: AppState, size: Size) -> Screen {
    var screen = Screen(size: size)
    screen.unicode = state.unicode
    let layout = Layout(state: state, size: size)
    if layout.tooSmall {
        screen.drawTooSmall()
        return screen
    }
    let palette = Palette(colors: state.colors, scheme: state.colorScheme)
    if case .help(let scroll) = state.mode {
        screen.drawHelp(state, scroll: scroll, palette: palette)
        return screen
    }
    screen.drawHeader(state, palette: palette)
    if let picker = state.picker {
        screen.drawPicker(picker, state: state, in: layout.list, palette: palette)
    } else {
        screen.drawList(state, in: layout.list, palette: palette)
    }
    if let detail = layout.detail {
        screen.drawDetailFrame(layout, unicode: state.unicode, palette: palette)
        screen.drawDetail(state, in: detail, palette: palette)
    }
    screen.drawStatus(state, row: layout.statusRow, palette: palette)
    screen.drawFooter(state, row: layout.footerRow, palette: palette)
    return screen
}

extension Screen {
    mutating func drawTooSmall() {
        let lines = ["terminal too small", "needs \(Layout.minimumSize.columns)×\(Layout.minimumSize.rows)"]
        let top = max((size.rows - lines.count) / 2, 0)
        for (offset, line) in lines.enumerated() where top + offset < size.rows {
            let width = DisplayWidth.of(line)
            let column = max((size.columns - width) / 2, 0)
            write(line, column: column, row: top + offset)
        }
    }

    mutating func drawHeader(_ state: AppState, palette: Palette) {
        let dot = state.unicode ? "·" : "-"
        var counts = "\(state.total(.toDo)) to do \(dot) \(state.total(.done)) done"
        // The list's name once there is more than one (a single list looks as it always did).
        if state.listNames.count > 1 || state.listName != ListSet.defaultName { counts = "\(VisibleText.line(state.listName)) \(dot) " + counts }
        if state.saveError != nil, !state.pendingOperations.isEmpty { counts = "not saved \(dot) " + counts }
        let countsWidth = DisplayWidth.of(counts)
        let countsColumn = max(size.columns - 1 - countsWidth, 0)
        write(state.fileName, column: 1, row: 0, limit: countsColumn - 2, style: palette.header)
        write(counts, column: countsColumn, row: 0, style: state.saveError != nil && !state.pendingOperations.isEmpty ? palette.error : .plain)
    }

    mutating func drawStatus(_ state: AppState, row: Int, palette: Palette) {
        if case .namingList(let old) = state.mode, let editor = state.editor {
            return drawListNameEditor(editor, renaming: old, row: row, palette: palette)
        }
        if state.mode == .filtering, let editor = state.editor {
            let matches = state.visibleCount(.toDo) + state.visibleCount(.done)
            let count = " \(matches) of \(state.list.count)"
            let countWidth = DisplayWidth.of(count)
            write("/", column: 1, row: row, style: palette.footerKey)
            let fieldWidth = max(size.columns - 3 - countWidth - 1, 1)
            let cursorColumn = drawEditor(editor, column: 2, row: row, width: fieldWidth, style: .plain)
            write(count, column: size.columns - 1 - countWidth, row: row, style: palette.footerText)
            cursor = (cursorColumn, row)
            return
        }
        if let status = state.status {
            write(status.text, column: 1, row: row, limit: size.columns - 2, style: status.isError ? palette.error : palette.status)
            return
        }
        if let query = state.filterQuery {
            let matches = state.visibleCount(.toDo) + state.visibleCount(.done)
            write("filter “\(query)”: \(matches) of \(state.list.count)", column: 1, row: row, limit: size.columns - 2, style: palette.footerText)
        } else if let sync = state.liveSync?.status {
            // What the background sync last did, when nothing else is said.
            write(sync.text, column: 1, row: row, limit: size.columns - 2, style: sync.isError ? palette.error : palette.footerText)
        }
    }

    /// The keys that apply now, from the key table: as many as fit, the most useful first,
    /// shown in table order.
    mutating func drawFooter(_ state: AppState, row: Int, palette: Palette) {
        // A list's name refused while its editor holds the status line: why, in the keys' place.
        if case .namingList = state.mode, let status = state.status, status.isError {
            write(status.text, column: 1, row: row, limit: size.columns - 2, style: palette.error)
            return
        }
        let entries = KeyMap.bindings(in: state).compactMap(\.footer)
        var chosen = Set<Int>()
        var used = 0
        let available = size.columns - 2
        for (index, entry) in entries.enumerated().sorted(by: { $0.element.rank < $1.element.rank }) {
            let width = DisplayWidth.of(entry.key) + 1 + DisplayWidth.of(entry.text) + (chosen.isEmpty ? 0 : 2)
            if used + width <= available {
                chosen.insert(index)
                used += width
            }
        }
        var column = 1
        for (index, entry) in entries.enumerated() where chosen.contains(index) {
            if column > 1 { column += 2 }
            column += write(entry.key, column: column, row: row, style: palette.footerKey)
            column += 1
            column += write(entry.text, column: column, row: row, style: palette.footerText)
        }
    }
}
