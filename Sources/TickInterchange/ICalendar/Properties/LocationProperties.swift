import FoundationEssentials
import TickCore

/// `LOCATION` and `GEO` ↔ the location, name and coordinate; without either, Apple
/// Reminders' geofence (`X-APPLE-STRUCTURED-LOCATION`, kept) gives it, unless tick marked
/// the location removed (`LOCATION;X-TICK-REMOVED=TRUE:`). One row: the two make one field.
enum LocationProperties: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "LOCATION", field: "location.name",
              rule: "TEXT; empty reads as no location (then Apple's geofence gives it); written empty with X-TICK-REMOVED=TRUE when a removed location would come back from a kept geofence, which that marker stops; parameters kept as for SUMMARY"),
        .init(property: "GEO", field: "location.coordinate",
              rule: "lat;lon in range; without LOCATION the location is named \"lat, lon\""),
    ]

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        guard property.key == "LOCATION" else {
            state.geo = try readGeo(property, state)
            return
        }
        state.locationName = ICalText.unescape(property.value)
        if property.parameter(ICalendar.locationRemovedParameter) != nil {
            state.locationRemoved = true
        } else if !property.parameters.isEmpty {
            // Its parameters (LANGUAGE, ALTREP …) are kept with the line as read (see ICalendarExtras).
            state.extras.add(property)
        }
    }

    static func finish(_ state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        let name = state.locationName?.trimmingWhitespace ?? ""
        if !name.isEmpty || state.geo != nil {
            state.item.location = try makeLocation(name: name.isEmpty ? state.geo.map { $0.2 } ?? "" : name, geo: state.geo,
                                                   line: state.vtodo.line, state)
        } else if !state.locationRemoved {
            state.item.location = try appleStructuredLocation(state.vtodo, state)
        }
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        if let location = context.item.location {
            ICalendar.writeText("LOCATION", location.name, asRead: context.extras, to: &writer)
            if let coordinate = location.coordinate {
                writer.start("GEO")
                writer.raw(ICalendar.geoValue(coordinate))
                writer.end()
            }
        } else if context.extras?.inner.contains(where: { ICalendarExtras.name(of: $0) == "X-APPLE-STRUCTURED-LOCATION" }) == true {
            // The location was removed: a marked empty LOCATION keeps the kept geofence from giving it back.
            writer.start("LOCATION", parameters: ";X-TICK-REMOVED=TRUE")
            writer.end()
        }
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let location = state.item.location
        guard state.old.item.location != location else { return }
        // A removed location stays removed as a marked empty LOCATION when a geofence would give it back.
        let vtodo = state.original
        let geofence = ([vtodo] + vtodo.components).contains { !$0.properties("X-APPLE-STRUCTURED-LOCATION").isEmpty }
        state.set("LOCATION", location.map { [ICalProperty("LOCATION", value: ICalText.escape($0.name))] }
            ?? (geofence ? [ICalProperty("LOCATION", [ICalParameter(ICalendar.locationRemovedParameter, "TRUE")], value: "")] : []))
        let geo = location?.coordinate.map { ICalendar.geoValue($0) }
        state.set("GEO", geo.map { [ICalProperty("GEO", value: $0)] } ?? [])
    }

    /// A LOCATION with parameters is kept (see ``ICalendarExtras``), as is tick's marked empty one.
    static func mayBeKept(_ property: ICalProperty) -> Bool { property.key == "LOCATION" && !property.parameters.isEmpty }

    // MARK: - Values

    /// `GEO:lat;lon`, in range: latitude, longitude, and the text they are named by without a LOCATION.
    private static func readGeo(_ property: ICalProperty, _ state: VTodoReadState) throws(InterchangeError) -> (Double, Double, String) {
        // (Split at the byte: Character by Character is slow, and a ";" that a combining mark
        // joins leaves a part that is no number either way.)
        let value = Substring(property.value)
        let parts = value.utf8.firstIndex(of: UInt8(ascii: ";")).map { [value[..<$0], value[value.utf8.index(after: $0)...]] } ?? [value]
        guard parts.count == 2, !parts[1].utf8.contains(UInt8(ascii: ";")), let latitude = decimal(parts[0]), let longitude = decimal(parts[1]) else {
            throw state.fail(property.line, "GEO \"\(ContentLineReader.excerpt(property.value))\" is not latitude;longitude")
        }
        guard (-90...90).contains(latitude) else { throw state.fail(property.line, "GEO latitude \(parts[0]) is outside -90…90") }
        guard (-180...180).contains(longitude) else { throw state.fail(property.line, "GEO longitude \(parts[1]) is outside -180…180") }
        return (latitude, longitude, "\(parts[0].trimmingWhitespace), \(parts[1].trimmingWhitespace)")
    }

    /// A plain decimal number (`-12.5`, `+3`, `47`): no exponents, no `nan`, at most 32 characters.
    static func decimal(_ text: Substring) -> Double? {
        let trimmed = String(text).trimmingWhitespace
        guard !trimmed.isEmpty, trimmed.utf8.count <= 32,
              trimmed.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: ".")
                  || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }) else { return nil }
        return Double(trimmed)
    }

    private static func makeLocation(name: String, geo: (Double, Double, String)?, line: Int,
                                     _ state: VTodoReadState) throws(InterchangeError) -> Location {
        do {
            return try Location(name: name, latitude: geo?.0, longitude: geo?.1)
        } catch {
            throw state.fail(line, "the location cannot be read: \(error)")
        }
    }

    /// Apple Reminders' geofence: `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=…:geo:lat,lon`,
    /// on the VTODO or inside one of its VALARMs.
    private static func appleStructuredLocation(_ vtodo: ICalComponent, _ state: VTodoReadState) throws(InterchangeError) -> Location? {
        let key = "X-APPLE-STRUCTURED-LOCATION"
        guard let property = vtodo.property(key)
            ?? vtodo.components.lazy.filter({ $0.name == "VALARM" }).compactMap({ $0.property(key) }).first else { return nil }
        let title = property.parameter("X-TITLE").map(ICalText.unescape)?.trimmingWhitespace ?? ""
        var geo: (Double, Double, String)?
        let value = property.value
        if value.lowercased().hasPrefix("geo:") {
            let coordinates = value.dropFirst(4).split(separator: ";").first ?? ""
            let parts = coordinates.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 2, let latitude = decimal(parts[0]), let longitude = decimal(parts[1]) else {
                throw state.fail(property.line, "X-APPLE-STRUCTURED-LOCATION \"\(ContentLineReader.excerpt(value))\" is not a geo: URI")
            }
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw state.fail(property.line, "X-APPLE-STRUCTURED-LOCATION \(coordinates) is outside -90…90, -180…180")
            }
            geo = (latitude, longitude, "\(parts[0]), \(parts[1])")
        }
        guard !title.isEmpty || geo != nil else { return nil }
        return try makeLocation(name: title.isEmpty ? geo.map { $0.2 } ?? "" : title, geo: geo, line: property.line, state)
    }
}
