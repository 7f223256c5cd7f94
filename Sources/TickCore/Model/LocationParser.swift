/// Reads a location as people type it, for the CLI's `--location`/`--coordinate` and the
/// full-screen app's location editor alike: `Name`, `Name @ lat, lon`, or `lat, lon` alone
/// (which keeps the current name); an `@` not followed by a coordinate is part of the name
/// (`Lunch @ Joe's Diner`); a coordinate as `50.94, 6.96`, `50.94 6.96`,
/// `-33.87,151.21` or `50.94° N, 6.96° E`.
public enum LocationParser {
    /// Why the text could not be read as a location or coordinate.
    public struct Problem: Error, Hashable, Sendable, CustomStringConvertible {
        public let message: String
        public init(_ message: String) { self.message = message }
        public var description: String { message }
    }

    /// The location `text` describes; nil when it is empty (which removes a location).
    /// `currentName` is the name kept when the text is a coordinate alone.
    public static func parse(_ text: String, currentName: String?) throws(Problem) -> Location? {
        let trimmed = text.trimmingWhitespace
        if trimmed.isEmpty { return nil }
        // An @ followed by words (`Lunch @ Joe's Diner`, `@home`) is part of the name.
        if let at = trimmed.lastIndex(of: "@"), isCoordinateText(trimmed[trimmed.index(after: at)...]) {
            let name = String(trimmed[..<at]).trimmingWhitespace
            let coordinateText = String(trimmed[trimmed.index(after: at)...]).trimmingWhitespace
            guard !name.isEmpty else { throw Problem("a location needs a name before @") }
            if coordinateText.isEmpty { return try make(name: name, coordinate: nil) }
            return try make(name: name, coordinate: coordinate(coordinateText))
        }
        if looksLikeCoordinate(trimmed) {
            guard let currentName else {
                throw Problem("a location needs a name: write Name @ \(trimmed)")
            }
            return try make(name: currentName, coordinate: coordinate(trimmed))
        }
        return try make(name: trimmed, coordinate: nil)
    }

    /// Reads `50.94, 6.96`, `50.94 6.96`, `-33.87,151.21` or `50.94° N, 6.96° E`.
    public static func coordinate(_ text: String) throws(Problem) -> Location.Coordinate {
        guard let (latitude, longitude) = parts(text) else {
            throw Problem("cannot read \"\(text)\" as a coordinate; write LAT, LON in degrees, e.g. 50.94, 6.96 or 50.94° N, 6.96° E")
        }
        let lat = try number(latitude, name: "latitude", positive: "N", negative: "S")
        let lon = try number(longitude, name: "longitude", positive: "E", negative: "W")
        do {
            return try Location.Coordinate(latitude: lat, longitude: lon)
        } catch {
            throw Problem(error.description)
        }
    }

    private static func make(name: String, coordinate: Location.Coordinate?) throws(Problem) -> Location {
        do {
            return try Location(name: name, coordinate: coordinate)
        } catch {
            throw Problem(error.description)
        }
    }

    /// True when the text after an `@` is empty, or has a digit and only a coordinate's
    /// characters (digits, signs, `.`, `,`, `°`, spaces, N/S/E/W): it is read as a coordinate,
    /// and an error says what is wrong with it. Any other text (`Joe's Diner`, `5th Ave`,
    /// `news`) is part of the name.
    private static func isCoordinateText(_ text: Substring) -> Bool {
        if text.allSatisfy(\.isWhitespace) { return true }
        return text.contains(where: \.isASCIIDigit) && text.allSatisfy { character in
            character.isASCIIDigit || character.isWhitespace || ".,+-°".contains(character) || "NSEWnsew".contains(character)
        }
    }

    /// True when the text is two numbers (with optional degree signs and N/S/E/W), in range
    /// or not: `95, 6.96` is a coordinate with a bad latitude, not a place called that.
    private static func looksLikeCoordinate(_ text: String) -> Bool {
        guard let (latitude, longitude) = parts(text) else { return false }
        return degrees(latitude, positive: "N", negative: "S") != nil && degrees(longitude, positive: "E", negative: "W") != nil
    }

    /// The latitude and longitude texts: split at the one comma, else at spaces.
    private static func parts(_ text: String) -> (String, String)? {
        let byComma = text.split(separator: ",", omittingEmptySubsequences: false).map { String($0).trimmingWhitespace }
        let pair: [String]
        if byComma.count == 2 {
            pair = byComma
        } else if byComma.count == 1 {
            pair = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        } else {
            pair = []
        }
        guard pair.count == 2, !pair[0].isEmpty, !pair[1].isEmpty else { return nil }
        return (pair[0], pair[1])
    }

    /// The value of one half, or a problem naming it: not a number, or not finite.
    private static func number(_ text: String, name: String, positive: Character, negative: Character) throws(Problem) -> Double {
        guard let value = degrees(text, positive: positive, negative: negative) else {
            throw Problem("the \(name) \"\(text)\" is not a number")
        }
        guard value.isFinite else { throw Problem("the \(name) \"\(text)\" is not a number") }
        return value
    }

    /// A number of degrees with an optional `°` and hemisphere letter giving its sign; nil
    /// when it is no number at all (`nan` and `inf` are numbers here, refused by the caller).
    private static func degrees(_ text: String, positive: Character, negative: Character) -> Double? {
        var text = String(text.filter { $0 != "°" }).trimmingWhitespace
        var sign = 1.0
        if let last = text.last?.uppercased().first, last == positive || last == negative {
            sign = last == negative ? -1 : 1
            text = String(text.dropLast()).trimmingWhitespace
        }
        guard !text.isEmpty, let value = Double(text) else { return nil }
        return value * sign
    }
}
