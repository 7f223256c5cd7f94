import ArgumentParser
import FoundationEssentials
import TickCore

/// Runs one operation on each item the ITEM arguments name and prints a line per item.
///
/// Every reference is resolved against the list as it is before any change (so `tick
/// remove 4 7` removes the items `tick list` showed at 4 and 7), all under one lock, with
/// one save; nothing changes when any reference is wrong. `skip` says why an item needs no
/// change ("already done"); such items are reported and left alone, and when no item needs
/// a change the file is not written. The change is recorded in the undo journal, named
/// `undoName of "title"`, as made by `tick command`.
func changeEach(
    _ references: [ItemReference], storeOptions: StoreOptions, verb: String, undoName: String, command: String,
    skip: (ToDoItem, ToDoList.Section) -> String? = { _, _ in nil },
    _ operation: (ToDoItem) -> ToDoList.Operation
) throws {
    try reportingErrors {
        let lines = try storeOptions.makeStore().modifyRecording(verb: undoName, command: command) { list, record in
            let resolved = try ItemReference.resolveAll(references, in: list)
            var lines: [String] = []
            for (item, _, _) in resolved {
                // (An item a parent's change carried along already is not changed twice.)
                guard let section = list.position(of: item.id)?.section else { continue }
                if let reason = skip(item, section) {
                    lines.append(ItemFormatting.report(reason, item))
                } else {
                    let change = operation(item)
                    // Ticking off or removing a parent carries its subtasks along (TickCore's cascade).
                    let changes = list.cascade(change, at: Date(), zone: .current)
                    for carried in changes.dropLast() { try record.apply(carried, to: &list, title: nil) }
                    try record.apply(change, to: &list, title: item.title)
                    var line = ItemFormatting.report(verb, item)
                    // A repeating item stays to do, moved on to its next occurrence: say when.
                    if case .checkOccurrence = change, list.position(of: item.id)?.section == .toDo,
                       let moved = list.item(withID: item.id), let due = moved.localDue() {
                        line += "  next due " + ItemFormatting.date(due, withTime: !moved.dueIsDay)
                    }
                    if changes.count > 1 {
                        let subtasks = "\(changes.count - 1) subtask\(changes.count == 2 ? "" : "s")"
                        // A repeating parent that moved on opens its done subtasks again (TickCore's cascade).
                        let reopened = changes.dropLast().allSatisfy { if case .place(_, .toDo, _) = $0 { true } else { false } }
                        line += reopened ? "  (and \(subtasks) to do again)" : "  (and \(subtasks))"
                    }
                    lines.append(line)
                }
            }
            return lines
        }
        for line in lines { output(line) }
    }
}

struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Mark items done: they move to the top of Done.",
        discussion: """
            An item already done is left alone ("already done"). Ticking off a parent ticks \
            off its open subtasks too (the line says how many); unticking it leaves them done. \
            A repeating item stays in \
            To Do with its due moved to the next occurrence, and a done copy of this \
            occurrence goes to the top of Done; when the rule has no next occurrence, the \
            item itself is done.

            Examples:
              tick check 1
              tick check 1 2 3
            """,
        aliases: ["done"]
    )

    @OptionGroup var items: ItemArguments
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if items.items.isEmpty { throw ValidationError("Missing ITEM: tick check ITEM…") }
    }

    func run() throws {
        try changeEach(items.items, storeOptions: storeOptions, verb: "checked", undoName: "tick", command: "check",
                       skip: { $1 == .done ? "already done" : nil }) { .tick($0) }
    }
}

struct UncheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "uncheck",
        abstract: "Mark done items as to do again: they move to the end of To Do.",
        discussion: """
            An item still to do is left alone ("already to do").

            Examples:
              tick uncheck 4
              tick uncheck 4 5
            """
    )

    @OptionGroup var items: ItemArguments
    @OptionGroup var storeOptions: StoreOptions

    func validate() throws {
        if items.items.isEmpty { throw ValidationError("Missing ITEM: tick uncheck ITEM…") }
    }

    func run() throws {
        try changeEach(items.items, storeOptions: storeOptions, verb: "unchecked", undoName: "untick", command: "uncheck",
                       skip: { $1 == .toDo ? "already to do" : nil }) { .uncheck($0.id) }
    }
}
