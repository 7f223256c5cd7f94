import TickCore

/// The colours and attributes of each part of the screen; with colours off, attributes only.
/// The colours the user may change (config.toml's `[colors]`) come from a ``ColorScheme``.
struct Palette: Sendable {
    let colors: Bool
    var scheme = ColorScheme()

    /// A colour of the scheme as a style, plain with colours off or for a role set to `none`.
    private func colored(_ color: CellStyle.Color?, bold: Bool = false) -> CellStyle {
        CellStyle(bold: bold, foreground: colors ? color : nil)
    }

    /// An open item's title by how its due stands: overdue and due today in their colours
    /// (the strongest on screen), the rest plain.
    func toDoTitle(_ due: DueState?) -> CellStyle {
        switch due {
        case .overdue: colored(scheme.overdue)
        case .today: colored(scheme.today)
        case .later, nil: .plain
        }
    }

    /// The due phrase (row and detail pane) of an open item by how it stands: overdue and
    /// today bold in their colours (bold alone tells them under `NO_COLOR`, with the words).
    func due(_ due: DueState?) -> CellStyle {
        switch due {
        case .overdue: colored(scheme.overdue, bold: true)
        case .today: colored(scheme.today, bold: true)
        case .later, nil: .plain
        }
    }

    var doneRow: CellStyle { CellStyle(dim: true) }
    var sectionHeader: CellStyle { CellStyle(bold: true) }
    var header: CellStyle { CellStyle(bold: true) }
    var hint: CellStyle { CellStyle(dim: true) }
    var rule: CellStyle { CellStyle(dim: true) }
    var label: CellStyle { CellStyle(dim: true) }
    var footerKey: CellStyle { CellStyle(bold: true) }
    var footerText: CellStyle { CellStyle(dim: true) }
    var status: CellStyle { colored(scheme.status) }
    var error: CellStyle { colored(scheme.error, bold: true) }
    var editor: CellStyle { CellStyle(underline: true) }
    var location: CellStyle { colored(scheme.location) }
    var tag: CellStyle { colors && scheme.tag != nil ? colored(scheme.tag) : CellStyle(dim: true) }

    /// A priority's mark: high bold (its colour), medium plain (yellow), low dim. The mark
    /// itself (`!` `~` `↓`) tells them apart without colour (NO_COLOR).
    func priority(_ priority: Int) -> CellStyle {
        switch PriorityText.band(priority) {
        case .high: colored(scheme.priority, bold: true)
        case .medium: colored(.yellow)
        case .low: CellStyle(dim: true)
        }
    }
}

/// The colours of the parts of the screen the user may change (config.toml's `[colors]`:
/// `overdue = "magenta"`, `tag = "none"`); nil is no colour.
public struct ColorScheme: Sendable, Hashable {
    public var overdue: CellStyle.Color? = .red
    public var today: CellStyle.Color? = .yellow
    public var tag: CellStyle.Color? = .magenta
    public var location: CellStyle.Color? = .cyan
    /// The mark of a high priority.
    public var priority: CellStyle.Color? = .red
    public var status: CellStyle.Color? = .green
    public var error: CellStyle.Color? = .red

    public init() {}

    /// The names of `[colors]`, stated once: each names a part of the screen.
    public static let roles: [(name: String, path: WritableKeyPath<ColorScheme, CellStyle.Color?> & Sendable)] = [
        ("overdue", \.overdue), ("today", \.today), ("tag", \.tag), ("location", \.location),
        ("priority", \.priority), ("status", \.status), ("error", \.error),
    ]

    /// The colour names a value may take, stated once (`none` turns a colour off; a number
    /// 0–255 is a 256-colour palette index).
    public static let colorNames: [(name: String, color: CellStyle.Color)] = [
        ("red", .red), ("green", .green), ("yellow", .yellow), ("blue", .blue),
        ("magenta", .magenta), ("cyan", .cyan), ("white", .white),
    ]

    /// The colour a value names: one of ``colorNames``, `none` (nil inside), or 0–255;
    /// nil when it names none of them.
    public static func color(named name: String) -> CellStyle.Color?? {
        let lowered = name.lowercased()
        if lowered == "none" { return .some(nil) }
        if let known = colorNames.first(where: { $0.name == lowered }) { return .some(known.color) }
        if let index = UInt8(lowered) { return .some(.palette(index)) }
        return nil
    }
}
