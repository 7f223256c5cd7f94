import FoundationEssentials
import TickCore

/// iCalendar DATE and DATE-TIME values (RFC 5545 §3.3.4, §3.3.5) as sync reads and writes them.
enum ICalendarDate {
    /// A value read: a calendar day (`VALUE=DATE`) or an instant.
    enum Value: Equatable {
        case day(CalendarDay)
        case instant(Date)
    }

    /// Reads `YYYYMMDD` as a day; `YYYYMMDDTHHMMSSZ` as UTC; `YYYYMMDDTHHMMSS` with a TZID
    /// of UTC as UTC, and floating or with another TZID as the local time of `zone`.
    static func parse(_ text: String, tzid: String?, zone: LocalTime) -> Value? {
        let bytes = Array(text.utf8)
        func number(_ range: Range<Int>) -> Int? {
            var value = 0
            for index in range {
                guard bytes.indices.contains(index), (48...57).contains(bytes[index]) else { return nil }
                value = value * 10 + Int(bytes[index] - 48)
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8) else { return nil }
        if bytes.count == 8 { return CalendarDay(year: year, month: month, day: day).map { .day($0) } }
        guard bytes.count == 15 || (bytes.count == 16 && bytes[15] == UInt8(ascii: "Z")), bytes[8] == UInt8(ascii: "T"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              CalendarDay(year: year, month: month, day: day) != nil, hour < 24, minute < 60, second < 61
        else { return nil }
        let utc = bytes.count == 16 || ["UTC", "ETC/UTC", "GMT", "Z", "ETC/GMT"].contains(tzid?.uppercased() ?? "-")
        let calendar = utc ? LocalTime.utc : zone
        return calendar.date(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59)).map { .instant($0) }
    }

    /// `YYYYMMDDTHHMMSSZ`.
    static func utcText(_ date: Date) -> String {
        let fields = LocalTime.utc.fields(of: date)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return pad(fields.year, 4) + pad(fields.month, 2) + pad(fields.day, 2) + "T"
            + pad(fields.hour, 2) + pad(fields.minute, 2) + pad(fields.second, 2) + "Z"
    }
}

/// iCalendar TEXT values (RFC 5545 §3.3.11).
enum ICalendarText {
    /// `\\`, `\;`, `\,` and `\n` for a backslash, semicolon, comma and line break.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n", "\r\n", "\r": result += "\\n"
            default: result.append(character)
            }
        }
        return result
    }

    /// The reverse of ``escape(_:)``; `\N` is a line break too, an unknown escape keeps its character.
    static func unescape(_ text: String) -> String {
        guard text.contains("\\") else { return text }
        var result = ""
        var escaped = false
        for character in text {
            if escaped {
                result.append(character == "n" || character == "N" ? "\n" : character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else {
                result.append(character)
            }
        }
        if escaped { result.append("\\") }
        return result
    }
}
