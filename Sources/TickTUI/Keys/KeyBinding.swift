/// One entry of the key table: the keys, what they do, the words that say so, and where
/// they apply. The footer and the `?` screen are drawn from these entries, from the same
/// words: the footer shows ``label``, the help screen ``help`` (the label and its detail).
public struct KeyBinding: Sendable {
    /// When a binding applies beyond its modes.
    public enum Condition: Sendable, Hashable {
        case always
        /// Only while a filter narrows the list.
        case filterActive
        /// Only when an item is selected.
        case itemSelected
        /// Only while the notes are being edited.
        case editingNotes
        /// Only when Done holds an item.
        case doneNotEmpty
        /// Only when a vdir to sync with is configured.
        case syncConfigured

        func holds(in state: AppState) -> Bool {
            switch self {
            case .always: true
            case .filterActive: state.filter != nil
            case .itemSelected: state.selectedItem != nil
            case .doneNotEmpty: !state.list.doneItems.isEmpty
            case .syncConfigured: state.liveSync != nil
            case .editingNotes:
                if case .editing(.notes) = state.mode { true } else { false }
            }
        }
    }

    /// A short entry in the footer: the key as shown and the binding's label.
    public struct FooterEntry: Sendable, Hashable {
        public internal(set) var key: String
        public let text: String
        /// Lower ranks stay when the footer is too narrow for every entry.
        public let rank: Int
    }

    /// The entry's name in config.toml's `[keys]` (`move_down`).
    public let name: String
    public internal(set) var keys: [Key]
    /// The keys as the help screen shows them ("↓ j").
    public internal(set) var keyLabel: String
    /// What the keys do, in a word or two: the footer's text and the start of the help.
    public let label: String
    /// More about it for the help screen ("Name @ lat, lon"), if anything.
    public let detail: String?
    public let modes: Set<ModeKind>
    public let condition: Condition
    public internal(set) var footer: FooterEntry?
    public let action: Action

    /// The help screen's line: the label, then its detail after a dash.
    public var help: String {
        guard let detail else { return label }
        return "\(label) — \(detail)"
    }

    /// `footer` is the key as the footer shows it and the entry's rank there.
    init(_ name: String, _ keys: [Key], _ keyLabel: String, _ label: String, _ detail: String? = nil, modes: Set<ModeKind>,
         when condition: Condition = .always, footer: (String, Int)? = nil, action: Action) {
        self.name = name
        self.keys = keys
        self.keyLabel = keyLabel
        self.label = label
        self.detail = detail
        self.modes = modes
        self.condition = condition
        self.footer = footer.map { FooterEntry(key: $0.0, text: label, rank: $0.1) }
        self.action = action
    }
}
