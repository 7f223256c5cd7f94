import FoundationEssentials
import TickCore

/// What reading one VTODO has collected so far: the item (made first, from the UID, then
/// filled in row by row), the lines kept for other apps, and what a row needs to hold until
/// every property was read (a DUE resolves after the loop; LOCATION and GEO, STATUS and the
/// done marks, CREATED and DTSTAMP decide together).
struct VTodoReadState {
    /// The file, for errors.
    let source: String
    /// The VTODO being read.
    let vtodo: ICalComponent
    /// createdAt of a VTODO with neither CREATED nor DTSTAMP.
    let now: Date
    /// The item as read so far.
    var item: ToDoItem
    /// Whether it belongs in Done.
    var isDone = false
    /// X-APPLE-SORT-ORDER.
    var sortOrder: Int?
    /// Whether createdAt is the time of the import (the VTODO said neither CREATED nor DTSTAMP).
    var createdAtIsDefault = false
    /// The VTODO's content that tick does not map, in the order of the file (see ``ICalendarExtras``).
    var extras = ICalendarExtras.Builder()
    /// SEQUENCE and LAST-MODIFIED as read, kept ahead of ``extras``.
    var base = ICalendarExtras.Builder()

    // Held until every property was read.
    /// SUMMARY's text, unescaped.
    var title: String?
    /// DUE and its line.
    var due: (value: ICalDateTime, line: Int)?
    /// LOCATION's text; GEO as latitude, longitude and its text; LOCATION;X-TICK-REMOVED=TRUE.
    var locationName: String?, geo: (Double, Double, String)?, locationRemoved = false
    /// CREATED, DTSTAMP.
    var created: Date?, stamp: Date?
    /// COMPLETED's time.
    var completed: Date?
    /// STATUS, when it says, decides whether the item is done; a COMPLETED or a
    /// PERCENT-COMPLETE:100 decides only without one (a reopened task may keep them).
    var statusSaysDone: Bool?
    /// COMPLETED and PERCENT-COMPLETE:100 as read: kept with the item when STATUS says it is not done.
    var doneMarks: [ICalProperty] = []

    init(source: String, vtodo: ICalComponent, now: Date, item: ToDoItem) {
        self.source = source
        self.vtodo = vtodo
        self.now = now
        self.item = item
    }

    func fail(_ line: Int, _ problem: String) -> InterchangeError {
        InterchangeError(source: source, line: line, problem: problem)
    }

    /// `NAME "value" is not a date or date-time`.
    func badDate(_ property: ICalProperty) -> InterchangeError {
        fail(property.line, "\(property.name) \"\(ContentLineReader.excerpt(property.value))\" is not a date or date-time")
    }

    /// A date-time property's instant (also in ISO 8601's extended form, as Evolution 2 wrote them).
    func instant(_ property: ICalProperty, _ resolver: inout TimeZoneResolver) throws(InterchangeError) -> Date {
        guard let value = ICalDateTime.lenient(property) else { throw badDate(property) }
        return try resolver.instant(value, line: property.line)
    }

    /// A whole number read from a property's value, in `range`; else an error that names
    /// the property and its value and says `problem` (`is not 0…100`).
    func integer(_ property: ICalProperty, in range: ClosedRange<Int>? = nil, _ problem: @autoclosure () -> String) throws(InterchangeError) -> Int {
        guard let number = Int(property.value.trimmingWhitespace), range?.contains(number) ?? true else {
            throw fail(property.line, "\(property.key) \"\(ContentLineReader.excerpt(property.value))\" \(problem())")
        }
        return number
    }
}
