import FoundationEssentials
import TickCore

/// One VTODO read from a calendar, as a tick item.
public struct DecodedToDo: Sendable, Equatable {
    public var item: ToDoItem
    /// Whether it belongs in Done (STATUS:COMPLETED, COMPLETED or PERCENT-COMPLETE:100).
    public var isDone: Bool
    /// X-APPLE-SORT-ORDER, when given: lower comes first within its section.
    public var sortOrder: Int?
    /// The line of its BEGIN:VTODO.
    public var line: Int
    /// It had neither CREATED nor DTSTAMP: the item's createdAt is the options' `now`.
    public var createdAtIsDefault = false
}

/// What a calendar file held.
public struct DecodedCalendar: Sendable, Equatable {
    /// The VTODOs, in the order of the file (overrides of recurrences are inside their item).
    public var todos: [DecodedToDo]
    /// Components tick does not hold (VEVENT, VJOURNAL, …) by name, with how many were skipped.
    public var skipped: [String: Int]

    /// How many components were skipped in all.
    public var skippedCount: Int { skipped.values.reduce(0, +) }
}

/// How a calendar is read.
public struct ICalendarDecodingOptions: Sendable {
    /// Where zoneinfo files are read from.
    public var zoneinfoDirectory = "/usr/share/zoneinfo"
    /// The zone of floating date-times: the user's local time.
    public var floating: LocalTime = .current
    /// createdAt of a VTODO that has neither CREATED nor DTSTAMP.
    public var now = Date()

    public init() {}
}

extension ICalendar {
    /// Reads a calendar file's bytes: every VTODO as an item, each decoded as soon as it
    /// is read (see ``CalendarDecoder``). All or nothing: the first problem throws an error
    /// naming `source`, the line and what is wrong.
    public static func decode(_ bytes: [UInt8], source: String,
                              options: ICalendarDecodingOptions = ICalendarDecodingOptions()) throws(InterchangeError) -> DecodedCalendar {
        var decoder = CalendarDecoder(source: source, options: options)
        _ = try bytes.withUnsafeBufferPointer { buffer throws(InterchangeError) in
            try ICalComponent.parse(buffer, source: source, rootName: "VCALENDAR") { component throws(InterchangeError) in
                try decoder.add(component)
            }
        }
        return try decoder.finish()
    }

    /// Reads parsed calendars (see ``ICalComponent/parse(_:source:)-([UInt8],_)``).
    public static func decode(_ calendars: [ICalComponent], source: String,
                              options: ICalendarDecodingOptions = ICalendarDecodingOptions()) throws(InterchangeError) -> DecodedCalendar {
        var decoder = CalendarDecoder(source: source, options: options)
        if let stray = calendars.first(where: { $0.name != "VCALENDAR" && !ICalComponent.bareChildren.contains($0.name) }) {
            throw InterchangeError(source: source, line: stray.line, problem: "BEGIN:\(stray.name) is outside a VCALENDAR")
        }
        for component in ICalComponent.calendarLevel(of: calendars) { try decoder.add(component) }
        return try decoder.finish()
    }

    /// Reads one VTODO (with the overrides of its recurrences) as an item. `derivedID` is
    /// the id to use when it has no UID. The resolver must know the file's VTIMEZONEs.
    public static func decodeToDo(_ vtodo: ICalComponent, overrides: [ICalComponent] = [], derivedID: UUID? = nil,
                                  resolver: inout TimeZoneResolver, source: String,
                                  options: ICalendarDecodingOptions = ICalendarDecodingOptions()) throws(InterchangeError) -> DecodedToDo {
        var reader = VTodoReader(source: source)
        return try reader.read(vtodo, overrides: overrides, derivedID: derivedID, resolver: &resolver, options: options)
    }
}

/// The namespace of the iCalendar codec's entry points.
public enum ICalendar {}
