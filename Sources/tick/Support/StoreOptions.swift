import ArgumentParser
import FoundationEssentials
import TickCore

/// `--file PATH`, shared by the root command and every subcommand.
struct StoreOptions: ParsableArguments {
    @Option(
        name: .long,
        help: ArgumentHelp(
            "The list file (default: $TICK_FILE, else $XDG_DATA_HOME/tick/ToDoItems.plist, else ~/.local/share/tick/ToDoItems.plist).",
            valueName: "path"
        ),
        completion: .file()
    )
    var file: String?

    /// The store for `--file`, else the default file.
    func makeStore() -> ToDoStore {
        if let file, !file.isEmpty {
            return ToDoStore(fileURL: URL(fileURLWithPath: file))
        }
        return ToDoStore(fileURL: ToDoStore.defaultFileURL())
    }
}
