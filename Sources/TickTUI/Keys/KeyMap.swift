/// The key table: every binding as data, looked up by mode. The footer and the help screen
/// are drawn from the same table.
public enum KeyMap {
    private static let browse: Set<ModeKind> = [.browse]
    private static let editing: Set<ModeKind> = [.edit, .filter]

    public static let bindings: [KeyBinding] = [
        // Browsing: moving
        KeyBinding([.up, .character("k")], "↑ k", "move up", modes: browse, action: .moveUp),
        KeyBinding([.down, .character("j")], "↓ j", "move down", modes: browse, action: .moveDown),
        KeyBinding([.pageUp], "PgUp", "page up", modes: browse, action: .pageUp),
        KeyBinding([.pageDown], "PgDn", "page down", modes: browse, action: .pageDown),
        KeyBinding([.home, .character("g")], "Home g", "first item", modes: browse, action: .moveToTop),
        KeyBinding([.end, .character("G")], "End G", "last item", modes: browse, action: .moveToBottom),
        KeyBinding([.tab, .backTab], "Tab", "jump to the other section", modes: browse, action: .switchSection),
        // Browsing: changing
        KeyBinding([.character(" "), .character("x")], "Space x", "tick or untick", modes: browse, when: .itemSelected,
                   footer: ("Space", "tick", 2), action: .toggleDone),
        KeyBinding([.character("a"), .character("o")], "a o", "add an item under the cursor", modes: browse,
                   footer: ("a", "add", 1), action: .addItem),
        KeyBinding([.character("e"), .enter], "e Enter", "edit the title", modes: browse, when: .itemSelected,
                   footer: ("e", "edit", 3), action: .editTitle),
        KeyBinding([.character("l")], "l", "edit the location (Name @ lat, lon)", modes: browse, when: .itemSelected,
                   footer: ("l", "place", 9), action: .editLocation),
        KeyBinding([.character("n")], "n", "edit the notes", modes: browse, when: .itemSelected,
                   footer: ("n", "notes", 10), action: .editNotes),
        KeyBinding([.character("t")], "t", "edit the due date (tomorrow, fri, +3d, 2026-12-01)", modes: browse,
                   when: .itemSelected, footer: ("t", "due", 8), action: .editDue),
        KeyBinding([.character("d"), .delete], "d Del", "delete (u undoes)", modes: browse, when: .itemSelected,
                   footer: ("d", "delete", 5), action: .delete),
        KeyBinding([.character("u")], "u", "undo", modes: browse, footer: ("u", "undo", 6), action: .undo),
        KeyBinding([.control("r")], "Ctrl-R", "redo", modes: browse, action: .redo),
        KeyBinding([.character("K"), .shiftUp], "K Shift-↑", "move the item up", modes: browse, when: .itemSelected,
                   action: .moveItemUp),
        KeyBinding([.character("J"), .shiftDown], "J Shift-↓", "move the item down", modes: browse, when: .itemSelected,
                   action: .moveItemDown),
        // Browsing: view
        KeyBinding([.character("/")], "/", "filter as you type", modes: browse, footer: ("/", "filter", 7),
                   action: .startFilter),
        KeyBinding([.escape], "Esc", "clear the filter", modes: browse, when: .filterActive,
                   footer: ("Esc", "clear filter", 4), action: .clearFilter),
        KeyBinding([.character("i")], "i", "show or hide the details", modes: browse, footer: ("i", "details", 11),
                   action: .toggleDetail),
        KeyBinding([.character("?")], "?", "all keys", modes: browse, footer: ("?", "help", 0), action: .showHelp),
        KeyBinding([.character("q"), .control("c")], "q Ctrl-C", "quit", modes: browse, footer: ("q", "quit", 0),
                   action: .quit),

        // Line editor (inline edits and the filter)
        KeyBinding([.enter], "Enter", "keep", modes: editing, footer: ("Enter", "keep", 0), action: .commitEdit),
        KeyBinding([.escape], "Esc", "cancel (for the filter: clear it)", modes: editing, footer: ("Esc", "cancel", 0),
                   action: .cancelEdit),
        KeyBinding([.left, .control("b")], "← Ctrl-B", "back one character", modes: editing, action: .edit(.left)),
        KeyBinding([.right, .control("f")], "→ Ctrl-F", "forward one character", modes: editing, action: .edit(.right)),
        KeyBinding([.home, .control("a")], "Home Ctrl-A", "start of the line", modes: editing,
                   footer: ("^A", "start", 2), action: .edit(.home)),
        KeyBinding([.end, .control("e")], "End Ctrl-E", "end of the line", modes: editing,
                   footer: ("^E", "end", 3), action: .edit(.end)),
        KeyBinding([.backspace, .control("h")], "Backspace", "delete the character before", modes: editing,
                   action: .edit(.backspace)),
        KeyBinding([.delete, .control("d")], "Del Ctrl-D", "delete the character under the cursor", modes: editing,
                   action: .edit(.deleteForward)),
        KeyBinding([.control("u")], "Ctrl-U", "delete to the start", modes: editing, footer: ("^U", "clear", 4),
                   action: .edit(.deleteToStart)),
        KeyBinding([.control("k")], "Ctrl-K", "delete to the end", modes: editing, action: .edit(.deleteToEnd)),
        KeyBinding([.control("w")], "Ctrl-W", "delete the word before", modes: editing, footer: ("^W", "word", 5),
                   action: .edit(.deleteWordBackward)),
        KeyBinding([.control("c")], "Ctrl-C", "quit", modes: editing, action: .quit),

        // Quit question
        KeyBinding([.character("y"), .character("Y")], "y", "quit without saving", modes: [.confirmQuit],
                   footer: ("y", "quit without saving", 0), action: .confirmQuit),
        KeyBinding([.character("n"), .character("N"), .escape], "n Esc", "keep tick open (so does any other key)",
                   modes: [.confirmQuit], footer: ("n", "keep open", 0), action: .cancelQuit),

        // Help screen
        KeyBinding([.down, .character("j")], "↓ j", "scroll down", modes: [.help], action: .scrollHelp(1)),
        KeyBinding([.up, .character("k")], "↑ k", "scroll up", modes: [.help], action: .scrollHelp(-1)),
        KeyBinding([.pageDown, .character(" ")], "PgDn Space", "page down", modes: [.help], action: .scrollHelp(10)),
        KeyBinding([.pageUp], "PgUp", "page up", modes: [.help], action: .scrollHelp(-10)),
        KeyBinding([.escape, .character("q"), .character("?")], "Esc q ?", "close the help (so does any other key)",
                   modes: [.help], footer: ("Esc", "close", 0), action: .closeHelp),
    ]

    /// The action a key stands for in the state's current mode, or nil when it does nothing.
    ///
    /// Besides the table: in the line editor any printable character is typed; on the quit
    /// question and the help screen any other key answers "no" / closes; in the list a mouse
    /// event goes to the mouse handling. Resize events are the run loop's (nil here).
    public static func action(for key: Key, in state: AppState) -> Action? {
        let kind = state.mode.kind
        for binding in bindings where binding.modes.contains(kind) && binding.keys.contains(key) {
            if binding.condition.holds(in: state) { return binding.action }
        }
        switch (kind, key) {
        case (_, .resize):
            return nil
        case (.edit, .character(let character)), (.filter, .character(let character)):
            return .edit(.insert(character))
        case (.browse, .mouse(let event)):
            return .mouse(event)
        case (.confirmQuit, .mouse), (.help, .mouse):
            return nil
        case (.confirmQuit, _):
            return .cancelQuit
        case (.help, _):
            return .closeHelp
        default:
            return nil
        }
    }

    /// The bindings that apply in the state's mode now, in table order.
    public static func bindings(in state: AppState) -> [KeyBinding] {
        let kind = state.mode.kind
        return bindings.filter { $0.modes.contains(kind) && $0.condition.holds(in: state) }
    }
}
