import FoundationEssentials

/// Reads the date words people type: `2026-12-01`, `2026-12-01T09:30`, ISO 8601 with a zone,
/// `today`, `tomorrow`, weekday names, `+3d`, `+2w`.
///
/// Case-insensitive, independent of the process locale. A date without a time is the start
/// of that day in the calendar's time zone (``LocalTime/current``, the user's, unless told); a date and time without a zone is in the
/// calendar's time zone; an explicit zone (`Z`, `+01:00`, `+0100`, `+01`) wins. A weekday
/// is the next such day strictly after today (`fri` on a Friday is a week later). `+Nd` and
/// `+Nw` count days and weeks from the start of today. Months (`+1m`) are not accepted: `m`
/// reads as minutes to many people.
public enum DateParser {
    /// Parses `text` relative to `now`.
    public static func parse(_ text: String, now: Date, calendar: LocalTime = .current) throws(DateParseError) -> Date {
        let trimmed = text.trimmingWhitespace
        let lower = trimmed.lowercased()
        guard !lower.isEmpty else { throw DateParseError(text: text, reason: "it is empty") }
        let today = calendar.startOfDay(for: now)

        switch lower {
        case "today": return today
        case "tomorrow": return try add(days: 1, to: today, calendar: calendar, text: text)
        default: break
        }
        if let weekday = weekdayNumber(lower) {
            let current = calendar.fields(of: today).weekday
            var ahead = (weekday - current + 7) % 7
            if ahead == 0 { ahead = 7 }
            return try add(days: ahead, to: today, calendar: calendar, text: text)
        }
        if lower.hasPrefix("+") {
            let body = lower.dropFirst()
            guard let unit = body.last, unit == "d" || unit == "w",
                  let count = Int(body.dropLast()), body.dropLast().allSatisfy(\.isASCIIDigit),
                  count <= 100_000
            else { throw DateParseError(text: text) }
            return try add(days: unit == "w" ? count * 7 : count, to: today, calendar: calendar, text: text)
        }
        return try parseISO(Array(trimmed.utf8), text: text, calendar: calendar)
    }

    // MARK: - Words

    private static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    /// 1 = Sunday … 7 = Saturday (as ``LocalTime/Fields/weekday``), for a full name or a
    /// 3-letter abbreviation.
    private static func weekdayNumber(_ word: String) -> Int? {
        for (index, name) in weekdayNames.enumerated() where word == name || word == String(name.prefix(3)) {
            return index + 1
        }
        return nil
    }

    private static func add(days: Int, to day: Date, calendar: LocalTime, text: String) throws(DateParseError) -> Date {
        guard let date = calendar.startOfDay(days, daysAfter: day) else {
            throw DateParseError(text: text, reason: "that is too far away")
        }
        return date
    }

    // MARK: - ISO 8601

    /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fff]][zone]]`, zone `Z`, `±HH:MM`, `±HHMM` or `±HH`.
    private static func parseISO(_ bytes: [UInt8], text: String, calendar: LocalTime) throws(DateParseError) -> Date {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.take(UInt8(ascii: "-")),
              let month = reader.digits(2), reader.take(UInt8(ascii: "-")),
              let day = reader.digits(2)
        else { throw DateParseError(text: text) }

        var hour = 0, minute = 0, second = 0
        var nanosecond = 0
        var zone: LocalTime?
        if !reader.atEnd {
            guard reader.take(UInt8(ascii: "t")) || reader.take(UInt8(ascii: "T")) || reader.take(UInt8(ascii: " ")),
                  let h = reader.digits(2), reader.take(UInt8(ascii: ":")), let m = reader.digits(2)
            else { throw DateParseError(text: text) }
            hour = h
            minute = m
            if reader.take(UInt8(ascii: ":")) {
                guard let s = reader.digits(2) else { throw DateParseError(text: text) }
                second = s
                if reader.take(UInt8(ascii: ".")) || reader.take(UInt8(ascii: ",")) {
                    var fraction = 0, places = 0
                    while let digit = reader.digit() {
                        if places < 9 { fraction = fraction * 10 + digit; places += 1 }
                    }
                    guard places > 0 else { throw DateParseError(text: text) }
                    while places < 9 { fraction *= 10; places += 1 }
                    nanosecond = fraction
                }
            }
            if !reader.atEnd {
                zone = try parseZone(&reader, text: text)
            }
        }
        guard reader.atEnd else { throw DateParseError(text: text) }
        guard (1...12).contains(month) else { throw DateParseError(text: text, reason: "there is no month \(month)") }
        guard (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second) else {
            throw DateParseError(text: text, reason: "the time is out of range")
        }

        // Without a time this is the start of the day: midnight, or the first time after it
        // when the clocks skip midnight.
        guard let date = (zone ?? calendar).date(
            year: year, month: month, day: day, hour: hour, minute: minute, second: second
        ) else { throw DateParseError(text: text, reason: "there is no day \(day) in month \(month) of \(year)") }
        return date.addingTimeInterval(Double(nanosecond) / 1_000_000_000)
    }

    private static func parseZone(_ reader: inout Reader, text: String) throws(DateParseError) -> LocalTime {
        if reader.take(UInt8(ascii: "Z")) || reader.take(UInt8(ascii: "z")) { return .utc }
        let sign: Int
        if reader.take(UInt8(ascii: "+")) { sign = 1 } else if reader.take(UInt8(ascii: "-")) { sign = -1 } else {
            throw DateParseError(text: text)
        }
        guard let hours = reader.digits(2) else { throw DateParseError(text: text) }
        var minutes = 0
        if !reader.atEnd {
            _ = reader.take(UInt8(ascii: ":"))
            guard let m = reader.digits(2) else { throw DateParseError(text: text) }
            minutes = m
        }
        guard minutes <= 59, hours * 3600 + minutes * 60 <= 18 * 3600 else {
            throw DateParseError(text: text, reason: "the time zone offset is out of range")
        }
        return .fixed(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
    }

    private struct Reader {
        let bytes: [UInt8]
        var index = 0

        var atEnd: Bool { index >= bytes.count }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        mutating func digit() -> Int? {
            guard index < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) else { return nil }
            defer { index += 1 }
            return Int(bytes[index] - UInt8(ascii: "0"))
        }

        mutating func digits(_ count: Int) -> Int? {
            var value = 0
            for _ in 0..<count {
                guard let d = digit() else { return nil }
                value = value * 10 + d
            }
            return value
        }
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
