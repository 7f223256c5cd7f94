import FoundationEssentials
import TickCore

/// Everything that can happen to the app: user commands (from the key table) and events
/// from the run loop (clock, saves, changes on disk, resizes).
public enum Action: Sendable, Hashable {
    // MARK: Moving
    case moveUp, moveDown, pageUp, pageDown, halfPageUp, halfPageDown, moveToTop, moveToBottom
    /// Jumps to the first item of the other section.
    case switchSection

    // MARK: Changing the list
    /// Ticks or unticks the selected item.
    case toggleDone
    /// Opens an empty editable row under the cursor in To Do.
    case addItem
    /// Opens an empty editable row for a subtask of the selected item, after its subtasks.
    case addSubtask
    /// Folds the selected item's subtasks away, or shows them again.
    case toggleFold
    case editTitle, editLocation, editNotes, editDue, editTags, editRepeat
    /// Sets the selected item's priority to the next of none, high, medium, low.
    case cyclePriority
    /// Shows To Do in the next order: the list's own, by due, by priority.
    case cycleSort
    case delete
    /// The first `d` of `dd`: deletes when the previous key was also this `d`, else waits
    /// for the second.
    case startDelete
    /// A key with no meaning in the list, pressed after the first `d` of `dd`: forgets it.
    case cancelPendingKey
    /// Asks whether to delete every done item.
    case clearDone
    /// `y` on the clear-Done question: deletes them, as one change that `u` undoes.
    case confirmClearDone
    /// Any other key on the clear-Done question.
    case cancelClearDone
    case undo, redo
    /// Moves the selected item up or down within its section.
    case moveItemUp, moveItemDown

    // MARK: Inline editor (titles, fields, the filter)
    case edit(EditCommand)
    /// Enter: keeps the edit.
    case commitEdit
    /// Esc or Ctrl-C: drops the edit (for the filter: clears it).
    case cancelEdit
    /// Pasted text: inserted into the open editor (in a one-line field, line breaks and tabs
    /// as spaces); in the list it only says that it was ignored.
    case paste(String)

    // MARK: View
    case startFilter
    /// Shows what is due now: the filter `today` (due today and overdue), sorted by due.
    case showDueNow
    case clearFilter
    case toggleDetail
    case showHelp
    case closeHelp
    /// Scrolls the help screen by this many lines.
    case scrollHelp(Int)
    case helpTop, helpBottom
    /// Esc after the item being edited was removed elsewhere: back to the list, the edit dropped.
    case acknowledgeRemoval
    /// Enter after the item being edited was removed elsewhere: the item back, with the edit.
    case restoreRemovedEdit
    /// Ctrl-Z: gives the terminal back to the shell until `fg`.
    case suspend
    /// Ctrl-L: the whole screen painted again.
    case repaint
    case mouse(MouseEvent)

    /// `S`: sync with the vdir (and the server) now.
    case syncNow

    // MARK: Several lists
    /// `]` / `[`: opens the next / the previous list (in ``AppState/listNames``' order, round).
    case nextList, previousList
    /// `L`: the list picker, Enter opens the list chosen.
    case showLists
    /// `m`: the list picker, Enter moves the selected item and its subtasks to the list chosen.
    case moveToList
    /// In the picker: the row above / below; Enter; Esc.
    case pickerUp, pickerDown, pickerChoose, closePicker
    /// In the picker: make a list, rename the selected one, remove it (asks first).
    case pickerAdd, pickerRename, pickerRemove
    /// `y` on the remove-list question; any other key.
    case confirmRemoveList, cancelRemoveList

    // MARK: Quitting
    /// `q` / Ctrl-C: quits (the loop saves first, also what a failed save left).
    case quit
    /// The save before quitting failed (again): ask whether to quit and lose the changes.
    case askBeforeQuit
    /// `y` on the quit question.
    case confirmQuit
    /// Any other key on the quit question.
    case cancelQuit

    // MARK: Events from the run loop
    /// The clock moved on (due phrases such as "today" depend on it).
    case tick(Date)
    /// The run loop applied the first `operations` of ``AppState/pendingOperations`` to the
    /// file; this is the list as it now is on disk. ``update(_:_:)`` drops them from the
    /// pending ones.
    case saved(ToDoList, operations: Int)
    /// Saving failed with this message; the changes stay pending and are retried.
    case saveFailed(String)
    /// The file was changed by another process; this is the list now on disk.
    case externalChange(ToDoList)
    /// The file was changed by another process and cannot be read now (the message says why).
    case externalChangeUnreadable(String)
    /// The undo journal as read (after a change elsewhere, to the list or the journal),
    /// and the list file's version then.
    case journalRead([UndoJournal.Entry], version: FileVersion?)
    /// A save wrote the first `changes` of the history's journal changes: `entries` is the
    /// journal now (nil: there is no journal, or writing it failed with `problem`), and
    /// `version` the list file's version after the save.
    case journalSaved([UndoJournal.Entry]?, changes: Int, version: FileVersion?, problem: String?)
    case resize(Size)
    /// The background sync ended (or could not start) with this outcome.
    case syncFinished(SyncOutcome)
    /// The lists' names as read (at start, and after a list was made, renamed or removed).
    case listNamesRead([String])
    /// The lists with their counts, read for the picker that opens for `purpose`, on the
    /// list `selecting` (nil: the one selected before, else the open one).
    case listsRead([ListSummary], purpose: ListPicker.Purpose, selecting: String?)
    /// The loop opened another list (after saving the open one).
    case listOpened(ListOpening)
    /// The open list was renamed elsewhere: the same list, open under its new name (its list,
    /// editor and selection as they are).
    case listRenamed(ListOpening)
    /// A change to the lists (make, rename, remove, move) was done: what to say.
    case listsChanged(String)
    /// The open list was removed elsewhere and another one opened: what to say, and, when
    /// the keys were going to an editor, the filter, the lists or a question (whose next keys
    /// must then not act on the new list), what went with it.
    case openListRemoved(String, held: String?)
    /// The item being edited, gone from the open list, is in this other list (moved elsewhere).
    case editedItemMoved(to: String)
    /// A change to the lists, or opening one, failed: why (the open list stays open).
    case listsFailed(String)
    /// An undo of a move between lists ended so.
    case listMoveUndone(ListMoveUndo)
}

/// What the run loop must do after an update.
public enum Effect: Sendable, Hashable {
    case quit
    /// Save ``AppState/pendingOperations`` to the file. The loop does it once the frame
    /// showing the change is on screen; several saves asked for before then are one save.
    case save
    /// Ring the terminal bell (a key that cannot do anything here).
    case bell
    /// Stop the process as Ctrl-Z does in a shell, with the terminal restored meanwhile.
    case suspend
    /// Paint the whole screen again with the next frame (Ctrl-L).
    case repaint
    /// Remember whether the detail pane is shown, for the next start (`i`).
    case rememberDetail(Bool)
    /// Start a background sync of the saved list (``LiveSync``); the loop answers with
    /// ``Action/syncFinished(_:)``.
    case sync

    // Several lists: each runs after the open list's pending changes are saved; when that
    // save fails, nothing is done and the loop answers ``Action/listsFailed(_:)``.
    /// Read every list's counts for the picker; the loop answers ``Action/listsRead(_:purpose:)``.
    case readLists(ListPicker.Purpose)
    /// Open the list of this name instead; the loop answers ``Action/listOpened(_:)``.
    case openList(String)
    /// Make an empty list of this name.
    case makeList(String)
    /// Rename a list (the open one stays open under its new name).
    case renameList(String, to: String)
    /// Remove a list, and its items with it when `withItems`.
    case removeList(String, withItems: Bool)
    /// Move items (an item and its subtasks) from the open list to another; `title` names them.
    case moveItems([UUID], to: String, title: String)
    /// Undo the open list's newest change, a move between lists, in both lists.
    case undoMove(anyway: Bool)
}
