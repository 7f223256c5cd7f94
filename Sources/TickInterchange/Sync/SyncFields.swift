import FoundationEssentials
import TickCore

/// The parts of an item that sync merges, one ``Field`` at a time, as both sides hold them:
/// read from a ToDoItem or from a VTODO and normalized the same way, so that equal items
/// compare equal whichever side they came from.
public struct SyncFields: Codable, Sendable, Hashable {
    /// A part that merges on its own: a change to the title on one side and to the due
    /// date on the other both survive.
    public enum Field: String, CaseIterable, Sendable, Codable {
        case title, notes, due, location, done
    }

    public var title: String
    public var notes: String?
    /// The due date's seconds since 1970.
    public var due: Double?
    /// Whether the due date is a calendar day (iCalendar's `VALUE=DATE`).
    public var dueIsDay: Bool
    public var location: String?
    public var latitude: Double?
    public var longitude: Double?
    public var done: Bool

    public init(title: String, notes: String? = nil, due: Double? = nil, dueIsDay: Bool = false, location: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil, done: Bool = false) {
        self.title = title
        self.notes = notes
        self.due = due
        self.dueIsDay = dueIsDay
        self.location = location
        self.latitude = latitude
        self.longitude = longitude
        self.done = done
    }

    /// Whether one field holds the same on both. A due compares by its instant alone, so a
    /// list that has not kept "this due is a day" does not count as a change.
    public func same(_ field: Field, as other: SyncFields) -> Bool {
        switch field {
        case .title: title == other.title
        case .notes: notes == other.notes
        case .due: due == other.due
        case .location: location == other.location && latitude == other.latitude && longitude == other.longitude
        case .done: done == other.done
        }
    }

    /// Whether every field holds the same (see ``same(_:as:)``).
    public func same(as other: SyncFields) -> Bool { Field.allCases.allSatisfy { same($0, as: other) } }

    /// Takes `field` from `other`.
    public mutating func take(_ field: Field, from other: SyncFields) {
        switch field {
        case .title: title = other.title
        case .notes: notes = other.notes
        case .due: due = other.due; dueIsDay = other.dueIsDay
        case .location: location = other.location; latitude = other.latitude; longitude = other.longitude
        case .done: done = other.done
        }
    }

    /// One field's value in words, for the conflicts file.
    public func describe(_ field: Field) -> String {
        switch field {
        case .title: return title
        case .notes: return notes ?? "(none)"
        case .due:
            guard let due else { return "(none)" }
            let date = Date(timeIntervalSince1970: due)
            if dueIsDay, let day = CalendarDay(utcMidnight: date) { return day.description }
            return ICalDateTime.utcText(date)
        case .location:
            guard let location else { return "(none)" }
            if let latitude, let longitude { return "\(location) (\(latitude), \(longitude))" }
            return location
        case .done: return done ? "done" : "to do"
        }
    }
}

// MARK: - From and to the list

extension SyncFields {
    /// The fields of a list item (`done` from its section).
    public init(item: ToDoItem, done: Bool) {
        self.init(title: item.title, notes: item.notes?.isEmpty == false ? item.notes : nil,
                  due: item.due?.timeIntervalSince1970, dueIsDay: item.dueIsDay && item.due != nil,
                  location: item.location?.name, latitude: item.location?.coordinate?.latitude,
                  longitude: item.location?.coordinate?.longitude, done: done)
    }

    /// Writes the fields other than `done` into an item.
    func apply(to item: inout ToDoItem) throws(ModelError) {
        if item.title != title { try item.setTitle(title) }
        item.notes = notes
        if let due {
            let date = Date(timeIntervalSince1970: due)
            if dueIsDay, let day = CalendarDay(utcMidnight: date) { item.setDue(day: day) } else { item.setDue(instant: date) }
        } else {
            item.setDue(instant: nil)
        }
        if let location {
            item.location = try Location(name: location, latitude: latitude, longitude: longitude)
        } else {
            item.location = nil
        }
    }
}
