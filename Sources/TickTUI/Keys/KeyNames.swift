/// The names of keys, stated once: how config.toml's `[keys]` writes a key (`"t"`,
/// `"Down"`, `"Ctrl-R"`, `"Alt-x"`, `"F2"`) and how the help screen and the footer show it.
public enum KeyNames {
    /// The keys with a name of their own: the name `[keys]` takes and how help shows it.
    static let named: [(name: String, key: Key, label: String)] = [
        ("Up", .up, "↑"), ("Down", .down, "↓"), ("Left", .left, "←"), ("Right", .right, "→"),
        ("Shift-Up", .shiftUp, "Shift-↑"), ("Shift-Down", .shiftDown, "Shift-↓"),
        ("Home", .home, "Home"), ("End", .end, "End"), ("PgUp", .pageUp, "PgUp"), ("PgDn", .pageDown, "PgDn"),
        ("Enter", .enter, "Enter"), ("Esc", .escape, "Esc"), ("Tab", .tab, "Tab"), ("Shift-Tab", .backTab, "Shift-Tab"),
        ("Backspace", .backspace, "Backspace"), ("Del", .delete, "Del"), ("Space", .character(" "), "Space"),
        ("Alt-Backspace", .altBackspace, "Alt-Bksp"),
    ]

    /// The key a name stands for: one of ``named`` (any case), `Ctrl-` or `Alt-` and a
    /// character, `F1`…`F12`, or a single character; nil for anything else.
    public static func key(named name: String) -> Key? {
        if let entry = named.first(where: { $0.name.lowercased() == name.lowercased() }) { return entry.key }
        if name.count == 1, let character = name.first, !character.isWhitespace { return .character(character) }
        let lowered = name.lowercased()
        if lowered.hasPrefix("ctrl-"), name.count == 6, let character = lowered.last, character.isLetter {
            return .control(character)
        }
        if lowered.hasPrefix("alt-"), name.count == 5, let character = name.last { return .alt(character) }
        if lowered.hasPrefix("f"), let number = Int(lowered.dropFirst()), (1...12).contains(number) { return .function(number) }
        return nil
    }

    /// How help and the footer show a key: "↓", "Ctrl-R", "Space", "t".
    public static func label(of key: Key) -> String {
        if let entry = named.first(where: { $0.key == key }) { return entry.label }
        switch key {
        case .character(let character): return String(character)
        case .control(let character): return "Ctrl-" + String(character).uppercased()
        case .alt(let character): return "Alt-" + String(character)
        case .function(let number): return "F\(number)"
        default: return "?"
        }
    }
}
