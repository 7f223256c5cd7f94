/// Priorities as people write and read them: iCalendar's 1 (highest) … 9 (lowest), and the
/// words `high` (1), `medium` (5) and `low` (9) that taskwarrior's H/M/L map to.
public enum PriorityText {
    /// The priority a person typed: `high`, `medium`, `low` (or `h`, `m`, `l`, any case) or a
    /// number 1…9; nil for anything else.
    public static func parse(_ text: String) -> Int? {
        switch text.trimmed().lowercased() {
        case "high", "h": 1
        case "medium", "med", "m": 5
        case "low", "l": 9
        case let number: Int(number).flatMap { ToDoItem.priorities.contains($0) ? $0 : nil }
        }
    }

    /// The band a priority falls in: 1–4 high, 5 medium, 6–9 low (RFC 5545 3.8.1.9's
    /// three-level reading, as taskwarrior's H/M/L and Tasks.org's marks use).
    public enum Band: Sendable, Hashable { case high, medium, low }

    public static func band(_ priority: Int) -> Band {
        priority < 5 ? .high : priority == 5 ? .medium : .low
    }

    /// The priority in words for `show` and the detail pane: `high (1)`, `medium (5)`, `low (9)`.
    public static func long(_ priority: Int) -> String {
        switch band(priority) {
        case .high: "high (\(priority))"
        case .medium: "medium (\(priority))"
        case .low: "low (\(priority))"
        }
    }

    /// The one-character mark of a row: `!` high, `~` medium, `↓` low (`v` without UTF-8).
    public static func mark(_ priority: Int, unicode: Bool = true) -> String {
        switch band(priority) {
        case .high: "!"
        case .medium: "~"
        case .low: unicode ? "↓" : "v"
        }
    }
}
