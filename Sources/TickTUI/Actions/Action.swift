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
    /// Enter or Esc after the item being edited was removed elsewhere: back to the list.
    case acknowledgeRemoval
    /// Ctrl-Z: gives the terminal back to the shell until `fg`.
    case suspend
    case mouse(MouseEvent)

    /// `S`: sync with the vdir (and the server) now.
    case syncNow

    // MARK: Quitting
    /// `q` / Ctrl-C: quits, or asks first when changes could not be saved.
    case quit
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
    /// Remember whether the detail pane is shown, for the next start (`i`).
    case rememberDetail(Bool)
    /// Start a background sync of the saved list (``LiveSync``); the loop answers with
    /// ``Action/syncFinished(_:)``.
    case sync
}
