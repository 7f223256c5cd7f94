import FoundationEssentials
import TickCore

/// Turns the components of calendars into items as they are read, so that a large file is
/// never held whole as a tree: each VTODO is decoded when it ends, unless it names a TZID
/// whose VTIMEZONE the file has not given yet (Thunderbird writes them after), or is an
/// override of a recurrence whose item has not come yet; those wait for the end.
///
/// The items keep the order of the file; one item per UID (two VTODOs with one UID and no
/// RECURRENCE-ID are an error naming it).
struct CalendarDecoder {
    private let source: String
    private let options: ICalendarDecodingOptions
    private var resolver: TimeZoneResolver
    private var slots: [Slot] = []
    /// The slot of each UID, and the line of its VTODO without RECURRENCE-ID, once seen.
    private var slotOfUID: [String: (slot: Int, masterLine: Int?)] = [:]
    private var skipped: [String: Int] = [:]
    /// How many VTODOs without UID had the same text so far, by the id that text gives.
    private var identicalWithoutUID: [UUID: Int] = [:]

    /// The overrides of recurrences by slot, appended in place (a UID may have very many):
    /// for a waiting slot those it will be decoded with, for a decoded one those that came
    /// after it, added to its extras at the end.
    private var overridesOf: [Int: [ICalComponent]] = [:]

    private enum Slot {
        case decoded(DecodedToDo)
        /// Waiting: for a VTIMEZONE, or for the VTODO its overrides belong to.
        case waiting(master: ICalComponent?, derivedID: UUID?)
    }

    init(source: String, options: ICalendarDecodingOptions) {
        self.source = source
        self.options = options
        resolver = TimeZoneResolver(source: source, zoneinfoDirectory: options.zoneinfoDirectory, floating: options.floating)
    }

    /// Takes one component of a calendar.
    mutating func add(_ component: ICalComponent) throws(InterchangeError) {
        switch component.name {
        case "VTODO": try addToDo(component)
        case "VTIMEZONE": resolver.add(vtimezone: component)
        default: skipped[component.name, default: 0] += 1
        }
    }

    private mutating func addToDo(_ vtodo: ICalComponent) throws(InterchangeError) {
        guard let uid = vtodo.property("UID")?.value, !uid.isEmpty else {
            // No UID (calcurse, topydo): an id from the VTODO's text, the same on every import.
            var text = vtodo.bytes
            let plain = NameBasedUUID.make(text)
            let seen = identicalWithoutUID[plain, default: 0]
            identicalWithoutUID[plain] = seen + 1
            if seen > 0 { text.append(contentsOf: Array("#\(seen)".utf8)) }
            slots.append(.waiting(master: vtodo, derivedID: seen > 0 ? NameBasedUUID.make(text) : plain))
            try decodeIfReady(slots.count - 1)
            return
        }
        let isOverride = vtodo.property("RECURRENCE-ID") != nil
        guard let known = slotOfUID[uid] else {
            slotOfUID[uid] = (slots.count, isOverride ? nil : vtodo.line)
            if isOverride {
                overridesOf[slots.count] = [vtodo]
                slots.append(.waiting(master: nil, derivedID: nil))
            } else if namesKnownZones(vtodo) {
                // The usual case, decoded at once: a new UID has no overrides yet.
                slots.append(.decoded(try decode(vtodo, overrides: [], derivedID: nil)))
            } else {
                slots.append(.waiting(master: vtodo, derivedID: nil))
            }
            return
        }
        if isOverride {
            overridesOf[known.slot, default: []].append(vtodo)
            return
        }
        if let first = known.masterLine {
            throw InterchangeError(source: source, line: vtodo.line, problem: "two VTODOs have UID \"\(uid)\" (lines \(first) and \(vtodo.line))")
        }
        // Its overrides came first.
        slotOfUID[uid] = (known.slot, vtodo.line)
        slots[known.slot] = .waiting(master: vtodo, derivedID: nil)
        try decodeIfReady(known.slot)
    }

    /// Decodes a waiting slot that has its VTODO and whose TZIDs all have their VTIMEZONE.
    private mutating func decodeIfReady(_ slot: Int) throws(InterchangeError) {
        let overrides = overridesOf[slot] ?? []
        guard case let .waiting(master?, derivedID) = slots[slot], namesKnownZones(master), overrides.allSatisfy(namesKnownZones)
        else { return }
        slots[slot] = .decoded(try decode(master, overrides: overrides, derivedID: derivedID))
        overridesOf[slot] = nil
    }

    /// Everything read: what waited is decoded now that every VTIMEZONE is known.
    mutating func finish() throws(InterchangeError) -> DecodedCalendar {
        var todos: [DecodedToDo] = []
        todos.reserveCapacity(slots.count)
        for (index, slot) in slots.enumerated() {
            let overrides = overridesOf[index] ?? []
            switch slot {
            case let .waiting(master, derivedID):
                // An override whose VTODO never came stands for the item itself.
                guard let item = master ?? overrides.first else { continue }
                todos.append(try decode(item, overrides: master == nil ? Array(overrides.dropFirst()) : overrides, derivedID: derivedID))
            case .decoded(var todo):
                if !overrides.isEmpty { todo.item.iCalendarExtras = try appending(overrides, to: todo.item.iCalendarExtras) }
                todos.append(todo)
            }
        }
        return DecodedCalendar(todos: todos, skipped: skipped)
    }

    private mutating func decode(_ vtodo: ICalComponent, overrides: [ICalComponent], derivedID: UUID?) throws(InterchangeError) -> DecodedToDo {
        try ICalendar.decodeToDo(vtodo, overrides: overrides, derivedID: derivedID, resolver: &resolver, source: source, options: options)
    }

    /// An item's extras with overrides that came after its VTODO (and the VTIMEZONEs they name).
    private mutating func appending(_ overrides: [ICalComponent], to extras: String?) throws(InterchangeError) -> String? {
        var builder = ICalendarExtras.Builder()
        for override in overrides {
            try ICalendar.checkKept(override, resolver: &resolver, source: source)
            builder.add(override)
        }
        let kept = Set(ICalendarExtras(extras ?? "").timeZones.map(\.tzid))
        for tzid in builder.tzids where !kept.contains(tzid) {
            if let component = resolver.vtimezone(tzid) { builder.add(component) }
        }
        return [extras, builder.text].compactMap { $0 }.joined(separator: "\n")
    }

    /// Whether every TZID a component and the components inside it name has its VTIMEZONE
    /// in the file by now (or they name none).
    private func namesKnownZones(_ component: ICalComponent) -> Bool {
        for property in component.properties where !property.parameters.isEmpty {
            if let tzid = property.parameter("TZID"), !resolver.vtimezone(definedInFile: tzid) { return false }
        }
        return component.components.allSatisfy(namesKnownZones)
    }
}
