import FoundationEssentials
import TickCore

/// `DTSTAMP`, `CREATED`, `LAST-MODIFIED` and `SEQUENCE`: when the item was made and last
/// changed. One row, as they decide together: createdAt falls back on DTSTAMP, DTSTAMP is
/// written from modifiedAt or createdAt, and SEQUENCE goes up once modifiedAt differs from
/// the LAST-MODIFIED read. The patch stamps a changed VTODO with them after every other row.
enum ChangeDatesProperties: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "DTSTAMP", field: "(none)",
              rule: "always written: modifiedAt, else createdAt"),
        .init(property: "CREATED", field: "createdAt",
              rule: "missing: DTSTAMP, else the time of the import (an update keeps the item's own, so importing the file again changes nothing)"),
        .init(property: "LAST-MODIFIED", field: "modifiedAt",
              rule: "written when the item has changed; the value read is kept to tell whether it has changed since"),
        .init(property: "SEQUENCE", field: "(none)",
              rule: "kept as read; written one higher once modifiedAt differs from the LAST-MODIFIED read (1 for an item tick made and changed)"),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        switch property.key {
        case "CREATED": state.created = try state.instant(property, &resolver)
        case "DTSTAMP": state.stamp = try state.instant(property, &resolver)
        case "LAST-MODIFIED":
            let read = try state.instant(property, &resolver)
            state.item.modifiedAt = read
            // Kept as the UTC time it names, which the writer compares modifiedAt with: a
            // floating or TZID one (RFC 5545 wants UTC) would else read as changed since.
            if case .utc? = ICalDateTime(property) {
                state.base.add(property)
            } else {
                state.base.add(ICalProperty("LAST-MODIFIED", value: ICalDateTime.utcText(read)))
            }
        default: // SEQUENCE
            // Kept as read (see ICalendarExtras); checked here, so that a bad one is refused on import.
            // RFC 5545's INTEGER is 32-bit, so that one more still fits.
            _ = try state.integer(property, in: 0...Int(Int32.max), "is not a whole number from 0 to \(Int32.max)")
            state.base.add(property)
        }
    }

    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) {
        state.item.createdAt = state.created ?? state.stamp ?? state.now
        state.createdAtIsDefault = state.created == nil && state.stamp == nil
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        let item = context.item
        writer.start("DTSTAMP")
        ICalDateTime.writeUTC(item.modifiedAt ?? item.createdAt, to: &writer)
        writer.end()
        writer.start("CREATED")
        ICalDateTime.writeUTC(item.createdAt, to: &writer)
        writer.end()
        if let modified = item.modifiedAt {
            writer.start("LAST-MODIFIED")
            ICalDateTime.writeUTC(modified, to: &writer)
            writer.end()
        }
        // SEQUENCE: as read, one higher once the item has changed since it was read (or
        // since tick made it: then 1). No SEQUENCE read and no change: none written.
        let extras = context.extras
        let read = extras?.lastModified.flatMap { ICalDateTime(ICalProperty("LAST-MODIFIED", value: String($0))) }
        let readInstant: Date? = if case .utc(let wall)? = read { wall.instant(in: .utc) } else { nil }
        let changed = item.modifiedAt != nil && !sameSecond(readInstant, item.modifiedAt)
        if extras?.sequence != nil || changed {
            writer.start("SEQUENCE")
            writer.number(min(max(extras?.sequence ?? 0, 0), Int(Int32.max) - 1) + (changed ? 1 : 0))
            writer.end()
        }
    }

    /// A createdAt that differs is put in after the fields (only where the VTODO says one:
    /// CREATED, or a DTSTAMP it was read from); then, when anything changed, LAST-MODIFIED
    /// and DTSTAMP become the item's modifiedAt (else the patch's time) and SEQUENCE goes one up.
    static func finishPatch(_ state: inout VTodoPatchState) {
        let vtodo = state.original
        if !sameSecond(state.old.item.createdAt, state.item.createdAt), vtodo.property("CREATED") != nil || vtodo.property("DTSTAMP") != nil {
            state.set("CREATED", [ICalProperty("CREATED", value: ICalDateTime.utcText(state.item.createdAt))])
        }
        guard state.changed else { return }
        let stamp = ICalDateTime.utcText(state.item.modifiedAt ?? state.now)
        state.stamp("LAST-MODIFIED", [ICalProperty("LAST-MODIFIED", value: stamp)])
        state.stamp("DTSTAMP", [ICalProperty("DTSTAMP", value: stamp)])
        let sequence = vtodo.property("SEQUENCE").flatMap { Int($0.value.trimmingWhitespace) } ?? 0
        state.stamp("SEQUENCE", [ICalProperty("SEQUENCE", value: String(sequence < Int(Int32.max) ? sequence + 1 : sequence))])
    }

    /// SEQUENCE and LAST-MODIFIED as read are kept with the item (see ``ICalendarExtras``).
    static func mayBeKept(_ property: ICalProperty) -> Bool { property.key == "SEQUENCE" || property.key == "LAST-MODIFIED" }
}
