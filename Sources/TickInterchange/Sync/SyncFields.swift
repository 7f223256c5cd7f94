import FoundationEssentials
import TickCore

/// The parts of an item that sync merges, one field at a time, as both sides hold them:
/// read from a ToDoItem or from a VTODO and normalized the same way, so that equal items
/// compare equal whichever side they came from. Each field is a row (``SyncField``, one
/// type each in `Sync/Fields/`) that says how it is read, compared, described, written
/// back and kept in the state file; the merge and the state are loops over ``rows``.
public struct SyncFields: Sendable, Hashable {
    /// A part that merges on its own: a change to the title on one side and to the due
    /// date on the other both survive. Named as the conflicts file names it.
    public struct Field: RawRepresentable, Sendable, Hashable, Codable {
        public let rawValue: String
        public init(rawValue: String) { self.rawValue = rawValue }

        /// Its name, as a JSON string.
        public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }

        /// Every field, in the order of ``SyncFields/rows``.
        public static var allCases: [Field] { rows.map { $0.field } }
    }

    /// The rows, one per field.
    static let rows: [any SyncField.Type] = [
        TitleSyncField.self,
        NotesSyncField.self,
        DueSyncField.self,
        LocationSyncField.self,
        DoneSyncField.self,
        PrioritySyncField.self,
        TagsSyncField.self,
        RepeatSyncField.self,
        OrderSyncField.self,
        ParentSyncField.self,
    ]

    // The fields' values (each row says which are its own).
    public var title: String
    public var notes: String?
    /// The due date's seconds since 1970.
    public var due: Double?
    /// Whether the due date is a calendar day (iCalendar's `VALUE=DATE`).
    public var dueIsDay: Bool
    public var location: String?
    public var latitude: Double?
    public var longitude: Double?
    public var done: Bool
    /// 1 (highest) … 9 (lowest); nil for none.
    public var priority: Int?
    public var tags: [String]
    /// An RRULE value.
    public var recurrence: String?
    /// The place in the section (X-APPLE-SORT-ORDER); nil when the side says none.
    public var order: Int?
    /// The parent's id, for a subtask.
    public var parent: UUID?

    public init(title: String, notes: String? = nil, due: Double? = nil, dueIsDay: Bool = false, location: String? = nil,
                latitude: Double? = nil, longitude: Double? = nil, done: Bool = false, priority: Int? = nil, tags: [String] = [],
                recurrence: String? = nil, order: Int? = nil, parent: UUID? = nil) {
        self.title = title
        self.notes = notes
        self.due = due
        self.dueIsDay = dueIsDay
        self.location = location
        self.latitude = latitude
        self.longitude = longitude
        self.done = done
        self.priority = priority
        self.tags = tags
        self.recurrence = recurrence
        self.order = order
        self.parent = parent
    }

    /// The row of a field.
    private static func row(_ field: Field) -> (any SyncField.Type)? { rows.first { $0.field == field } }

    /// Whether one field holds the same on both (see each row's ``SyncField/isSame(_:_:)``:
    /// a due compares by its instant alone).
    public func same(_ field: Field, as other: SyncFields) -> Bool { Self.row(field)?.same(self, other) ?? true }

    /// Whether every field holds the same (see ``same(_:as:)``).
    public func same(as other: SyncFields) -> Bool { Self.rows.allSatisfy { $0.same(self, other) } }

    /// Whether no field that keeps a deleted item (``SyncField/keepsDeletedItem``) differs.
    func sameEdits(as other: SyncFields) -> Bool { Self.rows.allSatisfy { !$0.keepsDeletedItem || $0.same(self, other) } }

    /// Takes `field` from `other`.
    public mutating func take(_ field: Field, from other: SyncFields) { Self.row(field)?.take(from: other, into: &self) }

    /// One field's value in words, for the conflicts file.
    public func describe(_ field: Field) -> String { Self.row(field)?.describe(self) ?? "" }
}

// MARK: - From and to the list

extension SyncFields {
    /// The fields of a list item (`done` from its section).
    public init(item: ToDoItem, done: Bool) {
        self.init(title: item.title)
        for row in Self.rows { row.read(item, done: done, into: &self) }
    }

    /// Writes the fields other than `done` into an item.
    func apply(to item: inout ToDoItem) throws(ModelError) {
        for row in Self.rows { try row.apply(self, to: &item) }
    }
}

// MARK: - The state file

extension SyncFields: Codable {
    /// A key of the state file's JSON object for an item's fields (the rows say which).
    public struct Key: CodingKey, ExpressibleByStringLiteral {
        public let stringValue: String
        public var intValue: Int? { nil }
        public init(stringValue: String) { self.stringValue = stringValue }
        public init?(intValue: Int) { nil }
        public init(stringLiteral value: String) { stringValue = value }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        self.init(title: "")
        for row in Self.rows { try row.decode(from: container, into: &self) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        for row in Self.rows { try row.encode(self, to: &container) }
    }
}
