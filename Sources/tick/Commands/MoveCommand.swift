import ArgumentParser
import FoundationEssentials
import TickCore

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move an item within its section (To Do's order is its urgency), or to another list.",
        // One ITEM: see ShowCommand's usage.
        usage: "tick move <item> --to <n> [--list <name>] [--file <path>]\n       tick move <item> --to-list <name> [--list <name>] [--file <path>]",
        discussion: """
            With --to, N counts within the item's own section: 1 is the top of To Do for an \
            open item, the top of Done for a done one. A parent moves with its subtasks after \
            it; a subtask moves only among its parent's subtasks. The line says where the \
            item went.

            With --to-list, the item goes from its list (--list, else Tasks) to the end of its \
            section in the list NAME, as tick add adds: same id, every field kept; a parent \
            takes its subtasks along, in order, and a subtask moved alone is top level there. \
            tick undo in either list moves it back.

            Examples:
              tick move 5 --to 1
              tick move 3f2a --to 2
              tick move 2 --to-list Work
              tick move 1 --list Work --to-list Tasks
            """
    )

    @OptionGroup var itemArgument: SingleItemArgument

    /// Parsed unconditionally, so that `--to -1` is read as a number and refused by
    /// ``validate()`` with what is wrong rather than "Missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("The new position within the section, from 1.", valueName: "n"))
    var to: Int?

    @Option(help: ArgumentHelp("The list to move the item to.", valueName: "name"), completion: .custom(ItemCompletion.listNames))
    var toList: String?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        switch (to, toList) {
        case (nil, nil): throw ValidationError("Missing --to N (a position) or --to-list NAME (another list)")
        case (_?, _?): throw ValidationError("--to and --to-list exclude each other: a moved item goes to the end of its section")
        case (let to?, nil) where to < 1: throw ValidationError("--to \(to) is not a position: positions within a section start at 1")
        default: break
        }
    }

    func run() throws {
        try reportingErrors {
            if let toList { return try moveToList(toList) }
            let to = self.to ?? 1
            let (item, section, at) = try storeOptions.makeStore().modifyRecording(verb: "move", command: "move") { list, record in
                let (item, section, _) = try itemArgument.item.resolve(in: list)
                let count = list.items(in: section).count
                guard to <= count else {
                    throw CLIError("--to \(to) is past the end of \(section.title), which has \(count) item\(count == 1 ? "" : "s")")
                }
                try record.apply(.reorder(item.id, at: to - 1), to: &list, title: item.title)
                // (Subtasks keep to tree order: the item may be elsewhere than asked.)
                return (item, section, (list.position(of: item.id)?.index ?? to - 1) + 1)
            }
            output("moved \(ItemFormatting.shortID(item)) to \(at) in \(section.title)  \(ItemFormatting.oneLine(item.title))")
        }
    }

    /// `--to-list`: the item, named in the list `--list` picks, moved with ``ListSet``.
    private func moveToList(_ given: String) throws {
        let set = storeOptions.listSet
        let target = StoreOptions.spelled(given, in: set)
        let source = storeOptions.listName
        let list = try storeOptions.makeStore().load()
        let (item, _, _) = try itemArgument.item.resolve(in: list)
        // A parent takes its subtasks along, after it in the order of the source list.
        let subtasks = list.descendants(of: item.id)
        let result = try set.move([item.id] + subtasks, from: source, to: target, recordingAs: "tick move")
        if let error = result.journalError { warn("\(error.description); tick undo cannot undo this move") }
        let note = result.alreadyInTarget.isEmpty ? "" : " (it was there already: a copy left by an interrupted move; removed from \(source))"
        let carried = subtasks.isEmpty ? "" : "  (and \(subtasks.count) subtask\(subtasks.count == 1 ? "" : "s"))"
        output("moved \(ItemFormatting.shortID(item)) to \(target)\(note)  \(ItemFormatting.oneLine(item.title))\(carried)")
    }
}
