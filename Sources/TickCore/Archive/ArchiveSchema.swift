/// The keyed archive's schema, stated once: the classes tick writes, each one's keys, what
/// each key's value is and whether it may be absent. The reader and the writer both follow
/// it, and a test checks that docs/file-format.md's tables are ``markdownTable(for:)``.
enum ArchiveSchema {
    /// A key of one of the archive's classes.
    struct Field: Sendable {
        let key: ArchiveKey
        let kind: ArchiveValueKind
        /// Whether the key may be absent (or `UID(0)`, nil).
        let isOptional: Bool
        /// What the value means, for the documentation.
        let meaning: String
    }

    /// The keys of a class, in the order tick writes them (after `$class`).
    static func fields(of archiveClass: ArchiveClass) -> [Field] {
        switch archiveClass {
        case .list: listFields
        case .item: itemFields
        case .location: locationFields
        case .array: arrayFields
        }
    }

    static let listFields: [Field] = [
        Field(key: .formatVersion, kind: .integer, isOptional: true,
              meaning: "`1` (absent: 1); a reader refuses a version newer than it knows"),
        Field(key: .toDoItems, kind: .itemArray, isOptional: true, meaning: "the To Do section, most urgent first"),
        Field(key: .doneItems, kind: .itemArray, isOptional: true, meaning: "the Done section, most recently checked first"),
    ]

    static let itemFields: [Field] = [
        Field(key: .id, kind: .uuid, isOptional: false, meaning: "uppercase UUID, unique in the list"),
        Field(key: .title, kind: .string, isOptional: false, meaning: "not empty after trimming white space"),
        Field(key: .itemDescription, kind: .string, isOptional: true, meaning: "notes"),
        Field(key: .timestamp, kind: .real, isOptional: true, meaning: "due date, seconds since 1970-01-01 UTC"),
        Field(key: .dueIsDate, kind: .bool, isOptional: true,
              meaning: "true: the due date is a calendar day, stored at 00:00 UTC; written only when true"),
        Field(key: .createdAt, kind: .real, isOptional: false, meaning: "seconds since 1970-01-01 UTC"),
        Field(key: .modifiedAt, kind: .real, isOptional: true, meaning: "last change of a field or of done or not (a reorder is none), seconds since 1970-01-01 UTC"),
        Field(key: .completedAt, kind: .real, isOptional: true, meaning: "when checked, seconds since 1970-01-01 UTC"),
        Field(key: .location, kind: .location, isOptional: true, meaning: "where"),
        Field(key: .priority, kind: .integer, isOptional: true, meaning: "1 (highest) … 9 (lowest), iCalendar's scale; absent: none"),
        Field(key: .tags, kind: .stringArray, isOptional: true, meaning: "the tags, in order, each once, none empty"),
        Field(key: .recurrence, kind: .string, isOptional: true,
              meaning: "how the item repeats: an RFC 5545 RRULE value (`FREQ=WEEKLY;BYDAY=MO`); the due is the next occurrence"),
        Field(key: .parent, kind: .uuid, isOptional: true,
              meaning: "the `id` of the item this one is a subtask of, in either section; absent: top level"),
        Field(key: .iCalendarUID, kind: .string, isOptional: true,
              meaning: "the UID another app gave the item, when it is not the text of `id`"),
        Field(key: .iCalendarExtras, kind: .string, isOptional: true,
              meaning: "iCalendar text of the item's properties tick does not map, kept verbatim"),
        Field(key: .taskwarriorExtras, kind: .string, isOptional: true,
              meaning: "a JSON object of the item's taskwarrior members tick does not map (`wait`, UDAs, dated annotations …), kept verbatim"),
    ]

    static let locationFields: [Field] = [
        Field(key: .name, kind: .string, isOptional: false, meaning: "not empty"),
        Field(key: .latitude, kind: .real, isOptional: true, meaning: "−90…90; only together with `longitude`"),
        Field(key: .longitude, kind: .real, isOptional: true, meaning: "−180…180; only together with `latitude`"),
    ]

    static let arrayFields: [Field] = [
        Field(key: .objects, kind: .itemReferences, isOptional: false, meaning: "the section's items, in order"),
    ]

    /// What the reader needs of a field: its kind and whether it may be absent.
    struct Rule: Sendable, Hashable {
        let kind: ArchiveValueKind
        let isOptional: Bool
    }

    /// The rule of a class's key, nil for a key the class does not have.
    static func rule(_ key: ArchiveKey, of archiveClass: ArchiveClass) -> Rule? {
        rules[archiveClass.index * ArchiveKey.count + key.index]
    }

    /// Per class, per key (class index × key count + key index): the rule of that key.
    private static let rules: [Rule?] = ArchiveClass.allCases.flatMap { archiveClass in
        ArchiveKey.allCases.map { key in
            fields(of: archiveClass).first { $0.key == key }.map { Rule(kind: $0.kind, isOptional: $0.isOptional) }
        }
    }

    /// A class's keys, in the order tick writes them.
    static func keys(of archiveClass: ArchiveClass) -> [ArchiveKey] { keys[archiveClass.index] }

    /// A class's keys that may not be absent.
    static func requiredKeys(of archiveClass: ArchiveClass) -> [ArchiveKey] { requiredKeys[archiveClass.index] }

    private static let keys: [[ArchiveKey]] = ArchiveClass.allCases.map { fields(of: $0).map(\.key) }
    private static let requiredKeys: [[ArchiveKey]] = ArchiveClass.allCases.map { fields(of: $0).filter { !$0.isOptional }.map(\.key) }

    /// The class's table as docs/file-format.md shows it.
    static func markdownTable(for archiveClass: ArchiveClass) -> String {
        var lines = ["| key | value | optional | meaning |", "| --- | --- | --- | --- |"]
        for field in fields(of: archiveClass) {
            lines.append("| `\(field.key.rawValue)` | \(field.kind.documentation) | \(field.isOptional ? "yes" : "no") | \(field.meaning) |")
        }
        return lines.joined(separator: "\n")
    }
}

/// The classes of the archive's objects.
enum ArchiveClass: String, CaseIterable, Sendable {
    case list = "ToDoList"
    case item = "ToDoItem"
    case location = "Location"
    case array = "NSArray"

    /// Other class names a reader takes for this class (Apple's archiver writes mutable ones).
    var alternativeNames: [String] { self == .array ? ["NSMutableArray"] : [] }

    /// The class's position in `allCases`.
    var index: Int {
        switch self {
        case .list: 0
        case .item: 1
        case .location: 2
        case .array: 3
        }
    }

    /// The class description's `$classes`.
    var hierarchy: [String] { [rawValue, "NSObject"] }
}

/// What a key's value is in the archive.
enum ArchiveValueKind: Sendable, Hashable {
    /// An integer (inline or by UID).
    case integer
    /// A real (integers are read too; inline or by UID).
    case real
    /// A property-list bool (integers 0 and 1 are read too).
    case bool
    /// A UID to a string (or to an NSString/NSMutableString object).
    case string
    /// A UID to a string holding a UUID.
    case uuid
    /// A UID to a Location object.
    case location
    /// A UID to an NSArray of items.
    case itemArray
    /// A UID to an NSArray of strings (each a UID to a string).
    case stringArray
    /// An array of UIDs to ToDoItem objects.
    case itemReferences

    var documentation: String {
        switch self {
        case .integer: "integer"
        case .real: "real"
        case .bool: "bool"
        case .string: "UID → string"
        case .uuid: "UID → string"
        case .location: "UID → Location"
        case .itemArray: "UID → NSArray"
        case .stringArray: "UID → NSArray of strings"
        case .itemReferences: "array of UIDs → ToDoItem"
        }
    }
}

/// The keys the archive's objects use: the schema's and Apple's own.
enum ArchiveKey: String, CaseIterable, Sendable {
    case formatVersion, toDoItems, doneItems
    case id, title, itemDescription, timestamp, dueIsDate, createdAt, modifiedAt, completedAt, location
    case priority, tags, recurrence, parent
    case iCalendarUID, iCalendarExtras, taskwarriorExtras
    case name, latitude, longitude
    case objects = "NS.objects"
    case string = "NS.string"
    case classKey = "$class"
    case className = "$classname"
    case classes = "$classes"

    /// Every key, by ``index`` (`allCases` makes a new array each time it is asked).
    static let all = allCases
    static let count = all.count

    /// The key's position in `allCases`.
    var index: Int {
        switch self {
        case .formatVersion: 0
        case .toDoItems: 1
        case .doneItems: 2
        case .id: 3
        case .title: 4
        case .itemDescription: 5
        case .timestamp: 6
        case .dueIsDate: 7
        case .createdAt: 8
        case .modifiedAt: 9
        case .completedAt: 10
        case .location: 11
        case .priority: 12
        case .tags: 13
        case .recurrence: 14
        case .parent: 15
        case .iCalendarUID: 16
        case .iCalendarExtras: 17
        case .taskwarriorExtras: 18
        case .name: 19
        case .latitude: 20
        case .longitude: 21
        case .objects: 22
        case .string: 23
        case .classKey: 24
        case .className: 25
        case .classes: 26
        }
    }

    /// The key spelled by a string, nil for a key the schema does not have.
    static func named(_ text: String) -> ArchiveKey? { ArchiveKey(rawValue: text) }
}

/// The keys and values of the archive's top dictionary.
enum ArchiveTop {
    static let archiverKey = "$archiver"
    static let archiver = "NSKeyedArchiver"
    static let versionKey = "$version"
    static let version: Int64 = 100_000
    static let topKey = "$top"
    static let rootKey = "root"
    static let objectsKey = "$objects"
    /// `$objects[0]`, which UID 0 (nil) names.
    static let null = "$null"
}
