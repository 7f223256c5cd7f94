import FoundationEssentials

/// One thing to do.
///
/// Laid out to be small (96 bytes), since a large list holds hundreds of thousands: the due
/// date is a `Double` with a reserved bit pattern for "none" instead of a `Date?` (which
/// would pad to 16 bytes), the priority is a byte in what the alignment leaves free, and the
/// fields most items leave empty (the location, tags, keys of a newer tick) live together in
/// one immutable box that most items do not have.
public struct ToDoItem: Sendable, Hashable, Identifiable {
    public let id: UUID
    /// The title; never empty after trimming whitespace (set it with ``setTitle(_:)``).
    public private(set) var title: String
    /// Free-form notes (archived as `itemDescription`).
    public var notes: String?
    public var createdAt: Date {
        get { createdAtStorage }
        set { createdAtStorage = newValue.archivable }
    }
    private var createdAtStorage: Date
    /// The due date's `timeIntervalSinceReferenceDate`, or ``noDue``.
    private var dueStorage: Double
    /// `completedAt`'s and `modifiedAt`'s reference-date intervals, or ``noDue`` for none.
    private var completedAtStorage: Double = Double(bitPattern: noDue)
    private var modifiedAtStorage: Double = Double(bitPattern: noDue)
    /// Whether ``due`` names a calendar day (see ``dueIsDay``).
    public var dueIsDay: Bool = false
    /// Whether ``parent`` is set, kept beside ``dueIsDay`` (in bytes the alignment leaves
    /// free) so that a pass over a section's subtasks reads it without following each
    /// item's box to memory elsewhere (at a million items, most of a key's time).
    private(set) var hasParent = false
    /// The priority, 1…9, or 0 for none: a byte the alignment leaves free, so that an item
    /// with a priority and nothing else rare needs no box (about 170 bytes).
    private var priorityStorage: Int8 = 0
    /// The location, tags, repeat, parent, unknown fields and other apps' data, nil when the
    /// item has none.
    private var extras: Extras? {
        didSet { hasParent = extras?.parent != nil }
    }

    /// When it is due (archived as `timestamp`).
    public var due: Date? {
        get { dueStorage.bitPattern == Self.noDue ? nil : Date(timeIntervalSinceReferenceDate: dueStorage) }
        set { dueStorage = Self.storage(forDue: newValue) }
    }

    /// When it was ticked off; nil while it is to do (or when the writer did not say).
    public var completedAt: Date? {
        get { Self.date(fromStorage: completedAtStorage) }
        set { completedAtStorage = Self.storage(forDue: newValue) }
    }

    /// When it last changed; nil when it has not changed since it was made.
    public var modifiedAt: Date? {
        get { Self.date(fromStorage: modifiedAtStorage) }
        set { modifiedAtStorage = Self.storage(forDue: newValue) }
    }

    /// The due date as a calendar day, when ``dueIsDay`` says it is one: such a due is
    /// stored as 00:00 UTC of that day, so it is the same day in every time zone.
    public var dueDay: CalendarDay? {
        guard dueIsDay, let due else { return nil }
        return CalendarDay(utcMidnight: due)
    }

    /// Sets the due date to a calendar day (or clears it).
    public mutating func setDue(day: CalendarDay?) {
        due = day?.utcMidnight
        dueIsDay = day != nil
    }

    /// Sets the due date to an instant (or clears it).
    public mutating func setDue(instant: Date?) {
        due = instant
        dueIsDay = false
    }

    public var location: Location? {
        get { extras?.location }
        set { extras = Extras.make(location: newValue, from: extras) }
    }

    /// Whether the item has a location, priority, tags, repeat, parent, unknown fields or
    /// other apps' data, known without reading them.
    var hasRareFields: Bool { extras != nil || priorityStorage != 0 }

    /// Archive keys of a newer tick, kept unchanged.
    public var unknownFields: UnknownFields {
        get { extras?.unknownFields ?? UnknownFields() }
        set { extras = Extras.make(unknownFields: newValue, from: extras) }
    }

    /// The UID another app gave the item in iCalendar data, when it is not the text of
    /// ``id`` (tick derives ``id`` from it and writes it back unchanged).
    public var externalUID: String? {
        get { extras?.externalUID }
        set { extras = Extras.make(externalUID: .some(newValue), from: extras) }
    }

    /// The item's iCalendar content that tick does not map to a field of its own (other
    /// properties, alarms, overrides of recurrences), verbatim as iCalendar text, so that
    /// export and sync write it back unchanged.
    public var iCalendarExtras: String? {
        get { extras?.iCalendarExtras }
        set { extras = Extras.make(iCalendarExtras: .some(newValue), from: extras) }
    }

    /// The item's taskwarrior members that tick does not map to a field of its own (`wait`,
    /// `scheduled`, `until`, `start`, `depends`, UDAs, the annotations with their dates …),
    /// verbatim as the text of one JSON object, so that a taskwarrior export writes them back.
    public var taskwarriorExtras: String? {
        get { extras?.taskwarriorExtras }
        set { extras = Extras.make(taskwarriorExtras: .some(newValue), from: extras) }
    }

    /// How important it is, on iCalendar's scale: 1 (highest) … 9 (lowest); nil for none.
    /// Set it with ``setPriority(_:)``, which refuses other values.
    public var priority: Int? {
        priorityStorage == 0 ? nil : Int(priorityStorage)
    }

    /// Sets the priority (1…9, or nil for none); any other value is refused.
    public mutating func setPriority(_ priority: Int?) throws(ModelError) {
        priorityStorage = try Self.validatedPriority(priority)
    }

    /// A priority as ``setPriority(_:)`` keeps it, as stored (0 for none).
    private static func validatedPriority(_ priority: Int?) throws(ModelError) -> Int8 {
        guard let priority else { return 0 }
        guard priorities.contains(priority) else { throw .badPriority(priority) }
        return Int8(priority)
    }

    /// iCalendar's priorities: 1 highest, 9 lowest.
    public static let priorities = 1...9

    /// The item's tags (iCalendar's CATEGORIES, taskwarrior's tags, todo.txt's +project and
    /// @context), in the order given, each once. Set them with ``setTags(_:)``.
    public var tags: [String] { extras?.tags ?? [] }

    /// Replaces the tags: each trimmed, the empty ones and repeats (by exact text) dropped; a
    /// tag holding a line break is refused.
    public mutating func setTags(_ newTags: [String]) throws(ModelError) {
        extras = Extras.make(tags: try Self.validatedTags(newTags), from: extras)
    }

    /// Tags as ``setTags(_:)`` keeps them.
    private static func validatedTags(_ tags: [String]) throws(ModelError) -> [String] {
        // (Tags as a file holds them are kept already: then the array is kept as it is.)
        var kept: [String] = []
        var keptAll = true  // so far, kept is tags[..<index]: not copied yet
        for (index, tag) in tags.enumerated() {
            let trimmed = tag.trimmingWhitespace
            if holdsLineBreak(trimmed) { throw .badTag(trimmed) }
            let keep = !trimmed.isEmpty && !(keptAll ? tags[..<index] : kept[...]).contains(trimmed)
            if keptAll, keep, trimmed.utf8.count == tag.utf8.count { continue }
            if keptAll { kept = Array(tags[..<index]); keptAll = false }
            if keep { kept.append(trimmed) }
        }
        return keptAll ? tags : kept
    }

    /// Whether the text holds a line break (a Character that `isNewline`): U+000A–U+000D,
    /// U+0085, U+2028 or U+2029. Each of these scalars starts a Character (grapheme breaks
    /// surround controls; CR LF starts with CR) and a Character is a line break when its
    /// first scalar is one, so a scan of the UTF-8 finds the same as one of the Characters.
    private static func holdsLineBreak(_ text: String) -> Bool {
        var before: (UInt8, UInt8) = (0, 0)
        for byte in text.utf8 {
            if byte >= 0x0A && byte <= 0x0D { return true }
            if byte == 0x85 && before.1 == 0xC2 { return true }
            if (byte == 0xA8 || byte == 0xA9) && before == (0xE2, 0x80) { return true }
            before = (before.1, byte)
        }
        return false
    }

    /// How the item repeats: an RFC 5545 RRULE value such as `FREQ=WEEKLY;BYDAY=MO`, nil when
    /// it does not. The model keeps the text; ``RecurrenceRule`` reads it.
    public var recurrence: String? {
        get { extras?.recurrence }
        set { extras = Extras.make(recurrence: .some(newValue.flatMap { $0.isEmpty ? nil : $0 }), from: extras) }
    }

    /// The id of the item this one is a subtask of, nil for a top-level item. The list keeps
    /// it naming an item of the list and free of cycles (see ``ToDoList/setParent(_:of:)``).
    public var parent: UUID? {
        get { extras?.parent }
        set { extras = Extras.make(parent: .some(newValue), from: extras) }
    }

    /// Replaces the title, trimmed; an empty title is refused.
    public mutating func setTitle(_ newTitle: String) throws(ModelError) {
        title = try Self.validatedTitle(newTitle)
    }

    static func validatedTitle(_ title: String) throws(ModelError) -> String {
        let trimmed = title.trimmingWhitespace
        guard !trimmed.isEmpty else { throw .emptyTitle }
        return trimmed
    }

    // MARK: - Storage

    /// The bit pattern of `dueStorage` that means "no due date": a signalling NaN, which
    /// no stored date can have (``storage(forDue:)`` stores every NaN as the quiet `.nan`).
    private static let noDue: UInt64 = 0x7FF0_0000_0000_7D0E

    /// A stored optional date (``storage(forDue:)``) as a `Date?`.
    private static func date(fromStorage storage: Double) -> Date? {
        storage.bitPattern == noDue ? nil : Date(timeIntervalSinceReferenceDate: storage)
    }

    /// An optional date as stored: the archivable instant's reference-date interval.
    private static func storage(forDue due: Date?) -> Double {
        guard let due else { return Double(bitPattern: noDue) }
        let seconds = due.archivable.timeIntervalSinceReferenceDate
        return seconds.isNaN ? .nan : seconds
    }

    /// The fields most items leave empty, in one immutable box (a change makes a new box,
    /// so items keep value semantics).
    private final class Extras: Sendable, Hashable {
        let location: Location?
        let unknownFields: UnknownFields
        let externalUID: String?
        let iCalendarExtras: String?
        let taskwarriorExtras: String?
        let tags: [String]
        let recurrence: String?
        let parent: UUID?

        init(location: Location?, unknownFields: UnknownFields, externalUID: String?, iCalendarExtras: String?,
             taskwarriorExtras: String?, tags: [String], recurrence: String?, parent: UUID?) {
            self.location = location
            self.unknownFields = unknownFields
            self.externalUID = externalUID
            self.iCalendarExtras = iCalendarExtras
            self.taskwarriorExtras = taskwarriorExtras
            self.tags = tags
            self.recurrence = recurrence
            self.parent = parent
        }

        /// A box with some fields replaced and the rest taken from `old`; nil when all are empty.
        static func make(location: Location?? = nil, unknownFields: UnknownFields? = nil, externalUID: String?? = nil,
                         iCalendarExtras: String?? = nil, taskwarriorExtras: String?? = nil,
                         tags: [String]? = nil, recurrence: String?? = nil, parent: UUID?? = nil, from old: Extras?) -> Extras? {
            let location = location ?? old?.location
            let unknownFields = unknownFields ?? old?.unknownFields ?? UnknownFields()
            let externalUID = externalUID ?? old?.externalUID
            let iCalendarExtras = iCalendarExtras ?? old?.iCalendarExtras
            let taskwarriorExtras = taskwarriorExtras ?? old?.taskwarriorExtras
            let tags = tags ?? old?.tags ?? []
            let recurrence = recurrence ?? old?.recurrence
            let parent = parent ?? old?.parent
            if location == nil, unknownFields.isEmpty, externalUID == nil, iCalendarExtras == nil, taskwarriorExtras == nil,
               tags.isEmpty, recurrence == nil, parent == nil { return nil }
            return Extras(location: location, unknownFields: unknownFields, externalUID: externalUID, iCalendarExtras: iCalendarExtras,
                          taskwarriorExtras: taskwarriorExtras, tags: tags, recurrence: recurrence, parent: parent)
        }

        static func == (lhs: Extras, rhs: Extras) -> Bool {
            lhs === rhs || (lhs.location == rhs.location && lhs.unknownFields == rhs.unknownFields
                && lhs.externalUID == rhs.externalUID && lhs.iCalendarExtras == rhs.iCalendarExtras
                && lhs.taskwarriorExtras == rhs.taskwarriorExtras
                && lhs.tags == rhs.tags && lhs.recurrence == rhs.recurrence
                && lhs.parent == rhs.parent)
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(location)
            hasher.combine(unknownFields)
            hasher.combine(externalUID)
            hasher.combine(iCalendarExtras)
            hasher.combine(taskwarriorExtras)
            hasher.combine(tags)
            hasher.combine(recurrence)
            hasher.combine(parent)
        }
    }

    // MARK: - Hashable

    public static func == (lhs: ToDoItem, rhs: ToDoItem) -> Bool {
        lhs.id == rhs.id && lhs.createdAt == rhs.createdAt && lhs.due == rhs.due && lhs.dueIsDay == rhs.dueIsDay
            && lhs.completedAt == rhs.completedAt && lhs.modifiedAt == rhs.modifiedAt
            && lhs.priorityStorage == rhs.priorityStorage && lhs.title == rhs.title && lhs.notes == rhs.notes
            && lhs.extras == rhs.extras
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(id)
        hasher.combine(title)
        hasher.combine(notes)
        hasher.combine(due)
        hasher.combine(dueIsDay)
        hasher.combine(completedAt)
        hasher.combine(modifiedAt)
        hasher.combine(priorityStorage)
        hasher.combine(extras)
        hasher.combine(createdAt)
    }
}

// MARK: - Making an item

// (In an extension, so that the struct keeps its memberwise initializer.)
extension ToDoItem {
    public init(
        id: UUID = UUID(),
        title: String,
        notes: String? = nil,
        due: Date? = nil,
        location: Location? = nil,
        createdAt: Date = Date(),
        unknownFields: UnknownFields = UnknownFields()
    ) throws(ModelError) {
        self.id = id
        self.title = try Self.validatedTitle(title)
        self.notes = notes
        self.dueStorage = Self.storage(forDue: due)
        self.extras = Extras.make(location: .some(location), unknownFields: unknownFields, from: nil)
        self.createdAtStorage = createdAt.archivable
    }
}

extension ToDoItem {
    /// An item as a file holds it, made at once: the checks of the public initializer (its
    /// title checked by the caller, ``validatedTitle(_:)``) and of the setters of the other
    /// fields (a priority in 1…9, tags trimmed and without line breaks, an empty repeat as
    /// none), with the priority in the item and one box for the rest. What the archive
    /// reader calls for each item, so that it neither copies the item after making it nor
    /// makes its box twice.
    init(
        id: UUID, validatedTitle title: String, notes: String?, due: Date?, dueIsDay: Bool, createdAt: Date,
        modifiedAt: Date?, completedAt: Date?, location: Location?, unknownFields: UnknownFields,
        externalUID: String?, iCalendarExtras: String?, taskwarriorExtras: String?,
        priority: Int?, tags: [String], recurrence: String?, parent: UUID?
    ) throws(ModelError) {
        assert(title == title.trimmingWhitespace && !title.isEmpty, "the caller checks the title")
        self.id = id
        self.title = title
        self.notes = notes
        self.dueStorage = Self.storage(forDue: due)
        self.createdAtStorage = createdAt.archivable
        self.dueIsDay = dueIsDay
        self.modifiedAtStorage = Self.storage(forDue: modifiedAt)
        self.completedAtStorage = Self.storage(forDue: completedAt)
        self.priorityStorage = try Self.validatedPriority(priority)
        // (An initializer does not run `extras`' didSet.)
        self.extras = Extras.make(
            location: .some(location), unknownFields: unknownFields,
            externalUID: .some(externalUID), iCalendarExtras: .some(iCalendarExtras), taskwarriorExtras: .some(taskwarriorExtras),
            tags: tags.isEmpty ? [] : try Self.validatedTags(tags),
            recurrence: .some(recurrence.flatMap { $0.isEmpty ? nil : $0 }), parent: .some(parent), from: nil)
        self.hasParent = parent != nil
    }
}

extension Date {
    /// The same instant as the archive stores it (seconds since 1970 in a `Double`), so
    /// that an item compares equal to itself after a save and a load. `Date` counts from
    /// 2001 and `Date()` carries more precision than a 1970-based `Double` keeps.
    var archivable: Date { Date(timeIntervalSince1970: timeIntervalSince1970) }
}
