import ArgumentParser
import FoundationEssentials
import Glibc
import TickCore

/// `tick`: the full-screen list on a terminal, or `tick list` when piped; subcommands for scripts.
@main
struct Tick: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tick",
        abstract: "A to-do list for the terminal.",
        discussion: """
            With no subcommand, tick opens the list full screen. When standard input or \
            output is not a terminal, or the terminal cannot draw a full screen (TERM=dumb), \
            it prints the list as `tick list` does instead.

            The list lives in $XDG_DATA_HOME/tick/ToDoItems.plist \
            (~/.local/share/tick/ToDoItems.plist when XDG_DATA_HOME is unset); \
            TICK_FILE or --file PATH choose another file.

            ITEM is a position as `tick list` prints it (1, 2, … To Do first, then Done; \
            #1 too) or the first 4 or more characters of an item's id. A plain number is \
            always a position, never an id; an id whose first characters are all digits is \
            given up to a letter or its -. Commands that take ITEM… take several at once; \
            they are all found before anything changes.

            Examples:
              tick add "Buy milk" --due tomorrow --location "Corner shop"
              tick list
              tick check 1 2 3
              tick undo          # takes back the last change, here or in the app
              tick list milk --open
              tick edit 2 --due fri --notes "ask about the oat one"
              tick list --json | jq '.[] | select(.done | not) | .title'
              tick sync          # with a vdir / CalDAV server, see `tick help sync`
            """,
        version: "tick 0.1.0",
        subcommands: [
            AddCommand.self, ListCommand.self, ShowCommand.self, CheckCommand.self,
            UncheckCommand.self, RemoveCommand.self, EditCommand.self, MoveCommand.self, UndoCommand.self,
            ListsCommand.self,
            ImportCommand.self, ExportCommand.self, SyncCommand.self,
        ]
    )

    @OptionGroup var storeOptions: StoreOptions

    @Flag(help: .private)
    var generateManPage = false

    @Flag(help: "Use the mouse in the full-screen list: a click selects, a click on the box ticks, the wheel scrolls.")
    var mouse = false

    func run() throws {
        if generateManPage {
            try reportingErrors { output(try ManPage.render(Tick.self, version: Self.configuration.version)) }
            return
        }
        let store: ToDoStore
        do {
            store = try storeOptions.makeStore()
        } catch {
            warn(error.description)
            throw ExitCode.failure
        }
        // A terminal that cannot move its cursor (TERM=dumb, an unknown type) gets the
        // printed list, as a pipe does.
        if isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 && terminalCanDrawFullScreen() {
            let status = runFullScreen(store: store, options: storeOptions, mouse: mouse)
            if status != 0 { throw ExitCode(status) }
        } else {
            if isatty(STDOUT_FILENO) == 1, let type = unknownTerminalType() {
                warn("this system's terminfo does not know the terminal type \"\(type)\" (TERM), so this is the list printed; "
                     + "TERM=xterm-256color tick opens it full screen, or install the type's terminfo")
            }
            try reportingErrors {
                try ListCommand.print(store, sections: ToDoList.Section.allCases, json: false,
                                      filter: ListFilter(now: Date(), calendar: .current))
            }
        }
    }
}
