/// Why the store could not read or write its file; the message names the file and the problem.
public struct StoreError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The broad kind of failure, for callers that react differently to each.
    public enum Kind: Sendable, Hashable {
        /// The file exists but is not a to-do list tick can read (bad bytes, wrong format,
        /// zero bytes, a directory). It is never overwritten.
        case unreadable
        /// Reading, writing, renaming or syncing failed at the system level.
        case io
        /// The list file may not be written — its mode lets nobody write it (0444), or the user
        /// may not write it — so tick does not replace it.
        case readOnly
        /// The advisory lock around a read-modify-write could not be taken.
        case lock
        /// Another tick holds the list's lock (a background sync writing the list) and the
        /// caller asked not to wait: nothing was written; try again later.
        case busy
        /// A change was refused by the model (for example an empty title).
        case rejected
    }

    public let kind: Kind
    /// The path of the list file.
    public let path: String
    /// What went wrong, in words.
    public let problem: String

    public init(kind: Kind, path: String, problem: String) {
        self.kind = kind
        self.path = path
        self.problem = problem
    }

    public var description: String { "\(path): \(problem)" }
}
