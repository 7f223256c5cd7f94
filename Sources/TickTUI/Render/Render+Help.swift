import TickCore

extension Screen {
    /// The help screen: every binding of the key table, grouped by where it applies.
    mutating func drawHelp(_ state: AppState, scroll: Int, palette: Palette) {
        let lines = Self.helpLines(state.keyMap)
        write("tick keys", column: 1, row: 0, style: palette.header)
        // That it scrolls, and how to leave, in the keys the table has now.
        let hint = state.keyMap.helpHint(unicode: state.unicode)
        let hintWidth = DisplayWidth.of(hint)
        if size.columns - 2 - hintWidth > 11 { write(hint, column: size.columns - 1 - hintWidth, row: 0, style: palette.footerText) }
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

    /// The help screen's lines: the key map's ``KeyMap/groups`` with a blank line between
    /// groups.
    static func helpLines(_ keyMap: KeyMap = .standard) -> [HelpLine] {
        var lines: [HelpLine] = []
        for group in keyMap.groups {
            if !lines.isEmpty { lines.append(.blank) }
            lines.append(.group(group.title))
            lines += group.entries.map { .binding(keys: $0.keys, help: $0.help) }
        }
        return lines
    }
}

extension KeyMap {
    /// The help screen's header hint, "j/k scroll · Esc closes", in the keys bound now.
    func helpHint(unicode: Bool) -> String {
        func key(_ name: String, character: Bool = true) -> String? {
            guard let keys = bindings.first(where: { $0.name == name })?.keys else { return nil }
            // For scrolling a character reads best ("j" rather than "↓").
            let first = character ? keys.first { if case .character = $0 { true } else { false } } : nil
            return (first ?? keys.first).map(KeyNames.label)
        }
        let dot = unicode ? "·" : "-"
        var parts: [String] = []
        switch (key("help_down"), key("help_up")) {
        case let (down?, up?): parts.append("\(down)/\(up) scroll")
        case let (down?, nil), let (nil, down?): parts.append("\(down) scroll")
        case (nil, nil): break
        }
        parts.append("\(key("help_close", character: false) ?? "any key") closes")
        return parts.joined(separator: " \(dot) ")
    }
}
