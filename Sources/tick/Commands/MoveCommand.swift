import ArgumentParser
import FoundationEssentials
import TickCore

struct MoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "move",
        abstract: "Move an item within its section (To Do's order is its urgency).",
        // One ITEM: see ShowCommand's usage.
        usage: "tick move <item> --to <n> [--file <path>]",
        discussion: """
            N counts within the item's own section: 1 is the top of To Do for an open item, \
            the top of Done for a done one. A parent moves with its subtasks after it; a \
            subtask moves only among its parent's subtasks. The line says where the item \
            went.

            Examples:
              tick move 5 --to 1
              tick move 3f2a --to 2
            """
    )

    @OptionGroup var itemArgument: SingleItemArgument

    /// Parsed unconditionally, so that `--to -1` is read as a number and refused by
    /// ``validate()`` with what is wrong rather than "Missing value".
    @Option(parsing: .unconditional, help: ArgumentHelp("The new position within the section, from 1.", valueName: "n"))
    var to: Int

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if to < 1 { throw ValidationError("--to \(to) is not a position: positions within a section start at 1") }
    }

    func run() throws {
        try reportingErrors {
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
}
