/// Why an import, an export or a sync could not go on, with where in the input it happened.
///
/// Every message names the file (or `standard input`) and, where there is one, the line,
/// so that a person can find the problem: `tasks.ics:12: DUE "2026-13-01" is not a date`.
public struct InterchangeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file, directory or stream the problem is in, as the user named it.
    public var source: String
    /// The 1-based line of the input, when the problem has one.
    public var line: Int?
    /// What is wrong, in words.
    public var problem: String

    public init(source: String, line: Int? = nil, problem: String) {
        self.source = source
        self.line = line
        self.problem = problem
    }

    public var description: String {
        if let line { return "\(source):\(line): \(problem)" }
        return "\(source): \(problem)"
    }
}
