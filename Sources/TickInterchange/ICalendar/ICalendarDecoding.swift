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
    /// Reads a calendar file's bytes: every VTODO as an item. All or nothing: the first
    /// problem throws an error naming `source`, the line and what is wrong.
    public static func decode(_ bytes: [UInt8], source: String,
                              options: ICalendarDecodingOptions = ICalendarDecodingOptions()) throws(InterchangeError) -> DecodedCalendar {
        try decode(ICalComponent.parse(bytes, source: source), source: source, options: options)
    }

    /// Reads parsed calendars (see ``ICalComponent/parse(_:source:)-([UInt8],_)``).
    public static func decode(_ calendars: [ICalComponent], source: String,
                              options: ICalendarDecodingOptions = ICalendarDecodingOptions()) throws(InterchangeError) -> DecodedCalendar {
        var resolver = TimeZoneResolver(source: source, zoneinfoDirectory: options.zoneinfoDirectory, floating: options.floating)
        var skipped: [String: Int] = [:]
        var vtodos: [ICalComponent] = []
        for calendar in calendars {
            guard calendar.name == "VCALENDAR" else {
                throw InterchangeError(source: source, line: calendar.line, problem: "BEGIN:\(calendar.name) is outside a VCALENDAR")
            }
            resolver.add(vtimezonesOf: calendar)
            for component in calendar.components {
                switch component.name {
                case "VTODO": vtodos.append(component)
                case "VTIMEZONE": continue
                default: skipped[component.name, default: 0] += 1
                }
            }
        }
        // Group by UID: one master each, with the overrides of its recurrences.
        var groups: [(master: ICalComponent, overrides: [ICalComponent])] = []
        var groupOfUID: [String: Int] = [:]
        var identicalWithoutUID: [[UInt8]: Int] = [:]
        var uidOfGroup: [String?] = []
        for vtodo in vtodos {
            guard let uid = vtodo.property("UID")?.value, !uid.isEmpty else {
                groups.append((vtodo, []))
                uidOfGroup.append(nil)
                continue
            }
            let isOverride = vtodo.property("RECURRENCE-ID") != nil
            if let index = groupOfUID[uid] {
                if isOverride {
                    groups[index].overrides.append(vtodo)
                } else if groups[index].master.property("RECURRENCE-ID") != nil {
                    groups[index].overrides.insert(groups[index].master, at: 0)
                    groups[index].master = vtodo
                } else {
                    throw InterchangeError(source: source, line: vtodo.line,
                                           problem: "two VTODOs have UID \"\(uid)\" (lines \(groups[index].master.line) and \(vtodo.line))")
                }
            } else {
                groupOfUID[uid] = groups.count
                groups.append((vtodo, []))
                uidOfGroup.append(uid)
            }
        }
        var todos: [DecodedToDo] = []
        todos.reserveCapacity(groups.count)
        for (index, group) in groups.enumerated() {
            var id: UUID?
            if uidOfGroup[index] == nil {
                // No UID (calcurse, topydo): an id from the VTODO's text, the same on every import.
                var text = group.master.bytes
                let seen = identicalWithoutUID[text, default: 0]
                identicalWithoutUID[text] = seen + 1
                if seen > 0 { text.append(contentsOf: Array("#\(seen)".utf8)) }
                id = NameBasedUUID.make(text)
            }
            todos.append(try decodeToDo(group.master, overrides: group.overrides, derivedID: id, resolver: &resolver,
                                        source: source, options: options))
        }
        return DecodedCalendar(todos: todos, skipped: skipped)
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
