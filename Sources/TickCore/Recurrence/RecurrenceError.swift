/// Why a repeat rule could not be read: an RRULE value that breaks RFC 5545's syntax or
/// limits, or words that name no repeat tick knows.
public struct RecurrenceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// What is wrong, in a sentence a person can act on (the offending part quoted).
    public let message: String

    public init(message: String) {
        self.message = message
    }

    public var description: String { message }
}
