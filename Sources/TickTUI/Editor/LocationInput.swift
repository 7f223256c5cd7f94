import FoundationEssentials
import TickCore

/// The location editor's one field: the text it opens with, and what it reads as
/// (`Name`, `Name @ lat, lon`, or `lat, lon` alone keeping the current name; an empty field
/// removes the location).
enum LocationInput {
    /// Why the field could not be read; the message goes to the status line.
    struct Problem: Error, Hashable, Sendable {
        let message: String
    }

    /// The text the editor opens with for a location.
    static func text(for location: Location?) -> String {
        guard let location else { return "" }
        guard let coordinate = location.coordinate else { return location.name }
        return "\(location.name) @ \(number(coordinate.latitude)), \(number(coordinate.longitude))"
    }

    /// The location the field describes; nil removes it. The reading is TickCore's
    /// ``LocationParser``, shared with the CLI.
    static func parse(_ text: String, current: Location?) throws(Problem) -> Location? {
        do {
            return try LocationParser.parse(text, currentName: current?.name)
        } catch {
            throw Problem(message: error.message)
        }
    }

    /// A coordinate number without needless digits: 50.94, 6.96, -33.8688.
    static func number(_ value: Double) -> String {
        var text = fixedPoint(value, places: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
