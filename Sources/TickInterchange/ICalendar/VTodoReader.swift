import FoundationEssentials
import TickCore

/// Reads one VTODO into a tick item, following ``VTodoMapping``: each mapped property is
/// read by its row, everything else goes into the item's `iCalendarExtras` verbatim.
struct VTodoReader {
    let source: String

    private func fail(_ line: Int, _ problem: String) -> InterchangeError {
        InterchangeError(source: source, line: line, problem: problem)
    }

    mutating func read(_ vtodo: ICalComponent, overrides: [ICalComponent], derivedID: UUID?,
                       resolver: inout TimeZoneResolver, options: ICalendarDecodingOptions) throws(InterchangeError) -> DecodedToDo {
        // What is kept is checked as strictly as what is mapped (see ICalendar.checkKept).
        for component in vtodo.components + overrides { try ICalendar.checkKept(component, resolver: &resolver, source: source) }
        // The item is made with its id; its rows fill in the rest.
        let (id, externalUID) = UIDProperty.identity(of: vtodo, derivedID: derivedID)
        var item: ToDoItem
        do {
            item = try ToDoItem(id: id, title: VTodoMapping.untitled, createdAt: options.now)
        } catch {
            throw fail(vtodo.line, "the VTODO cannot be an item: \(error)")
        }
        item.externalUID = externalUID
        var state = VTodoReadState(source: source, vtodo: vtodo, now: options.now, item: item)

        var seen: UInt64 = 0
        for property in vtodo.properties {
            let key = property.key
            guard let (row, bit) = VTodoMapping.row(named: key) else {
                try ICalendar.checkKept(property, resolver: &resolver, source: source)
                if let kept = ICalendar.keptForm(property) { state.extras.add(kept) }
                continue
            }
            if !row.repeats(key) {
                // RFC 5545 allows each of them once in a VTODO; a second would have to be dropped.
                guard seen & 1 << bit == 0 else {
                    let first = vtodo.properties.first { $0.key == key }?.line ?? property.line
                    throw fail(property.line, "\(property.name) appears twice in one VTODO (lines \(first) and \(property.line))")
                }
                seen |= 1 << bit
            }
            try row.read(property, into: &state, resolver: &resolver)
        }
        for row in VTodoMapping.rows { try row.finish(&state, resolver: &resolver) }
        for component in vtodo.components { state.extras.add(component) }
        for override in overrides { state.extras.add(override) }

        let baseText = state.base.text
        let restText = state.extras.text
        state.item.iCalendarExtras = [baseText, restText].compactMap { $0 }.joined(separator: "\n").nilWhenEmpty
        if let restText, !state.extras.tzids.isEmpty {
            // The VTIMEZONEs the kept lines refer to, so that written back they still resolve.
            var zones = ICalendarExtras.Builder()
            for tzid in state.extras.tzids {
                if let component = resolver.vtimezone(tzid) { zones.add(component) }
            }
            if let zonesText = zones.text {
                state.item.iCalendarExtras = [baseText, restText, zonesText].compactMap { $0 }.joined(separator: "\n")
            }
        }
        return DecodedToDo(item: state.item, isDone: state.isDone, sortOrder: state.sortOrder, line: vtodo.line,
                           createdAtIsDefault: state.createdAtIsDefault)
    }
}

extension String {
    var nilWhenEmpty: String? { isEmpty ? nil : self }

    /// Without leading and trailing whitespace and line breaks (TickCore's ``trimmed()``,
    /// which keeps text with nothing to trim as it is, without looking at its characters).
    var trimmingWhitespace: String { trimmed() }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
