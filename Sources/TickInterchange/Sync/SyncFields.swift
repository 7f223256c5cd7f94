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
            return ICalendarDate.utcText(date)
        case .location:
            guard let location else { return "(none)" }
            if let latitude, let longitude { return "\(location) (\(latitude), \(longitude))" }
            return location
        case .done: return done ? "done" : "to do"
        }
    }

    /// Text without leading and trailing whitespace and line breaks.
    static func trimmed(_ text: String) -> String {
        var characters = Substring(text)
        while let first = characters.first, first.isWhitespace { characters.removeFirst() }
        while let last = characters.last, last.isWhitespace { characters.removeLast() }
        return String(characters)
    }

    /// A title as an item must hold it: trimmed, and never empty.
    static func normalizedTitle(_ text: String) -> String {
        let title = trimmed(text)
        return title.isEmpty ? "(no title)" : title
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

// MARK: - From and to a VTODO

extension SyncFields {
    /// The fields a VTODO holds; a bad DUE, COMPLETED, LAST-MODIFIED or GEO is an error that
    /// names the file and line.
    init(todo file: VTODOFile, zone: LocalTime) throws(InterchangeError) {
        func text(_ name: String) -> String? {
            guard let value = file.property(name)?.value else { return nil }
            let text = SyncFields.trimmed(ICalendarText.unescape(value))
            return text.isEmpty ? nil : text
        }
        var due: ICalendarDate.Value?
        if let line = file.property("DUE") {
            guard let value = ICalendarDate.parse(line.value, tzid: line.parameter("TZID"), zone: zone) else {
                throw InterchangeError(source: file.source, line: line.number, problem: "DUE \"\(line.value)\" is not a date")
            }
            due = value
        }
        var latitude: Double?
        var longitude: Double?
        if let line = file.property("GEO") {
            let parts = line.value.split(separator: ";")
            guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
                  (try? Location.Coordinate(latitude: lat, longitude: lon)) != nil else {
                throw InterchangeError(source: file.source, line: line.number, problem: "GEO \"\(line.value)\" is not a latitude;longitude in range")
            }
            latitude = lat
            longitude = lon
        }
        var location = text("LOCATION")
        if location == nil, let latitude, let longitude { location = "\(latitude), \(longitude)" }
        let status = file.property("STATUS")?.value.uppercased()
        let dueSeconds: Double?
        var dueIsDay = false
        switch due {
        case .day(let day)?: dueSeconds = day.utcMidnight.timeIntervalSince1970; dueIsDay = true
        case .instant(let date)?: dueSeconds = date.timeIntervalSince1970
        case nil: dueSeconds = nil
        }
        self.init(title: Self.normalizedTitle(text("SUMMARY") ?? ""), notes: text("DESCRIPTION"), due: dueSeconds, dueIsDay: dueIsDay,
                  location: location, latitude: latitude, longitude: longitude,
                  done: status == "COMPLETED" || (status == nil && file.property("COMPLETED") != nil))
    }

    /// Writes the fields that differ from `old` (what the file holds now) into the VTODO,
    /// and stamps it as changed at `modified` (LAST-MODIFIED, DTSTAMP, SEQUENCE + 1).
    /// Nothing else in the file changes.
    func patch(_ file: inout VTODOFile, old: SyncFields?, modified: Date, completed: Date?) {
        let changed = Field.allCases.filter { field in old.map { !same(field, as: $0) || (field == .due && dueIsDay != $0.dueIsDay && due != nil) } ?? true }
        guard !changed.isEmpty else { return }
        for field in changed {
            switch field {
            case .title:
                file.set("SUMMARY", value: ICalendarText.escape(title))
            case .notes:
                file.set("DESCRIPTION", value: notes.map(ICalendarText.escape))
            case .due:
                if let due {
                    let date = Date(timeIntervalSince1970: due)
                    if dueIsDay, let day = CalendarDay(utcMidnight: date) {
                        file.set("DUE", parameters: ";VALUE=DATE", value: day.basicFormat)
                    } else {
                        file.set("DUE", value: ICalendarDate.utcText(date))
                    }
                } else {
                    file.set("DUE", value: nil)
                }
            case .location:
                file.set("LOCATION", value: location.map(ICalendarText.escape))
                if let latitude, let longitude {
                    file.set("GEO", value: "\(latitude);\(longitude)")
                } else {
                    file.set("GEO", value: nil)
                }
            case .done:
                if done {
                    file.set("STATUS", value: "COMPLETED")
                    file.set("COMPLETED", value: ICalendarDate.utcText(completed ?? modified))
                    file.set("PERCENT-COMPLETE", value: "100")
                } else {
                    file.set("STATUS", value: "NEEDS-ACTION")
                    file.set("COMPLETED", value: nil)
                    file.set("PERCENT-COMPLETE", value: nil)
                }
            }
        }
        let stamp = ICalendarDate.utcText(modified)
        file.set("LAST-MODIFIED", value: stamp)
        file.set("DTSTAMP", value: stamp)
        let sequence = file.property("SEQUENCE").flatMap { Int($0.value) } ?? 0
        file.set("SEQUENCE", value: String(sequence + 1))
    }
}
