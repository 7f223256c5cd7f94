import FoundationEssentials

/// What one sync did, as `tick sync --porcelain` prints it on one line and the open app
/// reads it back from its background `tick sync`: stated once here, both ways.
///
/// The line is tab-separated: `synced`, the items added, changed and removed in the list,
/// the files written to and removed from the vdir, the conflicts, and the conflicts file
/// (empty when none); or `failed` and the first line of the reason.
public enum SyncOutcome: Sendable, Hashable {
    case synced(SyncCounts)
    case failed(String)

    /// True for what the user should see at once: a failure, a conflict, or items that
    /// came from elsewhere.
    var isNews: Bool {
        switch self {
        case .failed: true
        case .synced(let counts): counts.added + counts.changed + counts.removed + counts.conflicts > 0
        }
    }

    /// True when the user's own changes reached the server: said at once over the "saved"
    /// of their save, which it supersedes (a question or a hint stays).
    var sentChanges: Bool {
        if case .synced(let counts) = self { return counts.sent + counts.deletedOnServer > 0 }
        return false
    }

    /// The `--porcelain` line (without its newline).
    public var porcelain: String {
        switch self {
        case .synced(let counts):
            let numbers = [counts.added, counts.changed, counts.removed, counts.sent, counts.deletedOnServer, counts.conflicts]
            return (["synced"] + numbers.map(String.init) + [counts.conflictsFile ?? ""]).joined(separator: "\t")
        case .failed(let reason):
            return "failed\t" + Self.firstLine(reason)
        }
    }

    /// Reads a `--porcelain` line; nil for anything else.
    public init?(porcelain line: Substring) {
        let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        switch fields.first {
        case "failed" where fields.count == 2:
            self = .failed(fields[1])
        case "synced" where fields.count == 8:
            let numbers = fields[1...6].compactMap { Int($0) }
            guard numbers.count == 6 else { return nil }
            self = .synced(SyncCounts(added: numbers[0], changed: numbers[1], removed: numbers[2], sent: numbers[3],
                                      deletedOnServer: numbers[4], conflicts: numbers[5], conflictsFile: fields[7].isEmpty ? nil : fields[7]))
        default:
            return nil
        }
    }

    /// The outcome of a finished `tick sync --porcelain`: its last porcelain line, else a
    /// failure that says how it ended.
    public init(output: [UInt8], status: Int32) {
        let text = String(decoding: output, as: UTF8.self)
        if let line = text.split(separator: "\n").last, let outcome = SyncOutcome(porcelain: line) {
            self = outcome
        } else {
            self = .failed(status > 128 ? "tick sync was ended by signal \(status - 128)" : "tick sync ended with status \(status) and said nothing")
        }
    }

    /// The text's first line without tabs (they separate the porcelain fields).
    static func firstLine(_ text: String) -> String {
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: true).first.map(String.init) ?? ""
        return line.replacing("\t", with: " ")
    }
}

/// How many items a sync changed on each side.
public struct SyncCounts: Sendable, Hashable {
    /// Items the list gained, had changed, lost (from the server's side).
    public var added, changed, removed: Int
    /// Files written to the vdir, and removed from it (the list's side going out).
    public var sent, deletedOnServer: Int
    public var conflicts: Int
    /// Where the conflicts' losing values were written.
    public var conflictsFile: String?

    public init(added: Int = 0, changed: Int = 0, removed: Int = 0, sent: Int = 0, deletedOnServer: Int = 0,
                conflicts: Int = 0, conflictsFile: String? = nil) {
        (self.added, self.changed, self.removed) = (added, changed, removed)
        (self.sent, self.deletedOnServer, self.conflicts, self.conflictsFile) = (sent, deletedOnServer, conflicts, conflictsFile)
    }

    /// `+2 ~1 -0 ↑1` without the zero counts; empty when nothing changed.
    var brief: String {
        let parts = [("+", added), ("~", changed), ("-", removed), ("↑", sent), ("↑-", deletedOnServer)]
        return parts.filter { $0.1 > 0 }.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}
