import FoundationEssentials
import TickCore

/// `DESCRIPTION` ↔ the notes: TEXT; empty reads as no notes; a line with parameters is
/// kept and written back as read while the notes are its text.
enum DescriptionProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "DESCRIPTION", field: "notes",
              rule: "TEXT; empty reads as no notes; parameters kept as for SUMMARY"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        let text = ICalText.unescape(property.value)
        state.item.notes = text.isEmpty ? nil : text
        if !property.parameters.isEmpty { state.extras.add(property) }
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        if let notes = context.item.notes, !notes.isEmpty { ICalendar.writeText("DESCRIPTION", notes, asRead: context.extras, to: &writer) }
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        // (Empty notes are no notes, as an empty DESCRIPTION is read.)
        let notes = state.item.notes?.isEmpty == false ? state.item.notes : nil
        guard state.old.item.notes != notes else { return }
        state.set("DESCRIPTION", notes.map { [ICalProperty("DESCRIPTION", value: ICalText.escape($0))] } ?? [])
    }

    static func mayBeKept(_ property: ICalProperty) -> Bool { !property.parameters.isEmpty }
}
