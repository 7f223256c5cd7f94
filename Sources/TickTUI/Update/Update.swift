import FoundationEssentials
import TickCore

/// Applies one action to the state and returns what the run loop must do.
///
/// User changes are applied to ``AppState/list`` at once and appended, as
/// ``ToDoList/Operation``s by item id, to ``AppState/pendingOperations``; what changes the
/// list or the undo journal asks for ``Effect/save`` (``AppState/askToSave()``), once per
/// action however many changes it made. Cost per key follows the change, not the list
/// size, except where an item must be found by id (after undo, redo, saves and changes on
/// disk) or a filter is active.
public func update(_ state: inout AppState, _ action: Action) -> [Effect] {
    if action.isUserCommand {
        state.status = nil
        // Any key but a second `d` cancels a pending `d`.
        if action != .startDelete { state.pendingDeleteID = nil }
        // Any key but a second `u` forgets the question of a first; any key but a second
        // Enter, that of an edit whose field changed elsewhere.
        if action != .undo { state.undoConfirmID = nil }
        if action != .commitEdit { state.editConflictShown = false }
    }
    var effects = state.handle(action)
    if state.saveAsked {
        state.saveAsked = false
        effects.append(.save)
    }
    effects += state.startSyncIfDue()
    state.refreshColumns()
    state.clampSelection()
    state.scrollOffset = state.adjustedScrollOffset(size: state.size)
    return effects
}

extension Action {
    /// True for what leaves something without changing anything: quitting (which saves or
    /// asks first), suspending, cancelling an edit or a question, closing help, going back
    /// to the list after the edited item was removed. The only actions while the terminal
    /// is too small to show anything.
    var backsOut: Bool {
        switch self {
        case .quit, .suspend, .cancelEdit, .cancelQuit, .cancelClearDone, .closeHelp, .acknowledgeRemoval, .closePicker, .cancelRemoveList: true
        default: false
        }
    }

    /// True for what the user did; false for events from the run loop.
    var isUserCommand: Bool {
        switch self {
        case .tick, .saved, .saveFailed, .syncFinished, .externalChange, .externalChangeUnreadable, .journalRead, .journalSaved, .resize,
             .listNamesRead, .listsRead, .listOpened, .listRenamed, .listsChanged, .openListRemoved, .editedItemMoved, .listsFailed, .askBeforeQuit, .listMoveUndone: false
        default: true
        }
    }
}

extension AppState {
    mutating func handle(_ action: Action) -> [Effect] {
        switch action {
        case .moveUp: return moveSelection(by: -1)
        case .moveDown: return moveSelection(by: 1)
        case .pageUp: return moveSelection(by: -pageStep)
        case .pageDown: return moveSelection(by: pageStep)
        case .halfPageUp: return moveSelection(by: -max(pageStep / 2, 1))
        case .halfPageDown: return moveSelection(by: max(pageStep / 2, 1))
        case .moveToTop: return moveSelection(toPosition: 0)
        case .moveToBottom: return moveSelection(toPosition: Int.max)
        case .switchSection: return switchSection()
        case .toggleDone: return toggleDone()
        case .addItem: return beginAdding()
        case .addSubtask: return beginAddingSubtask()
        case .toggleFold: return toggleFold()
        case .editTitle: return beginEditing { .title($0) }
        case .editLocation: return beginEditing { .location($0) }
        case .editNotes: return beginEditing { .notes($0) }
        case .editDue: return beginEditing { .due($0) }
        case .editTags: return beginEditing { .tags($0) }
        case .editRepeat: return beginEditing { .repeatRule($0) }
        case .cyclePriority: return cyclePriority()
        case .cycleSort: return cycleSort()
        case .delete: return deleteSelected()
        case .startDelete: return startDelete()
        case .cancelPendingKey: return []
        case .clearDone: return askToClearDone()
        case .confirmClearDone: return clearDoneItems()
        case .cancelClearDone:
            mode = .browsing
            return []
        case .undo: return undo()
        case .redo: return redo()
        case .moveItemUp, .moveItemDown:
            guard sort == .manual else {
                status = StatusMessage("To Do is sorted by \(sort.name): s until the list's order to move items", isError: true)
                return [.bell]
            }
            return moveSelectedItem(by: action == .moveItemUp ? -1 : 1)
        case .edit(let command): return edit(command)
        case .commitEdit: return commitEdit()
        case .cancelEdit: return cancelEdit()
        case .paste(let text): return paste(text)
        case .startFilter: return startFilter()
        case .clearFilter: return clearFilter()
        case .showDueNow: return showDueNow()
        case .toggleDetail:
            detailVisible.toggle()
            return [.rememberDetail(detailVisible)]
        case .showHelp:
            mode = .help(scroll: 0)
            return []
        case .closeHelp:
            mode = .browsing
            return []
        case .scrollHelp(let lines):
            if case .help(let scroll) = mode {
                mode = .help(scroll: min(max(scroll + lines, 0), helpScrollLimit))
            }
            return []
        case .helpTop:
            mode = .help(scroll: 0)
            return []
        case .helpBottom:
            mode = .help(scroll: helpScrollLimit)
            return []
        case .acknowledgeRemoval:
            mode = .browsing
            removedEdit = nil
            return []
        case .restoreRemovedEdit: return restoreRemovedEdit()
        case .suspend:
            return [.suspend]
        case .repaint:
            return [.repaint]
        case .mouse(let event): return handleMouse(event)
        case .quit: return [.quit]
        case .askBeforeQuit: return askBeforeQuit()
        case .confirmQuit: return [.quit]
        case .cancelQuit:
            mode = .browsing
            return []
        case .tick(let date):
            // A new year changes which dates need their year shown.
            if calendar.fields(of: date).year != calendar.fields(of: now).year { columnsStale = true }
            now = date
            // What is due today changes with the clock.
            if let query = filter?.query, DueWord(query: query) != nil { refreshFilter() }
            return []
        case let .saved(diskList, operations):
            liveSync?.changed(at: now)
            return saved(diskList, operations: operations)
        case .syncNow: return syncNow()
        case .syncFinished(let outcome):
            let wasFailing = (liveSync?.failures ?? 0) > 0
            // (A list that failed the last time too, for the same reason, is no news every interval.)
            let sameFailure: Bool = if case .partly(let counts, let failure) = outcome {
                failure == liveSync?.partialFailure && !SyncOutcome.synced(counts).isNews
            } else { false }
            liveSync?.finished(outcome, at: now, zone: calendar)
            // A failure, a conflict, a change from elsewhere or the end of failures is said at
            // once, over a passing note such as "saved"; changes sent, over "saved" alone;
            // the rest waits for the next key.
            if (outcome.isNews && !sameFailure) || wasFailing || (outcome.sentChanges && status == .saved), status?.isError != true {
                status = nil
            }
            return []
        case .saveFailed(let message):
            saveError = message
            // A question on the status line stays there (the header says "not saved").
            switch mode {
            case .confirmingQuit, .confirmingClearDone, .editedItemRemoved, .openListRemoved: break
            default: status = StatusMessage("not saved: \(message)", isError: true)
            }
            return []
        case .externalChange(let diskList): return externalChange(diskList)
        case .externalChangeUnreadable(let message):
            status = StatusMessage("the file changed elsewhere and cannot be read; tick will not overwrite it: \(message)", isError: true)
            return []
        case let .journalRead(entries, version):
            history.load(entries)
            diskVersion = version
            return []
        case let .journalSaved(entries, changes, version, problem):
            return journalSaved(entries, changes: changes, version: version, problem: problem)
        case .resize(let newSize):
            size = newSize
            return []
        default:
            return handleLists(action)
        }
    }

    /// The scroll offset that keeps the selected row visible at a size.
    func adjustedScrollOffset(size: Size) -> Int {
        let layout = Layout(state: self, size: size)
        return ListRows(state: self).scrollOffset(from: scrollOffset, keeping: selection, height: layout.list.height)
    }

    /// The last line the help screen can scroll to.
    private var helpScrollLimit: Int { max(Screen.helpLines(keyMap).count - (size.rows - 2), 0) }

    private var pageStep: Int { max(Layout(state: self, size: size).list.height - 2, 1) }

    /// The quit question, when the save the loop tried before quitting failed too (after a
    /// failed save, `q` tries it again first: the cause may be fixed since).
    private mutating func askBeforeQuit() -> [Effect] {
        if hasUnsavedChanges {
            mode = .confirmingQuit
            editor = nil
            // The question first: a long error would push it past the end of the line.
            let count = pendingOperations.count
            status = StatusMessage("quit and lose \(count) change\(count == 1 ? "" : "s")? y quits, any other key cancels · the last save failed: \(saveError ?? "unknown error")", isError: true)
            return []
        }
        return [.quit]
    }
}
