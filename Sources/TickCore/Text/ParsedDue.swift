import FoundationEssentials

/// A due date as ``DateParser/parseDue(_:now:calendar:)`` read it: the instant, and whether
/// the text named a whole calendar day rather than a time of day.
public struct ParsedDue: Sendable, Hashable {
    /// The instant: the start of the day when ``isDay``.
    public let date: Date
    /// True for `today`, `fri`, `3d`, `next week`, `Dec 1`, `2026-12-01`; false for
    /// `17:00`, `fri 17:00`, `2026-12-01T09:30`.
    public let isDay: Bool

    public init(date: Date, isDay: Bool) {
        self.date = date
        self.isDay = isDay
    }
}
