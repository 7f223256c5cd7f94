/// What the app starts with besides the list: config.toml's `[keys]` and `[colors]`, and
/// whether the detail pane was shown when tick last quit (with how to remember it).
public struct Preferences: Sendable {
    public var keyMap = KeyMap.standard
    public var colorScheme = ColorScheme()
    public var detailVisible = true
    /// Keeps the detail pane's state for the next start; returns a problem to show.
    public var rememberDetail: @Sendable (Bool) -> String? = { _ in nil }

    public init() {}
}
