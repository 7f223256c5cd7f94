import FoundationEssentials

/// What a sync of every list with its collection did: each list's ``SyncReport``, what
/// was made or renamed, and the lists that failed, each with why.
public struct CollectionsReport: Sendable, Equatable {
    /// One list's outcome.
    public struct ListOutcome: Sendable, Equatable {
        public var list: String
        public var report: SyncReport
    }

    /// A list that did not sync, and the first line of the reason.
    public struct Failure: Sendable, Equatable {
        public var list: String
        public var reason: String

        init(list: String, reason: String) {
            self.list = list
            self.reason = String(reason.split(whereSeparator: \.isNewline).first ?? "")
        }
    }

    public var dryRun: Bool
    public var lists: [ListOutcome] = []
    /// Lists and folders made, renames carried, and what the user should do next.
    public var notes: [String] = []
    public var failures: [Failure] = []

    init(dryRun: Bool) { self.dryRun = dryRun }

    /// The lines for people: the notes, then one line per list (`Work: synced: …`), then
    /// one per failure (`Work: sync failed: …`).
    public var lines: [String] {
        notes + lists.map { "\($0.list): \($0.report.summary)" } + failures.map { "\($0.list): sync failed: \($0.reason)" }
    }

    /// One line: the lists with changes (or nothing to do), then the failures.
    public var summary: String {
        let busy = lists.filter { !$0.report.isIdle }
        var parts = busy.map { "\($0.list): \($0.report.summary)" }
        if busy.isEmpty { parts.append((dryRun ? "sync: " : "synced: ") + "nothing to do in \(lists.count) list\(lists.count == 1 ? "" : "s")") }
        parts += notes
        parts += failures.map { "\($0.list) failed: \($0.reason)" }
        return parts.joined(separator: "; ")
    }

    /// How many lists failed, and the first: the error a command ends with.
    public var failureSummary: String {
        // (A list whose upload failed after its merge is in both ``lists`` and ``failures``.)
        let count = Set(lists.map(\.list) + failures.map(\.list)).count
        return "\(failures.count) of \(count) lists did not sync" + (failures.first.map { " (the first: \($0.list))" } ?? "")
    }

    /// Notes a `vdirsyncer discover` that failed after folders were made: the user is told
    /// to run it.
    mutating func noteDiscover(pair: String) {
        notes.append("`vdirsyncer discover \(pair)` did not create the new folders on the server; run it yourself (it asks first), or set implicit = \"create\" in the pair")
    }
}
