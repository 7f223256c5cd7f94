import FoundationEssentials
import TickCore

/// Reads one VTODO into a tick item, following ``VTodoMapping``: mapped properties become
/// fields, everything else goes into the item's `iCalendarExtras` verbatim.
struct VTodoReader {
    let source: String

    private func fail(_ line: Int, _ problem: String) -> InterchangeError {
        InterchangeError(source: source, line: line, problem: problem)
    }

    mutating func read(_ vtodo: ICalComponent, overrides: [ICalComponent], derivedID: UUID?,
                       resolver: inout TimeZoneResolver, options: ICalendarDecodingOptions) throws(InterchangeError) -> DecodedToDo {
        var extras = ICalendarExtras.Builder()
        var uid: String?, title: String?, notes: String?, locationName: String?, geo: (Double, Double, String)?
        var due: ICalDateTime?, dueLine = 0, created: Date?, stamp: Date?, modified: Date?, completed: Date?
        var isDone = false, sortOrder: Int?
        // LOCATION;X-TICK-REMOVED=TRUE: tick removed the location; the geofence must not give it back.
        var locationRemoved = false
        // STATUS, when it says, decides whether the item is done; a COMPLETED or a
        // PERCENT-COMPLETE:100 decides only without one (a reopened task may keep them).
        var statusSaysDone: Bool?
        // COMPLETED and PERCENT-COMPLETE:100 as read: kept with the item when STATUS says it is not done.
        var doneMarks: [ICalProperty] = []
        var base: [ICalProperty] = []

        // What is kept is checked as strictly as what is mapped (see ICalendar.checkKept).
        for component in vtodo.components + overrides { try ICalendar.checkKept(component, resolver: &resolver, source: source) }
        var seen: UInt64 = 0
        for property in vtodo.properties {
            let key = property.key
            guard let row = VTodoMapping.rowOfName[key] else {
                try ICalendar.checkKept(property, resolver: &resolver, source: source)
                if let kept = ICalendar.keptForm(property) { extras.add(kept) }
                continue
            }
            // RFC 5545 allows each of them once in a VTODO; a second would have to be dropped.
            guard seen & 1 << row == 0 else {
                let first = vtodo.properties.first { $0.key == key }?.line ?? property.line
                throw fail(property.line, "\(property.name) appears twice in one VTODO (lines \(first) and \(property.line))")
            }
            seen |= 1 << row
            switch key {
            case "UID": uid = property.value
            case "SUMMARY", "DESCRIPTION", "LOCATION":
                let text = ICalText.unescape(property.value)
                if key == "SUMMARY" { title = text } else if key == "DESCRIPTION" { notes = text } else { locationName = text }
                // Its parameters (LANGUAGE, ALTREP …) are kept with the line as read (see ICalendarExtras).
                if key == "LOCATION", property.parameter(ICalendar.locationRemovedParameter) != nil {
                    locationRemoved = true
                } else if !property.parameters.isEmpty || (key == "SUMMARY" && text.trimmingWhitespace.isEmpty) {
                    // (A blank SUMMARY is kept too: written back blank while the title is still the placeholder.)
                    extras.add(property)
                }
            case "GEO": geo = try readGeo(property)
            case "DUE":
                guard let value = ICalDateTime(property) else { throw badDate(property) }
                due = value
                dueLine = property.line
            case "CREATED": created = try instant(property, &resolver)
            case "DTSTAMP": stamp = try instant(property, &resolver)
            case "LAST-MODIFIED":
                let read = try instant(property, &resolver)
                modified = read
                // Kept as the UTC time it names, which the encoder compares modifiedAt with: a
                // floating or TZID one (RFC 5545 wants UTC) would else read as changed since.
                if case .utc? = ICalDateTime(property) {
                    base.append(property)
                } else {
                    base.append(ICalProperty("LAST-MODIFIED", value: ICalDateTime.utcText(read)))
                }
            case "SEQUENCE":
                // Kept as read (see ICalendarExtras); checked here, so that a bad one is refused on import.
                // RFC 5545's INTEGER is 32-bit, so that one more still fits.
                guard let number = Int(property.value.trimmingWhitespace), (0...Int(Int32.max)).contains(number) else {
                    throw fail(property.line, "SEQUENCE \"\(ContentLineReader.excerpt(property.value))\" is not a whole number from 0 to \(Int32.max)")
                }
                base.append(property)
            case "COMPLETED":
                let read = try instant(property, &resolver)
                completed = read
                isDone = true
                // Kept (when STATUS says not done) as the UTC time RFC 5545 wants, however it was written.
                if case .utc? = ICalDateTime(property) { doneMarks.append(property) } else {
                    doneMarks.append(ICalProperty("COMPLETED", value: ICalDateTime.utcText(read)))
                }
            case "STATUS":
                switch property.value.uppercased() {
                case "COMPLETED": statusSaysDone = true
                case "NEEDS-ACTION": statusSaysDone = false
                default:
                    statusSaysDone = false
                    extras.add(property)
                }
            case "PERCENT-COMPLETE":
                guard let percent = Int(property.value.trimmingWhitespace), (0...100).contains(percent) else {
                    throw fail(property.line, "PERCENT-COMPLETE \"\(ContentLineReader.excerpt(property.value))\" is not 0…100")
                }
                if percent == 100 { isDone = true; doneMarks.append(property) } else { extras.add(property) }
            case "X-APPLE-SORT-ORDER":
                guard let order = Int(property.value.trimmingWhitespace) else {
                    throw fail(property.line, "X-APPLE-SORT-ORDER \"\(ContentLineReader.excerpt(property.value))\" is not a whole number")
                }
                sortOrder = order
            default: extras.add(property)
            }
        }
        // No SUMMARY: kept as a blank one, so that tick's placeholder title is not written out as if it were the item's.
        if title == nil { extras.add(ICalProperty("SUMMARY", value: "")) }
        // A STATUS that says the task is not done (CANCELLED, IN-PROCESS, a reopened
        // NEEDS-ACTION) wins; the done marks beside it are not tick's, so they stay as read.
        if statusSaysDone == false { for property in doneMarks { extras.add(property) } }
        for component in vtodo.components { extras.add(component) }
        for override in overrides { extras.add(override) }

        // The location: LOCATION and GEO, else Apple Reminders' geofence, unless tick marked
        // the location removed.
        var location: Location?
        let name = locationName?.trimmingWhitespace ?? ""
        if !name.isEmpty || geo != nil {
            location = try makeLocation(name: name.isEmpty ? geo.map { $0.2 } ?? "" : name, geo: geo, line: vtodo.line)
        } else if !locationRemoved {
            location = try appleStructuredLocation(vtodo)
        }

        // The id.
        let id: UUID
        var externalUID: String?
        if let uid, !uid.isEmpty {
            if let parsed = UUID(uuidString: uid) {
                id = parsed
                if parsed.uuidString != uid { externalUID = uid }
            } else {
                id = NameBasedUUID.make(uid.utf8)
                externalUID = uid
            }
        } else {
            id = derivedID ?? NameBasedUUID.make(vtodo.bytes)
        }

        let trimmedTitle = title?.trimmingWhitespace ?? ""
        var item: ToDoItem
        do {
            item = try ToDoItem(id: id, title: trimmedTitle.isEmpty ? VTodoMapping.untitled : trimmedTitle,
                                notes: notes?.isEmpty == false ? notes : nil, location: location,
                                createdAt: created ?? stamp ?? options.now)
        } catch {
            throw fail(vtodo.line, "the VTODO cannot be an item: \(error)")
        }
        switch due {
        case .date(let day)?: item.setDue(day: day)
        case let value?: item.setDue(instant: try resolver.instant(value, line: dueLine))
        case nil: break
        }
        item.modifiedAt = modified
        if let statusSaysDone { isDone = statusSaysDone }
        item.completedAt = isDone ? completed : nil
        item.externalUID = externalUID
        var kept = ICalendarExtras.Builder()
        for property in base { kept.add(property) }
        let baseText = kept.text
        let restText = extras.text
        item.iCalendarExtras = [baseText, restText].compactMap { $0 }.joined(separator: "\n").nilWhenEmpty
        if let restText, !extras.tzids.isEmpty {
            // The VTIMEZONEs the kept lines refer to, so that written back they still resolve.
            var zones = ICalendarExtras.Builder()
            for tzid in extras.tzids {
                if let component = resolver.vtimezone(tzid) { zones.add(component) }
            }
            if let zonesText = zones.text {
                item.iCalendarExtras = [baseText, restText, zonesText].compactMap { $0 }.joined(separator: "\n")
            }
        }
        return DecodedToDo(item: item, isDone: isDone, sortOrder: sortOrder, line: vtodo.line,
                           createdAtIsDefault: created == nil && stamp == nil)
    }

    // MARK: - Values

    private func badDate(_ property: ICalProperty) -> InterchangeError {
        fail(property.line, "\(property.name) \"\(ContentLineReader.excerpt(property.value))\" is not a date or date-time")
    }

    private func instant(_ property: ICalProperty, _ resolver: inout TimeZoneResolver) throws(InterchangeError) -> Date {
        guard let value = ICalDateTime.lenient(property) else { throw badDate(property) }
        return try resolver.instant(value, line: property.line)
    }

    /// `GEO:lat;lon`, in range.
    private func readGeo(_ property: ICalProperty) throws(InterchangeError) -> (Double, Double, String) {
        let parts = property.value.split(separator: ";", omittingEmptySubsequences: false)
        guard parts.count == 2, let latitude = Self.decimal(parts[0]), let longitude = Self.decimal(parts[1]) else {
            throw fail(property.line, "GEO \"\(ContentLineReader.excerpt(property.value))\" is not latitude;longitude")
        }
        guard (-90...90).contains(latitude) else { throw fail(property.line, "GEO latitude \(parts[0]) is outside -90…90") }
        guard (-180...180).contains(longitude) else { throw fail(property.line, "GEO longitude \(parts[1]) is outside -180…180") }
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

    private func makeLocation(name: String, geo: (Double, Double, String)?, line: Int) throws(InterchangeError) -> Location {
        do {
            return try Location(name: name, latitude: geo?.0, longitude: geo?.1)
        } catch {
            throw fail(line, "the location cannot be read: \(error)")
        }
    }

    /// Apple Reminders' geofence: `X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=…:geo:lat,lon`,
    /// on the VTODO or inside one of its VALARMs.
    private func appleStructuredLocation(_ vtodo: ICalComponent) throws(InterchangeError) -> Location? {
        let candidates = vtodo.properties("X-APPLE-STRUCTURED-LOCATION")
            + vtodo.components.filter { $0.name == "VALARM" }.flatMap { $0.properties("X-APPLE-STRUCTURED-LOCATION") }
        guard let property = candidates.first else { return nil }
        let title = property.parameter("X-TITLE").map(ICalText.unescape)?.trimmingWhitespace ?? ""
        var geo: (Double, Double, String)?
        let value = property.value
        if value.lowercased().hasPrefix("geo:") {
            let coordinates = value.dropFirst(4).split(separator: ";").first ?? ""
            let parts = coordinates.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count >= 2, let latitude = Self.decimal(parts[0]), let longitude = Self.decimal(parts[1]) else {
                throw fail(property.line, "X-APPLE-STRUCTURED-LOCATION \"\(ContentLineReader.excerpt(value))\" is not a geo: URI")
            }
            guard (-90...90).contains(latitude), (-180...180).contains(longitude) else {
                throw fail(property.line, "X-APPLE-STRUCTURED-LOCATION \(coordinates) is outside -90…90, -180…180")
            }
            geo = (latitude, longitude, "\(parts[0]), \(parts[1])")
        }
        guard !title.isEmpty || geo != nil else { return nil }
        return try makeLocation(name: title.isEmpty ? geo.map { $0.2 } ?? "" : title, geo: geo, line: property.line)
    }
}

extension String {
    var nilWhenEmpty: String? { isEmpty ? nil : self }

    /// Without leading and trailing whitespace and line breaks.
    var trimmingWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}

extension Substring {
    var trimmingWhitespace: String { String(self).trimmingWhitespace }
}
