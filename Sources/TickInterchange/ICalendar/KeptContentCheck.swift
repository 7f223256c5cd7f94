import TickCore

extension ICalendar {
    /// The properties whose values are dates or date-times (a comma-separated list of them
    /// for EXDATE and RDATE): in what tick keeps verbatim, checked as strictly as the DUE it maps.
    static let dateValuedNames: Set<String> = [
        "DTSTART", "DUE", "RECURRENCE-ID", "COMPLETED", "CREATED", "DTSTAMP", "LAST-MODIFIED", "EXDATE", "RDATE",
    ]

    /// Checks a date-valued property tick keeps with an item (``dateValuedNames``) as
    /// strictly as the DUE it maps: its TZID names a zone (the system's, or a VTIMEZONE of
    /// the file), and it holds dates or date-times (an RDATE of periods aside; empty places
    /// in the list of an EXDATE or RDATE, `EXDATE:a,,b`, are passed over). Written back, a line that broke either
    /// would be invalid for every other reader too.
    static func checkKept(_ property: ICalProperty, resolver: inout TimeZoneResolver, source: String) throws(InterchangeError) {
        guard dateValuedNames.contains(property.key) else { return }
        if let tzid = property.parameter("TZID") { _ = try resolver.zone(tzid, line: property.line) }
        guard property.parameter("VALUE")?.uppercased() != "PERIOD" else { return }
        let lenient = ICalDateTime.lenientNames.contains(property.key)
        let isList = property.key == "EXDATE" || property.key == "RDATE"
        let values = isList ? property.value.split(separator: ",").filter { !$0.allSatisfy(\.isWhitespace) } : [Substring(property.value)]
        for value in values {
            let single = ICalProperty(property.name, property.parameters, value: String(value))
            guard (lenient ? ICalDateTime.lenient(single) : ICalDateTime(single)) == nil else { continue }
            throw InterchangeError(source: source, line: property.line,
                                   problem: "\(property.name) \"\(ContentLineReader.excerpt(property.value))\" is not a date or date-time")
        }
    }

    /// A property as tick keeps it: an EXDATE or RDATE without the empty places of its list
    /// (`a,,b` is kept as `a,b`; RFC 5545 wants one date or more), nil when none is left; any
    /// other property as it is.
    static func keptForm(_ property: ICalProperty) -> ICalProperty? {
        guard property.key == "EXDATE" || property.key == "RDATE" else { return property }
        let places = property.value.split(separator: ",", omittingEmptySubsequences: false)
        let values = places.filter { !$0.allSatisfy(\.isWhitespace) }
        if values.isEmpty { return nil }
        if values.count == places.count { return property }
        return ICalProperty(property.name, property.parameters, value: values.joined(separator: ","))
    }

    /// ``checkKept(_:resolver:source:)-(ICalProperty,_,_)`` of every property of a component
    /// tick keeps whole (an alarm, an override of a recurrence) and of the components inside it.
    static func checkKept(_ component: ICalComponent, resolver: inout TimeZoneResolver, source: String) throws(InterchangeError) {
        var pending = [component]
        while let next = pending.popLast() {
            for property in next.properties { try checkKept(property, resolver: &resolver, source: source) }
            pending.append(contentsOf: next.components)
        }
    }
}
