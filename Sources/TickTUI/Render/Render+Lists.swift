import FoundationEssentials
import TickCore

extension Screen {
    /// The list picker in the list's place: a title saying what Enter does, then one row a
    /// list — `•` marks the open one — with its open and done counts in a column.
    mutating func drawPicker(_ picker: ListPicker, state: AppState, in rect: Rect, palette: Palette) {
        guard rect.height > 1, rect.width > 4 else { return }
        let title: String = switch picker.purpose {
        case .open: "Lists"
        case .move(let ids, let title):
            "Move “\(VisibleText.line(title))”" + (ids.count > 1 ? " and \(ids.count - 1) subtask\(ids.count == 2 ? "" : "s")" : "") + " to"
        }
        write(title, column: rect.column + 1, row: rect.row, limit: rect.width - 2, style: palette.sectionHeader)
        let dot = state.unicode ? "·" : "-"
        let mark = state.unicode ? "•" : "*"
        let nameWidth = min(picker.lists.map { DisplayWidth.of(VisibleText.line($0.name)) }.max() ?? 0, max(rect.width / 2, 1))
        let height = rect.height - 1
        let top = min(max(picker.index - height + 1, 0), max(picker.lists.count - height, 0))
        for (line, index) in (top..<min(top + height, picker.lists.count)).enumerated() {
            let list = picker.lists[index]
            let row = rect.row + 1 + line
            var column = rect.column + 1
            column += write(list.name == state.listName ? mark : " ", column: column, row: row)
            column += 1
            column += write(DisplayWidth.pad(VisibleText.line(list.name), toWidth: nameWidth), column: column, row: row,
                            limit: nameWidth, style: palette.header)
            column += 2
            write(list.problem == nil ? "\(list.open) to do \(dot) \(list.done) done" : "cannot be read", column: column, row: row,
                  limit: max(rect.column + rect.width - column - 1, 0), style: list.problem == nil ? palette.label : palette.error)
            if index == picker.index { restyle(row: row, from: rect.column, width: rect.width) { $0.reverse = true } }
        }
    }

    /// The name being typed for a new or renamed list, on the status line.
    mutating func drawListNameEditor(_ editor: LineEditor, renaming old: String?, row: Int, palette: Palette) {
        let prompt = old.map { "rename \(VisibleText.line($0)) to: " } ?? "new list: "
        let column = 1 + write(prompt, column: 1, row: row, style: palette.footerKey)
        cursor = (drawEditor(editor, column: column, row: row, width: max(size.columns - column - 1, 1), style: .plain), row)
    }
}
