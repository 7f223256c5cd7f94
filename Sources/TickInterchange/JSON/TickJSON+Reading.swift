import FoundationEssentials
import TickCore

extension TickJSON {
    /// Reads the array ``write(_:to:)`` writes, or one item object (what `tick show --json`
    /// prints) as a list of one; any bad item refuses the whole input with an error naming
    /// `source`, the item's line and the problem.
    public static func read(_ value: JSONValue, source: String, now: Date = Date()) throws(InterchangeError) -> [ExchangeEntry] {
        let elements: [JSONValue]
        switch value {
        case .array(let all, _): elements = all
        case .object: elements = [value]
        default: throw InterchangeError(source: source, line: 1, problem: "tick's JSON is an array of items or item objects, not \(value.kind)")
        }
        var entries: [ExchangeEntry] = []
        entries.reserveCapacity(elements.count)
        for element in elements {
            guard case .object(let members, let line) = element else {
                throw InterchangeError(source: source, line: nil, problem: "an item is \(element.kind), not an object")
            }
            do {
                entries.append(try entry(members, now: now, line: line))
            } catch let problem as Problem {
                throw InterchangeError(source: source, line: line, problem: problem.text)
            } catch {
                throw InterchangeError(source: source, line: line, problem: "\(error)")
            }
        }
        return entries
    }

    /// A problem with one item, given its line by ``read(_:source:now:)``.
    struct Problem: Error { let text: String }

    private static func entry(_ members: [(key: String, value: JSONValue)], now: Date, line: Int) throws -> ExchangeEntry {
        var values: [Key: JSONValue] = [:]
        for (name, value) in members {
            guard let key = Key(rawValue: name) else {
                throw Problem(text: "unknown key \"\(name)\" (tick's JSON has \(Key.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            guard values[key] == nil else { throw Problem(text: "the key \"\(name)\" appears twice") }
            values[key] = value
        }
        func string(_ key: Key) throws -> String? {
            switch values[key] {
            case nil, .null?: return nil
            case .string(let text)?: return text
            case let other?: throw Problem(text: "\"\(key.rawValue)\" must be a string or null, not \(other.kind)")
            }
        }
        func instant(_ key: Key) throws -> Date? {
            guard let text = try string(key) else { return nil }
            guard let date = DateText.iso8601(Substring(text)) else {
                throw Problem(text: "\"\(key.rawValue)\" \"\(text)\" is not an ISO 8601 date and time like 2026-12-01T08:30:00Z")
            }
            return date
        }
        guard let title = try string(.title) else { throw Problem(text: "an item needs a \"title\"") }
        var id = UUID()
        if let text = try string(.id) {
            guard let parsed = UUID(uuidString: text) else { throw Problem(text: "\"id\" \"\(text)\" is not a UUID") }
            id = parsed
        }
        let done: Bool
        switch values[.done] {
        case nil, .null?: done = false
        case .bool(let value)?: done = value
        case let other?: throw Problem(text: "\"done\" must be true or false, not \(other.kind)")
        }
        let createdAt = try instant(.createdAt)
        var item = try ToDoItem(id: id, title: title, notes: try string(.notes), createdAt: createdAt ?? now)
        if let text = try string(.due) {
            if text.utf8.count == 10, let day = CalendarDay(text) {
                item.setDue(day: day)
            } else if let date = DateText.iso8601(Substring(text)) {
                item.setDue(instant: date)
            } else {
                throw Problem(text: "\"due\" \"\(text)\" is neither a day like 2026-12-01 nor a date and time like 2026-12-01T08:30:00Z")
            }
        }
        item.location = try location(values[.location])
        switch values[.priority] {
        case nil, .null?: break
        case .number(let text)?:
            guard let priority = Int(text), ToDoItem.priorities.contains(priority) else {
                throw Problem(text: "\"priority\" \(text) is not a whole number from 1 (highest) to 9 (lowest)")
            }
            try item.setPriority(priority)
        case let other?: throw Problem(text: "\"priority\" must be a number 1…9 or null, not \(other.kind)")
        }
        switch values[.tags] {
        case nil, .null?: break
        case .array(let elements, _)?:
            let tags = try elements.map { element in
                guard case .string(let tag) = element else { throw Problem(text: "\"tags\" must hold strings, not \(element.kind)") }
                return tag
            }
            try item.setTags(tags)
        case let other?: throw Problem(text: "\"tags\" must be an array of strings, not \(other.kind)")
        }
        if let rule = try string(.repeat) {
            do {
                item.recurrence = try RecurrenceRule(parsing: rule).text
            } catch {
                // A valid rule tick cannot follow (RSCALE, SKIP) is kept as an iCalendar import
                // keeps its RRULE, so that tick's own JSON of it reads back.
                guard RecurrenceProperty.isKeptRule(rule) else {
                    throw Problem(text: "\"repeat\" \"\(rule)\" is not a recurrence rule: \(error)")
                }
                item.recurrence = rule
            }
        }
        item.completedAt = try instant(.completedAt)
        item.modifiedAt = try instant(.modifiedAt)
        if let uid = try string(.externalUID) {
            // Written back as the UID line of an iCalendar export: a line break would end that
            // line and start another, and an empty UID names no item.
            guard !uid.isEmpty, !uid.unicodeScalars.contains(where: { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }) else {
                throw Problem(text: "\"externalUID\" must be an iCalendar UID: not empty, on one line, without control characters")
            }
            item.externalUID = uid
        }
        if let extras = try string(.iCalendarExtras) {
            // An older tick's export (without the keys priority, tags and repeat) kept PRIORITY,
            // CATEGORIES and RRULE here: they become the item's fields. The rest is checked as an iCalendar reader would take it, so that
            // an export cannot fail later.
            item.iCalendarExtras = extras
            if values[.priority] == nil, values[.tags] == nil, values[.repeat] == nil { item.adoptKeptFields() }
            do {
                if let kept = item.iCalendarExtras { try ICalendar.checkExtras(kept, source: "", line: line) }
            } catch {
                throw Problem(text: error.problem)
            }
        }
        if let extras = try string(.taskwarriorExtras) {
            // Written back inside a taskwarrior export's task: it must be one JSON object.
            guard Taskwarrior.isKeptText(extras) else { throw Problem(text: "\"taskwarriorExtras\" must be the text of a JSON object") }
            item.taskwarriorExtras = extras
        }
        if let text = try string(.parent) {
            guard let parent = UUID(uuidString: text) else { throw Problem(text: "\"parent\" \"\(text)\" is not a UUID") }
            item.parent = parent
        }
        var entry = ExchangeEntry(item: item, done: done, line: line, createdAtIsDefault: createdAt == nil)
        if let list = try string(.list) {
            guard !list.trimmed().isEmpty else { throw Problem(text: "\"list\" must name a list") }
            entry.list = list
        }
        return entry
    }

    private static func location(_ value: JSONValue?) throws -> Location? {
        switch value {
        case nil, .null?: return nil
        case .object(let members, _)?:
            var name: String?
            var latitude: Double?
            var longitude: Double?
            for (key, value) in members {
                switch (key, value) {
                case ("name", .string(let text)): name = text
                case ("latitude", .null), ("longitude", .null): break
                case ("latitude", .number(let text)): latitude = Double(text)
                case ("longitude", .number(let text)): longitude = Double(text)
                default: throw Problem(text: "\"location\" has \"\(key)\" as \(value.kind); it holds name (a string), latitude and longitude (numbers or null)")
                }
            }
            guard let name else { throw Problem(text: "\"location\" needs a \"name\"") }
            return try Location(name: name, latitude: latitude, longitude: longitude)
        case let other?:
            throw Problem(text: "\"location\" must be an object or null, not \(other.kind)")
        }
    }
}
