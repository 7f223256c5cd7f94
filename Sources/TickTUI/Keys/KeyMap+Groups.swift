/// The key table by where its keys apply: what the `?` screen, docs/keys.md and the man
/// page's KEYS section list, in this order.
extension KeyMap {
    /// A titled part of the key table and the lines it shows: each binding's key label and
    /// help ("↓ j", "move down").
    public struct Group: Sendable, Hashable {
        public let title: String
        public let entries: [Entry]
    }

    /// One line of a group: the keys as written ("Ctrl-J Alt-Enter"), what they do, and the
    /// binding's name in config.toml's `[keys]` (nil for "(other keys)").
    public struct Entry: Sendable, Hashable {
        public let keys: String
        public let help: String
        public var name: String? = nil
    }

    /// Where keys apply, by the mode they are bound in, with the groups' titles.
    static let groupModes: [(title: String, mode: ModeKind)] = [
        ("The list", .browse),
        ("Editing a field or the filter", .edit),
        ("After the item being edited was removed elsewhere", .itemRemoved),
        ("After the open list was removed elsewhere while typing", .listRemoved),
        ("Quitting with unsaved changes", .confirmQuit),
        ("Clearing Done", .confirmClearDone),
        ("The lists (L, m)", .pickList),
        ("Removing a list", .confirmRemoveList),
        ("This screen", .help),
    ]

    /// The groups of ``standard``.
    public static var groups: [Group] { standard.groups }

    /// Every group, each with the bindings of its mode in table order; the line editor's
    /// group ends with "(other keys) type text".
    public var groups: [Group] {
        Self.groupModes.map { title, mode in
            var entries = bindings.filter { $0.modes.contains(mode) }.map { Entry(keys: $0.keyLabel, help: $0.help, name: $0.name) }
            if mode == .edit { entries.append(Entry(keys: "(other keys)", help: "type text")) }
            return Group(title: title, entries: entries)
        }
    }
}
