import FoundationEssentials

/// Reads dates as people write them: `2026-12-01`, `2026-12-01T09:30`, ISO 8601 with a zone,
/// `today`, `tomorrow`, `yesterday`, weekday names, `next week`, `next month`, `in 3 days`,
/// `in two weeks`, `in 2 months`, `3d`, `+2w`, `-1d`, `Dec 1`, `1 Dec`, the instants `now`,
/// `noon`, `tonight`, `eod`, `eow`, `eom`, and a time of day (`17:00`, `9am`, `noon`) alone
/// or after any of the day forms (`fri 17:00`, `tomorrow at 9am`, `tonight 21:00`).
///
/// Case-insensitive, independent of the process locale. A day without a time is the start
/// of that day in the calendar's time zone (``LocalTime/current``, the user's, unless told); a date and time without a zone is in the
/// calendar's time zone; an explicit zone (`Z`, `+01:00`, `+0100`, `+01`) wins. A weekday
/// is the next such day strictly after today (`fri` on a Friday is a week later); `next
/// week` is the next Monday, `next month` the first of the next month. `Nd`/`Nw` (with an
/// optional `+` or `-`) and `in N days` count from the start of today (N in digits, or
/// `a`, `one` … `twelve`); `in N months` keeps today's day within the month. `Dec 1`
/// without a year is this year's when it is at most 60 days ago (overdue), else the next
/// one. A time alone is today at that time. `now` is this moment, `noon` 12:00 and
/// `tonight` 18:00 today; `eod`, `eow` and `eom` are 23:59:59 of today, of this week's
/// Sunday and of the month's last day, as taskwarrior reads them. Months as `+1m` are not accepted: `m` reads as minutes
/// to many people; numeric dates with `/` or `.` (`12/01/2026`) are refused, since countries
/// read them differently, with the ISO form to write instead.
public enum DateParser {
    /// Parses `text` relative to `now`.
    public static func parse(_ text: String, now: Date, calendar: LocalTime = .current) throws(DateParseError) -> Date {
        try parseDue(text, now: now, calendar: calendar).date
    }

    /// Parses `text` relative to `now`, telling whether it named a whole calendar day
    /// (`today`, `fri`, `3d`, `Dec 1`, `2026-12-01`: ``ParsedDue/isDay``) or an instant
    /// (`17:00`, `fri 17:00`, `2026-12-01T09:30`).
    public static func parseDue(_ text: String, now: Date, calendar: LocalTime = .current) throws(DateParseError) -> ParsedDue {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw DateParseError(text: text, reason: "it is empty") }
        let bytes = Array(trimmed.utf8)
        var words = trimmed.lowercased().split(whereSeparator: \.isWhitespace).map(String.init)
        words.removeAll { $0 == "at" }
        if isISODateStart(bytes) {
            do {
                let (date, hasTime) = try parseISO(bytes, text: text, calendar: calendar)
                return ParsedDue(date: date, isDay: !hasTime)
            } catch {
                // `2026-12-01 9am`: an ISO day and a time as people write it.
                guard words.count > 1, timeOfDay(atEndOf: words) != nil else { throw error }
            }
        }
        try refuseNumericDate(trimmed, text: text, now: now, calendar: calendar)
        let today = calendar.startOfDay(for: now)
        if let named = try namedInstant(words, now: now, today: today, calendar: calendar, text: text) { return named }
        if let (time, count) = timeOfDay(atEndOf: words) {
            let dayWords = Array(words.dropLast(count))
            let day = dayWords.isEmpty ? today : try self.day(dayWords, today: today, now: now, calendar: calendar, text: text)
            let fields = calendar.fields(of: day)
            guard let date = calendar.date(year: fields.year, month: fields.month, day: fields.day, hour: time.hour, minute: time.minute) else {
                throw DateParseError(text: text, reason: "that is too far away")
            }
            return ParsedDue(date: date, isDay: false)
        }
        return ParsedDue(date: try day(words, today: today, now: now, calendar: calendar, text: text), isDay: true)
    }

    /// True when the text starts like an ISO date: four digits and a `-`.
    static func isISODateStart(_ bytes: [UInt8]) -> Bool {
        bytes.count >= 5 && bytes[0..<4].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && bytes[4] == UInt8(ascii: "-")
    }

    // MARK: - ISO 8601

    /// `YYYY-MM-DD[(T| )HH:MM[:SS[.fff]][zone]]`, zone `Z`, `±HH:MM`, `±HHMM` or `±HH`.
    static func parseISO(_ bytes: [UInt8], text: String, calendar: LocalTime) throws(DateParseError) -> (date: Date, hasTime: Bool) {
        var reader = Reader(bytes: bytes)
        guard let year = reader.digits(4), reader.take(UInt8(ascii: "-")),
              let month = reader.digits(2), reader.take(UInt8(ascii: "-")),
              let day = reader.digits(2)
        else { throw DateParseError(text: text) }

        var hour = 0, minute = 0, second = 0
        var nanosecond = 0
        var zone: LocalTime?
        let hasTime = !reader.atEnd
        if hasTime {
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
        return (date.addingTimeInterval(Double(nanosecond) / 1_000_000_000), hasTime)
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
