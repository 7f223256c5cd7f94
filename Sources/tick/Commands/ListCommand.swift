import ArgumentParser
import FoundationEssentials
import TickCore
import TickInterchange

struct ListCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "Print the list: To Do, then Done.",
        discussion: """
            Each line shows the item's position (what ITEM arguments take), [ ] or [x], the \
            title, the due date and the location. Positions count To Do first, then Done, \
            also with --open or --done.

            --json prints an array of objects with the keys id, title, notes, due, location, \
            done, createdAt, completedAt, modifiedAt, externalUID and iCalendarExtras \
            (docs/interchange.md); dates are ISO 8601 in UTC, a due given as a day is \
            "2026-12-01". `tick export --format json` prints the same and `tick import` reads it.

            Examples:
              tick list
              tick list --open
              tick list --json | jq -r '.[].title'
            """
    )

    @Flag(help: "Only the items still to do.")
    var open = false

    @Flag(help: "Only the items done.")
    var done = false

    @Flag(help: "Print JSON instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if open && done { throw ValidationError("--open and --done exclude each other; give neither for both") }
    }

    func run() throws {
        try reportingErrors {
            let sections: [ToDoList.Section] = open ? [.toDo] : done ? [.done] : [.toDo, .done]
            let store = storeOptions.makeStore()
            // For JSON, the file's pages are given back as its items are read (a few ms more
            // at 100,000 items, about 12 MiB less at the peak).
            let list = json ? try store.loadInStages(previewItems: 1, minimumItems: .max) { _ in } : try store.load()
            try Self.printList(list, sections: sections, json: json)
        }
    }

    /// Prints the given sections of `list` as text or JSON.
    static func printList(_ list: ToDoList, sections: [ToDoList.Section], json: Bool) throws {
        if json { return try JSONOutput.write(list, sections: sections) }
        var rows: [ListRow] = []
        for section in sections {
            let offset = section == .toDo ? 0 : list.toDoItems.count
            for (index, item) in list.items(in: section).enumerated() {
                rows.append(ListRow(position: offset + index + 1, item: item, done: section == .done))
            }
        }
        for line in ListRow.format(rows) { output(line) }
    }
}

/// One line of the human list.
struct ListRow {
    let position: Int
    let item: ToDoItem
    let done: Bool

    /// Titles longer than this many columns are cut with `…`.
    static let maximumTitleWidth = 50

    /// The rows as aligned lines: position, box, title, due, location; columns by display width.
    static func format(_ rows: [ListRow], calendar: LocalTime = .current) -> [String] {
        let positions = rows.map { String($0.position) }
        let titles = rows.map { DisplayWidth.truncate(ItemFormatting.oneLine($0.item.title), toWidth: maximumTitleWidth) }
        let dues = rows.map { $0.item.due.map { ItemFormatting.date($0, calendar: calendar) } ?? "" }
        let locations = rows.map { $0.item.location.map { ItemFormatting.oneLine($0.name) } ?? "" }
        let positionWidth = positions.map(\.count).max() ?? 0
        let titleWidths = titles.map(DisplayWidth.of)
        let titleWidth = titleWidths.max() ?? 0
        let dueWidth = dues.map(\.count).max() ?? 0 // digits, '-', ':' and a space: one column each
        return rows.indices.map { i in
            let position = String(repeating: " ", count: positionWidth - positions[i].count) + positions[i]
            let title = titles[i] + String(repeating: " ", count: titleWidth - titleWidths[i])
            var line = "\(position) \(rows[i].done ? "[x]" : "[ ]") \(title)"
            if dueWidth > 0 { line += "  " + dues[i] + String(repeating: " ", count: dueWidth - dues[i].count) }
            if !locations[i].isEmpty { line += "  " + locations[i] }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
