import FoundationEssentials
import TickCore

/// The columns of a list row: margin, check box, title, then right-aligned due phrase and
/// location name, with widths measured over the whole list (``ListColumns``). The title
/// comes first: the location column goes when the title would get less than half the row.
struct RowFormat: Sendable, Hashable {
    static let maximumLocationWidth = 16

    static func boxWidth(unicode: Bool) -> Int { unicode ? 1 : 3 }

    static func box(checked: Bool, unicode: Bool) -> String {
        unicode ? (checked ? "☑" : "☐") : (checked ? "[x]" : "[ ]")
    }

    let width: Int
    let boxColumn = 1
    let titleColumn: Int
    let titleWidth: Int
    let dueColumn: Int
    let dueWidth: Int
    let locationColumn: Int
    let locationWidth: Int

    /// Widths for a list `width` wide whose items need up to `dueWidth` and `locationWidth`
    /// columns; the location column is dropped when the title would get less than half of
    /// the row (or 12 columns), then the due column below 8.
    init(width: Int, unicode: Bool, dueWidth: Int, locationWidth: Int) {
        self.width = width
        titleColumn = 1 + Self.boxWidth(unicode: unicode) + 1
        let available = width - titleColumn - 1
        var due = dueWidth
        var location = min(locationWidth, Self.maximumLocationWidth)
        func title() -> Int { available - (due > 0 ? due + 2 : 0) - (location > 0 ? location + 2 : 0) }
        if location > 0, title() < max(12, available / 2) { location = 0 }
        if due > 0, title() < 8 { due = 0 }
        self.dueWidth = due
        self.locationWidth = location
        titleWidth = max(title(), 0)
        locationColumn = width - 1 - location
        dueColumn = locationColumn - (location > 0 ? 2 : 0) - due
    }
}
