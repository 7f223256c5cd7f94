import FoundationEssentials
import TickCore

/// `RRULE` ↔ recurrence: the rule's value as text (`FREQ=WEEKLY;BYDAY=MO`), written back as
/// read. RFC 5545 says a VTODO SHOULD NOT hold more than one, and tick holds one: a second
/// is refused, as a second of any once-only property is.
enum RecurrenceProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "RRULE", field: "recurrence",
              rule: "the rule's text, written back as read; a second RRULE is refused; while the due changes, a DTSTART kept beside it moves with it"),
    ]

    /// Whether `text` is a rule tick keeps as an item's repeat though it cannot follow it: a
    /// valid RRULE but for RFC 7529's RSCALE and SKIP (another calendar than the Gregorian,
    /// or a skipped day moved), which other apps follow. Anything else tick refuses is no rule.
    static func isKeptRule(_ text: String) -> Bool {
        let parts = text.split(separator: ";", omittingEmptySubsequences: false)
        let rest = parts.filter { part in !["RSCALE", "SKIP"].contains(part.prefix { $0 != "=" }.uppercased()) }
        return rest.count < parts.count && (try? RecurrenceRule(parsing: rest.joined(separator: ";"))) != nil
    }

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        state.item.recurrence = property.value
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        guard let rule = context.item.recurrence else { return }
        writer.start("RRULE")
        if hasUntil(rule) {
            // The due's type as read: beside a kept DTSTART, the DUE kept as read; without one,
            // the due is the series' anchor and UNTIL follows its type whatever it was.
            let readIsDay = context.extras.flatMap(DueProperty.dueAsRead)?.isDay
            writer.raw(written(rule, dueIsDay: context.item.due == nil ? nil : context.item.dueIsDay, readIsDay: readIsDay))
        } else {
            writer.raw(rule)
        }
        writer.end()
    }

    /// Whether the rule has an UNTIL part (in any case): most have none, and are written as
    /// they are without a look at their parts. (A scan of the bytes: an upper-cased copy of
    /// each repeating item's rule cost an export 4% more instructions.)
    static func hasUntil(_ rule: String) -> Bool {
        var matched = 0
        for byte in rule.utf8 {
            let upper = byte & 0xDF
            matched = upper == until[matched] ? matched + 1 : (upper == until[0] ? 1 : 0)
            if matched == until.count { return true }
        }
        return false
    }

    private static let until = Array("UNTIL".utf8)

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let item = state.item, old = state.old.item
        let readIsDay = state.original.property("DTSTART") == nil || old.due == nil ? nil : old.dueIsDay
        let rule = item.recurrence.map { written($0, dueIsDay: item.due == nil ? nil : item.dueIsDay, readIsDay: readIsDay) }
        guard old.recurrence != item.recurrence || rule != item.recurrence else { return }
        state.set("RRULE", rule.map { [ICalProperty("RRULE", value: $0)] } ?? [])
    }

    /// The rule as written beside a due of the type `dueIsDay` (nil: no due): RFC 5545 wants
    /// UNTIL of the DTSTART's type, which tick keeps of the due's. So when the due changed
    /// type in tick (`readIsDay`, the type as read beside a kept DTSTART), or, with no DTSTART
    /// (`readIsDay` nil), whenever it differs, UNTIL takes the due's: a date-time the day it
    /// falls on in `zone`, a day its last second there (in UTC), as tick's own "until" reads
    /// a day. Otherwise the rule is as read.
    static func written(_ rule: String, dueIsDay: Bool?, readIsDay: Bool?, zone: LocalTime = .current) -> String {
        guard let dueIsDay, readIsDay.map({ $0 != dueIsDay }) ?? true, hasUntil(rule) else { return rule }
        var parts = rule.split(separator: ";", omittingEmptySubsequences: false).map(String.init)
        guard let index = parts.firstIndex(where: { $0.uppercased().hasPrefix("UNTIL=") }) else { return rule }
        let value = String(parts[index].dropFirst(6))
        let isDay = !value.contains("T") && !value.contains("t")
        guard isDay != dueIsDay else { return rule }
        // The day UNTIL ends on (a floating or zoned one, which RFC 5545 does not allow, by
        // its own day), written as tick's own "until" writes a day (RecurrenceRule.until).
        let day: CalendarDay?
        switch ICalDateTime(ICalProperty("UNTIL", value: value)) {
        case .date(let date)?: day = date
        case .utc(let wall)?: day = wall.instant(in: .utc).flatMap { CalendarDay(of: $0, in: zone) }
        case .floating(let wall)?, .zoned(let wall, _)?: day = CalendarDay(year: wall.year, month: wall.month, day: wall.day)
        case nil: day = nil
        }
        guard let day, let part = RecurrenceRule.until(day: day, asDay: dueIsDay, calendar: zone) else { return rule }
        parts[index] = part
        return parts.joined(separator: ";")
    }
}
