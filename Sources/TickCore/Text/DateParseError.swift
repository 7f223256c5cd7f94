/// Why a piece of text could not be read as a date.
public struct DateParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    /// What was wrong beyond "not a form tick knows" (for example "there is no February 30"), or nil.
    public let reason: String?

    public init(text: String, reason: String? = nil) {
        self.text = text
        self.reason = reason
    }

    /// The forms ``DateParser`` accepts, for help texts and error messages.
    public static let acceptedForms = "today, tomorrow, yesterday, a weekday (fri or friday: the next one), "
        + "next week (the next Monday), next month (its 1st), in 3 days, in two weeks, in 2 months, 3d, +2w, -1d, "
        + "Dec 1 (this year's up to 60 days ago, else next year's), 1 Dec 2027, 2026-12-01, "
        + "now, noon, tonight (18:00), eod, eow, eom (23:59:59 of today, Sunday, the month's last day), "
        + "a time alone for today or after a day (17:00, 9am, fri 17:00), 2026-12-01T09:30, "
        + "ISO 8601 with a zone (2026-12-01T09:30:00Z, 2026-12-01T09:30+01:00)"

    public var description: String {
        let head = "cannot read \"\(text)\" as a date"
        if let reason { return "\(head): \(reason)" }
        return "\(head); use one of: \(Self.acceptedForms)"
    }
}
