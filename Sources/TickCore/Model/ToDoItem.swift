import FoundationEssentials

/// One thing to do.
public struct ToDoItem: Sendable, Hashable, Identifiable {
    public let id: UUID
    /// The title; never empty after trimming whitespace (set it with ``setTitle(_:)``).
    public private(set) var title: String
    /// Free-form notes (archived as `itemDescription`).
    public var notes: String?
    /// When it is due (archived as `timestamp`).
    public var due: Date? {
        didSet { due = due?.archivable }
    }
    public var location: Location?
    public var createdAt: Date {
        didSet { createdAt = createdAt.archivable }
    }
    /// Archive keys of a newer tick, kept unchanged.
    public var unknownFields: UnknownFields

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
        self.due = due?.archivable
        self.location = location
        self.createdAt = createdAt.archivable
        self.unknownFields = unknownFields
    }

    /// For the archive decoder, which has already checked that `title` is non-empty and has
    /// no leading or trailing whitespace (so validating it again would return it unchanged).
    init(decodedID id: UUID, trimmedTitle title: consuming String, notes: consuming String?, due: Date?,
         location: consuming Location?, createdAt: Date) {
        self.id = id
        self.title = title
        self.notes = notes
        self.due = due?.archivable
        self.location = location
        self.createdAt = createdAt.archivable
        self.unknownFields = UnknownFields()
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
}

extension Date {
    /// The same instant as the archive stores it (seconds since 1970 in a `Double`), so
    /// that an item compares equal to itself after a save and a load. `Date` counts from
    /// 2001 and `Date()` carries more precision than a 1970-based `Double` keeps.
    var archivable: Date { Date(timeIntervalSince1970: timeIntervalSince1970) }
}
