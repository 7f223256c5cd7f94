import FoundationEssentials
import TickCore

/// taskwarrior's JSON, as `task export` prints it and `task import` takes it: an array of
/// tasks with `uuid` (lower-case), `description`, `status` (`pending` or `completed`),
/// `entry`, `end`, `due` and `modified` as `YYYYMMDDTHHMMSSZ`, and the notes as one
/// annotation; `priority`, `tags`, `project` and `recur` as the priority, tags and repeat
/// (``readFields(_:into:unread:kept:fail:)``), a repeating item as a series (a template and the
/// item as its instance). Every other member but `id` and `urgency` (`wait`, UDAs, the
/// annotations with their dates …) is kept with the item and written back
/// (``keptText(of:unread:skipped:)``). taskwarrior has no location.
///
/// taskwarrior has no date-only due either: `task add due:2026-12-01` stores local midnight
/// of that day. So a day-only due is written as local midnight in `calendar` (the zone tick
/// runs in, as `task` does), and a due at exactly local midnight reads back as that day.
public enum Taskwarrior {
    /// Writes `entries` as one JSON array, a task a line; returns what was left out. Day-only
    /// dues are written as their first instant in `calendar`.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter, calendar: LocalTime = .current) throws(InterchangeError) -> Omissions {
        var omissions = Omissions(format: .taskwarrior)
        var midnights = 0
        var repeatLosses: [WrittenFields.RepeatLoss: Int] = [:]
        writer.ascii("[\n")
        for (index, entry) in entries.enumerated() {
            omissions.count(entry)
            let item = entry.item
            let fields = WrittenFields(item)
            if let loss = fields.repeatLost { repeatLosses[loss, default: 0] += 1 }
            if let due = item.due, item.dueDay == nil, calendar.startOfDay(for: due).timeIntervalSince1970 == due.timeIntervalSince1970.rounded(.down) {
                // A time at local midnight is what a day looks like in taskwarrior.
                // (Compared in whole seconds, as written.)
                midnights += 1
            }
            // A repeating item is an instance of a series: of the one it came from in taskwarrior,
            // else of a template written before it (its uuid derived from the item's, so the
            // same on every export), whose mask says this instance is made.
            var parent = fields.parent
            if fields.recur != nil, parent == nil {
                let template = templateID(of: item.id)
                task(item, fields, uuid: template, status: "recurring", link: ["mask": entry.done ? "\"+\"" : "\"-\""],
                     calendar: calendar, &writer)
                writer.ascii("},\n")
                parent = template.uuidString.lowercased()
            }
            let link = parent.map { ["parent": "\"\($0)\"", "imask": "0"] } ?? [:]
            task(item, fields, uuid: item.id, status: entry.done ? "completed" : "pending", link: link, kept: true, calendar: calendar, &writer)
            writer.ascii(index + 1 < entries.count ? "},\n" : "}\n")
            try writer.flushIfFull()
        }
        writer.ascii("]\n")
        try writer.flush()
        noteLostRepeats(repeatLosses, in: &omissions)
        if midnights > 0 {
            omissions.note("\(midnights) due time\(midnights == 1 ? "" : "s") at 00:00 local time (read back into another list as date-only dues)")
        }
        return omissions
    }

    /// One task object without its closing brace: the item's fields under `uuid` and
    /// `status`, `link` (the template's mask, an instance's parent, as written JSON by key),
    /// then, when `kept`, the members the item keeps for taskwarrior that tick did not write.
    private static func task(_ item: ToDoItem, _ fields: WrittenFields, uuid: UUID, status: String, link: [String: String],
                             kept: Bool = false, calendar: LocalTime, _ writer: inout ByteWriter) {
        var written: Set<String> = ["uuid", "description", "status", "entry"]
        writer.ascii("{\"uuid\":\"")
        writer.uuid(uuid, lowercase: true)
        writer.ascii("\",\"description\":")
        writer.jsonString(item.title)
        writer.ascii(",\"status\":\"")
        writer.text(status)
        writer.byte(UInt8(ascii: "\""))
        date("entry", item.createdAt, &writer)
        if status == "completed" { date("end", item.completedAt ?? item.modifiedAt ?? item.createdAt, &writer); written.insert("end") }
        if let day = item.dueDay {
            date("due", midnight(of: day, in: calendar), &writer)
        } else if let due = item.due {
            date("due", due, &writer)
        }
        if let modified = item.modifiedAt { date("modified", modified, &writer); written.insert("modified") }
        if let priority = item.priority { string("priority", priorityLetter(priority), &writer); written.insert("priority") }
        if let project = fields.project { string("project", project, &writer); written.insert("project") }
        if let recur = fields.recur { string("recur", recur, &writer); written.insert("recur") }
        let members = kept ? keptMembers(item.taskwarriorExtras) : []
        let series = fields.parent != nil
        // A kept imask (the instance's place in its series from taskwarrior) wins over the first one's 0.
        for key in link.keys.sorted() where !(key == "imask" && series && members.contains { $0.key == "imask" }) {
            writer.ascii(",\"")
            writer.text(key)
            writer.ascii("\":")
            writer.text(link[key] ?? "null")
            written.insert(key)
        }
        if !fields.tags.isEmpty {
            writer.ascii(",\"tags\":[")
            for (index, tag) in fields.tags.enumerated() {
                if index > 0 { writer.byte(UInt8(ascii: ",")) }
                writer.jsonString(tag)
            }
            writer.byte(UInt8(ascii: "]"))
            written.insert("tags")
        }
        if item.due != nil { written.insert("due") }
        if let notes = item.notes, !notes.isEmpty,
           !members.contains(where: { $0.key == "annotations" && Self.notes(ofAnnotations: $0.value) == notes }) {
            // Notes edited in tick (or never taskwarrior's annotations): one annotation.
            writer.ascii(",\"annotations\":[{\"entry\":\"")
            writer.compactDate(item.modifiedAt ?? item.createdAt)
            writer.ascii("\",\"description\":")
            writer.jsonString(notes)
            writer.ascii("}]")
            written.insert("annotations")
        }
        for member in keptToWrite(members, of: item, written: written, series: series) {
            writer.byte(UInt8(ascii: ","))
            writer.jsonString(member.key)
            writer.byte(UInt8(ascii: ":"))
            writer.json(member.value)
        }
    }

    /// The uuid of the template export writes for a repeating item tick made: derived from
    /// the item's, so the same on every export (and recognised on import, where it is not kept).
    static func templateID(of id: UUID) -> UUID {
        NameBasedUUID.make(Array("taskwarrior template of \(id.uuidString.lowercased())".utf8))
    }

    /// The first instant of `day` in `calendar`: midnight, or the first time after it when
    /// the clocks skip midnight that day.
    static func midnight(of day: CalendarDay, in calendar: LocalTime) -> Date {
        calendar.date(year: day.year, month: day.month, day: day.day) ?? day.utcMidnight
    }

    private static func string(_ key: StaticString, _ value: String, _ writer: inout ByteWriter) {
        writer.ascii(",\"")
        writer.ascii(key)
        writer.ascii("\":")
        writer.jsonString(value)
    }

    private static func date(_ key: StaticString, _ date: Date, _ writer: inout ByteWriter) {
        writer.ascii(",\"")
        writer.ascii(key)
        writer.ascii("\":\"")
        writer.compactDate(date)
        writer.byte(UInt8(ascii: "\""))
    }

    /// Whether parsed JSON looks like taskwarrior's: its first task has a `description`
    /// (tick's items have a `title`), with or without a `uuid` (`task import` makes one).
    public static func looksLike(_ value: JSONValue) -> Bool {
        let first: JSONValue? = if case .array(let elements, _) = value { elements.first } else { value }
        guard case .object(let members, _)? = first else { return false }
        return members.contains { $0.key == "description" } && !members.contains { $0.key == "title" }
    }

    /// A date as `task import` takes it: `20261201T083000Z` (what `task export` writes), ISO
    /// 8601, seconds since 1970 from 1980 to 9999 (`"1796113800"`, older exports; the range
    /// taskwarrior takes as seconds), `20261201` as local midnight, or `20261201T083000`
    /// without a zone, which taskwarrior reads as local time.
    static func date(_ text: String, calendar: LocalTime) -> Date? {
        let slice = Substring(text)
        if let date = DateText.compact(slice) ?? DateText.iso8601(slice) { return date }
        if text.utf8.allSatisfy(DateText.isDigit), let seconds = Int64(text), (315_532_800..<253_402_293_599).contains(seconds) {
            return Date(timeIntervalSince1970: Double(seconds))
        }
        if text.utf8.count == 8, let day = CalendarDay(slice) { return calendar.date(year: day.year, month: day.month, day: day.day) }
        guard let utc = DateText.compact(slice + "Z") else { return nil }
        let wall = LocalTime.utc.fields(of: utc)
        return calendar.date(year: wall.year, month: wall.month, day: wall.day, hour: wall.hour, minute: wall.minute, second: wall.second)
    }

    /// Reads taskwarrior tasks; deleted tasks are not imported (said in the returned
    /// omissions), members tick does not map are kept in each item's `taskwarriorExtras`, and
    /// values tick cannot show are said as well. A bad task refuses the whole input. A due at
    /// the first instant of a day in `calendar` is that calendar day.
    public static func read(_ value: JSONValue, source: String, now: Date = Date(), calendar: LocalTime = .current) throws(InterchangeError) -> (entries: [ExchangeEntry], omissions: Omissions) {
        var omissions = Omissions(format: .taskwarrior, importing: true)
        let elements: [JSONValue]
        switch value {
        case .array(let all, _): elements = all
        case .object: elements = [value]
        default: throw InterchangeError(source: source, line: 1, problem: "taskwarrior's JSON is an array of tasks, not \(value.kind)")
        }
        var entries: [ExchangeEntry] = []
        var deleted = 0, templates = 0
        // Tasks without a uuid: how many had each derived id so far, so that two alike get two ids.
        var derivedSeen: [String: Int] = [:]
        func derivedID(description: String, entry: String?) -> String {
            let name = description + "\u{0}" + (entry ?? "")
            let seen = derivedSeen[name, default: 0]
            derivedSeen[name] = seen + 1
            return NameBasedUUID.make(Array((seen == 0 ? name : name + "#\(seen)").utf8)).uuidString
        }
        var unread = UnreadFields()
        // A recurring task is a template ("status":"recurring") and the instances taskwarrior
        // made of it (each with "parent"): the instances are the tasks `task list` shows.
        var parents: Set<String> = []
        for case .object(let members, _) in elements {
            if case .string(let parent)? = members.first(where: { $0.key == "parent" })?.value { parents.insert(parent.lowercased()) }
        }
        for element in elements {
            guard case .object(let members, let line) = element else {
                throw InterchangeError(source: source, problem: "a task is \(element.kind), not an object")
            }
            func fail(_ problem: String) -> InterchangeError { InterchangeError(source: source, line: line, problem: problem) }
            var fields: [String: JSONValue] = [:]
            for (key, value) in members { fields[key] = value }
            func string(_ key: String) throws(InterchangeError) -> String? {
                switch fields[key] {
                case nil: return nil
                case .string(let text)?: return text
                case let other?: throw fail("\"\(key)\" must be a string, not \(other.kind)")
                }
            }
            func date(_ key: String) throws(InterchangeError) -> Date? {
                guard let text = try string(key) else { return nil }
                guard let date = Self.date(text, calendar: calendar) else {
                    throw fail("\"\(key)\" \"\(text)\" is not a date like 20261201T083000Z")
                }
                return date
            }
            let status = try string("status") ?? "pending"
            guard status != "deleted" else { deleted += 1; continue }
            guard ["pending", "completed", "waiting", "recurring"].contains(status) else { throw fail("unknown status \"\(status)\"") }
            guard let description = try string("description") else { throw fail("a task needs a \"description\"") }
            // Without a uuid (`task import` makes one), an id from the description and entry
            // date, the same on every import.
            let entryText = try string("entry")
            let uuidText = try string("uuid") ?? derivedID(description: description, entry: entryText)
            guard let id = UUID(uuidString: uuidText) else { throw fail("\"uuid\" \"\(uuidText)\" is not a UUID") }
            guard status != "recurring" || !parents.contains(uuidText.lowercased()) else { templates += 1; continue }
            let entryDate = try date("entry")
            var item: ToDoItem
            do {
                item = try ToDoItem(id: id, title: description, createdAt: entryDate ?? now)
            } catch {
                throw fail(error.description)
            }
            let due = try date("due")
            if let due, calendar.startOfDay(for: due) == due, let day = CalendarDay(of: due, in: calendar) {
                item.setDue(day: day)
            } else {
                item.setDue(instant: due)
            }
            item.modifiedAt = try date("modified")
            // (The end of a task not completed is kept as it is.)
            var kept: Set<String> = status == "completed" ? [] : ["end"]
            if status == "completed" { item.completedAt = try date("end") }
            if case .array(let annotations, _)? = fields["annotations"] {
                var notes: [String] = []
                for annotation in annotations {
                    guard case .object(let parts, _) = annotation, case .string(let text)? = parts.first(where: { $0.key == "description" })?.value else {
                        throw fail("an annotation needs a \"description\"")
                    }
                    notes.append(text)
                }
                item.notes = notes.isEmpty ? nil : notes.joined(separator: "\n")
            }
            try readFields(fields, into: &item, unread: &unread, kept: &kept, fail: fail)
            // The series members of an instance of the template a tick export derives are tick's own.
            // (The derived id, a SHA-1, only for a task that has a parent.)
            let ownSeries = try string("parent").map { $0.lowercased() == templateID(of: id).uuidString.lowercased() } ?? false
            item.taskwarriorExtras = keptText(of: members, unread: kept, skipped: ownSeries ? seriesKeys : [])
            entries.append(ExchangeEntry(item: item, done: status == "completed", line: line, createdAtIsDefault: entryDate == nil))
        }
        if deleted > 0 {
            omissions.note("\(deleted) deleted task\(deleted == 1 ? "" : "s") (an import removes nothing: \(deleted == 1 ? "it stays" : "they stay") in the list if \(deleted == 1 ? "it is" : "they are") there)")
        }
        if templates > 0 {
            omissions.note("\(templates) recurring task\(templates == 1 ? "'s template" : "s' templates") (\(templates == 1 ? "its" : "their") instances are imported)")
        }
        unread.note(in: &omissions)
        return (entries, omissions)
    }
}
