import TickCore

extension Screen {
    /// The help screen: every binding of the key table, grouped by where it applies.
    mutating func drawHelp(_ state: AppState, scroll: Int, palette: Palette) {
        let lines = Self.helpLines()
        write("tick keys", column: 1, row: 0, style: palette.header)
        let height = size.rows - 2
        let offset = min(scroll, max(lines.count - height, 0))
        for (line, entry) in lines.dropFirst(offset).prefix(height).enumerated() {
            let row = line + 1
            switch entry {
            case .group(let title):
                write(title, column: 1, row: row, style: palette.sectionHeader)
            case .binding(let keys, let help):
                let used = write(keys, column: 3, row: row, limit: 16, style: palette.footerKey)
                _ = used
                write(help, column: 20, row: row, limit: size.columns - 21)
            case .blank:
                break
            }
        }
        drawFooter(state, row: size.rows - 1, palette: palette)
    }

    enum HelpLine: Hashable {
        case group(String)
        case binding(keys: String, help: String)
        case blank
    }

    /// The help screen's lines: ``KeyMap/groups`` with a blank line between groups.
    static func helpLines() -> [HelpLine] {
        var lines: [HelpLine] = []
        for group in KeyMap.groups {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(.group(group.title))
            lines += group.entries.map { .binding(keys: $0.keys, help: $0.help) }
        }
        return lines
    }
}
