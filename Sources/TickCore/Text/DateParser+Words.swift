import FoundationEssentials

/// The day and time words of ``DateParser``: relative days, weekdays, month names, times of
/// day, and the numeric forms it refuses.
extension DateParser {
    /// The largest number of days `Nd`, `Nw` and `in N days` may count either way.
    public static let maximumDayCount = 100_000

    /// The weekdays' names, Sunday first (``LocalTime/Fields/weekday`` 1 … 7).
    public static let weekdayNames = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]
    static let monthNames = [
        "january", "february", "march", "april", "may", "june",
        "july", "august", "september", "october", "november", "december",
    ]

    /// The start of the day `words` name (already lower-case, without `at`).
    static func day(_ words: [String], today: Date, now: Date, calendar: LocalTime, text: String) throws(DateParseError) -> Date {
        switch words.count {
        case 1:
            let word = words[0]
            switch word {
            case "today", "tonight": return today
            case "tomorrow": return try add(days: 1, to: today, calendar: calendar, text: text)
            case "yesterday": return try add(days: -1, to: today, calendar: calendar, text: text)
            default: break
            }
            if let weekday = weekdayNumber(word) { return try next(weekday: weekday, after: today, calendar: calendar, text: text) }
            if let days = try dayCount(word, text: text) { return try add(days: days, to: today, calendar: calendar, text: text) }
            if isISODateStart(Array(word.utf8)) {
                let (date, hasTime) = try parseISO(Array(word.utf8), text: text, calendar: calendar)
                if !hasTime { return date }
            }
        case 2:
            if words[0] == "next" {
                if words[1] == "week" { return try next(weekday: 2, after: today, calendar: calendar, text: text) }
                if words[1] == "month" { return try add(months: 1, to: today, day: 1, calendar: calendar, text: text) }
                if let weekday = weekdayNumber(words[1]) { return try next(weekday: weekday, after: today, calendar: calendar, text: text) }
            }
            if let date = try monthDay(words, today: today, calendar: calendar, text: text) { return date }
        case 3:
            if words[0] == "in", let count = try count(words[1], text: text) {
                switch words[2] {
                case "month", "months": return try add(months: count, to: today, calendar: calendar, text: text)
                case "day", "days": return try add(days: try checked(count, text: text), to: today, calendar: calendar, text: text)
                case "week", "weeks": return try add(days: try checked(count, weeks: true, text: text), to: today, calendar: calendar, text: text)
                default: break
                }
            }
            if let date = try monthDay(words, today: today, calendar: calendar, text: text) { return date }
        default:
            break
        }
        throw DateParseError(text: text)
    }

    /// 1 = Sunday … 7 = Saturday (as ``LocalTime/Fields/weekday``), for a full name or a
    /// 3-letter abbreviation.
    static func weekdayNumber(_ word: String) -> Int? {
        for (index, name) in weekdayNames.enumerated() where word == name || word == String(name.prefix(3)) {
            return index + 1
        }
        return nil
    }

    /// 1 … 12 for a month's full name, its 3-letter abbreviation or `sept`; a trailing `.`
    /// or `,` is allowed.
    static func monthNumber(_ word: String) -> Int? {
        var word = Substring(word)
        while word.last == "." || word.last == "," { word = word.dropLast() }
        for (index, name) in monthNames.enumerated() where word == name || word == name.prefix(3) || (index == 8 && word == "sept") {
            return index + 1
        }
        return nil
    }

    /// The next day with this weekday strictly after `today`.
    static func next(weekday: Int, after today: Date, calendar: LocalTime, text: String) throws(DateParseError) -> Date {
        let current = calendar.fields(of: today).weekday
        var ahead = (weekday - current + 7) % 7
        if ahead == 0 { ahead = 7 }
        return try add(days: ahead, to: today, calendar: calendar, text: text)
    }

    static func add(days: Int, to day: Date, calendar: LocalTime, text: String) throws(DateParseError) -> Date {
        guard let date = calendar.startOfDay(days, daysAfter: day) else {
            throw DateParseError(text: text, reason: "that is too far away")
        }
        return date
    }

    /// `3d`, `+3d`, `-1d`, `2w`, `+2w`, `-2w` as a number of days; nil for other words.
    static func dayCount(_ word: String, text: String) throws(DateParseError) -> Int? {
        var body = Substring(word)
        var sign = 1
        if body.first == "+" { body = body.dropFirst() } else if body.first == "-" { sign = -1; body = body.dropFirst() }
        guard let unit = body.last, unit == "d" || unit == "w" else { return nil }
        guard let count = try number(String(body.dropLast()), text: text) else { return nil }
        return try checked(sign * count, weeks: unit == "w", text: text)
    }

    /// The value of a word made of ASCII digits only; nil for other words. A number too
    /// large for an `Int` is out of range.
    static func number(_ word: String, text: String) throws(DateParseError) -> Int? {
        guard !word.isEmpty, word.allSatisfy(\.isASCIIDigit) else { return nil }
        guard let value = Int(word) else { throw outOfRange(text: text) }
        return value
    }

    /// `count` days (or weeks) as days, within ±``maximumDayCount``.
    static func checked(_ count: Int, weeks: Bool = false, text: String) throws(DateParseError) -> Int {
        let (days, overflow) = count.multipliedReportingOverflow(by: weeks ? 7 : 1)
        guard !overflow, abs(days) <= maximumDayCount else { throw outOfRange(text: text) }
        return days
    }

    static func outOfRange(text: String) -> DateParseError {
        DateParseError(text: text, reason: "that is out of range: count at most \(maximumDayCount) days (about 270 years) either way")
    }

    /// `Dec 1`, `1 Dec`, `December 1 2027`, `1 Dec 2027`; nil for other words. Without a
    /// year, this year's when it is today, later, or at most ``monthDayPastWindow`` days
    /// ago (overdue: `Nov 20` on November 28), else next year's (`Jan 5` in November).
    static func monthDay(_ words: [String], today: Date, calendar: LocalTime, text: String) throws(DateParseError) -> Date? {
        func dayNumber(_ word: String) -> Int? {
            var word = Substring(word)
            while word.last == "," || word.last == "." { word = word.dropLast() }
            for suffix in ["st", "nd", "rd", "th"] where word.hasSuffix(suffix) { word = word.dropLast(2) }
            guard (1...2).contains(word.count), word.allSatisfy(\.isASCIIDigit) else { return nil }
            return Int(word)
        }
        let month: Int, day: Int
        if let m = monthNumber(words[0]), let d = dayNumber(words[1]) {
            (month, day) = (m, d)
        } else if let d = dayNumber(words[0]), let m = monthNumber(words[1]) {
            (month, day) = (m, d)
        } else {
            return nil
        }
        let todayFields = calendar.fields(of: today)
        var year = todayFields.year
        if words.count == 3 {
            guard words[2].count == 4, let given = Int(words[2]), words[2].allSatisfy(\.isASCIIDigit) else { return nil }
            year = given
        } else if (month, day) < (todayFields.month, todayFields.day),
                  calendar.date(year: year, month: month, day: day).map({ calendar.days(from: $0, to: today) > monthDayPastWindow }) ?? true {
            year += 1
        }
        guard let date = calendar.date(year: year, month: month, day: day) else {
            throw DateParseError(text: text, reason: "there is no day \(day) in \(monthNames[month - 1].capitalized) \(year)")
        }
        return date
    }

    /// The hour and minute of a time at the end of `words` (`17:00`, `9:30`, `9am`,
    /// `9:30pm`, `9 am`) and how many words it took; nil when the last words are no time.
    static func timeOfDay(atEndOf words: [String]) -> (time: (hour: Int, minute: Int), count: Int)? {
        guard let last = words.last else { return nil }
        if let time = time(last) { return (time, 1) }
        if words.count >= 2, last == "am" || last == "pm", let time = time(words[words.count - 2] + last) { return (time, 2) }
        return nil
    }

    /// `17:00`, `9:30`, `9am`, `12pm`, `9:30pm`, `noon` as an hour and minute; nil otherwise.
    static func time(_ word: String) -> (hour: Int, minute: Int)? {
        if word == "noon" { return (12, 0) }
        var body = Substring(word)
        var meridiem: String?
        if body.hasSuffix("am") || body.hasSuffix("pm") {
            meridiem = String(body.suffix(2))
            body = body.dropLast(2)
        }
        let parts = body.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count),
              parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCIIDigit) }),
              var hour = Int(parts[0])
        else { return nil }
        let minute = parts.count == 2 ? Int(parts[1]) ?? 60 : 0
        if parts.count == 2 && parts[1].count != 2 { return nil }
        // A bare number is a time only with am/pm: `3` alone is no time.
        if parts.count == 1 && meridiem == nil { return nil }
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        guard (0...23).contains(hour), (0...59).contains(minute) else { return nil }
        return (hour, minute)
    }

    /// Refuses `12/01/2026`, `1.12.2026`, `12/01`: countries read them differently. The
    /// message gives the ISO form of each reading.
    static func refuseNumericDate(_ trimmed: String, text: String, now: Date, calendar: LocalTime) throws(DateParseError) {
        guard let separator = trimmed.first(where: { $0 == "/" || $0 == "." }) else { return }
        let parts = trimmed.split(separator: separator, omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) }),
              parts[0].count <= 2, parts[1].count <= 2,
              let first = Int(parts[0]), let second = Int(parts[1])
        else { return }
        var year = calendar.fields(of: now).year
        if parts.count == 3 {
            guard let given = Int(parts[2]), [2, 4].contains(parts[2].count) else { return }
            year = parts[2].count == 2 ? 2000 + given : given
        }
        let readings = [(first, second), (second, first)].filter { month, day in
            (1...12).contains(month) && (1...LocalTime.daysIn(month: month, year: year)).contains(day)
        }
        func iso(_ month: Int, _ day: Int) -> String {
            "\(year)-\(month < 10 ? "0" : "")\(month)-\(day < 10 ? "0" : "")\(day)"
        }
        var forms: [String] = []
        for (month, day) in readings where !forms.contains(iso(month, day)) { forms.append(iso(month, day)) }
        let hint = forms.isEmpty ? "write the date as YYYY-MM-DD" : "write it as " + forms.joined(separator: " or ")
        throw DateParseError(text: text, reason: "dates with \(separator) are read differently in different countries; \(hint)")
    }
}
