/// Why the terminal could not be opened.
public struct TerminalError: Error, Sendable, CustomStringConvertible {
    public var description: String
}
