import ArgumentParser
import FoundationEssentials
import TickCore

struct UndoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "undo",
        abstract: "Undo the last change to the list, made here or in the full-screen app.",
        discussion: """
            check, uncheck, remove, edit, move and add, and the full-screen app's changes, \
            go to the list's undo journal ($XDG_STATE_HOME/tick/undo-KEY.json, the last 100 \
            changes); undo takes back the newest and says what it undid, by title. Run it \
            again to undo the one before.

            When the list was changed since by something the journal does not hold (tick \
            sync, another program), or undoing would overwrite a value changed since, \
            nothing is undone and undo says so (exit status 1): --anyway undoes it all the same.

            Examples:
              tick rm 4 7
              tick undo          # undid remove of "Buy milk" (and 1 more)
            """
    )

    @Flag(help: "Undo even when the list changed elsewhere since, or a value undo puts back changed since.")
    var anyway = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            let store = try storeOptions.makeStore()
            switch try store.undoLast(in: store.journal, anyway: anyway) {
            case .undid(let entry):
                output("undid \(entry.name)")
            case .nothingToUndo:
                throw CLIError("nothing to undo: the undo journal of \(store.fileURL.path) is empty")
            case .changedElsewhere(let entry):
                throw CLIError("""
                    the list changed elsewhere since the \(entry.name) (made by \(entry.source)), by a change the \
                    undo journal does not hold; nothing undone — tick undo --anyway undoes it anyway
                    """)
            case let .wouldOverwrite(entry, values):
                throw CLIError("""
                    undoing the \(entry.name) would overwrite \(values.joined(separator: ", ")), changed since; \
                    nothing undone — tick undo --anyway undoes it anyway
                    """)
            }
        }
    }
}
