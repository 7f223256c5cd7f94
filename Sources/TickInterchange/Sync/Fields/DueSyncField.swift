import FoundationEssentials
import TickCore

/// The due date (DUE, a day with `VALUE=DATE`): compared by its instant alone, so a list
/// that has not kept "this due is a day" does not count as a change; taken with its form.
enum DueSyncField: SyncField {
    static var field: SyncFields.Field { .due }
    static var value: WritableKeyPath<SyncFields, SyncFields.Due> { \.dueAndForm }

    static func value(of item: ToDoItem, done: Bool) -> SyncFields.Due {
        SyncFields.Due(seconds: item.due?.timeIntervalSince1970, isDay: item.dueIsDay && item.due != nil)
    }

    static func isSame(_ lhs: SyncFields.Due, _ rhs: SyncFields.Due) -> Bool { lhs.seconds == rhs.seconds }

    static func describe(_ value: SyncFields.Due) -> String {
        guard let seconds = value.seconds else { return "(none)" }
        let date = Date(timeIntervalSince1970: seconds)
        if value.isDay, let day = CalendarDay(utcMidnight: date) { return day.description }
        // (ISO 8601, as tick's JSON writes it: beside a day's `2026-12-01`, not iCalendar's `20261201T…Z`.)
        var writer = ByteWriter()
        writer.iso8601(date)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    static func apply(_ value: SyncFields.Due, to item: inout ToDoItem) throws(ModelError) {
        guard let seconds = value.seconds else { return item.setDue(instant: nil) }
        let date = Date(timeIntervalSince1970: seconds)
        if value.isDay, let day = CalendarDay(utcMidnight: date) { item.setDue(day: day) } else { item.setDue(instant: date) }
    }

    static func encode(_ value: SyncFields.Due, to container: inout KeyedEncodingContainer<SyncFields.Key>) throws {
        try container.encodeIfPresent(value.seconds, forKey: "due")
        try container.encode(value.isDay, forKey: "dueIsDay")
    }

    static func decode(from container: KeyedDecodingContainer<SyncFields.Key>) throws -> SyncFields.Due {
        SyncFields.Due(seconds: try container.decodeIfPresent(Double.self, forKey: "due"),
                       isDay: try container.decode(Bool.self, forKey: "dueIsDay"))
    }
}

extension SyncFields {
    /// The due date's seconds since 1970, and whether it is a calendar day.
    struct Due: Equatable, Sendable {
        var seconds: Double?
        var isDay: Bool
    }

    /// ``due`` and ``dueIsDay`` together.
    var dueAndForm: Due {
        get { Due(seconds: due, isDay: dueIsDay) }
        set { (due, dueIsDay) = (newValue.seconds, newValue.isDay) }
    }
}

extension SyncFields.Field {
    public static let due = Self(rawValue: "due")
}
