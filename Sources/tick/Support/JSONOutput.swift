import FoundationEssentials
import TickCore

/// The `--json` form of items: keys in the order `id`, `title`, `notes`, `due`, `location`,
/// `done`, `createdAt`; dates as ISO 8601 UTC (`2026-12-01T08:30:00Z`, with milliseconds
/// `…00.250Z` only when the date has a fraction of a second); `location` null or
/// `{"name", "latitude", "longitude"}` with null coordinates when it has none.
enum JSONOutput {
    static func array(_ entries: [(item: ToDoItem, done: Bool)]) -> String {
        guard !entries.isEmpty else { return "[]" }
        return "[\n" + entries.map { "  " + object($0.item, done: $0.done) }.joined(separator: ",\n") + "\n]"
    }

    static func object(_ item: ToDoItem, done: Bool) -> String {
        var fields: [String] = []
        fields.append("\"id\": \(string(item.id.uuidString))")
        fields.append("\"title\": \(string(item.title))")
        fields.append("\"notes\": \(item.notes.map(string) ?? "null")")
        fields.append("\"due\": \(item.due.map { string(iso8601($0)) } ?? "null")")
        if let location = item.location {
            let latitude = location.coordinate.map { number($0.latitude) } ?? "null"
            let longitude = location.coordinate.map { number($0.longitude) } ?? "null"
            fields.append("\"location\": {\"name\": \(string(location.name)), \"latitude\": \(latitude), \"longitude\": \(longitude)}")
        } else {
            fields.append("\"location\": null")
        }
        fields.append("\"done\": \(done)")
        fields.append("\"createdAt\": \(string(iso8601(item.createdAt)))")
        return "{" + fields.joined(separator: ", ") + "}"
    }

    /// ISO 8601 in UTC; milliseconds only when nonzero. Plain integer arithmetic (the
    /// proleptic Gregorian calendar, as Foundation's), so that `list --json` of 100,000
    /// items does not build a calendar per date.
    static func iso8601(_ date: Date) -> String {
        let totalMilliseconds = (date.timeIntervalSince1970 * 1000).rounded(.down)
        guard totalMilliseconds.isFinite, abs(totalMilliseconds) < 1e17 else { return "1970-01-01T00:00:00Z" }
        let milliseconds = Int64(totalMilliseconds)
        var seconds = milliseconds / 1000
        var fraction = milliseconds % 1000
        if fraction < 0 { fraction += 1000; seconds -= 1 }
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        // Days since 1970-01-01 to a civil date (Howard Hinnant's days_from_civil inverse).
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        func two(_ value: Int64) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let yearText = year >= 0 && year < 10_000
            ? String(repeating: "0", count: 4 - String(year).count) + String(year)
            : String(year)
        var text = "\(yearText)-\(two(month))-\(two(day))T\(two(secondOfDay / 3_600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60))"
        if fraction != 0 { text += "." + (fraction < 10 ? "00" : fraction < 100 ? "0" : "") + String(fraction) }
        return text + "Z"
    }

    static func number(_ value: Double) -> String {
        value.isFinite ? "\(value)" : "null"
    }

    /// A JSON string literal with the escapes RFC 8259 requires.
    static func string(_ text: String) -> String {
        // Most strings need no escape (U+2028 and U+2029 start with the byte 0xE2).
        if !text.utf8.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0xE2 }) {
            return "\"" + text + "\""
        }
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
