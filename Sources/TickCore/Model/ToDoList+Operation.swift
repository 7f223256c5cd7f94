import FoundationEssentials

extension ToDoList {
    /// One change to a list, named by item id so that it can be applied to a list that
    /// another process has changed meanwhile (the file as it is on disk).
    public enum Operation: Sendable, Hashable {
        /// Inserts a new item into a section at a position; nil appends.
        case insert(ToDoItem, Section, at: Int?)
        case check(UUID)
        /// Ticks off the occurrence of a repeating item due at this instant: the item moves
        /// on to its next occurrence (see ``repeatTick(_:at:zone:)``). Made again on a list
        /// where that occurrence was ticked off already (the item's due moved on, elsewhere),
        /// it changes nothing, so two ticks of one occurrence never skip the next.
        case checkOccurrence(UUID, due: Date)
        case uncheck(UUID)
        case remove(UUID)
        /// Puts an item at a position of a section (the position it has afterwards).
        case place(UUID, Section, at: Int)
        /// Moves an item to a position within whichever section it is in: a reordering,
        /// which leaves alone a check or uncheck made elsewhere meanwhile.
        case reorder(UUID, at: Int)
        /// Changes one field of an item, leaving the others as they are on disk.
        case set(UUID, ItemField)
        case removeAll
    }

    /// A new value for one editable field of an item.
    public enum ItemField: Sendable, Hashable {
        case title(String)
        case notes(String?)
        /// A due instant (or none).
        case due(Date?)
        /// A due calendar day, the same day in every time zone.
        case dueDay(CalendarDay)
        case location(Location?)
        /// 1 (highest) … 9, or nil for none.
        case priority(Int?)
        case tags([String])
        /// An RRULE value, or nil: the item no longer repeats.
        case recurrence(String?)
        /// The id of the item's parent, or nil: a top-level item. Applied, the parent must be an
        /// item of the list that is not the item or one of its subtasks.
        case parent(UUID?)
    }

    /// Applies an operation exactly; an unknown id or a bad position is an error.
    ///
    /// A check of a repeating item moves it on to its next occurrence instead (see
    /// ``repeatTick(_:at:zone:)``). A check, uncheck or field change stamps the item's ``ToDoItem/modifiedAt`` with
    /// `now` (a field set to the value it has changes nothing); a check that moves an item to Done sets its ``ToDoItem/completedAt``, an
    /// uncheck that moves it back clears it.
    /// `zone` is the wall clock a repeating item's timed due keeps.
    public mutating func apply(_ operation: Operation, at now: Date, zone: LocalTime = .current) throws(ModelError) {
        switch operation {
        case let .insert(item, section, position):
            try checkParent(item.parent, of: item.id)
            try insert(item, in: section, at: position ?? items(in: section).count)
        // (A moved item is stamped where the move put it, not looked for again.)
        case .check(let id):
            guard position(of: id)?.section == .toDo else { return try check(id) }
            // A repeating item moves on to its next occurrence and leaves a done copy.
            if try tickRepeating(id, at: now, zone: zone) { return }
            try check(id)
            changeItem(id, in: .done, at: 0) { $0.completedAt = now; $0.modifiedAt = now }
        case let .checkOccurrence(id, due):
            guard let (section, index) = position(of: id) else { throw .unknownID(id) }
            let item = section == .toDo ? toDoItems[index] : doneItems[index]
            guard section == .toDo, item.due.map({ abs($0.timeIntervalSince(due)) < 1 }) ?? false else { return }
            try apply(.check(id), at: now, zone: zone)
        case .uncheck(let id):
            guard position(of: id)?.section == .done else { return try uncheck(id) }
            try uncheck(id)
            changeItem(id, in: .toDo, at: toDoItems.count - 1) { $0.completedAt = nil; $0.modifiedAt = now }
        case .remove(let id): try remove(id)
        case let .place(id, section, position):
            let from = self.position(of: id)?.section
            try place(id, in: section, at: position)
            if let from, from != section {
                changeItem(id, in: section, at: position) { $0.completedAt = section == .done ? now : nil; $0.modifiedAt = now }
            }
        case let .reorder(id, position): try move(id, to: position)
        case let .set(id, field):
            if case .parent(let parent) = field { try checkParent(parent, of: id) }
            try update(id) { (item) throws(ModelError) in
                let before = item
                try item.set(field)
                // A field set to what it was is no change: the item, and so the file, stay.
                if item != before { item.modifiedAt = now }
            }
        case .removeAll: removeAll()
        }
    }

    /// Applies an operation to a list that may have changed since the operation was made:
    /// an item that is gone is left gone, an id already present is not added twice, and a
    /// position past the end is clamped. Only invalid values (an empty title) are errors.
    public mutating func merge(_ operation: Operation, at now: Date, zone: LocalTime = .current) throws(ModelError) {
        switch operation {
        case let .insert(item, section, position):
            guard !contains(item.id) else { return }
            let count = items(in: section).count
            var item = item
            // A parent gone meanwhile (or now below the item) leaves it top level.
            if (try? checkParent(item.parent, of: item.id)) == nil { item.parent = nil }
            try insert(item, in: section, at: min(max(position ?? count, 0), count))
        case let .place(id, section, position):
            guard let (from, _) = self.position(of: id) else { return }
            let count = items(in: section).count - (from == section ? 1 : 0)
            try apply(.place(id, section, at: min(max(position, 0), count)), at: now, zone: zone)
        case let .reorder(id, position):
            guard let (section, _) = self.position(of: id) else { return }
            try place(id, in: section, at: min(max(position, 0), items(in: section).count - 1))
        case .check(let id), .uncheck(let id), .remove(let id), .checkOccurrence(let id, _):
            guard contains(id) else { return }
            try apply(operation, at: now, zone: zone)
        case let .set(id, field):
            guard contains(id) else { return }
            if case .parent(let parent) = field, (try? checkParent(parent, of: id)) == nil {
                return try apply(.set(id, .parent(nil)), at: now, zone: zone)
            }
            try apply(operation, at: now, zone: zone)
        case .removeAll:
            removeAll()
        }
    }
}

extension ToDoList.Operation {
    /// The operation that ticks off `item`: for a repeating item with a due, the tick of
    /// its current occurrence (see ``checkOccurrence(_:due:)``), else a check.
    public static func tick(_ item: ToDoItem) -> ToDoList.Operation {
        if item.recurrence != nil, let due = item.due { return .checkOccurrence(item.id, due: due) }
        return .check(item.id)
    }
}

extension ToDoItem {
    /// Sets one field from an ``ToDoList/ItemField``.
    public mutating func set(_ field: ToDoList.ItemField) throws(ModelError) {
        switch field {
        case .title(let title): try setTitle(title)
        case .notes(let notes): self.notes = notes
        case .due(let due): setDue(instant: due)
        case .dueDay(let day): setDue(day: day)
        case .location(let location): self.location = location
        case .priority(let priority): try setPriority(priority)
        case .tags(let tags): try setTags(tags)
        case .recurrence(let rule): recurrence = rule
        case .parent(let id): parent = id
        }
    }
}
