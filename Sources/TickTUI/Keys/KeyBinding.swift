/// One entry of the key table: the keys, what they do, the help text, and where they apply.
/// The footer and the `?` screen are drawn from these entries.
public struct KeyBinding: Sendable {
    /// When a binding applies beyond its modes.
    public enum Condition: Sendable, Hashable {
        case always
        /// Only while a filter narrows the list.
        case filterActive
        /// Only when an item is selected.
        case itemSelected

        func holds(in state: AppState) -> Bool {
            switch self {
            case .always: true
            case .filterActive: state.filter != nil
            case .itemSelected: state.selectedItem != nil
            }
        }
    }

    /// A short entry in the footer: the key as shown and a word or two.
    public struct FooterEntry: Sendable, Hashable {
        public let key: String
        public let text: String
        /// Lower ranks stay when the footer is too narrow for every entry.
        public let rank: Int
    }

    public let keys: [Key]
    /// The keys as the help screen shows them ("↓ j").
    public let keyLabel: String
    public let help: String
    public let modes: Set<ModeKind>
    public let condition: Condition
    public let footer: FooterEntry?
    public let action: Action

    init(_ keys: [Key], _ keyLabel: String, _ help: String, modes: Set<ModeKind>, when condition: Condition = .always,
         footer: (String, String, Int)? = nil, action: Action) {
        self.keys = keys
        self.keyLabel = keyLabel
        self.help = help
        self.modes = modes
        self.condition = condition
        self.footer = footer.map { FooterEntry(key: $0.0, text: $0.1, rank: $0.2) }
        self.action = action
    }
}
