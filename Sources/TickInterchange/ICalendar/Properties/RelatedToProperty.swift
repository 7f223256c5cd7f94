import FoundationEssentials
import TickCore

/// `RELATED-TO` ↔ parent: a RELATED-TO whose RELTYPE is PARENT or absent (RFC 5545's
/// default) names the VTODO's parent by UID, as Nextcloud Tasks, Tasks.org, Thunderbird and
/// jtx Board write it. The parent's id is the one its UID gives (``UIDProperty``), so a child
/// may come before its parent in a file or a vdir; a parent that is not there (yet) leaves
/// the item top level with that id kept, and it nests once the parent arrives.
///
/// Every RELATED-TO line is also kept as read: written back verbatim while the parent is
/// the one it names (its UID text as the other app wrote it); a parent changed or cleared
/// in tick drops the old line and writes `RELATED-TO;RELTYPE=PARENT:` and the parent's UID
/// (another app's, ``ICalendarEntry/parentUID``, else the text of the parent's id).
/// Other relations (CHILD, SIBLING, X-…) are only kept.
enum RelatedToProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "RELATED-TO", field: "parent",
              rule: "RELTYPE=PARENT or none: the parent, by the id its UID gives (the child may come first; a parent not there leaves the item top level); every line kept and written back as read while it names the parent; a new parent written as RELTYPE=PARENT with its UID; other RELTYPEs kept"),
    ]

    static func repeats(_ key: String) -> Bool { true }

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        state.extras.add(property)
        let reltype = property.parameter("RELTYPE")?.uppercased() ?? "PARENT"
        let uid = property.value.trimmingWhitespace
        guard reltype == "PARENT", state.item.parent == nil, !uid.isEmpty else { return }
        state.item.parent = UIDProperty.id(ofUID: uid)
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        guard let parent = context.item.parent else { return }
        // A kept line that names this parent is written as read (see keptLine).
        if context.extras?.inner.contains(where: { namesParent($0) == parent }) == true { return }
        writer.start("RELATED-TO", parameters: ";RELTYPE=PARENT")
        if let uid = context.parentUID { writer.raw(uid) } else { ICalendar.writeUUID(parent, to: &writer) }
        writer.end()
    }

    static var decidesKeptLines: Bool { true }

    static func keptLine(_ line: Substring, name: String, context: inout VTodoWriteContext) -> KeptLine {
        guard name == "RELATED-TO", let named = namesParent(line) else { return .asRead }
        return named == context.item.parent ? .asRead : .leftOut
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let parent = state.item.parent
        guard state.old.item.parent != parent else { return }
        let others = state.original.properties.filter { $0.key == "RELATED-TO" && ($0.parameter("RELTYPE")?.uppercased() ?? "PARENT") != "PARENT" }
        let line = parent.map { ICalProperty("RELATED-TO", [ICalParameter("RELTYPE", "PARENT")], value: state.entry.parentUID ?? $0.uuidString) }
        state.set("RELATED-TO", others + (line.map { [$0] } ?? []))
    }

    /// RELATED-TO lines come from other apps' files and are written back by this row.
    static func mayBeKept(_ property: ICalProperty) -> Bool { true }

    /// The id of the parent a kept RELATED-TO line names; nil for another relation.
    static func namesParent(_ line: Substring) -> UUID? {
        guard ICalendarExtras.name(of: line) == "RELATED-TO" else { return nil }
        let value = ICalendarExtras.value(of: line)
        let head = line.prefix(line.count - value.count).dropLast()
        for parameter in head.split(separator: ";").dropFirst() {
            let parts = parameter.split(separator: "=", maxSplits: 1)
            if parts.count == 2, parts[0].uppercased() == "RELTYPE",
               parts[1].filter({ $0 != "\"" }).uppercased() != "PARENT" { return nil }
        }
        let uid = String(value).trimmingWhitespace
        return uid.isEmpty ? nil : UIDProperty.id(ofUID: uid)
    }
}
