import ArgumentParser
import FoundationEssentials
import TickCore

struct ShowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "show",
        abstract: "Print one item with all its fields.",
        // One ITEM: its arguments are read as ITEM… are (so that -1 gets "positions start at
        // 1"), which argument-parser would show as [<item> ...].
        usage: "tick show <item> [--json] [--file <path>]",
        discussion: """
            Examples:
              tick show 1
              tick show 3f2a --json
            """
    )

    @OptionGroup var itemArgument: SingleItemArgument

    @Flag(help: "Print a JSON object instead of text.")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            let list = try storeOptions.makeStore().load()
            let (item, section, position) = try itemArgument.item.resolve(in: list)
            if json {
                output(JSONOutput.object(item, done: section == .done))
                return
            }
            output(ItemFormatting.oneLine(item.title))
            var fields: [(String, String)] = [
                ("id", item.id.uuidString.lowercased()),
                ("position", "\(position) (\(section.title))"),
            ]
            if let notes = item.notes { fields.append(("notes", VisibleText.lines(notes).joined(separator: "\n            "))) }
            if let due = item.localDue() {
                let overdue = section == .toDo && item.dueState(now: Date()) == .overdue
                fields.append(("due", ItemFormatting.date(due, withTime: !item.dueIsDay) + (overdue ? "  overdue" : "")))
            }
            if let location = item.location { fields.append(("location", ItemFormatting.location(location, withCoordinate: true))) }
            if let priority = item.priority { fields.append(("priority", PriorityText.long(priority))) }
            if !item.tags.isEmpty { fields.append(("tags", item.tags.map(VisibleText.line).joined(separator: ", "))) }
            if let rule = item.recurrence { fields.append(("repeats", RepeatText.describe(rule))) }
            if let parent = item.parent.flatMap(list.item(withID:)) {
                fields.append(("subtask", "of " + ItemFormatting.shortID(parent) + "  " + ItemFormatting.oneLine(parent.title)))
            }
            let subtasks = list.descendants(of: item.id).compactMap(list.item(withID:)).filter { $0.parent == item.id }
            if !subtasks.isEmpty {
                let open = subtasks.filter { list.position(of: $0.id)?.section == .toDo }.count
                fields.append(("subtasks", "\(subtasks.count) (\(open) open)"))
            }
            // (Checked in tick, the item is done, and is written back so.)
            if section == .toDo, let status = item.otherAppStatus { fields.append(("status", status + "  (from another app)")) }
            fields.append(("created", ItemFormatting.date(item.createdAt)))
            if let completedAt = item.completedAt { fields.append(("done", ItemFormatting.date(completedAt))) }
            if let modifiedAt = item.modifiedAt { fields.append(("modified", ItemFormatting.date(modifiedAt))) }
            for (name, value) in fields {
                output("  " + DisplayWidth.pad(name + ":", toWidth: 10) + value)
            }
        }
    }
}
