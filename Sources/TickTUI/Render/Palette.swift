import TickCore

/// The colours and attributes of each part of the screen; with colours off, attributes only.
struct Palette: Sendable {
    let colors: Bool

    /// The warm ramp of To Do rows, hottest first (256-colour indices: red, orange, amber,
    /// gold, yellow). Rows further down use the terminal's default colour.
    static let urgencyRamp: [UInt8] = [196, 202, 208, 214, 220, 226]

    func toDoTitle(position: Int) -> CellStyle {
        guard colors, Self.urgencyRamp.indices.contains(position) else { return .plain }
        return CellStyle(foreground: .palette(Self.urgencyRamp[position]))
    }

    var doneRow: CellStyle { CellStyle(dim: true) }
    var overdue: CellStyle { colors ? CellStyle(bold: true, foreground: .red) : CellStyle(bold: true) }
    var sectionHeader: CellStyle { CellStyle(bold: true) }
    var header: CellStyle { CellStyle(bold: true) }
    var hint: CellStyle { CellStyle(dim: true) }
    var rule: CellStyle { CellStyle(dim: true) }
    var label: CellStyle { CellStyle(dim: true) }
    var footerKey: CellStyle { CellStyle(bold: true) }
    var footerText: CellStyle { CellStyle(dim: true) }
    var status: CellStyle { colors ? CellStyle(foreground: .green) : .plain }
    var error: CellStyle { colors ? CellStyle(bold: true, foreground: .red) : CellStyle(bold: true) }
    var editor: CellStyle { CellStyle(underline: true) }
    var location: CellStyle { colors ? CellStyle(foreground: .cyan) : .plain }
    var tag: CellStyle { colors ? CellStyle(foreground: .magenta) : CellStyle(dim: true) }

    /// A priority's mark: high bold (red in colour), medium plain (yellow), low dim. The
    /// mark itself (`!` `~` `↓`) tells them apart without colour (NO_COLOR).
    func priority(_ priority: Int) -> CellStyle {
        switch PriorityText.band(priority) {
        case .high: colors ? CellStyle(bold: true, foreground: .red) : CellStyle(bold: true)
        case .medium: colors ? CellStyle(foreground: .yellow) : .plain
        case .low: CellStyle(dim: true)
        }
    }
}
