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

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        state.item.recurrence = property.value
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        guard let rule = context.item.recurrence else { return }
        writer.start("RRULE")
        writer.raw(rule)
        writer.end()
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        guard state.old.item.recurrence != state.item.recurrence else { return }
        state.set("RRULE", state.item.recurrence.map { [ICalProperty("RRULE", value: $0)] } ?? [])
    }
}
