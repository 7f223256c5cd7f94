import FoundationEssentials
import TickCore

/// One line of the human list: position, box, title, due date, location.
struct ListRow {
    let position: Int
    let item: ToDoItem
    let done: Bool

    /// The location column is cut to this many columns on a terminal.
    static let maximumLocationWidth = 20

    /// The rows as lines. With a `width` (a terminal's), columns line up by display width
    /// and every line fits: the title is cut with `…`, the location column goes when the
    /// title would get narrower than 12 columns, then the due column below 8. Without one
    /// (a pipe), each line is its fields joined plainly, nothing padded or cut.
    static func format(_ rows: [ListRow], width: Int?, now: Date, calendar: LocalTime = .current) -> [String] {
        let positions = rows.map { String($0.position) }
        let titles = rows.map { ItemFormatting.oneLine($0.item.title) }
        let dues = rows.map { row in
            row.item.localDue(calendar: calendar).map { due in
                ItemFormatting.date(due, calendar: calendar) + (!row.done && calendar.days(from: now, to: due) < 0 ? " overdue" : "")
            } ?? ""
        }
        let locations = rows.map { $0.item.location.map { ItemFormatting.oneLine($0.name) } ?? "" }
        let boxes = rows.map { $0.done ? "[x]" : "[ ]" }
        guard let width else {
            return rows.indices.map { i in
                var line = "\(positions[i]) \(boxes[i]) \(titles[i])"
                if !dues[i].isEmpty { line += "  " + dues[i] }
                if !locations[i].isEmpty { line += "  " + locations[i] }
                return line
            }
        }
        let positionWidth = positions.map(\.count).max() ?? 0
        var dueWidth = dues.map(\.count).max() ?? 0 // digits, '-', ':', letters and spaces: one column each
        var locationWidth = min(locations.map(DisplayWidth.of).max() ?? 0, maximumLocationWidth)
        let titleStart = positionWidth + 5
        func available() -> Int {
            width - titleStart - (dueWidth > 0 ? dueWidth + 2 : 0) - (locationWidth > 0 ? locationWidth + 2 : 0)
        }
        if locationWidth > 0, available() < 12 { locationWidth = 0 }
        if dueWidth > 0, available() < 8 { dueWidth = 0 }
        let cutTitles = titles.map { DisplayWidth.truncate($0, toWidth: max(available(), 1)) }
        let titleWidth = cutTitles.map(DisplayWidth.of).max() ?? 0
        return rows.indices.map { i in
            let position = String(repeating: " ", count: positionWidth - positions[i].count) + positions[i]
            var line = "\(position) \(boxes[i]) " + DisplayWidth.pad(cutTitles[i], toWidth: titleWidth)
            if dueWidth > 0 { line += "  " + dues[i] + String(repeating: " ", count: dueWidth - dues[i].count) }
            if locationWidth > 0 { line += "  " + DisplayWidth.truncate(locations[i], toWidth: locationWidth) }
            while line.last == " " { line.removeLast() }
            return DisplayWidth.truncate(line, toWidth: width)
        }
    }
}
