import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

/// `tick lists`: the lists with their counts; `add`, `rename` and `remove` change them.
struct ListsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lists",
        abstract: "Print the lists with their open and done counts; add, rename or remove one.",
        discussion: """
            Tasks is the list file itself (--file, $TICK_FILE or the XDG data folder's); every \
            other list is lists/NAME.plist beside it. --list NAME picks one for any command.

            A name may not be empty, be . or .., start with ., hold / or a control \
            character, or differ only in case from another list's. Tasks cannot be renamed \
            or removed.

            Examples:
              tick lists
              tick lists add Work
              tick add "Write the report" --list Work
              tick lists rename Work Job
              tick lists remove Job --with-items
            """,
        subcommands: [AddList.self, RenameList.self, RemoveList.self]
    )

    @Flag(help: "Print JSON: [{\"name\", \"open\", \"done\", \"file\"}].")
    var json = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            let set = storeOptions.listSet
            let rows = try set.summaries()
            var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
            // A list that cannot be read is printed with the reason, the others as they are;
            // the command then fails, naming how many.
            let unreadable = rows.filter { $0.problem != nil }.count
            let failure = CLIError.unreadableLists(unreadable)
            guard json else {
                let width = rows.map { DisplayWidth.of(VisibleText.line($0.name)) }.max() ?? 0
                for row in rows {
                    let counts = row.problem.map { "cannot be read: " + VisibleText.line($0) } ?? "\(row.open) open  \(row.done) done"
                    writer.text("\(DisplayWidth.pad(VisibleText.line(row.name), toWidth: width))  \(counts)\n")
                }
                try writer.flush()
                if unreadable > 0 { throw failure }
                return
            }
            var array = TickJSON.ArrayStream()
            for row in rows {
                array.startElement(to: &writer)
                writer.ascii("{\"name\": ")
                writer.jsonString(row.name)
                if let problem = row.problem {
                    writer.ascii(", \"open\": null, \"done\": null, \"error\": ")
                    writer.jsonString(problem)
                } else {
                    writer.text(", \"open\": \(row.open), \"done\": \(row.done)")
                }
                writer.ascii(", \"file\": ")
                writer.jsonString(try set.store(named: row.name).fileURL.path)
                writer.ascii("}")
            }
            try array.finish(to: &writer)
            if unreadable > 0 { throw failure }
        }
    }
}

/// `tick lists add NAME`.
struct AddList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "add", abstract: "Make an empty list.")

    @Argument(help: ArgumentHelp("The new list's name.", valueName: "name"))
    var name: String

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            try storeOptions.listSet.add(name)
            output("made list \(VisibleText.line(name))")
        }
    }
}

/// `tick lists rename OLD NEW`.
struct RenameList: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "rename", abstract: "Rename a list (not Tasks).")

    @Argument(help: ArgumentHelp("The list's name now.", valueName: "old"), completion: .custom(ItemCompletion.listNames))
    var old: String

    @Argument(help: ArgumentHelp("Its new name.", valueName: "new"))
    var new: String

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            // (Its sync state follows it: StoreOptions.listSet. The name in any case, as --list takes it.)
            let set = storeOptions.listSet
            let old = StoreOptions.spelled(old, in: set)
            try set.rename(old, to: new)
            output("renamed list \(VisibleText.line(old)) to \(VisibleText.line(new))")
        }
    }
}

/// `tick lists remove NAME`.
struct RemoveList: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "remove", abstract: "Remove a list (not Tasks); one with items only with --with-items."
    )

    @Argument(help: ArgumentHelp("The list's name.", valueName: "name"), completion: .custom(ItemCompletion.listNames))
    var name: String

    @Flag(help: "Remove the list with its items (they are gone: tick undo cannot bring them back).")
    var withItems = false

    @OptionGroup var storeOptions: StoreOptions

    func run() throws {
        try reportingErrors {
            let set = storeOptions.listSet
            let name = StoreOptions.spelled(name, in: set)  // (in any case, as --list takes it)
            let folder = try SyncPaths.boundFolder(ofList: set.store(named: name).fileURL,
                                                   directory: SyncPaths.defaultDirectory(environment: ProcessInfo.processInfo.environment))
            let count = try set.remove(name, withItems: withItems)
            output("removed list \(VisibleText.line(name))" + (count > 0 ? " and its \(count) item\(count == 1 ? "" : "s")" : ""))
            if let folder {
                // tick never deletes a collection: the server keeps it, and a sync of the
                // folder of collections would make the list again from it.
                output("its collection stays: \(VisibleText.line(folder)) and the server's copy; delete it there too, or the next sync of a folder of collections makes the list again")
            }
        }
    }
}
