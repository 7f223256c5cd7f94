import FoundationEssentials
import TickCore

/// `STATUS`, `COMPLETED` and `PERCENT-COMPLETE` ↔ done and completedAt. One row, as they
/// decide together: a STATUS that says the item is not done (CANCELLED, IN-PROCESS, a
/// reopened NEEDS-ACTION) wins over a COMPLETED or PERCENT-COMPLETE:100 beside it, which
/// then stay as read; what tick does not hold stays in the extras while the item is to do.
enum DoneProperties: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "STATUS", field: "done",
              rule: "COMPLETED is done, NEEDS-ACTION is to do; other values (IN-PROCESS, CANCELLED) stay in the extras and are written back while the item is to do"),
        .init(property: "COMPLETED", field: "done, completedAt",
              rule: "present means done unless STATUS says otherwise, when it stays in the extras as read (written back while to do); written while done; unticking removes it"),
        .init(property: "PERCENT-COMPLETE", field: "done",
              rule: "100 is done unless STATUS says otherwise (written while done, removed on unticking); other values, and 100 beside such a STATUS, stay in the extras while to do"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        switch property.key {
        case "STATUS":
            switch property.value.uppercased() {
            case "COMPLETED": state.statusSaysDone = true
            case "NEEDS-ACTION": state.statusSaysDone = false
            default:
                state.statusSaysDone = false
                state.extras.add(property)
            }
        case "COMPLETED":
            let read = try state.instant(property, &resolver)
            state.completed = read
            state.isDone = true
            // Kept (when STATUS says not done) as the UTC time RFC 5545 wants, however it was written.
            if case .utc? = ICalDateTime(property) {
                state.doneMarks.append(property)
            } else {
                state.doneMarks.append(ICalProperty("COMPLETED", value: ICalDateTime.utcText(read)))
            }
        default: // PERCENT-COMPLETE
            let percent = try state.integer(property, in: 0...100, "is not 0…100")
            if percent == 100 {
                state.isDone = true
                state.doneMarks.append(property)
            } else {
                state.extras.add(property)
            }
        }
    }

    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        // A STATUS that says the task is not done wins; the done marks beside it are not tick's, so they stay as read.
        if state.statusSaysDone == false { for property in state.doneMarks { state.extras.add(property) } }
        if let statusSaysDone = state.statusSaysDone { state.isDone = statusSaysDone }
        state.item.completedAt = state.isDone ? state.completed : nil
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        if context.isDone {
            writer.line("STATUS", value: "COMPLETED")
            if let completed = context.item.completedAt {
                writer.start("COMPLETED")
                ICalDateTime.writeUTC(completed, to: &writer)
                writer.end()
            }
            writer.line("PERCENT-COMPLETE", value: "100")
        } else if !(context.extras?.inner.contains { ICalendarExtras.name(of: $0) == "STATUS" } ?? false) {
            writer.line("STATUS", value: "NEEDS-ACTION")
        }
    }

    static var decidesKeptLines: Bool { true }

    /// The kept STATUS, COMPLETED and PERCENT-COMPLETE of an item that was to do are left
    /// out once it is done (tick writes its own).
    static func keptLine(_ line: Substring, name: String, context: inout VTodoWriteContext) -> KeptLine {
        context.isDone && (name == "STATUS" || name == "COMPLETED" || name == "PERCENT-COMPLETE") ? .leftOut : .asRead
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let entry = state.entry
        guard state.old.isDone != entry.isDone || (entry.isDone && !sameSecond(state.old.item.completedAt, entry.item.completedAt)) else { return }
        if entry.isDone {
            state.set("STATUS", [ICalProperty("STATUS", value: "COMPLETED")])
            state.set("COMPLETED", entry.item.completedAt.map { [ICalProperty("COMPLETED", value: ICalDateTime.utcText($0))] } ?? [])
            state.set("PERCENT-COMPLETE", [ICalProperty("PERCENT-COMPLETE", value: "100")])
        } else {
            state.set("STATUS", [ICalProperty("STATUS", value: "NEEDS-ACTION")])
            state.set("COMPLETED", [])
            state.set("PERCENT-COMPLETE", [])
        }
    }

    /// Kept as read while the item is to do (see ``ICalendarExtras``).
    static func mayBeKept(_ property: ICalProperty) -> Bool { true }
}
