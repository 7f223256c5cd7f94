import ArgumentParser
import FoundationEssentials
import TickCore

/// Argument values that need more than `ExpressibleByArgument`: their errors say why a value is
/// wrong, and argument-parser reports them as usage errors (exit status 64).
enum ArgumentValues {
    /// A date as people write it (`tomorrow`, `fri 17:00`, `3d`, `-1d`, `Dec 1`,
    /// `2026-12-01`, …) relative to now, in the local zone: TickCore's ``DateParser``.
    static func date(_ text: String) throws -> Date {
        do {
            return try DateParser.parse(text, now: Date())
        } catch {
            throw ValueError(error.description)
        }
    }

    /// A due date as people write it: a calendar day (`fri`, `2026-12-01`) or an instant
    /// (`fri 17:00`), as TickCore's ``DateParser/parseDue(_:now:calendar:)`` tells them apart.
    static func due(_ text: String) throws -> ParsedDue {
        do {
            return try DateParser.parseDue(text, now: Date())
        } catch {
            throw ValueError(error.description)
        }
    }

    /// A coordinate as TickCore's ``LocationParser`` reads it: `50.94,6.96`, `-33.87,151.21`,
    /// `50.94° N, 6.96° E`.
    static func coordinate(_ text: String) throws -> Location.Coordinate {
        do {
            return try LocationParser.coordinate(text)
        } catch {
            throw ValueError(error.message)
        }
    }

    /// A priority: `high`, `medium`, `low` or 1–9 (iCalendar's scale, 1 highest), as
    /// TickCore's ``PriorityText`` reads it.
    static func priority(_ text: String) throws -> Int {
        guard let priority = PriorityText.parse(text) else {
            throw ValueError("the priority \"\(text)\" is not high, medium, low or a number from 1 (highest) to 9 (lowest)")
        }
        return priority
    }

    /// The RRULE value of a repeat typed as an RRULE (`FREQ=MONTHLY;BYDAY=2TU`) or in words
    /// (`every 2 weeks`, `every last fri until 2027-06-30`), for an item whose due is a
    /// calendar day or not (an UNTIL takes the due's form).
    static func repeatRule(_ text: String, dueIsDay: Bool) throws -> String {
        do {
            return try RecurrenceRule(words: text, now: Date(), calendar: .current, untilAsDay: dueIsDay).text
        } catch {
            throw CLIError("--repeat: \(error.description)")
        }
    }

    /// A message that may quote what was typed, with its control characters made visible.
    struct ValueError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = VisibleText.escaped(description) }
    }
}
