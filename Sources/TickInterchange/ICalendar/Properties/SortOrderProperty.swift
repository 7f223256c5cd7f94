import FoundationEssentials
import TickCore

/// `X-APPLE-SORT-ORDER` ↔ the item's position in its section (the entry's sort order).
enum SortOrderProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "X-APPLE-SORT-ORDER", field: "order in its section",
              rule: "an integer; written as the item's position in its section"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        state.sortOrder = try state.integer(property, "is not a whole number")
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        guard let order = context.sortOrder else { return }
        writer.start("X-APPLE-SORT-ORDER")
        writer.number(order)
        writer.end()
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        guard let order = state.entry.sortOrder, state.old.sortOrder != order else { return }
        state.set("X-APPLE-SORT-ORDER", [ICalProperty("X-APPLE-SORT-ORDER", value: String(order))])
    }
}
