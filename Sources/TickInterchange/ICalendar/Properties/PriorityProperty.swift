import FoundationEssentials
import TickCore

/// `PRIORITY` ↔ priority, on iCalendar's own scale: 1 highest … 9 lowest; 0 or none is no
/// priority. Any other value is refused: read as none and written back as none, it would be lost.
enum PriorityProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "PRIORITY", field: "priority",
              rule: "1 (highest) … 9 (lowest); 0 or missing is none; other values are refused; written while the item has one"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        let priority = try state.integer(property, in: 0...9, "is not a priority from 0 (none) to 9")
        do {
            try state.item.setPriority(priority == 0 ? nil : priority)
        } catch {
            throw state.fail(property.line, "\(error)")
        }
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        guard let priority = context.item.priority else { return }
        writer.start("PRIORITY")
        writer.number(priority)
        writer.end()
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        guard state.old.item.priority != state.item.priority else { return }
        state.set("PRIORITY", state.item.priority.map { [ICalProperty("PRIORITY", value: String($0))] } ?? [])
    }
}
