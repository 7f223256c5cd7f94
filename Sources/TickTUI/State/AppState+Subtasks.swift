import FoundationEssentials
import TickCore

/// Subtasks in the app: their indentation, folding (`z`), adding one under the selected
/// item (`A`), and moving an item with its subtasks among its siblings (J, K).
///
/// Folded items are kept by id in ``AppState/folded``; while some are folded and no filter
/// is on, ``AppState/foldView`` holds the list positions of the rows still shown (a folded
/// item's subtasks in its section are hidden). A filter or a sorted To Do shows every
/// match, flat.
extension AppState {
    /// How far the item at a list position is indented: its ancestors above it in its
    /// section; none while To Do is sorted (its rows are then in the sort's order) or a
    /// filter is on.
    func depth(ofListIndex index: Int, in section: ToDoList.Section) -> Int {
        // (A filter's matches are flat too: a subtask indented under no parent shown read as one.)
        if filter != nil || (section == .toDo && sortedToDo != nil) { return 0 }
        return list.depth(ofItemAt: index, in: section)
    }

    /// How far the row at a position of a section is indented; the new-item row of `A` one
    /// more than its parent.
    func rowDepth(at index: Int, in section: ToDoList.Section) -> Int {
        if let listIndex = listIndex(at: index, in: section) { return depth(ofListIndex: listIndex, in: section) }
        guard section == .toDo, let parent = newItemParent, let (parentSection, parentIndex) = list.position(of: parent),
              parentSection == .toDo else { return 0 }
        return depth(ofListIndex: parentIndex, in: .toDo) + 1
    }

    /// A folded item's open subtasks (and theirs), shown as `(+N)` after its title.
    func hiddenOpenSubtasks(of item: ToDoItem) -> Int? {
        // (A sorted To Do shows every row: nothing is hidden there.)
        guard foldView != nil, sortedToDo == nil || list.position(of: item.id)?.section != .toDo else { return nil }
        return foldedOpenCounts[item.id]
    }

    /// Recomputes ``foldView`` after the list, the folds or the filter changed (O(n), only
    /// while something is folded).
    mutating func refreshFolds() {
        if !folded.isEmpty { folded = folded.filter { list.contains($0) } }
        guard filter == nil, !folded.isEmpty else { foldView = nil; return }
        func shown(_ items: SectionItems, _ section: ToDoList.Section) -> [Int] {
            var depths = SubtaskDepths()
            var foldedAt: Int?
            var rows: [Int] = []
            for (index, item) in items.enumerated() {
                let depth = depths.next(item, in: section)
                if let foldedAt, depth > foldedAt { continue }
                foldedAt = folded.contains(item.id) ? depth : nil
                rows.append(index)
            }
            return rows
        }
        foldView = Filter(query: "", toDo: shown(list.toDoItems, .toDo), done: shown(list.doneItems, .done))
        // Counted here, once a change, not for every frame.
        let openIDs = Set(list.toDoItems.map(\.id))
        foldedOpenCounts = Dictionary(uniqueKeysWithValues: folded.map { id in
            (id, list.descendants(of: id).filter(openIDs.contains).count)
        })
    }

    /// `z`: folds the selected item's subtasks away, or unfolds them.
    mutating func toggleFold() -> [Effect] {
        guard let item = selectedItem, let (section, index) = list.position(of: item.id) else { return [.bell] }
        let items = list.items(in: section)
        let hasSubtasks = index + 1 < items.count && items[index + 1].parent == item.id
        guard hasSubtasks || folded.contains(item.id) else {
            status = StatusMessage("“\(DisplayWidth.truncate(VisibleText.line(item.title), toWidth: 30))” has no subtasks here to fold")
            return [.bell]
        }
        if folded.remove(item.id) == nil { folded.insert(item.id) }
        refreshFilter()
        select(id: item.id)
        return []
    }

    /// `A`: opens the new-item row under the selected item's subtasks in To Do; the item
    /// made there is its subtask.
    mutating func beginAddingSubtask() -> [Effect] {
        guard let parent = selectedItem else { return [.bell] }
        var position = list.toDoItems.count
        if let (section, index) = list.position(of: parent.id), section == .toDo {
            let descendants = Set(list.descendants(of: parent.id))
            position = index + 1
            while position < list.toDoItems.count, descendants.contains(list.toDoItems[position].id) { position += 1 }
        }
        _ = beginAdding(at: position)
        newItemParent = parent.id
        return []
    }

    /// J and K on a list with subtasks: moves the item, with its subtasks, past its next or
    /// previous sibling's whole block; nil when the section has no subtasks (the plain move
    /// then does it).
    func siblingMove(of item: ToDoItem, by delta: Int) -> ToDoList.Operation?? {
        guard let (section, index) = list.position(of: item.id) else { return nil }
        let items = list.items(in: section)
        guard items.contains(where: { $0.parent != nil }) else { return nil }
        let depth = list.depth(ofItemAt: index, in: section)
        /// The first position after the block that starts at `start`.
        func blockEnd(_ start: Int) -> Int {
            var end = start + 1
            while end < items.count, list.depth(ofItemAt: end, in: section) > depth { end += 1 }
            return end
        }
        if delta > 0 {
            let next = blockEnd(index)
            guard next < items.count, list.depth(ofItemAt: next, in: section) == depth else { return .some(nil) }
            return .reorder(item.id, at: blockEnd(next) - 1)
        }
        var previous = index - 1
        while previous >= 0, list.depth(ofItemAt: previous, in: section) > depth { previous -= 1 }
        guard previous >= 0, list.depth(ofItemAt: previous, in: section) == depth else { return .some(nil) }
        return .reorder(item.id, at: previous)
    }
}
