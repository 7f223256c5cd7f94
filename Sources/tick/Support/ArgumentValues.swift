import ArgumentParser
import FoundationEssentials
import TickCore

/// Argument values that need more than `ExpressibleByArgument`: their errors say why a value is
/// wrong, and argument-parser reports them as usage errors (exit status 64).
enum ArgumentValues {
    /// A date word (`tomorrow`, `fri`, `+3d`, `2026-12-01`, …) relative to now, in the local zone.
    static func date(_ text: String) throws -> Date {
        do {
            return try DateParser.parse(text, now: Date())
        } catch {
            throw ValueError(error.description)
        }
    }

    /// `LAT,LON` in degrees, e.g. `50.94,6.96` or `-33.87,151.21`.
    static func coordinate(_ text: String) throws -> Location.Coordinate {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2,
              let latitude = Double(parts[0].trimmed()),
              let longitude = Double(parts[1].trimmed())
        else {
            throw ValueError("cannot read \"\(text)\" as a coordinate; use LAT,LON in degrees, e.g. 50.94,6.96 or -33.87,151.21")
        }
        do {
            return try Location.Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw ValueError("\"\(text)\": \(error.description)")
        }
    }

    struct ValueError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
