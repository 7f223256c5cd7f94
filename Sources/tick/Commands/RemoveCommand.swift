import ArgumentParser
import FoundationEssentials
import TickCore

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete items, or clear Done.",
        discussion: """
            --done deletes every item in Done; with --before DATE only those ticked off before \
            DATE (items ticked off before tick recorded when count from when they were \
            created). DATE takes the forms of --due (see `tick help add`).

            Examples:
              tick remove 3f2a
              tick rm 4 7
              tick remove --done
              tick remove --done --before -30d
            """,
        aliases: ["rm", "delete"]
    )

    @OptionGroup var items: ItemArguments

    @Flag(help: "Delete every item in Done (clear Done).")
    var done = false

    @Option(parsing: .unconditional,
            help: ArgumentHelp("With --done: only the items ticked off before this date.", valueName: "date"),
            transform: ArgumentValues.date)
    var before: Date?

    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if done && !items.items.isEmpty { throw ValidationError("give ITEMs or --done, not both") }
        if !done && items.items.isEmpty { throw ValidationError("Missing ITEM: tick remove ITEM… (or --done to clear Done)") }
        if before != nil && !done { throw ValidationError("--before goes with --done") }
    }

    func run() throws {
        guard done else {
            try changeEach(items.items, storeOptions: storeOptions, verb: "removed") { .remove($0.id) }
            return
        }
        try reportingErrors {
            let removed = try storeOptions.makeStore().modify { list in
                let kept = list.doneItems.filter { item in before.map { (item.completedAt ?? item.createdAt) >= $0 } ?? false }
                let count = list.doneItems.count - kept.count
                // One new list rather than a removal per item, which would take time
                // growing with the square of a long Done.
                if count > 0 { list = try ToDoList(toDoItems: list.toDoItems, doneItems: kept, unknownFields: list.unknownFields) }
                return count
            }
            output("removed \(removed) done item\(removed == 1 ? "" : "s")")
        }
    }
}
