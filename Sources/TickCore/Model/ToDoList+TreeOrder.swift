import FoundationEssentials

/// Moves between the sections that keep tree order (ToDoList+Subtasks.swift), told without
/// a pass over the list: Space on a subtask, and then on its parent, costs at a million
/// items what Space on any item costs, where each would pass over both sections to check
/// (tens of milliseconds a key). The rules hold for a list in tree order before the move;
/// what they do not cover is left to ``ToDoList/restoreTreeOrder()``.
extension ToDoList {
    /// Whether `item`, taken out of `from` at `index` and now at `newIndex` of `section`,
    /// left both sections in tree order; `startedBlock`: whether `newIndex` was where a
    /// block starts before the item was put there (``startsBlock(at:in:)``). False when it
    /// cannot tell without a pass.
    ///
    /// A top-level item without subtasks (most; Space at a million items) put where a block
    /// starts keeps it, in either section: taking a leaf out of a tree-ordered section leaves
    /// it in tree order, and so does putting one in at the top, at the end, or before a
    /// top-level item. For a move to the other section, more:
    ///
    /// - The item must be top level in `section`: without a parent, or with one found
    ///   above `index` in `from` (in tree order a parent in the item's section stands above
    ///   it there), so not in `section`. Put where a block starts, it starts one.
    /// - Its subtasks, if it has any, must all stand in the run right after it of items
    ///   under it: then its block is whole in `section`, and it left none behind in `from`,
    ///   so taking it out of `from` was taking out a leaf, which keeps a block whole. (Its
    ///   subtasks in `section` were top level there, each with its block; only at the top
    ///   can such blocks follow it. At the end, or before a top-level item, the run is
    ///   empty: an item with subtasks put there is checked the whole way.)
    func keptTreeOrder(
        moving item: borrowing ToDoItem, from: Section, at index: Int, to section: Section, at newIndex: Int, startedBlock: Bool
    ) -> Bool {
        guard startedBlock, let subtaskCounts else { return false }
        if !item.hasParent, !subtaskCounts.hasSubtasks(item.id) { return true }
        guard from != section else { return false }
        if item.hasParent, let parent = item.parent, items(in: from).lastPosition(of: parent, before: index) == nil {
            return false
        }
        let subtasks = subtaskCounts.count(of: item.id)
        return subtasks == 0 || block(under: newIndex, in: section).count { $0.parent == item.id } == subtasks
    }

    /// The item's subtasks and theirs, depth first, when all of them are in its section,
    /// right after it (its block in tree order): told from the counts and that run alone,
    /// without a pass over the list. Nil when some are elsewhere, without the counts, or
    /// when no item has the id.
    func descendantsInBlock(of id: UUID) -> [UUID]? {
        guard let subtaskCounts, let (section, index) = position(of: id) else { return nil }
        let run = block(under: index, in: section)
        var counted: [UUID: Int] = [:]
        for link in run { counted[link.parent, default: 0] += 1 }
        // (Each one's subtasks all in the run: none in the other section, nor further on.)
        guard subtaskCounts.count(of: id) == counted[id] ?? 0,
              run.allSatisfy({ subtaskCounts.count(of: $0.id) == counted[$0.id] ?? 0 }) else { return nil }
        return run.map(\.id)
    }

    /// The items right after the item at `position` of `section` that stand under it (its
    /// subtasks and theirs, in the order of tree order's block): their ids and parents,
    /// read in place.
    private func block(under position: Int, in section: Section) -> [(id: UUID, parent: UUID)] {
        let items = items(in: section)
        var depths = SubtaskDepths()
        _ = depths.next(id: items.withItem(at: position) { $0.pointee.id }, parent: nil)
        var run: [(id: UUID, parent: UUID)] = []
        var next = position + 1
        while next < items.count {
            let (id, parent) = items.withItem(at: next) { ($0.pointee.id, $0.pointee.hasParent ? $0.pointee.parent : nil) }
            guard depths.next(id: id, parent: parent) > 0, let parent else { break }
            run.append((id, parent))
            next += 1
        }
        return run
    }
}
