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
    public static let acceptedForms = "2026-12-01, 2026-12-01T09:30, ISO 8601 with a zone "
        + "(2026-12-01T09:30:00Z, 2026-12-01T09:30+01:00), today, tomorrow, a weekday "
        + "(monday or mon: the next one), +3d, +2w"

    public var description: String {
        let head = "cannot read \"\(text)\" as a date"
        if let reason { return "\(head): \(reason)" }
        return "\(head); use one of: \(Self.acceptedForms)"
    }
}
