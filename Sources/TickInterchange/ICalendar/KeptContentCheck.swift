import TickCore

extension ICalendar {
    /// The properties whose values are dates or date-times (a comma-separated list of them
    /// for EXDATE and RDATE): in what tick keeps verbatim, checked as strictly as the DUE it maps.
    static let dateValuedNames: Set<String> = [
        "DTSTART", "DUE", "RECURRENCE-ID", "COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED", "EXDATE", "RDATE",
    ]

    /// Checks a component tick keeps with an item (its VTODO with what is inside, an override
    /// of a recurrence) as strictly as the fields tick maps: each TZID names a zone (the
    /// system's, or a VTIMEZONE of the file) and each date-valued property
    /// (``dateValuedNames``; an RDATE of periods aside) holds dates or date-times. Written
    /// back, a line that broke either would be invalid for every other reader too.
    static func checkKept(_ component: ICalComponent, resolver: inout TimeZoneResolver, source: String) throws(InterchangeError) {
        var pending = [component]
        while let next = pending.popLast() {
            for property in next.properties {
                if let tzid = property.parameter("TZID") { _ = try resolver.zone(tzid, line: property.line) }
                guard dateValuedNames.contains(property.key), property.parameter("VALUE")?.uppercased() != "PERIOD" else { continue }
                let lenient = ICalDateTime.lenientNames.contains(property.key)
                for value in property.value.split(separator: ",", omittingEmptySubsequences: false) {
                    let single = ICalProperty(property.name, property.parameters, value: String(value))
                    guard (lenient ? ICalDateTime.lenient(single) : ICalDateTime(single)) == nil else { continue }
                    throw InterchangeError(source: source, line: property.line,
                                           problem: "\(property.name) \"\(ContentLineReader.excerpt(property.value))\" is not a date or date-time")
                }
            }
            pending.append(contentsOf: next.components)
        }
    }
}
