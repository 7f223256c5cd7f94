import FoundationEssentials
import TickCore

/// Reads the location editor's one field: `Name`, `Name @ lat, lon`, or `lat, lon` alone
/// (keeps the current name); an empty field removes the location.
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

    /// The location the field describes; nil removes it.
    static func parse(_ text: String, current: Location?) throws(Problem) -> Location? {
        let trimmed = text.trimmed()
        if trimmed.isEmpty { return nil }
        if let at = trimmed.lastIndex(of: "@") {
            let name = trimmed[..<at].trimmed()
            let coordinateText = trimmed[trimmed.index(after: at)...].trimmed()
            guard !name.isEmpty else { throw Problem(message: "a location needs a name before @") }
            if coordinateText.isEmpty { return try make(name: name, coordinate: nil) }
            return try make(name: name, coordinate: coordinate(coordinateText))
        }
        if looksLikeCoordinate(trimmed) {
            guard let name = current?.name else {
                throw Problem(message: "a location needs a name: type Name @ \(trimmed)")
            }
            return try make(name: name, coordinate: coordinate(trimmed))
        }
        return try make(name: trimmed, coordinate: nil)
    }

    private static func make(name: String, coordinate: Location.Coordinate?) throws(Problem) -> Location {
        do {
            return try Location(name: name, coordinate: coordinate)
        } catch {
            throw Problem(message: error.description)
        }
    }

    /// True when the text is two numbers (with optional degree signs and N/S/E/W), in range
    /// or not: `95, 6.96` is a coordinate with a bad latitude, not a place called that.
    private static func looksLikeCoordinate(_ text: String) -> Bool {
        numbers(text) != nil
    }

    /// Reads `50.94, 6.96`, `50.94 6.96`, `-33.87,151.21` or `50.94° N, 6.96° E`.
    static func coordinate(_ text: String) throws(Problem) -> Location.Coordinate {
        guard let (latitude, longitude) = numbers(text) else {
            throw Problem(message: "cannot read “\(text)” as a coordinate; type lat, lon such as 50.94, 6.96")
        }
        do {
            return try Location.Coordinate(latitude: latitude, longitude: longitude)
        } catch {
            throw Problem(message: error.description)
        }
    }

    /// The two numbers of a coordinate as typed, with the signs N/S/E/W give them.
    private static func numbers(_ text: String) -> (Double, Double)? {
        let parts = text.split(whereSeparator: { $0 == "," }).map { $0.trimmed() }
        let pair: [String]
        if parts.count == 2 {
            pair = parts
        } else if parts.count == 1 {
            pair = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        } else {
            pair = []
        }
        guard pair.count == 2, let latitude = degrees(pair[0], positive: "N", negative: "S"),
              let longitude = degrees(pair[1], positive: "E", negative: "W")
        else { return nil }
        return (latitude, longitude)
    }

    private static func degrees(_ text: String, positive: Character, negative: Character) -> Double? {
        var text = String(text.filter { $0 != "°" }).trimmed()
        var sign = 1.0
        if let last = text.last?.uppercased().first, last == positive || last == negative {
            sign = last == negative ? -1 : 1
            text = String(text.dropLast()).trimmed()
        }
        guard !text.isEmpty, let value = Double(text), value.isFinite else { return nil }
        return value * sign
    }

    /// A coordinate number without needless digits: 50.94, 6.96, -33.8688.
    static func number(_ value: Double) -> String {
        var text = fixedPoint(value, places: 6)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text == "-0" ? "0" : text
    }
}
