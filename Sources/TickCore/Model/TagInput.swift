/// A tag as a person types it (`tick add --tag`, `tick edit --tag/--untag`, the app's tag
/// editor): trimmed, and without the `#` tick shows before each tag, since people type what
/// they see (`#work` is the tag work). Tags read from files are taken as they are.
public enum TagInput {
    /// The tag `typed` names; empty when it names none.
    public static func tag(_ typed: some StringProtocol) -> String {
        let trimmed = typed.trimmed()
        return trimmed.hasPrefix("#") ? String(trimmed.dropFirst()).trimmed() : trimmed
    }
}
