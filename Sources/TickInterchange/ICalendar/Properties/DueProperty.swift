import FoundationEssentials
import TickCore

/// `DUE` ↔ due and dueIsDay: `VALUE=DATE` is a calendar day, a date-time an instant,
/// written in UTC (floating beside a floating DTSTART; a repeating item's in its DTSTART's
/// zone or the local one, by TZID, so that other apps expand its RRULE as tick repeats it:
/// ``SeriesZone``). Where tick writes a DUE, what would
/// make it invalid beside the kept lines goes (see ``DroppedForDue``): a DURATION, and a
/// DTSTART of another value type or after it; but a repeating item's DTSTART, the anchor of
/// its series, stays and moves by as much as the due moved.
enum DueProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "DUE", field: "due, dueDay",
              rule: "VALUE=DATE is a calendar day; a date-time (UTC, TZID or floating = local time) is an instant, written in UTC (floating beside a floating DTSTART; a repeating item's with its DTSTART's TZID, or without a DTSTART the local zone's, and its VTIMEZONE)"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        guard let value = ICalDateTime(property) else { throw state.badDate(property) }
        state.due = (value, property.line)
    }

    /// The instant is resolved once every property was read: the VTIMEZONE it names may
    /// come later. A repeating item with a DTSTART keeps the DUE as read, so that the DTSTART
    /// moves with a change of the due (see ``movedStart(_:from:to:)``).
    ///
    /// A repeating VTODO with a DTSTART and no DUE (as Thunderbird writes them) is due at its
    /// DTSTART, or at DTSTART + DURATION when it has one (RFC 5545 3.8.2.5): the series needs
    /// a due to move on when it is ticked off in tick, which then writes a DUE beside the
    /// moved DTSTART (and leaves the DURATION out).
    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        var seconds = 0
        if state.due == nil, state.item.recurrence != nil, let start = state.vtodo.property("DTSTART"), let value = ICalDateTime(start) {
            state.due = (value, start.line)
            if let property = state.vtodo.property("DURATION") {
                let excerpt = ContentLineReader.excerpt(property.value)
                guard let duration = ICalDuration(property.value), !duration.isNegative else {
                    throw state.fail(property.line, "DURATION \"\(excerpt)\" is not a duration (such as P1D or PT1H30M)")
                }
                guard let end = duration.movingDays(of: value) else {
                    throw state.fail(property.line, "DURATION \"\(excerpt)\" is not whole days or weeks, as one beside a DTSTART that is a DATE must be")
                }
                state.due = (end, start.line)
                seconds = duration.seconds
            }
        }
        switch state.due {
        case (.date(let day), _)?: state.item.setDue(day: day)
        case let (value, line)?: state.item.setDue(instant: try resolver.instant(value, line: line).addingTimeInterval(Double(seconds)))
        case nil: break
        }
        if state.item.recurrence != nil, let due = state.item.due, state.vtodo.property("DTSTART") != nil {
            state.base.add(dueLine(due, isDay: state.item.dueIsDay))
        }
    }

    /// A DUE as tick writes it: a day, or an instant in UTC.
    static func dueLine(_ due: Date, isDay: Bool) -> ICalProperty {
        if isDay, let day = CalendarDay(utcMidnight: due) {
            return ICalProperty("DUE", [ICalParameter("VALUE", "DATE")], value: day.basicFormat)
        }
        return ICalProperty("DUE", value: ICalDateTime.utcText(due))
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        let item = context.item
        if let day = item.dueDay {
            writer.start("DUE", parameters: ";VALUE=DATE")
            ICalDateTime.writeDate(day, to: &writer)
            writer.end()
        } else if let due = item.due {
            let start = ICalendar.keptStart(context.extras)
            if let zone = SeriesZone.writes(item, start: start) {
                writer.line(zone.dueLine(due))
                context.dueZone = zone
                return
            }
            writer.start("DUE")
            if let start, ICalendar.startIsFloating(CollectionOfOne(start)) {
                ICalDateTime.writeFloating(due, in: .current, to: &writer)
            } else {
                ICalDateTime.writeUTC(due, to: &writer)
            }
            writer.end()
        }
    }

    static var decidesKeptLines: Bool { true }

    /// Beside the DUE written, a kept DURATION, or a DTSTART of another value type or after
    /// it, would make the VTODO invalid: left out, and counted. A repeating item's DTSTART
    /// is moved instead, once the due differs from the one read.
    static func keptLine(_ line: Substring, name: String, context: inout VTodoWriteContext) -> KeptLine {
        guard context.item.due != nil, let extras = context.extras else { return .asRead }
        if name == "DURATION" {
            context.dropped.durations = 1
            return .leftOut
        }
        if name == "DTSTART", context.item.recurrence != nil, let read = dueAsRead(extras) {
            // A repeating item's DTSTART anchors its series: it moves with the due (of its type).
            guard changed(from: read, to: context.item) else { return .asRead }
            if let start = ICalendar.property(of: line), let moved = movedStart(start, from: read, to: context.item) {
                return .replaced(moved.description)
            }
        }
        if name == "DTSTART", !ICalendar.startFits(line, dueOf: context.item, extras: extras) {
            context.dropped.startDates = 1
            return .leftOut
        }
        return .asRead
    }

    /// The DUE as read with a repeating item may be kept (see ``ICalendarExtras``).
    static func mayBeKept(_ property: ICalProperty) -> Bool { true }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let item = state.item
        // (A series begun in tick writes its DUE again, in the zone it repeats in.)
        let seriesBegun = item.recurrence != nil && state.old.item.recurrence == nil
        guard !sameSecond(state.old.item.due, item.due) || state.old.item.dueIsDay != item.dueIsDay || seriesBegun else { return }
        let vtodo = state.original
        if let day = item.dueDay {
            state.set("DUE", [ICalProperty("DUE", [ICalParameter("VALUE", "DATE")], value: day.basicFormat)])
        } else {
            let floating = ICalendar.startIsFloating(vtodo.properties)
            state.set("DUE", item.due.map { due in
                if let zone = SeriesZone.writes(item, start: vtodo.properties("DTSTART").first) { return [zone.dueLine(due)] }
                return [ICalProperty("DUE", value: floating ? ICalDateTime.floatingText(due, in: resolver.floating) : ICalDateTime.utcText(due))]
            } ?? [])
        }
        // RFC 5545 allows no DURATION beside a DUE, and a DTSTART only of the DUE's value
        // type and not after it: what the new DUE would make invalid goes (see DroppedForDue).
        if item.due != nil, !vtodo.properties("DURATION").isEmpty {
            state.set("DURATION", [])
            state.dropped.durations += 1
        }
        let starts = vtodo.properties("DTSTART")
        let read = state.old.item.due.map { (date: $0, isDay: state.old.item.dueIsDay) }
        let moved = read.map { read in starts.compactMap { movedStart($0, from: read, to: item) } } ?? []
        if item.recurrence != nil, item.due != nil, !starts.isEmpty, moved.count == starts.count {
            // A repeating item's DTSTART anchors its series: it moves with the due (of its type).
            state.set("DTSTART", moved)
        } else if starts.contains(where: { !ICalendar.startFits($0, dueOf: item, resolver: &resolver) }) {
            state.set("DTSTART", [])
            state.dropped.startDates += 1
        }
    }
}
