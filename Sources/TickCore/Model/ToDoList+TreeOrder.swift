import FoundationEssentials

/// Moves between the sections that keep tree order (ToDoList+Subtasks.swift), told without
/// a pass over the list: Space on a subtask, and then on its parent, costs at a million
/// items what Space on any item costs, where each would pass over both sections to check
/// (tens of milliseconds a key). The rules hold for a list in tree order before the move;
/// what they do not cover is left to ``ToDoList/restoreTreeOrder()``.
extension ToDoList {
    /// Whether `item`, taken out of `from` at `index` and now at `newIndex` of the other
    /// section `section`, left both sections in tree order; `startedBlock`: whether
    /// `newIndex` was where a block starts before the item was put there
    /// (``startsBlock(at:in:)``). False when it cannot tell without a pass.
    ///
    /// - The item must be top level in `section`: without a parent, or with one found
    ///   above `index` in `from` (in tree order a parent in the item's section stands above
    ///   it there), so not in `section`. Put where a block starts, it starts one.
    /// - Its subtasks, if it has any, must all stand in the run right after it of items
    ///   under it (they were top level in `section`, each with its block): then its block
    ///   is whole in `section`, and it left none behind in `from`, so taking it out of
    ///   `from` was taking out a leaf, which keeps a block whole.
    func keptTreeOrder(
        moving item: borrowing ToDoItem, from: Section, at index: Int, to section: Section, at newIndex: Int, startedBlock: Bool
    ) -> Bool {
        guard from != section, startedBlock, let subtaskCounts else { return false }
        if item.hasParent, let parent = item.parent, items(in: from).lastPosition(of: parent, before: index) == nil {
            return false
        }
        let subtasks = subtaskCounts.count(of: item.id)
        return subtasks == 0 || subtasksInBlock(ofItemAt: newIndex, in: section) == subtasks
    }

    /// The number of items naming the item at `position` of `section` as their parent
    /// among the items right after it that stand under it (its subtasks and theirs, as
    /// tree order's block would hold them), read in place.
    private func subtasksInBlock(ofItemAt position: Int, in section: Section) -> Int {
        let items = items(in: section)
        let id = items.withItem(at: position) { $0.pointee.id }
        var depths = SubtaskDepths()
        _ = depths.next(id: id, parent: nil)
        var count = 0
        var next = position + 1
        while next < items.count {
            let (itemID, parent) = items.withItem(at: next) { ($0.pointee.id, $0.pointee.hasParent ? $0.pointee.parent : nil) }
            guard depths.next(id: itemID, parent: parent) > 0 else { break }
            if parent == id { count += 1 }
            next += 1
        }
        return count
    }
}
