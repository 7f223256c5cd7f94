import FoundationEssentials

/// The undo journal's JSON for an operation: one object, `"op"` naming the case, a row per
/// case, stated once here.
///
/// | op | other keys |
/// | --- | --- |
/// | `insert` | `item` (base64 of a list file holding only the item: every field kept), `section` (`todo`/`done`), `at` (int or absent: the end) |
/// | `check`, `uncheck`, `remove` | `id` |
/// | `checkOccurrence` | `id`, `due` (the occurrence's due, seconds since 1970) |
/// | `place` | `id`, `section`, `at` |
/// | `reorder` | `id`, `at` |
/// | `set` | `id`, `field` (`title` `notes` `due` `dueDay` `location` `priority` `tags` `recurrence` `parent`), `value` (absent for none: a string; `due` seconds since 1970; `dueDay` `YYYY-MM-DD`; `location` `{name, latitude?, longitude?}`; `priority` an int; `tags` strings; `parent` an id) |
/// | `removeAll` | — |
extension ToDoList.Operation: Codable {
    private enum Key: String, CodingKey {
        case op, id, item, section, at, field, value, due
    }

    /// A place as the journal writes it.
    private struct Place: Codable {
        var name: String
        var latitude: Double?
        var longitude: Double?
    }

    public func encode(to encoder: any Encoder) throws {
        var box = encoder.container(keyedBy: Key.self)
        switch self {
        case let .insert(item, section, position):
            try box.encode("insert", forKey: .op)
            try box.encode(Data(ToDoStore.encodeItem(item)).base64EncodedString(), forKey: .item)
            try box.encode(Self.name(of: section), forKey: .section)
            try box.encodeIfPresent(position, forKey: .at)
        case .check(let id): try Self.encode("check", id, into: &box)
        case let .checkOccurrence(id, due):
            try Self.encode("checkOccurrence", id, into: &box)
            try box.encode(due.timeIntervalSince1970, forKey: .due)
        case .uncheck(let id): try Self.encode("uncheck", id, into: &box)
        case .remove(let id): try Self.encode("remove", id, into: &box)
        case let .place(id, section, position):
            try Self.encode("place", id, into: &box)
            try box.encode(Self.name(of: section), forKey: .section)
            try box.encode(position, forKey: .at)
        case let .reorder(id, position):
            try Self.encode("reorder", id, into: &box)
            try box.encode(position, forKey: .at)
        case let .set(id, field):
            try Self.encode("set", id, into: &box)
            try Self.encode(field, into: &box)
        case .removeAll:
            try box.encode("removeAll", forKey: .op)
        }
    }

    public init(from decoder: any Decoder) throws {
        let box = try decoder.container(keyedBy: Key.self)
        let op = try box.decode(String.self, forKey: .op)
        func id() throws -> UUID { try box.decode(UUID.self, forKey: .id) }
        func section() throws -> ToDoList.Section {
            let name = try box.decode(String.self, forKey: .section)
            switch name {
            case "todo": return .toDo
            case "done": return .done
            default: throw DecodingError.dataCorruptedError(forKey: .section, in: box, debugDescription: "no section \(name)")
            }
        }
        switch op {
        case "insert":
            let text = try box.decode(String.self, forKey: .item)
            guard let bytes = Data(base64Encoded: text), let item = ToDoStore.decodeItem(Array(bytes)) else {
                throw DecodingError.dataCorruptedError(forKey: .item, in: box, debugDescription: "not an item")
            }
            self = .insert(item, try section(), at: try box.decodeIfPresent(Int.self, forKey: .at))
        case "check": self = .check(try id())
        case "checkOccurrence": self = .checkOccurrence(try id(), due: Date(timeIntervalSince1970: try box.decode(Double.self, forKey: .due)))
        case "uncheck": self = .uncheck(try id())
        case "remove": self = .remove(try id())
        case "place": self = .place(try id(), try section(), at: try box.decode(Int.self, forKey: .at))
        case "reorder": self = .reorder(try id(), at: try box.decode(Int.self, forKey: .at))
        case "set": self = .set(try id(), try Self.field(from: box))
        case "removeAll": self = .removeAll
        default: throw DecodingError.dataCorruptedError(forKey: .op, in: box, debugDescription: "no operation \(op)")
        }
    }

    private static func name(of section: ToDoList.Section) -> String { section == .toDo ? "todo" : "done" }

    private static func encode(_ op: String, _ id: UUID, into box: inout KeyedEncodingContainer<Key>) throws {
        try box.encode(op, forKey: .op)
        try box.encode(id, forKey: .id)
    }

    private static func encode(_ field: ToDoList.ItemField, into box: inout KeyedEncodingContainer<Key>) throws {
        switch field {
        case .title(let title):
            try box.encode("title", forKey: .field)
            try box.encode(title, forKey: .value)
        case .notes(let notes):
            try box.encode("notes", forKey: .field)
            try box.encodeIfPresent(notes, forKey: .value)
        case .due(let due):
            try box.encode("due", forKey: .field)
            try box.encodeIfPresent(due?.timeIntervalSince1970, forKey: .value)
        case .dueDay(let day):
            try box.encode("dueDay", forKey: .field)
            try box.encode(day.description, forKey: .value)
        case .location(let location):
            try box.encode("location", forKey: .field)
            try box.encodeIfPresent(location.map {
                Place(name: $0.name, latitude: $0.coordinate?.latitude, longitude: $0.coordinate?.longitude)
            }, forKey: .value)
        case .priority(let priority):
            try box.encode("priority", forKey: .field)
            try box.encodeIfPresent(priority, forKey: .value)
        case .tags(let tags):
            try box.encode("tags", forKey: .field)
            try box.encode(tags, forKey: .value)
        case .recurrence(let rule):
            try box.encode("recurrence", forKey: .field)
            try box.encodeIfPresent(rule, forKey: .value)
        case .parent(let id):
            try box.encode("parent", forKey: .field)
            try box.encodeIfPresent(id, forKey: .value)
        }
    }

    private static func field(from box: KeyedDecodingContainer<Key>) throws -> ToDoList.ItemField {
        let name = try box.decode(String.self, forKey: .field)
        switch name {
        case "title": return .title(try box.decode(String.self, forKey: .value))
        case "notes": return .notes(try box.decodeIfPresent(String.self, forKey: .value))
        case "due": return .due(try box.decodeIfPresent(Double.self, forKey: .value).map { Date(timeIntervalSince1970: $0) })
        case "dueDay":
            guard let day = CalendarDay(try box.decode(String.self, forKey: .value)) else {
                throw DecodingError.dataCorruptedError(forKey: .value, in: box, debugDescription: "not a day")
            }
            return .dueDay(day)
        case "location":
            guard let place = try box.decodeIfPresent(Place.self, forKey: .value) else { return .location(nil) }
            do {
                return .location(try Location(name: place.name, latitude: place.latitude, longitude: place.longitude))
            } catch {
                throw DecodingError.dataCorruptedError(forKey: .value, in: box, debugDescription: error.description)
            }
        case "priority": return .priority(try box.decodeIfPresent(Int.self, forKey: .value))
        case "tags": return .tags(try box.decode([String].self, forKey: .value))
        case "recurrence": return .recurrence(try box.decodeIfPresent(String.self, forKey: .value))
        case "parent": return .parent(try box.decodeIfPresent(UUID.self, forKey: .value))
        default: throw DecodingError.dataCorruptedError(forKey: .field, in: box, debugDescription: "no field \(name)")
        }
    }
}
