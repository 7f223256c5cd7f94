/// A repeat as `tick show`, the detail pane and the row show it.
public enum RepeatText {
    /// The rule in words where it can be said (`every 2 weeks on Mon`), else its RRULE text,
    /// safe to print on a terminal.
    public static func describe(_ rule: String) -> String {
        VisibleText.line(rule)
    }
}
