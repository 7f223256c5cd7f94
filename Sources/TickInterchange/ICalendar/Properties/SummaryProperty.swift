import FoundationEssentials
import TickCore

/// `SUMMARY` ↔ the title: TEXT; missing or blank reads as "(untitled)" and is written back
/// blank while the title is that; a line with parameters is kept and written back as read
/// while the title is its text.
enum SummaryProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "SUMMARY", field: "title",
              rule: "TEXT; missing or blank reads as \"(untitled)\", written back blank while the title is that; its parameters (LANGUAGE, ALTREP …) are kept and written back while the text is unchanged"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        let text = ICalText.unescape(property.value)
        state.title = text
        // Its parameters (LANGUAGE, ALTREP …) are kept with the line as read (see ICalendarExtras);
        // a blank one too: written back blank while the title is still the placeholder.
        if !property.parameters.isEmpty || text.trimmingWhitespace.isEmpty { state.extras.add(property) }
    }

    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        // No SUMMARY: kept as a blank one, so that tick's placeholder title is not written out as if it were the item's.
        if state.title == nil { state.extras.add(ICalProperty("SUMMARY", value: "")) }
        let trimmed = state.title?.trimmingWhitespace ?? ""
        do {
            try state.item.setTitle(trimmed.isEmpty ? VTodoMapping.untitled : trimmed)
        } catch {
            throw state.fail(state.vtodo.line, "the VTODO cannot be an item: \(error)")
        }
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        ICalendar.writeText("SUMMARY", context.item.title, asRead: context.extras, to: &writer)
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        guard state.old.item.title != state.item.title else { return }
        state.set("SUMMARY", [ICalProperty("SUMMARY", value: ICalText.escape(state.item.title))])
    }

    /// Kept when it has parameters, or is blank (see ``ICalendarExtras``).
    static func mayBeKept(_ property: ICalProperty) -> Bool {
        !property.parameters.isEmpty || ICalText.unescape(property.value).trimmingWhitespace.isEmpty
    }
}
