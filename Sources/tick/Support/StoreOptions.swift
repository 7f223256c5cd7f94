import ArgumentParser
import FoundationEssentials
import TickCore
import TickInterchange

/// `--file PATH` and `--list NAME`, shared by the root command and every subcommand.
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

    @Option(
        name: .long,
        help: ArgumentHelp(
            "The list, by name (default: Tasks, the list file itself; the others are lists/NAME.plist beside it; see `tick lists`).",
            valueName: "name"
        ),
        completion: .custom(ItemCompletion.listNames)
    )
    var list: String?

    /// The default list's file: `--file`, else `$TICK_FILE`, else the XDG data folder's.
    var defaultFileURL: URL {
        if let file, !file.isEmpty { return URL(fileURLWithPath: file) }
        return ToDoStore.defaultFileURL()
    }

    /// The set of lists around the default list file. A renamed list goes on syncing with
    /// its folder (whose displayname the next sync renames): its sync state follows it.
    var listSet: ListSet {
        let stateDirectory = StatePaths.directory(environment: ProcessInfo.processInfo.environment)
        var set = ListSet(defaultFileURL: defaultFileURL, journalDirectory: stateDirectory)
        set.afterRename = { from, to throws(ListSetError) in
            do throws(InterchangeError) {
                try SyncPaths.moveList(from: from, to: to, directory: stateDirectory)
            } catch {
                throw .store(StoreError(kind: .io, path: error.source, problem: error.problem))
            }
        }
        return set
    }

    /// The name of the list `--list` picks, as the set spells it (`--list work` is Work: no
    /// two lists' names differ only in case); the default list's without it.
    var listName: String {
        guard let list else { return ListSet.defaultName }
        return Self.spelled(list, in: listSet)
    }

    /// `name` as the list of that name in any case spells it; as given when there is none.
    static func spelled(_ name: String, in set: ListSet) -> String {
        ((try? set.existingName(like: name)) ?? nil) ?? name
    }

    /// The store of the list `--list` names, else of the default list file; an unknown
    /// list is an error naming the lists there are.
    func makeStore() throws(ListSetError) -> ToDoStore {
        guard list != nil else { return ToDoStore(fileURL: defaultFileURL) }
        return try listSet.store(named: listName)
    }
}
