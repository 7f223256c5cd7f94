/// The key table: every binding as data, looked up by mode. The footer, the help screen
/// and the man page are drawn from the same table; config.toml's `[keys]` rebinds its
/// entries by name (``rebinding(_:)``), and the app looks keys up in ``AppState/keyMap``.
public struct KeyMap: Sendable {
    /// The bindings in table order.
    public internal(set) var bindings: [KeyBinding]

    /// tick's own bindings, before any `[keys]`.
    public static let standard = KeyMap(bindings: standardBindings)

    /// The bindings of ``standard``.
    public static var bindings: [KeyBinding] { standard.bindings }

    private static let browse: Set<ModeKind> = [.browse]
    private static let editing: Set<ModeKind> = [.edit, .filter]

    static let standardBindings: [KeyBinding] = [
        // Browsing: moving
        KeyBinding("move_up", [.up, .character("k")], "↑ k", "move up", modes: browse, action: .moveUp),
        KeyBinding("move_down", [.down, .character("j")], "↓ j", "move down", modes: browse, action: .moveDown),
        KeyBinding("page_up", [.pageUp, .control("b")], "PgUp Ctrl-B", "page up", modes: browse, action: .pageUp),
        KeyBinding("page_down", [.pageDown, .control("f")], "PgDn Ctrl-F", "page down", modes: browse, action: .pageDown),
        KeyBinding("half_page_up", [.control("u")], "Ctrl-U", "half a page up", modes: browse, action: .halfPageUp),
        KeyBinding("half_page_down", [.control("d")], "Ctrl-D", "half a page down", modes: browse, action: .halfPageDown),
        KeyBinding("first_item", [.home, .character("g")], "Home g", "first item", modes: browse, action: .moveToTop),
        KeyBinding("last_item", [.end, .character("G")], "End G", "last item", modes: browse, action: .moveToBottom),
        KeyBinding("other_section", [.tab, .backTab], "Tab", "other section", "go to its first item", modes: browse, action: .switchSection),
        // Browsing: changing
        KeyBinding("tick", [.character(" "), .character("x")], "Space x", "tick", "tick or untick the item", modes: browse,
                   when: .itemSelected, footer: ("Space", 2), action: .toggleDone),
        KeyBinding("add", [.character("a"), .character("o")], "a o", "add", "add an item under the cursor", modes: browse,
                   footer: ("a", 1), action: .addItem),
        KeyBinding("add_subtask", [.character("A")], "A", "add subtask", "under the item, after its subtasks", modes: browse,
                   when: .itemSelected, action: .addSubtask),
        KeyBinding("edit", [.character("e"), .enter], "e Enter", "edit", "edit the title", modes: browse, when: .itemSelected,
                   footer: ("e", 4), action: .editTitle),
        KeyBinding("location", [.character("l")], "l", "location", "edit it: Name, Name @ lat, lon, or lat, lon", modes: browse,
                   when: .itemSelected, footer: ("l", 9), action: .editLocation),
        KeyBinding("notes", [.character("n")], "n", "notes", "edit them; Ctrl-J or Alt-Enter starts a new line", modes: browse,
                   when: .itemSelected, footer: ("n", 10), action: .editNotes),
        KeyBinding("due", [.character("t")], "t", "due", "edit the due date: tomorrow, fri, +3d, 2026-12-01", modes: browse,
                   when: .itemSelected, footer: ("t", 7), action: .editDue),
        KeyBinding("priority", [.character("p")], "p", "priority", "next of high !, medium ~, low ↓, none", modes: browse,
                   when: .itemSelected, action: .cyclePriority),
        KeyBinding("tags", [.character("#")], "#", "tags", "edit them, commas between tags", modes: browse, when: .itemSelected,
                   action: .editTags),
        KeyBinding("repeat", [.character("r")], "r", "repeat", "edit it: every week, every last fri, …",
                   modes: browse, when: .itemSelected, action: .editRepeat),
        KeyBinding("delete", [.character("d")], "dd", "delete", "the item (u undoes); d then any other key does not",
                   modes: browse, when: .itemSelected, footer: ("dd", 5), action: .startDelete),
        KeyBinding("delete_now", [.delete], "Del", "delete", "the item at once (u undoes)", modes: browse, when: .itemSelected,
                   action: .delete),
        KeyBinding("clear_done", [.character("D")], "D", "clear Done", "delete every done item (asks first; u undoes)", modes: browse,
                   when: .doneNotEmpty, footer: ("D", 12), action: .clearDone),
        KeyBinding("undo", [.character("u")], "u", "undo", "the list's last change, wherever made; says which",
                   modes: browse, footer: ("u", 3), action: .undo),
        KeyBinding("redo", [.control("r")], "Ctrl-R", "redo", modes: browse, action: .redo),
        KeyBinding("move_item_up", [.character("K"), .shiftUp], "K Shift-↑", "move the item up", modes: browse, when: .itemSelected,
                   action: .moveItemUp),
        KeyBinding("move_item_down", [.character("J"), .shiftDown], "J Shift-↓", "move the item down", modes: browse, when: .itemSelected,
                   action: .moveItemDown),
        // Browsing: several lists
        KeyBinding("next_list", [.character("]")], "]", "next list", modes: browse, action: .nextList),
        KeyBinding("previous_list", [.character("[")], "[", "previous list", modes: browse, action: .previousList),
        KeyBinding("lists", [.character("L")], "L", "lists", "open, make, rename or remove one; counts", modes: browse,
                   action: .showLists),
        KeyBinding("move_to_list", [.character("m")], "m", "move to list", "the item and its subtasks (u undoes)", modes: browse,
                   when: .itemSelected, action: .moveToList),
        // Browsing: view
        KeyBinding("filter", [.character("/")], "/", "filter", "narrow the list as you type; #tag, today, overdue", modes: browse, footer: ("/", 6), action: .startFilter),
        KeyBinding("clear_filter", [.escape], "Esc", "clear filter", modes: browse, when: .filterActive, footer: ("Esc", 4),
                   action: .clearFilter),
        KeyBinding("sort", [.character("s")], "s", "sort", "To Do by due, by priority, or the list's order", modes: browse,
                   action: .cycleSort),
        KeyBinding("due_now", [.character("T")], "T", "today", "due today and overdue, by due date",
                   modes: browse, footer: ("T", 8), action: .showDueNow),
        KeyBinding("fold", [.character("z")], "z", "fold", "hide or show its subtasks; folded: (+N) open",
                   modes: browse, when: .itemSelected, action: .toggleFold),
        KeyBinding("details", [.character("i")], "i", "details", "show or hide the detail pane", modes: browse, footer: ("i", 11),
                   action: .toggleDetail),
        KeyBinding("sync", [.character("S")], "S", "sync now", "with the vdir and the server (docs/sync.md)", modes: browse,
                   when: .syncConfigured, action: .syncNow),
        KeyBinding("help", [.character("?")], "?", "help", "this list of all keys", modes: browse, footer: ("?", 0), action: .showHelp),
        KeyBinding("suspend", [.control("z")], "Ctrl-Z", "suspend", "back to the shell; fg comes back",
                   modes: [.browse, .edit, .filter, .itemRemoved, .listRemoved], action: .suspend),
        KeyBinding("repaint", [.control("l")], "Ctrl-L", "repaint", "draw the whole screen again, as vim and less do",
                   modes: [.browse, .edit, .filter, .itemRemoved, .listRemoved], action: .repaint),
        KeyBinding("quit", [.character("q"), .control("c")], "q Ctrl-C", "quit", modes: browse, footer: ("q", 0), action: .quit),

        // Line editor (inline edits and the filter)
        KeyBinding("editor_keep", [.enter], "Enter", "keep", modes: editing, footer: ("Enter", 0), action: .commitEdit),
        KeyBinding("editor_cancel", [.escape, .control("c")], "Esc Ctrl-C", "cancel", "drop the edit (the filter: clear it)", modes: editing,
                   footer: ("Esc", 0), action: .cancelEdit),
        KeyBinding("editor_new_line", [.control("j"), .alt("\n")], "Ctrl-J Alt-Enter", "new line", "in the notes (Enter keeps them)", modes: editing,
                   when: .editingNotes, footer: ("^J", 1), action: .edit(.insert("\n"))),
        KeyBinding("editor_left", [.left, .control("b")], "← Ctrl-B", "back one character", modes: editing, action: .edit(.left)),
        KeyBinding("editor_right", [.right, .control("f")], "→ Ctrl-F", "forward one character", modes: editing, action: .edit(.right)),
        KeyBinding("editor_start", [.home, .control("a")], "Home Ctrl-A", "start", "go to the start of the line", modes: editing,
                   footer: ("^A", 2), action: .edit(.home)),
        KeyBinding("editor_end", [.end, .control("e")], "End Ctrl-E", "end", "go to the end of the line", modes: editing,
                   footer: ("^E", 3), action: .edit(.end)),
        KeyBinding("editor_backspace", [.backspace, .control("h")], "Backspace", "delete the character before", modes: editing,
                   action: .edit(.backspace)),
        KeyBinding("editor_delete", [.delete, .control("d")], "Del Ctrl-D", "delete the character under the cursor", modes: editing,
                   action: .edit(.deleteForward)),
        KeyBinding("editor_clear", [.control("u")], "Ctrl-U", "clear", "delete to the start of the line", modes: editing, footer: ("^U", 4),
                   action: .edit(.deleteToStart)),
        KeyBinding("editor_kill", [.control("k")], "Ctrl-K", "delete to the end", modes: editing, action: .edit(.deleteToEnd)),
        KeyBinding("editor_word", [.control("w"), .altBackspace], "Ctrl-W Alt-Bksp", "word", "delete the word before the cursor", modes: editing, footer: ("^W", 5),
                   action: .edit(.deleteWordBackward)),

        // The item being edited was removed elsewhere
        KeyBinding("removed_keep", [.enter], "Enter", "keep your edit", "back here, or in the list it went to",
                   modes: [.itemRemoved], footer: ("Enter", 0),
                   action: .restoreRemovedEdit),
        KeyBinding("removed_back", [.escape, .control("c")], "Esc Ctrl-C", "let it go", "back to the list; other keys do nothing",
                   modes: [.itemRemoved], footer: ("Esc", 1), action: .acknowledgeRemoval),

        // The open list was removed elsewhere while an editor or the filter was open
        KeyBinding("list_removed_back", [.enter, .escape, .control("c")], "Enter Esc Ctrl-C", "go on", "in the list now open; other keys do nothing",
                   modes: [.listRemoved], footer: ("Enter", 0), action: .acknowledgeRemoval),

        // Quit question
        KeyBinding("quit_confirm", [.character("y"), .character("Y")], "y", "quit without saving", modes: [.confirmQuit],
                   footer: ("y", 0), action: .confirmQuit),
        KeyBinding("quit_cancel", [.character("n"), .character("N"), .escape], "n Esc", "keep open", "so does any other key",
                   modes: [.confirmQuit], footer: ("n", 0), action: .cancelQuit),

        // Clear Done question
        KeyBinding("clear_done_confirm", [.character("y"), .character("Y")], "y", "clear Done", "u undoes it", modes: [.confirmClearDone],
                   footer: ("y", 0), action: .confirmClearDone),
        KeyBinding("clear_done_cancel", [.character("n"), .character("N"), .escape], "n Esc", "keep them", "so does any other key",
                   modes: [.confirmClearDone], footer: ("n", 0), action: .cancelClearDone),

        // List picker
        KeyBinding("picker_down", [.down, .character("j")], "↓ j", "next list", modes: [.pickList], action: .pickerDown),
        KeyBinding("picker_up", [.up, .character("k")], "↑ k", "previous list", modes: [.pickList], action: .pickerUp),
        KeyBinding("picker_choose", [.enter], "Enter", "choose", "open the list (m: move the item there)", modes: [.pickList],
                   footer: ("Enter", 0), action: .pickerChoose),
        KeyBinding("picker_add", [.character("a")], "a", "new list", modes: [.pickList], footer: ("a", 1), action: .pickerAdd),
        KeyBinding("picker_rename", [.character("r")], "r", "rename", "the list (not Tasks)", modes: [.pickList],
                   footer: ("r", 2), action: .pickerRename),
        KeyBinding("picker_remove", [.character("d")], "d", "remove", "the list (asks; not Tasks, not undoable)", modes: [.pickList],
                   footer: ("d", 3), action: .pickerRemove),
        KeyBinding("picker_close", [.escape, .character("q"), .character("L"), .control("c")], "Esc q L Ctrl-C", "close", modes: [.pickList],
                   footer: ("Esc", 0), action: .closePicker),

        // Remove list question
        KeyBinding("remove_list_confirm", [.character("y"), .character("Y")], "y", "remove the list", "a list with items asks again",
                   modes: [.confirmRemoveList], footer: ("y", 0), action: .confirmRemoveList),
        KeyBinding("remove_list_cancel", [.character("n"), .character("N"), .escape], "n Esc", "keep it", "so does any other key",
                   modes: [.confirmRemoveList], footer: ("n", 0), action: .cancelRemoveList),

        // Help screen
        KeyBinding("help_down", [.down, .character("j")], "↓ j", "scroll down", modes: [.help], action: .scrollHelp(1)),
        KeyBinding("help_up", [.up, .character("k")], "↑ k", "scroll up", modes: [.help], action: .scrollHelp(-1)),
        KeyBinding("help_page_down", [.pageDown, .character(" ")], "PgDn Space", "page down", modes: [.help], action: .scrollHelp(10)),
        KeyBinding("help_page_up", [.pageUp], "PgUp", "page up", modes: [.help], action: .scrollHelp(-10)),
        KeyBinding("help_top", [.home, .character("g")], "Home g", "top", modes: [.help], action: .helpTop),
        KeyBinding("help_bottom", [.end, .character("G")], "End G", "bottom", modes: [.help], action: .helpBottom),
        KeyBinding("help_close", [.escape, .character("q"), .character("?")], "Esc q ?", "close", "so does any other key",
                   modes: [.help], footer: ("Esc", 0), action: .closeHelp),
    ]

    /// The keys that still act while the terminal is too small to draw in, and then only
    /// when they back out (``Action/backsOut``): Ctrl-C and the keys of quit and suspend
    /// (q and Ctrl-Z unless `[keys]` moved them).
    func tooSmallKeys() -> Set<Key> {
        var keys: Set<Key> = [.control("c")]
        for binding in bindings where binding.name == "quit" || binding.name == "suspend" { keys.formUnion(binding.keys) }
        return keys
    }

    /// The action a key stands for in the state's current mode, or nil when it does nothing.
    ///
    /// Besides the table: in the line editor any printable character is typed; a paste is
    /// text for the editor (in the list it is only reported; elsewhere it does nothing), never
    /// keys; on the quit and clear-Done questions and the help screen any other key answers
    /// "no" / closes; after the item being edited was removed elsewhere other keys do nothing
    /// (they were typed for that editor); in the list a mouse event goes to the mouse
    /// handling, and any other key cancels a pending `d`. Resize events are the run loop's
    /// (nil here).
    ///
    /// While the terminal is too small (the screen only says so), nothing is shown to act
    /// on: only q, Ctrl-C and Ctrl-Z (as `[keys]` binds quit and suspend) act, and only to back out — quit, cancel an edit or a
    /// question, close help, suspend. Other keys do nothing (in the list they still forget
    /// a pending `d`).
    public static func action(for key: Key, in state: AppState) -> Action? {
        let action = state.keyMap.tableAction(for: key, in: state)
        guard Layout.isTooSmall(state.size) else { return action }
        if state.keyMap.tooSmallKeys().contains(key), let action, action.backsOut { return action }
        return state.mode == .browsing && state.pendingDeleteID != nil ? .cancelPendingKey : nil
    }

    /// The action of a key by the table and the rules beside it, whatever the size.
    private func tableAction(for key: Key, in state: AppState) -> Action? {
        let kind = state.mode.kind
        for binding in bindings where binding.modes.contains(kind) && binding.keys.contains(key) {
            if binding.condition.holds(in: state) { return binding.action }
        }
        switch (kind, key) {
        case (_, .resize):
            return nil
        case (.browse, .paste(let text)), (.edit, .paste(let text)), (.filter, .paste(let text)):
            return .paste(text)
        case (_, .paste):
            return nil
        case (.edit, .character(let character)), (.filter, .character(let character)):
            return .edit(.insert(character))
        case (.browse, .mouse(let event)):
            return .mouse(event)
        case (.browse, _) where state.pendingDeleteID != nil:
            // A key that does nothing here still cancels the first d of dd.
            return .cancelPendingKey
        case (.confirmQuit, .mouse), (.help, .mouse), (.confirmClearDone, .mouse), (.confirmRemoveList, .mouse):
            return nil
        case (.confirmRemoveList, _):
            return .cancelRemoveList
        case (.confirmQuit, _):
            return .cancelQuit
        case (.confirmClearDone, _):
            return .cancelClearDone
        case (.help, _):
            return .closeHelp
        default:
            return nil
        }
    }

    /// The bindings that apply in the state's mode now, in table order (of its key map).
    public static func bindings(in state: AppState) -> [KeyBinding] {
        let kind = state.mode.kind
        return state.keyMap.bindings.filter { $0.modes.contains(kind) && $0.condition.holds(in: state) }
    }
}
