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

            Removing an item removes its subtasks too (the line says how many). \
            `tick undo` puts back what the last remove deleted.
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
        // (--before first: without --done it is the mistake, not a missing ITEM.)
        if before != nil && !done { throw ValidationError("--before goes with --done: tick remove --done --before DATE") }
        if done && !items.items.isEmpty { throw ValidationError("give ITEMs or --done, not both") }
        if !done && items.items.isEmpty { throw ValidationError("Missing ITEM: tick remove ITEM… (or --done to clear Done)") }
    }

    func run() throws {
        guard done else {
            try changeEach(items.items, storeOptions: storeOptions, verb: "removed", undoName: "remove", command: "remove") { .remove($0.id) }
            return
        }
        try reportingErrors {
            let removed = try storeOptions.makeStore().modifyRecording(verb: "remove", command: "remove --done") { list, record in
                let isKept = { (item: ToDoItem) in before.map { (item.completedAt ?? item.createdAt) >= $0 } ?? false }
                let kept = list.doneItems.filter(isKept)
                let count = list.doneItems.count - kept.count
                // Undo puts each back where it was, the first first.
                let gone = list.doneItems.enumerated().filter { !isKept($0.element) }
                record.record(gone.map { .remove($0.element.id) }, inverse: gone.map { .insert($0.element, .done, at: $0.offset) },
                              titles: gone.map(\.element.title))
                // One new list rather than a removal per item, which would take time
                // growing with the square of a long Done.
                if count > 0 { list = try ToDoList(toDoItems: Array(list.toDoItems), doneItems: kept, unknownFields: list.unknownFields) }
                return count
            }
            output("removed \(removed) done item\(removed == 1 ? "" : "s")")
        }
    }
}
