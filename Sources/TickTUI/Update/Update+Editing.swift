import FoundationEssentials
import TickCore

extension AppState {
    /// Opens the new-item row at a list position of To Do; by default under the selected item.
    mutating func beginAdding(at given: Int? = nil) -> [Effect] {
        // The new row goes under the selected item; a filter is cleared first so that the
        // row and its neighbours are where they are in the list.
        var position = list.toDoItems.count
        if let selection, selection.section == .toDo, let index = listIndex(at: selection.index, in: .toDo) {
            position = index + 1
            // The new item is top level: its row goes where it will be, after the subtasks below
            // (a row drawn between a parent and its subtasks landed after them).
            while position < list.toDoItems.count, let parent = list.toDoItems[position].parent,
                  list.position(of: parent)?.section == .toDo { position += 1 }
        }
        if list.toDoItems.isEmpty { position = 0 }
        if let given { position = given }
        filter = nil
        newItemParent = nil
        // (The new row's place is a list position: every row is shown while adding.)
        folded = []
        foldView = nil
        // (The new row goes to a place in the list's own order.)
        sort = .manual
        sortedToDo = nil
        mode = .editing(.newItem(at: position))
        newItemAfter = position > 0 && position <= list.toDoItems.count ? list.toDoItems[position - 1].id : nil
        newItemBefore = position < list.toDoItems.count ? list.toDoItems[position].id : nil
        editor = LineEditor()
        selection = Selection(section: .toDo, index: position)
        return []
    }

    mutating func beginEditing(_ field: (UUID) -> EditField) -> [Effect] {
        guard let item = selectedItem else { return [.bell] }
        let field = field(item.id)
        let text: String
        switch field {
        case .newItem: text = ""
        case .title: text = item.title
        case .location: text = LocationInput.text(for: item.location)
        case .notes: text = item.notes ?? ""
        case .due: text = item.localDue(calendar: calendar).map { DueDateFormat.editingText(for: $0, calendar: calendar, withTime: !item.dueIsDay) } ?? ""
        case .tags: text = item.tags.joined(separator: ", ")
        case .repeatRule: text = item.recurrence.map { (try? RecurrenceRule(parsing: $0))?.words ?? $0 } ?? ""
        }
        mode = .editing(field)
        editor = LineEditor(text)
        editOriginal = Self.fieldValue(of: item, for: field)
        editConflictShown = false
        return []
    }

    /// The item's value of the field an editor edits; nil for a new item.
    static func fieldValue(of item: ToDoItem, for field: EditField) -> ToDoList.ItemField? {
        switch field {
        case .newItem: nil
        case .title: .title(item.title)
        case .location: .location(item.location)
        case .notes: .notes(item.notes)
        case .due: item.value(like: .due(nil))
        case .tags: .tags(item.tags)
        case .repeatRule: .recurrence(item.recurrence)
        }
    }

    mutating func edit(_ command: EditCommand) -> [Effect] {
        guard var editor else { return [.bell] }
        editor.apply(command)
        self.editor = editor
        if mode == .filtering { applyFilter(editor.text) }
        return []
    }

    mutating func cancelEdit() -> [Effect] {
        switch mode {
        case .editing(.newItem(let position)):
            mode = .browsing
            editor = nil
            selection = Selection(section: .toDo, index: max(position - 1, 0))
        case .editing:
            mode = .browsing
            editor = nil
        case .filtering:
            return clearFilter()
        case .namingList:
            mode = .pickingList
            editor = nil
        default:
            return [.bell]
        }
        return []
    }

    mutating func commitEdit() -> [Effect] {
        guard let editor else { return [.bell] }
        let text = editor.text
        switch mode {
        case .filtering:
            mode = .browsing
            self.editor = nil
            if text.isEmpty { return clearFilter() }
            return []
        case .editing(let field):
            return commit(text, to: field)
        case .namingList(let old):
            return commitListName(text, renaming: old)
        default:
            return [.bell]
        }
    }

    private mutating func closeEditor() {
        mode = .browsing
        newItemParent = nil
        newItemAfter = nil
        newItemBefore = nil
        editor = nil
        editOriginal = nil
    }

    private mutating func commit(_ text: String, to field: EditField) -> [Effect] {
        let trimmed = text.trimmed()
        switch field {
        case .newItem(let position):
            // An empty new row is dropped, as Esc would.
            guard !trimmed.isEmpty else { return cancelEdit() }
            let parent = newItemParent
            closeEditor()
            do {
                var item = try ToDoItem(title: trimmed, createdAt: now)
                // A parent removed or moved to another list elsewhere while the row was open:
                // the item is added at the top level, not refused with what was typed.
                let parentGone = parent.map { !list.contains($0) } ?? false
                item.parent = parentGone ? nil : parent
                let position = min(position, list.toDoItems.count)
                if perform([.insert(item, .toDo, at: position)], name: "add", undoFocus: nil, redoFocus: item.id) {
                    select(id: item.id)
                    if parentGone { status = StatusMessage("its parent is no longer in this list (changed elsewhere): added at the top level", isError: true) }
                }
            } catch {
                status = StatusMessage(error.description, isError: true)
            }
            return []
        case .title(let id):
            guard !trimmed.isEmpty else {
                status = StatusMessage("a title cannot be empty (Esc keeps the old one)", isError: true)
                return [.bell]
            }
            return commitField(.title(trimmed), of: id, name: "title edit", unchanged: list.item(withID: id)?.title == trimmed)
        case .notes(let id):
            let notes: String? = trimmed.isEmpty ? nil : trimmed
            return commitField(.notes(notes), of: id, name: "notes edit", unchanged: list.item(withID: id)?.notes == notes)
        case .due(let id):
            var field = ToDoList.ItemField.due(nil)
            if trimmed.isEmpty, list.item(withID: id)?.recurrence != nil {
                status = StatusMessage("a repeating item needs a due: r and an empty repeat stop it repeating first", isError: true)
                return [.bell]
            }
            if !trimmed.isEmpty {
                do {
                    field = try DateParser.parseDue(trimmed, now: now, calendar: calendar).dueField(calendar: calendar)
                } catch {
                    status = StatusMessage(error.description, isError: true)
                    return [.bell]
                }
            }
            let current = list.item(withID: id)
            let unchanged: Bool = switch field {
            case .dueDay(let day): current?.dueDay == day
            default: current?.dueIsDay == false && current?.due == { if case .due(let date) = field { date } else { nil } }()
            }
            return commitField(field, of: id, name: "due date edit", unchanged: unchanged)
        case .location(let id):
            let location: Location?
            do {
                location = try LocationInput.parse(trimmed, current: list.item(withID: id)?.location)
            } catch {
                status = StatusMessage(error.message, isError: true)
                return [.bell]
            }
            return commitField(.location(location), of: id, name: "location edit", unchanged: list.item(withID: id)?.location == location)
        case .tags(let id):
            // (A tag the item has stays as it is, also one another app wrote with a #.)
            let current = list.item(withID: id)?.tags ?? []
            let tags = trimmed.split(separator: ",").map { part in
                let text = part.trimmed()
                return current.contains(text) ? text : TagInput.tag(text)
            }.filter { !$0.isEmpty }
            return commitField(.tags(tags), of: id, name: "tags edit", unchanged: list.item(withID: id)?.tags == tags)
        case .repeatRule(let id):
            return commitRepeat(trimmed, of: id)
        }
    }

    /// Sets or stops the repeat of an item from what was typed (words or an RRULE); an item
    /// without a due that starts to repeat is due on the rule's first day from today.
    private mutating func commitRepeat(_ text: String, of id: UUID) -> [Effect] {
        guard let item = list.item(withID: id) else { return cancelEdit() }
        guard !text.isEmpty else {
            return commitField(.recurrence(nil), of: id, name: "repeat edit", unchanged: item.recurrence == nil)
        }
        let rule: String
        do {
            rule = try RecurrenceRule(words: text, now: now, calendar: calendar, untilAsDay: item.due == nil || item.dueIsDay).text
        } catch {
            status = StatusMessage(error.description, isError: true)
            return [.bell]
        }
        closeEditor()
        guard rule != item.recurrence else { return [] }
        guard let today = CalendarDay(of: now, in: calendar) else { return [.bell] }
        perform(ToDoList.ItemField.repeating(item, by: rule, today: today).map { .set(id, $0) }, name: "repeat edit", undoFocus: id,
                redoFocus: id)
        followInSortedView(id)
        return []
    }

    /// Sets the selected item's priority to the next of none → high (1) → medium (5) →
    /// low (9) → none.
    mutating func cyclePriority() -> [Effect] {
        guard let item = selectedItem else { return [.bell] }
        let next: Int? = switch item.priority.map(PriorityText.band) {
        case nil: 1
        case .high?: 5
        case .medium?: 9
        case .low?: nil
        }
        perform([.set(item.id, .priority(next))], name: "priority", undoFocus: item.id, redoFocus: item.id)
        followInSortedView(item.id)
        status = StatusMessage(next.map { "priority \(PriorityText.long($0)) · p for the next" } ?? "no priority · p for high")
        return []
    }

    private mutating func commitField(_ value: ToDoList.ItemField, of id: UUID, name: String, unchanged: Bool) -> [Effect] {
        if !unchanged, !editConflictShown, let original = editOriginal, let item = list.item(withID: id),
           item.value(like: value) != original {
            // Changed elsewhere since the editor opened: ask before writing over it.
            editConflictShown = true
            let theirs = if case .title(let title) = item.value(like: value) {
                " to “\(DisplayWidth.truncate(VisibleText.line(title), toWidth: 30))”"
            } else { "" }
            status = StatusMessage("the \(value.label) changed elsewhere\(theirs): Enter again keeps yours, Esc keeps theirs", isError: true)
            return []
        }
        closeEditor()
        if !unchanged {
            perform([.set(id, value)], name: name, undoFocus: id, redoFocus: id)
            followInSortedView(id)
        }
        return []
    }

    /// In a sorted view a change may move the item to another row: the cursor goes with it.
    mutating func followInSortedView(_ id: UUID) {
        if sortedToDo != nil { select(id: id) }
    }

    // MARK: Filter

    mutating func startFilter() -> [Effect] {
        let query = filter?.query ?? ""
        mode = .filtering
        editor = LineEditor(query)
        if filter == nil { applyFilter(query) }
        return []
    }

    mutating func clearFilter() -> [Effect] {
        if mode == .filtering {
            mode = .browsing
            editor = nil
        }
        guard filter != nil else { return [] }
        let selected = selectedItem?.id
        filter = nil
        refreshSort()
        if let selected { select(id: selected) }
        return []
    }

    /// Shows what is due now (`T`): the filter `today` — due today and overdue — with To Do
    /// sorted by due, soonest first. Esc clears the filter; the order stays until `s`.
    mutating func showDueNow() -> [Effect] {
        if mode == .filtering {
            mode = .browsing
            editor = nil
        }
        sort = .due
        applyFilter(DueWord.today.rawValue)
        selection = Self.firstSelection(toDo: visibleCount(.toDo), done: visibleCount(.done))
        status = StatusMessage("due today and overdue, soonest first · Esc shows all")
        return []
    }

    /// Narrows the list to `query`, keeping the selected item selected while it matches.
    private mutating func applyFilter(_ query: String) {
        let selected = selection.flatMap { selection in
            listIndex(at: selection.index, in: selection.section).map { (selection.section, $0) }
        }
        let previous = filter
        let narrowing = previous.map { TextMatcher(query).narrows(TextMatcher($0.query)) } ?? false
        filter = makeFilter(query: query, within: narrowing ? previous : nil)
        refreshSort()
        if let (section, listIndex) = selected, let index = visibleIndex(ofListIndex: listIndex, in: section) {
            selection = Selection(section: section, index: index)
        } else {
            selection = Self.firstSelection(toDo: visibleCount(.toDo), done: visibleCount(.done))
        }
    }
}
