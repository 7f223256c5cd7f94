import FoundationEssentials

/// What one sync did, as `tick sync --porcelain` prints it on one line and the open app
/// reads it back from its background `tick sync`: stated once here, both ways.
///
/// The line is tab-separated: `synced`, the items added, changed and removed in the list,
/// the files written to and removed from the vdir, the conflicts, and the conflicts file
/// (empty when none); `partly`, the same, and the first line of why some lists failed; or
/// `failed` and the first line of the reason.
public enum SyncOutcome: Sendable, Hashable {
    case synced(SyncCounts)
    /// Some lists synced (their counts), others failed (why): no reason to wait longer
    /// before the next sync, as after a failure, since the server answers.
    case partly(SyncCounts, failure: String)
    case failed(String)

    /// True for what the user should see at once: a failure, a conflict, or items that
    /// came from elsewhere.
    var isNews: Bool {
        switch self {
        case .failed, .partly: true
        case .synced(let counts): counts.added + counts.changed + counts.removed + counts.conflicts > 0
        }
    }

    /// True when the user's own changes reached the server: said at once over the "saved"
    /// of their save, which it supersedes (a question or a hint stays).
    var sentChanges: Bool {
        switch self {
        case .synced(let counts), .partly(let counts, _): counts.sent + counts.deletedOnServer > 0
        case .failed: false
        }
    }

    /// The `--porcelain` line (without its newline).
    public var porcelain: String {
        switch self {
        case .synced(let counts):
            return (["synced"] + counts.porcelainFields).joined(separator: "\t")
        case .partly(let counts, let failure):
            return (["partly"] + counts.porcelainFields + [Self.firstLine(failure)]).joined(separator: "\t")
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
            guard let counts = SyncCounts(porcelainFields: fields[1...7]) else { return nil }
            self = .synced(counts)
        case "partly" where fields.count == 9:
            guard let counts = SyncCounts(porcelainFields: fields[1...7]) else { return nil }
            self = .partly(counts, failure: fields[8])
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

    /// The counts and the conflicts file (empty when none), as the porcelain line has them.
    var porcelainFields: [String] {
        [added, changed, removed, sent, deletedOnServer, conflicts].map(String.init) + [conflictsFile ?? ""]
    }

    /// Reads ``porcelainFields``; nil when a count is not a number.
    init?(porcelainFields fields: ArraySlice<String>) {
        let numbers = fields.prefix(6).compactMap { Int($0) }
        guard numbers.count == 6, let file = fields.last, fields.count == 7 else { return nil }
        self.init(added: numbers[0], changed: numbers[1], removed: numbers[2], sent: numbers[3],
                  deletedOnServer: numbers[4], conflicts: numbers[5], conflictsFile: file.isEmpty ? nil : file)
    }

    /// `+2 ~1 -0 ↑1` without the zero counts; empty when nothing changed.
    var brief: String {
        let parts = [("+", added), ("~", changed), ("-", removed), ("↑", sent), ("↑-", deletedOnServer)]
        return parts.filter { $0.1 > 0 }.map { "\($0.0)\($0.1)" }.joined(separator: " ")
    }
}
