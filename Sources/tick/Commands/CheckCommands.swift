import ArgumentParser
import FoundationEssentials
import TickCore

/// Runs one operation on the item an ITEM argument names, and prints what was done.
func change(
    _ reference: ItemReference, storeOptions: StoreOptions, verb: String,
    _ operation: (ToDoItem) -> ToDoList.Operation
) throws {
    try reportingErrors {
        // Resolve ITEM and change the file under one lock, so that the item named is the
        // item changed even while another process edits the list.
        let item = try storeOptions.makeStore().modify { list in
            let (item, _, _) = try reference.resolve(in: list)
            try list.apply(operation(item))
            return item
        }
        output("\(verb) \(ItemFormatting.shortID(item))  \(ItemFormatting.oneLine(item.title))")
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Mark an item done: it moves to the top of Done.",
        discussion: "Example:\n  tick check 1"
    )

    @Argument(help: ItemReference.help)
    var item: ItemReference

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try change(item, storeOptions: storeOptions, verb: "checked") { .check($0.id) }
    }
}

struct UncheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uncheck",
        abstract: "Mark a done item as to do again: it moves to the end of To Do.",
        discussion: "Example:\n  tick uncheck 4"
    )

    @Argument(help: ItemReference.help)
    var item: ItemReference

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try change(item, storeOptions: storeOptions, verb: "unchecked") { .uncheck($0.id) }
    }
}

struct RemoveCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Delete an item.",
        discussion: "Example:\n  tick remove 3f2a"
    )

    @Argument(help: ItemReference.help)
    var item: ItemReference

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try change(item, storeOptions: storeOptions, verb: "removed") { .remove($0.id) }
    }
}
