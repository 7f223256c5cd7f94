import FoundationEssentials
import TickCore

extension Screen {
    /// Draws the rows of the list that fit in `rect`, from the scroll offset.
    mutating func drawList(_ state: AppState, in rect: Rect, palette: Palette) {
        guard rect.height > 0, rect.width > 0 else { return }
        let rows = ListRows(state: state)
        let offset = rows.scrollOffset(from: state.scrollOffset, keeping: state.selection, height: rect.height)
        let visible = (offset..<min(offset + rect.height, rows.total)).compactMap { rows.kind(at: $0) }

        // Column widths from the whole list, so that they stay put while scrolling.
        let markWidth = state.columns.markWidth
        let format = RowFormat(width: rect.width, unicode: state.unicode, dueWidth: state.columns.dueWidth,
                               locationWidth: state.columns.locationWidth)

        for (line, kind) in visible.enumerated() {
            let row = rect.row + line
            switch kind {
            case .header(let section):
                drawSectionHeader(section, state: state, column: rect.column, row: row, width: rect.width, palette: palette)
            case .hint:
                let hint = state.filter != nil ? "no matches" : "a to add an item"
                write(hint, column: rect.column + format.titleColumn, row: row, limit: rect.width - format.titleColumn, style: palette.hint)
            case .blank:
                break
            case .item(let section, let index):
                drawItemRow(state, section: section, index: index, format: format, markWidth: markWidth, column: rect.column, row: row,
                            palette: palette)
            }
        }
    }

    private mutating func drawSectionHeader(_ section: ToDoList.Section, state: AppState, column: Int, row: Int, width: Int, palette: Palette) {
        let total = state.total(section)
        let count = state.filter.map { "\($0.matches(in: section).count) of \(total)" } ?? "\(total)"
        let order = section == .toDo && state.sort != .manual ? " · by \(state.sort.name)" : ""
        write("\(section.title) (\(count))\(order)", column: column + 1, row: row, limit: width - 1, style: palette.sectionHeader)
    }

    /// One item's row: box, priority mark (when an item of the list has one: `markWidth`), title,
    /// repeat sign, tags and a folded item's `(+N)`, then due and location in their columns. A
    /// subtask's box, mark and title are indented 2 columns per parent above it.
    private mutating func drawItemRow(_ state: AppState, section: ToDoList.Section, index: Int, format: RowFormat, markWidth: Int,
                                      column rowColumn: Int, row: Int, palette: Palette) {
        let selected = state.selection == Selection(section: section, index: index)
        let item = state.item(at: index, in: section)
        let indent = 2 * state.rowDepth(at: index, in: section)
        // The indented part: box, mark and title move right; due and location stay in their columns.
        let column = rowColumn + indent
        let dueState = section == .done ? nil : item?.dueState(now: state.now, calendar: state.calendar)
        let base: CellStyle = section == .done ? palette.doneRow : palette.toDoTitle(dueState)

        // The new-item row, or the row whose title or location is being edited.
        let editedField: EditField? = {
            guard case .editing(let field) = state.mode else { return nil }
            switch field {
            case .newItem: return item == nil ? field : nil
            case .title(let id), .location(let id): return item?.id == id ? field : nil
            case .notes, .due, .tags, .repeatRule: return nil
            }
        }()

        write(RowFormat.box(checked: section == .done, unicode: state.unicode), column: column + format.boxColumn, row: row, style: base)
        if let editedField, let editor = state.editor {
            var fieldColumn = column + format.titleColumn
            let fieldEnd = rowColumn + format.width - 1
            if case .location = editedField {
                fieldColumn += write("at ", column: fieldColumn, row: row, style: palette.label)
            }
            let cursorColumn = drawEditor(editor, column: fieldColumn, row: row, width: fieldEnd - fieldColumn, style: palette.editor)
            cursor = (cursorColumn, row)
            return
        }
        guard let item else { return }
        if let priority = item.priority, markWidth > 0 {
            var style = palette.priority(priority)
            style.dim = style.dim || section == .done
            write(PriorityText.mark(priority, unicode: state.unicode), column: column + format.titleColumn, row: row, limit: 1, style: style)
        }
        let titleColumn = column + format.titleColumn + markWidth
        let titleLimit = max(format.titleWidth - indent - markWidth, 0)
        var used = write(item.title, column: titleColumn, row: row, limit: titleLimit, style: base)
        // The repeat sign and the tags, after the title, while they fit (the title comes first).
        var extras: [(String, CellStyle)] = []
        if item.recurrence != nil { extras.append((state.unicode ? "↻" : "(r)", palette.label)) }
        for tag in item.tags { extras.append(("#" + tag, palette.tag)) }
        if let hidden = state.hiddenOpenSubtasks(of: item) { extras.append(("(+\(hidden))", palette.label)) }
        for (text, style) in extras where used + 1 < titleLimit {
            used += 1 + write(text, column: titleColumn + used + 1, row: row, limit: titleLimit - used - 1, style: style)
        }
        if format.dueWidth > 0, let due = item.localDue(calendar: state.calendar) {
            let text = DueDateFormat.rowText(for: due, isDay: item.dueIsDay, now: state.now, calendar: state.calendar, done: section == .done).text
            let width = DisplayWidth.of(text)
            write(text, column: rowColumn + format.dueColumn + format.dueWidth - width, row: row, limit: width,
                  style: section == .done ? palette.doneRow : palette.due(dueState))
        }
        if format.locationWidth > 0, let name = item.location?.name {
            var style = palette.location
            style.dim = section == .done
            write(name, column: rowColumn + format.locationColumn, row: row, limit: format.locationWidth, style: style)
        }
        if selected {
            restyle(row: row, from: rowColumn, width: format.width) { $0.reverse = true }
        }
    }
}
