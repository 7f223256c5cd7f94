import FoundationEssentials
import TickCore

extension Screen {
    /// The rule between the list and the detail pane: vertical when beside, horizontal
    /// when below.
    mutating func drawDetailFrame(_ layout: Layout, unicode: Bool, palette: Palette) {
        if layout.detailBeside {
            let column = layout.list.column + layout.list.width
            for row in layout.list.row..<layout.list.row + layout.list.height {
                write(unicode ? "│" : "|", column: column, row: row, style: palette.rule)
            }
        } else {
            let row = layout.list.row + layout.list.height
            let rule = String(repeating: unicode ? "─" : "-", count: size.columns)
            write(rule, column: 0, row: row, style: palette.rule)
        }
    }

    /// The selected item in full: title and notes wrapped (the notes cut to leave the fields
    /// their rows), due date with a relative phrase, location with coordinates, created date. While the notes or the due date are being
    /// edited, their editor comes first.
    mutating func drawDetail(_ state: AppState, in rect: Rect, palette: Palette) {
        guard rect.height > 0, rect.width > 0 else { return }
        guard let item = state.selectedItem else {
            write("no item selected", column: rect.column, row: rect.row, limit: rect.width, style: palette.hint)
            return
        }
        var row = rect.row
        let end = rect.row + rect.height
        let labelWidth = 10

        if case .editing(let field) = state.mode, let editor = state.editor, field.itemID == item.id {
            let label: String?
            switch field {
            case .notes: label = "Notes"
            case .due: label = "Due"
            case .tags: label = "Tags"
            case .repeatRule: label = "Repeats"
            default: label = nil
            }
            if let label {
                write(label, column: rect.column, row: row, style: palette.label)
                let cursorColumn = drawEditor(editor, column: rect.column + labelWidth, row: row,
                                              width: rect.width - labelWidth, style: palette.editor)
                cursor = (cursorColumn, row)
                row += 1
                let hint: String? = switch field {
                case .due: "tomorrow, fri, +3d, 2026-12-01; empty clears"
                case .tags: "home, chores: commas between tags; empty clears"
                case .repeatRule: "every week, every 2 days, every last fri, every month on the 15th … until DATE; empty stops"
                default: nil
                }
                if let hint, row < end {
                    write(hint, column: rect.column + labelWidth, row: row, limit: rect.width - labelWidth, style: palette.hint)
                    row += 1
                }
                row += 1
            }
        }

        for line in TextWrap.lines(item.title, width: rect.width, limit: end - row, ellipsis: ellipsis) {
            write(line, column: rect.column, row: row, style: palette.header)
            row += 1
        }
        var fields: [(String, [String], CellStyle)] = []
        if let due = item.localDue(calendar: state.calendar) {
            let relative = DueDateFormat.relativePhrase(for: due, isDay: item.dueIsDay, now: state.now, calendar: state.calendar)
            let dueState = state.selection?.section == .done ? nil : item.dueState(now: state.now, calendar: state.calendar)
            fields.append(("Due", ["\(DueDateFormat.longDate(due, calendar: state.calendar, withTime: !item.dueIsDay)) (\(relative))"],
                           palette.due(dueState)))
        }
        if let location = item.location {
            var lines = [location.name]
            if let coordinate = location.coordinate { lines.append(Self.coordinateText(coordinate, unicode: state.unicode)) }
            fields.append(("Location", lines, palette.location))
        }
        if let priority = item.priority {
            fields.append(("Priority", [PriorityText.long(priority)], palette.label))
        }
        if !item.tags.isEmpty {
            fields.append(("Tags", [item.tags.joined(separator: ", ")], palette.label))
        }
        if let rule = item.recurrence {
            fields.append(("Repeats", [RepeatText.describe(rule)], palette.label))
        }
        if state.selection?.section == .toDo, let status = item.otherAppStatus {
            fields.append(("Status", [status + " (from another app)"], palette.label))
        }
        fields.append(("Created", [DueDateFormat.longDate(item.createdAt, calendar: state.calendar)], palette.label))
        if let completedAt = item.completedAt {
            fields.append(("Done", [DueDateFormat.longDate(completedAt, calendar: state.calendar)], palette.label))
        }
        if let modifiedAt = item.modifiedAt {
            fields.append(("Modified", [DueDateFormat.longDate(modifiedAt, calendar: state.calendar)], palette.label))
        }

        // The notes get the rows the fields below leave (at least one), so that long notes
        // never hide the due date, place or repeat.
        let fieldRows = fields.reduce(0) { rows, field in
            rows + field.1.reduce(0) { $0 + TextWrap.lines($1, width: rect.width - labelWidth, limit: end - rect.row, ellipsis: ellipsis).count }
        }
        if let notes = item.notes, !notes.isEmpty, row + 1 < end {
            row += 1
            let room = max(end - row - 1 - fieldRows, 1)
            for line in TextWrap.lines(notes, width: rect.width, limit: min(room, end - row), ellipsis: ellipsis) {
                write(line, column: rect.column, row: row)
                row += 1
            }
        }
        row += 1

        for (label, values, style) in fields {
            guard row < end else { return }
            write(label, column: rect.column, row: row, style: palette.label)
            for value in values {
                for line in TextWrap.lines(value, width: rect.width - labelWidth, limit: end - row, ellipsis: ellipsis) {
                    write(line, column: rect.column + labelWidth, row: row, style: style)
                    row += 1
                }
            }
        }
    }

    /// "50.94° N, 6.96° E".
    static func coordinateText(_ coordinate: Location.Coordinate, unicode: Bool) -> String {
        func part(_ value: Double, _ positive: String, _ negative: String) -> String {
            let number = fixedPoint(abs(value), places: 2)
            return "\(number)\(unicode ? "°" : " deg") \(value < 0 ? negative : positive)"
        }
        return "\(part(coordinate.latitude, "N", "S")), \(part(coordinate.longitude, "E", "W"))"
    }
}
