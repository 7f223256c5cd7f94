/// An iCalendar component (`VCALENDAR`, `VTODO`, `VALARM`, `VTIMEZONE`, …): its name, its
/// properties in the order read, and the components inside it.
public struct ICalComponent: Sendable, Equatable {
    /// Upper-cased (`BEGIN:vtodo` reads as `VTODO`).
    public var name: String
    public var properties: [ICalProperty]
    public var components: [ICalComponent]
    /// The 1-based line of its BEGIN; 0 for a component tick made.
    public var line: Int

    public init(name: String, properties: [ICalProperty] = [], components: [ICalComponent] = [], line: Int = 0) {
        self.name = name.uppercased()
        self.properties = properties
        self.components = components
        self.line = line
    }

    /// The first property with this (upper-case) name.
    public func property(_ key: String) -> ICalProperty? {
        properties.first { $0.key == key }
    }

    /// Every property with this (upper-case) name.
    public func properties(_ key: String) -> [ICalProperty] {
        properties.filter { $0.key == key }
    }

    /// Equal when they would be written the same; where they were read does not matter.
    public static func == (lhs: ICalComponent, rhs: ICalComponent) -> Bool {
        lhs.name == rhs.name && lhs.properties == rhs.properties && lhs.components == rhs.components
    }
}

extension ICalComponent {
    /// The deepest nesting read (VCALENDAR › VTODO › VALARM is 3; real files stay under 5).
    public static let maximumDepth = 32

    /// Reads the top-level components of iCalendar bytes (usually one `VCALENDAR`; files
    /// that are several calendars joined give several), refusing anything that is not whole:
    /// a property outside a component, an END that closes nothing or another component, a
    /// component never ended (a truncated file), nesting deeper than ``maximumDepth``, a
    /// line that is not UTF-8. Iterative, so no input can exhaust the stack.
    public static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String) throws(InterchangeError) -> [ICalComponent] {
        try parse(bytes, source: source, rootName: nil, childOfRoot: nil)
    }

    /// The parser. With `rootName`, a top-level component of another name is refused at its
    /// BEGIN, except a bare VTODO (``bareChildren``), read as if inside one; with
    /// `childOfRoot`, each component directly inside a top-level one (and each bare VTODO) is
    /// handed to it as soon as it ends instead of being kept (so a large calendar is never
    /// held whole).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, source: String, rootName: String?,
                      childOfRoot: ((ICalComponent) throws(InterchangeError) -> Void)?) throws(InterchangeError) -> [ICalComponent] {
        var reader = ContentLineReader(bytes: bytes, source: source)
        var roots: [ICalComponent] = []
        var bareCount = 0
        var open: [ICalComponent] = []
        func fail(_ line: Int, _ problem: String) -> InterchangeError {
            InterchangeError(source: source, line: line, problem: problem)
        }
        while let property = try reader.next() {
            switch property.key {
            case "BEGIN":
                guard open.count < maximumDepth else {
                    throw fail(property.line, "components are nested more than \(maximumDepth) deep")
                }
                let name = property.value.trimmingWhitespace.uppercased()
                guard !name.isEmpty else { throw fail(property.line, "BEGIN names no component") }
                if open.isEmpty, let rootName, name != rootName, !bareChildren.contains(name) {
                    throw fail(property.line, "BEGIN:\(ContentLineReader.excerpt(name)) is outside a \(rootName)")
                }
                open.append(ICalComponent(name: name, line: property.line))
                // Room for a VTODO's usual properties, not grown one reallocation at a time.
                open[open.count - 1].properties.reserveCapacity(16)
            case "END":
                let name = property.value.trimmingWhitespace.uppercased()
                guard let closed = open.popLast() else {
                    throw fail(property.line, "END:\(ContentLineReader.excerpt(property.value)) without a BEGIN")
                }
                guard closed.name == name else {
                    throw fail(property.line, "END:\(ContentLineReader.excerpt(property.value)) does not close "
                        + "BEGIN:\(closed.name) of line \(closed.line)")
                }
                if open.isEmpty, let rootName, closed.name != rootName, let childOfRoot {
                    bareCount += 1
                    try childOfRoot(closed)
                } else if open.isEmpty {
                    roots.append(closed)
                } else if open.count == 1, let childOfRoot, open[0].name == rootName {
                    try childOfRoot(closed)
                } else {
                    open[open.count - 1].components.append(closed)
                }
            default:
                guard !open.isEmpty else {
                    throw fail(property.line, "\(property.name) is outside any BEGIN:VCALENDAR … END:VCALENDAR")
                }
                // vCalendar 1.0 (Palm, Nokia, old KDE and Evolution) writes values another way
                // (quoted-printable text, `STATUS:NEEDS ACTION`, DCREATED): read as iCalendar they
                // would be wrong, and written back invalid. Refused as soon as it says what it is.
                if open.count == 1, property.key == "VERSION", open[0].name == "VCALENDAR", property.value.trimmingWhitespace == "1.0" {
                    throw fail(property.line, "VERSION:1.0 is vCalendar 1.0, which tick does not read; it reads iCalendar (RFC 5545, VERSION:2.0)")
                }
                open[open.count - 1].properties.append(property)
            }
        }
        if let unclosed = open.last {
            throw fail(unclosed.line, "BEGIN:\(unclosed.name) is never ended (the file is cut short?)")
        }
        guard !roots.isEmpty || bareCount > 0 else {
            throw InterchangeError(source: source, problem: "holds no iCalendar data (no BEGIN:VCALENDAR)")
        }
        return roots
    }

    /// The components read at the top level as if inside the calendar a parser expects: a
    /// single to-do kept without its VCALENDAR (as some tools and test suites keep items)
    /// has one clear meaning.
    static let bareChildren: Set<String> = ["VTODO"]

    /// The components at a calendar's level in parsed roots: those inside each VCALENDAR, and
    /// the bare ones (``bareChildren``) that stand as roots of their own.
    static func calendarLevel(of roots: [ICalComponent]) -> [ICalComponent] {
        roots.flatMap { bareChildren.contains($0.name) ? [$0] : $0.components }
    }

    /// Reads iCalendar bytes (see ``parse(_:source:)-(UnsafeBufferPointer<UInt8>,_)``).
    public static func parse(_ bytes: [UInt8], source: String) throws(InterchangeError) -> [ICalComponent] {
        try bytes.withUnsafeBufferPointer { buffer throws(InterchangeError) in try parse(buffer, source: source) }
    }

    /// Writes the component, folded, with CRLF line ends.
    public func write(to writer: inout ICalWriter) {
        writer.line("BEGIN", value: name)
        for property in properties { writer.line(property) }
        for component in components { component.write(to: &writer) }
        writer.line("END", value: name)
    }

    /// The component as iCalendar bytes.
    public var bytes: [UInt8] {
        var writer = ICalWriter()
        write(to: &writer)
        return writer.bytes
    }
}
