import FoundationEssentials

/// Ticking off a repeating item (one with a ``ToDoItem/recurrence`` and a due).
///
/// The item keeps its id and its place in To Do; its due moves to the rule's next
/// occurrence after the due it had (a COUNT counts down with it). A done copy of the
/// occurrence goes to the top of Done: its own id, no rule, the old due. The copy's id is a
/// name-based UUID of the series id and the occurrence, so two machines that tick the same
/// occurrence before they sync make the same copy, and the merge sees one. When the rule
/// has no next occurrence (COUNT used up, UNTIL passed), the item itself is ticked off as
/// any other; a rule tick cannot read is refused (``tickRepeating(_:at:zone:)``), since
/// ticking the item off would end its series on every device.
///
/// The series is anchored at its DTSTART when another app gave it one (kept in the item's
/// iCalendar extras; the due is the same distance after each start), on the clock of the
/// zone its TZID names, else at the due; the starts its EXDATEs name are passed over.
extension ToDoList {
    /// What ticking off `item` at `now` makes of it when it repeats: the item moved on to its
    /// next occurrence and the done copy of this one; nil when it is to be ticked off itself.
    public static func repeatTick(_ item: ToDoItem, at now: Date, zone: LocalTime = .current) -> (moved: ToDoItem, copy: ToDoItem)? {
        guard let text = item.recurrence, let due = item.due, let rule = try? RecurrenceRule(parsing: text) else { return nil }
        let isDay = item.dueIsDay
        // A series another app started at a time in a named zone runs on that zone's clock
        // (RFC 5545 expands a rule in its DTSTART's zone), wherever tick runs.
        let zone = item.iCalendarStartZone.flatMap(LocalTime.named) ?? zone
        // The series runs on its DTSTART when another app gave it one (kept with the item):
        // the due is the same distance after each start.
        let offset = item.startOffset(zone: zone) ?? 0
        // A repeat from the day it is done (`rec:1w`, `when done`) runs from that day, at the due's time.
        let start = (rule.repeatsWhenDone ? Self.doneDay(due: due, isDay: isDay, now: now, zone: zone) : due).addingTimeInterval(-offset)
        guard var nextStart = rule.nextOccurrence(after: start, start: start, startIsDay: isDay, zone: zone) else { return nil }
        // An occurrence the series excludes (EXDATE, RFC 5545 §3.8.5.1) is passed over; it
        // still counts toward a COUNT, as the RFC counts before it excludes.
        let excluded = item.excludedStarts(zone: zone)
        while excluded.contains(where: { abs($0.timeIntervalSince(nextStart)) < 1 }) {
            guard let after = rule.nextOccurrence(after: nextStart, start: start, startIsDay: isDay, zone: zone) else { return nil }
            nextStart = after
        }
        // (Only a COUNT changes as the start moves: without one the rule stays, unexpanded again.)
        guard let remaining = rule.count == nil ? rule : rule.movingStart(from: start, to: nextStart, startIsDay: isDay, zone: zone)
        else { return nil }
        let next = nextStart.addingTimeInterval(offset)
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

    /// The day `now` falls on in `zone`, at the due's time of day (a day due: the day itself):
    /// where a series that repeats from the day it is done is anchored as it is ticked off.
    static func doneDay(due: Date, isDay: Bool, now: Date, zone: LocalTime) -> Date {
        guard let today = CalendarDay(of: now, in: zone) else { return due }
        if isDay { return today.utcMidnight }
        let time = zone.fields(of: due)
        return zone.date(year: today.year, month: today.month, day: today.day, hour: time.hour, minute: time.minute, second: time.second) ?? due
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
    /// A rule tick cannot read is refused: ticking the item off would end its series on
    /// every device.
    mutating func tickRepeating(_ id: UUID, at now: Date, zone: LocalTime) throws(ModelError) -> Bool {
        guard let (section, index) = position(of: id), section == .toDo else { return false }
        let item = toDoItems[index]
        if let rule = item.recurrence, item.due != nil, (try? RecurrenceRule(parsing: rule)) == nil {
            throw .unreadableRepeat(rule)
        }
        if laterInstanceIsOpen(of: item) { return false }
        guard let (moved, copy) = Self.repeatTick(item, at: now, zone: zone) else { return false }
        try update(id) { $0 = moved }
        if !contains(copy.id) { try insert(new: copy, in: .done, at: 0) }
        return true
    }
}

extension ToDoList {
    /// Whether `item` is one instance of a series another app keeps as several items
    /// (taskwarrior's pending instances of one template, imported together when it is
    /// overdue) and a later instance of it is open here: that one carries the series on,
    /// and this one is done as it is, as `task done` does; moving it on would make a second
    /// item of the later one's occurrence.
    func laterInstanceIsOpen(of item: ToDoItem) -> Bool {
        guard let series = item.recurrence.flatMap({ try? RecurrenceRule(parsing: $0) })?.instanceSeries, let due = item.due else { return false }
        return toDoItems.contains { other in
            guard other.id != item.id, let otherDue = other.due, otherDue > due, let rule = other.recurrence, rule.contains(series) else { return false }
            return (try? RecurrenceRule(parsing: rule))?.instanceSeries == series
        }
    }
}

extension ToDoItem {
    /// How long before the due the series' DTSTART is, when another app gave the item one
    /// of the due's kind (a DATE beside a day due, a date-time beside a time): the distance
    /// between the DTSTART and the DUE as they were read (both kept in the iCalendar extras;
    /// the export moves the DTSTART as far as the due moved since), in seconds, a floating
    /// or TZID start read on the wall clock of `zone`. Nil without them.
    func startOffset(zone: LocalTime) -> TimeInterval? {
        guard let startText = iCalendarStart, let dueText = iCalendarDueAsRead,
              let start = Self.instant(startText, zone: zone), let read = Self.instant(dueText, zone: zone),
              start.isDay == read.isDay, start.isDay == dueIsDay else { return nil }
        return read.date.timeIntervalSince(start.date)
    }

    /// The series' starts another app excluded (its EXDATEs, kept in the iCalendar extras)
    /// of the due's kind (DATEs beside a day due, date-times beside a time), read as
    /// ``startOffset(zone:)`` reads the DTSTART.
    func excludedStarts(zone: LocalTime) -> [Date] {
        keptValues("EXDATE").flatMap { $0.split(separator: ",") }.compactMap { text in
            Self.instant(String(text).trimmed(), zone: zone).flatMap { $0.isDay == dueIsDay ? $0.date : nil }
        }
    }

    /// A DATE or DATE-TIME value as iCalendar writes it (`20250106`, `20250106T090000Z`, or
    /// floating `20250106T090000`, read in `zone`) as an instant (a DATE: 00:00 UTC).
    private static func instant(_ text: String, zone: LocalTime) -> (date: Date, isDay: Bool)? {
        let digits = text.filter { $0 != "Z" && $0 != "T" }
        guard digits.count == 8 || digits.count == 14, digits.allSatisfy(\.isNumber),
              let year = Int(digits.prefix(4)), let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.dropFirst(6).prefix(2))
        else { return nil }
        if digits.count == 8 { return CalendarDay(year: year, month: month, day: day).map { ($0.utcMidnight, true) } }
        guard let hour = Int(digits.dropFirst(8).prefix(2)), let minute = Int(digits.dropFirst(10).prefix(2)),
              let second = Int(digits.suffix(2)) else { return nil }
        let calendar = text.hasSuffix("Z") ? LocalTime.utc : zone
        return calendar.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second).map { ($0, false) }
    }

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

extension ToDoList.ItemField {
    /// The field changes that make `item` repeat by `rule` (an RRULE value): the rule, and
    /// for an item without a due, a due on the rule's first day from `today` — a repeat
    /// moves on from its due.
    public static func repeating(_ item: ToDoItem, by rule: String, today: CalendarDay) -> [ToDoList.ItemField] {
        guard item.due == nil else { return [.recurrence(rule)] }
        let first = (try? RecurrenceRule(parsing: rule))?.firstDay(onOrAfter: today) ?? today
        return [.dueDay(first), .recurrence(rule)]
    }
}

extension RecurrenceRule {
    /// The day a new repeat without a due starts on: `today` when the rule leaves the day
    /// open (it then takes it from the start) or today is one of its days, else its first
    /// day after today (`every tue` added on a Saturday is due on Tuesday).
    public func firstDay(onOrAfter today: CalendarDay) -> CalendarDay {
        let pinned = !byDay.isEmpty || !byMonthDay.isEmpty || !byMonth.isEmpty || !byYearDay.isEmpty || !byWeekNo.isEmpty
        guard pinned, let yesterday = CalendarDay(utcMidnight: today.utcMidnight.addingTimeInterval(-86_400)),
              let next = nextOccurrence(after: yesterday.utcMidnight, start: yesterday.utcMidnight, startIsDay: true, zone: .utc),
              let day = CalendarDay(utcMidnight: next) else { return today }
        return day
    }
}
