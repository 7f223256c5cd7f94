import TickCore

extension AppState {
    /// The selection as one position over To Do then Done.
    private var flatPosition: Int? {
        guard let selection else { return nil }
        return selection.section == .toDo ? selection.index : visibleCount(.toDo) + selection.index
    }

    private mutating func select(flatPosition position: Int) {
        let toDo = visibleCount(.toDo), done = visibleCount(.done)
        guard toDo + done > 0 else {
            selection = nil
            return
        }
        let position = min(max(position, 0), toDo + done - 1)
        selection = position < toDo
            ? Selection(section: .toDo, index: position)
            : Selection(section: .done, index: position - toDo)
    }

    mutating func moveSelection(by delta: Int) -> [Effect] {
        guard let position = flatPosition else { return [.bell] }
        select(flatPosition: position + delta)
        return []
    }

    mutating func moveSelection(toPosition position: Int) -> [Effect] {
        guard flatPosition != nil else { return [.bell] }
        select(flatPosition: position)
        return []
    }

    mutating func switchSection() -> [Effect] {
        let target = selection?.section.other ?? .toDo
        guard visibleCount(target) > 0 else { return [.bell] }
        selection = Selection(section: target, index: 0)
        return []
    }

    mutating func handleMouse(_ event: MouseEvent) -> [Effect] {
        let layout = Layout(state: self, size: size)
        guard !layout.tooSmall else { return [] }
        let rows = ListRows(state: self)
        let offset = adjustedScrollOffset(size: size)
        switch event.kind {
        case .click:
            guard layout.list.contains(column: event.column, row: event.row),
                  case .item(let section, let index)? = rows.kind(at: offset + event.row - layout.list.row)
            else { return [] }
            selection = Selection(section: section, index: index)
            let boxColumns = layout.list.column + 1..<layout.list.column + 1 + RowFormat.boxWidth(unicode: unicode)
            return boxColumns.contains(event.column) ? toggleDone() : []
        case .wheelUp, .wheelDown:
            let step = event.kind == .wheelUp ? -3 : 3
            let height = layout.list.height
            let newOffset = min(max(offset + step, 0), max(rows.total - height, 0))
            scrollOffset = newOffset
            // Keep the selection within the rows now shown.
            guard let selection else { return [] }
            let row = rows.row(of: selection)
            if row < newOffset || row >= newOffset + height {
                let target = row < newOffset ? newOffset : newOffset + height - 1
                let candidates = row < newOffset ? Array(target..<newOffset + height) : Array((newOffset...target).reversed())
                for candidate in candidates {
                    if case .item(let section, let index)? = rows.kind(at: candidate) {
                        self.selection = Selection(section: section, index: index)
                        break
                    }
                }
            }
            return []
        }
    }
}
