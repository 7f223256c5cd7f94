import FoundationEssentials
import Glibc

/// The width of the terminal standard output is, for `tick list`.
enum TerminalWidth {
    /// Columns of the terminal on standard output; nil when it is no terminal (a pipe or a
    /// file). A terminal that reports no size uses `COLUMNS`, else 80.
    static func ofStandardOutput(environment: [String: String] = ProcessInfo.processInfo.environment) -> Int? {
        guard isatty(STDOUT_FILENO) == 1 else { return nil }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
            return Int(size.ws_col)
        }
        if let text = environment["COLUMNS"], let columns = Int(text), columns > 0 { return columns }
        return 80
    }
}
