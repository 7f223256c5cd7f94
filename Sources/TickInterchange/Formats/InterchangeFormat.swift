/// The formats `tick export` writes and `tick import` reads.
public enum InterchangeFormat: String, CaseIterable, Sendable {
    /// One iCalendar file of VTODOs (RFC 5545).
    case ics
    /// A directory of `.ics` files, one item each (vdirsyncer's and todoman's layout).
    case vdir
    /// tick's own JSON, the schema of `tick list --json` (``TickJSON``).
    case json
    /// What `task export` prints and `task import` takes.
    case taskwarrior
    /// One task a line (todo.txt).
    case todotxt
    /// GitHub task lists under `## To Do` and `## Done`.
    case markdown
    /// calcurse's todo file: `[N] title` a line (``CalcurseTodo``).
    case calcurse

    /// The format a file name's extension names: `.ics`, `.json`, `.txt`, `.md`.
    public init?(pathExtension path: String) {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
        switch name[name.index(after: dot)...].lowercased() {
        case "ics", "ical", "icalendar": self = .ics
        case "json": self = .json
        case "txt": self = .todotxt
        case "md", "markdown": self = .markdown
        default: return nil
        }
    }

    /// The fields of an item this format cannot hold (beyond its title, done state and due
    /// day): what an export says it left out. Stated once, here, for every format.
    public var leavesOut: [ItemFieldKind] {
        switch self {
        case .json: []
        case .ics, .vdir: [.taskwarriorExtras]
        case .taskwarrior: [.location, .coordinates, .externalUID, .iCalendarExtras, .parent]
        case .todotxt: [.id, .notes, .location, .coordinates, .dueTime, .timesOfDay, .modifiedAt, .externalUID, .iCalendarExtras,
                        .taskwarriorExtras, .parent]
        case .markdown: [.id, .notes, .location, .coordinates, .dueTime, .createdAt, .completedAt, .modifiedAt, .externalUID,
                         .iCalendarExtras, .taskwarriorExtras]
        case .calcurse: [.id, .notes, .due, .location, .coordinates, .tags, .recurrence, .createdAt, .completedAt, .modifiedAt,
                         .externalUID, .iCalendarExtras, .taskwarriorExtras, .parent]
        }
    }

    /// The format's name in messages.
    public var displayName: String {
        switch self {
        case .ics: "iCalendar"
        case .vdir: "vdir"
        case .json: "JSON"
        case .taskwarrior: "taskwarrior"
        case .todotxt: "todo.txt"
        case .markdown: "Markdown"
        case .calcurse: "calcurse"
        }
    }
}

/// A field of an item that a format may not hold.
public enum ItemFieldKind: String, CaseIterable, Sendable {
    case id = "ids"
    case notes
    /// The due date (a format without dates: calcurse's todos).
    case due = "due dates"
    case location = "locations"
    case coordinates
    case tags
    /// The rule of a repeating item.
    case recurrence = "repeats"
    /// The time of day of a due that is an instant (the day is kept).
    case dueTime = "due times"
    /// The times of day of the creation and completion dates (the days are kept).
    case timesOfDay = "times of day of created and completed (days are kept)"
    case createdAt = "creation dates"
    case completedAt = "completion dates"
    case modifiedAt = "modification dates"
    case externalUID = "other apps' UIDs"
    case iCalendarExtras = "iCalendar properties tick does not show"
    case taskwarriorExtras = "taskwarrior fields tick does not show"
    case parent = "parents"

    /// Whether `entry` has a value for this field.
    public func isPresent(in entry: ExchangeEntry) -> Bool {
        let item = entry.item
        switch self {
        case .id, .createdAt: return true
        case .notes: return item.notes.map { !$0.isEmpty } ?? false
        case .due: return item.due != nil
        case .location: return item.location != nil
        case .coordinates: return item.location?.coordinate != nil
        case .tags: return !item.tags.isEmpty
        case .recurrence: return item.recurrence != nil
        case .dueTime: return item.due != nil && !item.dueIsDay
        case .timesOfDay: return true
        case .completedAt: return item.completedAt != nil
        case .modifiedAt: return item.modifiedAt != nil
        case .externalUID: return item.externalUID != nil
        case .iCalendarExtras: return item.iCalendarExtras.map { !$0.isEmpty } ?? false
        case .taskwarriorExtras: return item.taskwarriorExtras != nil
        case .parent: return item.parent != nil
        }
    }
}

/// Counts, per field, the items whose field a format left out, for the message on
/// standard error: `todo.txt left out: notes of 3 items, coordinates of 1 item`.
public struct Omissions: Sendable {
    public let format: InterchangeFormat
    public private(set) var counts: [ItemFieldKind: Int] = [:]
    /// Other things left out, said as they are (taskwarrior's deleted tasks on import).
    public private(set) var notes: [String] = []

    /// Whether this counts what an import did not take (else what an export left out).
    public let importing: Bool

    public init(format: InterchangeFormat, importing: Bool = false) {
        self.format = format
        self.importing = importing
    }

    /// Counts what `format` leaves out of `entry`.
    public mutating func count(_ entry: ExchangeEntry) {
        for field in format.leavesOut where field.isPresent(in: entry) { counts[field, default: 0] += 1 }
    }

    /// Adds `amount` to the count of `field`.
    public mutating func add(_ field: ItemFieldKind, _ amount: Int = 1) { counts[field, default: 0] += amount }

    /// Adds a note said as it is.
    public mutating func note(_ text: String) { notes.append(text) }

    /// The message, nil when nothing was left out.
    public var message: String? {
        let parts = ItemFieldKind.allCases.compactMap { field in
            counts[field].map { "\(field.rawValue) of \($0) item\($0 == 1 ? "" : "s")" }
        } + notes
        guard !parts.isEmpty else { return nil }
        let lead = importing ? "not imported from \(format.displayName): " : "\(format.displayName) left out: "
        return lead + parts.joined(separator: ", ")
    }
}
