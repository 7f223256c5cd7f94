import FoundationEssentials

extension ToDoList {
    /// The operations that reverse `operation` when applied after it, in order, computed on
    /// the list as it is before `operation` is applied; none when it would change nothing.
    public func inverses(of operation: Operation, zone: LocalTime) -> [Operation] {
        // Ticking off a repeating item: the copy goes, the due and the rule come back.
        var ticked: UUID?
        if case .check(let id) = operation { ticked = id }
        if case let .checkOccurrence(id, due) = operation, item(withID: id)?.due.map({ abs($0.timeIntervalSince(due)) < 1 }) == true {
            ticked = id
        }
        if let id = ticked, let (section, index) = position(of: id), section == .toDo,
           let (_, copy) = Self.repeatTick(toDoItems[index], at: Date(timeIntervalSince1970: 0), zone: zone) {
            let item = toDoItems[index]
            return (contains(copy.id) ? [] : [.remove(copy.id)])
                + [.set(id, item.dueDay.map { .dueDay($0) } ?? .due(item.due)), .set(id, .recurrence(item.recurrence))]
        }
        return inverse(of: operation).map { [$0] } ?? []
    }

    /// The one operation that reverses `operation` (see ``inverses(of:zone:)``).
    private func inverse(of operation: Operation) -> Operation? {
        switch operation {
        case let .insert(item, _, _):
            return .remove(item.id)
        case .reorder(let id, _):
            guard let (_, index) = position(of: id) else { return nil }
            return .reorder(id, at: index)
        case .check(let id), .uncheck(let id), .place(let id, _, _), .checkOccurrence(let id, _):
            guard let (section, index) = position(of: id) else { return nil }
            return .place(id, section, at: index)
        case .remove(let id):
            guard let (section, index) = position(of: id) else { return nil }
            return .insert(items(in: section)[index], section, at: index)
        case let .set(id, field):
            guard let item = item(withID: id) else { return nil }
            return .set(id, item.value(like: field))
        case .removeAll:
            return nil
        }
    }
}
