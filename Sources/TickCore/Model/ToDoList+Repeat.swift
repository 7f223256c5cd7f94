import FoundationEssentials

/// Ticking off a repeating item (one with a ``ToDoItem/recurrence`` and a due).
///
/// The item keeps its id and its place in To Do; its due moves to the rule's next
/// occurrence after the due it had (a COUNT counts down with it). A done copy of the
/// occurrence goes to the top of Done: its own id, no rule, the old due. The copy's id is a
/// name-based UUID of the series id and the occurrence, so two machines that tick the same
/// occurrence before they sync make the same copy, and the merge sees one. When the rule
/// has no next occurrence (COUNT used up, UNTIL passed, a rule tick cannot read), the item
/// itself is ticked off as any other.
///
/// The series is anchored at the due: a kept DTSTART is written the same distance before
/// it (see docs/interchange.md), so occurrences of the due are those of DTSTART shifted.
extension ToDoList {
    /// What ticking off `item` at `now` makes of it when it repeats: the item moved on to its
    /// next occurrence and the done copy of this one; nil when it is to be ticked off itself.
    public static func repeatTick(_ item: ToDoItem, at now: Date, zone: LocalTime = .current) -> (moved: ToDoItem, copy: ToDoItem)? {
        guard let text = item.recurrence, let due = item.due, let rule = try? RecurrenceRule(parsing: text) else { return nil }
        let isDay = item.dueIsDay
        guard let next = rule.nextOccurrence(after: due, start: due, startIsDay: isDay, zone: zone),
              let remaining = rule.movingStart(from: due, to: next, startIsDay: isDay, zone: zone) else { return nil }
        var moved = item
        if isDay { moved.due = next } else { moved.setDue(instant: next) }
        moved.dueIsDay = isDay
        // (A rule without COUNT comes back as it was, byte for byte.)
        moved.recurrence = remaining.text
        moved.modifiedAt = now
        var copy = item.copy(id: occurrenceID(series: item.id, due: due, isDay: isDay))
        copy.completedAt = now
        copy.modifiedAt = now
        return (moved, copy)
    }

    /// The id of the done copy of a series' occurrence: a version 5 UUID of the series id and
    /// the occurrence (its day, or its second since 1970), in tick's namespace for copies.
    public static func occurrenceID(series: UUID, due: Date, isDay: Bool) -> UUID {
        let occurrence = isDay ? CalendarDay(utcMidnight: due)?.description ?? "\(Int64(due.timeIntervalSince1970))"
                               : "\(Int64(due.timeIntervalSince1970.rounded(.down)))"
        return NameBasedUUID.make(Array((series.uuidString + "/" + occurrence).utf8), in: occurrenceNamespace)
    }

    /// The namespace of ``occurrenceID(series:due:isDay:)`` (a fixed random UUID).
    static let occurrenceNamespace = UUID(uuid: (0x3A, 0x8E, 0x51, 0x7C, 0x0F, 0x92, 0x4D, 0x16,
                                                 0xA4, 0x2B, 0x6E, 0xC1, 0x75, 0x09, 0xD8, 0x33))

    /// Ticks off the To Do item `id` that repeats: the item moves on in place, its done copy
    /// goes to the top of Done (unless a copy of that occurrence is there already). False
    /// when the item does not repeat, or has no next occurrence: it is then to be ticked off.
    mutating func tickRepeating(_ id: UUID, at now: Date, zone: LocalTime) throws(ModelError) -> Bool {
        guard let (section, index) = position(of: id), section == .toDo,
              let (moved, copy) = Self.repeatTick(toDoItems[index], at: now, zone: zone) else { return false }
        try update(id) { $0 = moved }
        if !contains(copy.id) { try insert(copy, in: .done, at: 0) }
        return true
    }
}

extension ToDoItem {
    /// The item under another id: every field but the rule, the other app's UID and the
    /// iCalendar content kept for the series (a done copy of one occurrence is an item of
    /// its own, written with its own UID).
    func copy(id newID: UUID) -> ToDoItem {
        // (ToDoItem's id is a let: the copy is made field by field.)
        guard var copy = try? ToDoItem(id: newID, title: title, notes: notes, due: due, location: location, createdAt: createdAt)
        else { return self }
        copy.dueIsDay = dueIsDay
        try? copy.setPriority(priority)
        try? copy.setTags(tags)
        copy.completedAt = completedAt
        copy.modifiedAt = modifiedAt
        return copy
    }
}
