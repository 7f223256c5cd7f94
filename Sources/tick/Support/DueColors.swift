import Glibc
import TickCore
import TickTUI

/// The colours `tick list` gives due dates on a terminal: overdue and due today stand out,
/// as in the full-screen list. None into a pipe or file, with `NO_COLOR` set (not empty) or
/// on a terminal without colours (`TERM=dumb`).
struct DueColors: Sendable, Hashable {
    /// SGR sequences, nil for no colour.
    var overdue: String? = "\u{1B}[1;31m"
    var today: String? = "\u{1B}[1;33m"

    /// Ends a coloured due.
    static let reset: StaticString = "\u{1B}[0m"

    /// The sequence that starts a due in this state, nil when it is not coloured.
    func sequence(for state: DueState?) -> String? {
        switch state {
        case .overdue: overdue
        case .today: today
        case .later, nil: nil
        }
    }

    /// The colours for standard output, from config.toml's `[colors]` (`overdue`, `today`):
    /// nil when it is not a terminal, `NO_COLOR` is set or the terminal is `dumb`.
    static func forStandardOutput(environment: [String: String], scheme: ColorScheme) -> DueColors? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return nil }
        if environment["TERM"] == "dumb" { return nil }
        return DueColors(overdue: sequence(scheme.overdue), today: sequence(scheme.today))
    }

    /// Bold in a colour, as SGR; nil for none.
    static func sequence(_ color: CellStyle.Color?) -> String? {
        let code: String? = switch color {
        case .red: "31"
        case .green: "32"
        case .yellow: "33"
        case .blue: "34"
        case .magenta: "35"
        case .cyan: "36"
        case .white: "37"
        case .palette(let index): "38;5;\(index)"
        case nil: nil
        }
        return code.map { "\u{1B}[1;\($0)m" }
    }
}
