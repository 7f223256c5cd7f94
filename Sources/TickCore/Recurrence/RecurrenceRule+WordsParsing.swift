import FoundationEssentials

/// Reading a repeat as a person types it.
extension RecurrenceRule {
    /// The words ``init(words:now:calendar:untilAsDay:)`` reads, for help texts and errors.
    public static let acceptedWords = "daily, weekly, monthly, yearly, weekdays, every day, every 3 days, every week, "
        + "every 2 weeks, every weekday, every fri, every mon,thu, every 2 weeks on mon, every month, "
        + "every month on the 15th, every month on the last day, every last fri, every 2nd tue, every year, "
        + "every year on dec 25, optionally followed by \"until DATE\" or \"5 times\"; "
        + "or an RRULE such as FREQ=MONTHLY;BYDAY=2TU"

    /// Parses what a person types: an RRULE value (`FREQ=MONTHLY;BYDAY=2TU`) or words:
    /// daily, weekly, monthly, yearly, every day, every 3 days, every week, every 2 weeks,
    /// every weekday, every fri, every mon,thu, every month, every month on the 15th, every
    /// last fri, every year, each optionally followed by `until DATE` (DATE as ``DateParser``
    /// reads it: 2027-01-31, "Dec 1", "next week"…) or by `5 times`.
    ///
    /// `untilAsDay`: write UNTIL as a DATE (for an item whose due is a day) or as the UTC
    /// DATE-TIME of the end (23:59:59 local) of that day — or of the very time, when the
    /// text after `until` names one.
    public init(words: String, now: Date, calendar: LocalTime, untilAsDay: Bool) throws(RecurrenceError) {
        let trimmed = words.trimmingWhitespace
        if trimmed.contains("=") {
            self = try RecurrenceRule(parsing: trimmed)
            return
        }
        var tokens = trimmed.lowercased().split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        var ending: String?
        if let index = tokens.lastIndex(of: "until") {
            let dateText = tokens[(index + 1)...].joined(separator: " ")
            tokens.removeSubrange(index...)
            guard !dateText.isEmpty else { throw RecurrenceError(message: "\"\(words)\": until what day?") }
            ending = try Self.untilPart(dateText, now: now, calendar: calendar, asDay: untilAsDay)
        }
        if let count = Self.takeCount(&tokens) {
            guard ending == nil else { throw RecurrenceError(message: "\"\(words)\": give an end day or a number of times, not both") }
            ending = "COUNT=\(count)"
        }
        guard var parts = Self.bodyParts(tokens.filter { $0 != "and" }) else {
            throw RecurrenceError(message: "cannot read \"\(words)\" as a repeat; use one of: \(Self.acceptedWords)")
        }
        if let ending { parts.append(ending) }
        self = try RecurrenceRule(parsing: parts.joined(separator: ";"))
    }

    /// `5 times`, `for 5 times`, `once`, `twice` at the end, taken off.
    private static func takeCount(_ tokens: inout [String]) -> Int? {
        guard let last = tokens.last else { return nil }
        var count: Int?
        if last == "once" || last == "twice" {
            count = last == "once" ? 1 : 2
            tokens.removeLast()
        } else if last == "times" || last == "time", tokens.count >= 2, let number = Int(tokens[tokens.count - 2]), number > 0 {
            count = number
            tokens.removeLast(2)
        }
        if count != nil, tokens.last == "for" { tokens.removeLast() }
        return count
    }

    /// The RRULE parts the words before `until` or the count say; nil when they say none.
    private static func bodyParts(_ tokens: [String]) -> [String]? {
        switch tokens {
        case ["daily"]: return ["FREQ=DAILY"]
        case ["weekly"]: return ["FREQ=WEEKLY"]
        case ["monthly"]: return ["FREQ=MONTHLY"]
        case ["yearly"], ["annually"]: return ["FREQ=YEARLY"]
        case ["hourly"]: return ["FREQ=HOURLY"]
        // (taskwarrior's recur word for it.)
        case ["weekdays"]: return bodyParts(["every", "weekday"])
        default: break
        }
        guard tokens.first == "every" || tokens.first == "each" else { return nil }
        var rest = Array(tokens.dropFirst())
        guard !rest.isEmpty else { return nil }
        var interval = 1
        if rest[0] == "other" {
            interval = 2
            rest.removeFirst()
        } else if rest[0].allSatisfy(\.isASCIIDigit), let number = Int(rest[0]), rest.count > 1, isUnit(rest[1]) {
            interval = number
            rest.removeFirst()
        }
        let intervalPart = interval == 1 ? [] : ["INTERVAL=\(interval)"]
        guard let head = rest.first else { return nil }
        let tail = Array(rest.dropFirst())
        switch unitFrequency(head) {
        case "DAILY"?, "HOURLY"?, "MINUTELY"?:
            guard tail.isEmpty, let frequency = unitFrequency(head) else { return nil }
            return ["FREQ=\(frequency)"] + intervalPart
        case "WEEKLY"?:
            if tail.isEmpty { return ["FREQ=WEEKLY"] + intervalPart }
            guard tail.first == "on", let days = weekdayList(Array(tail.dropFirst())) else { return nil }
            return ["FREQ=WEEKLY"] + intervalPart + ["BYDAY=\(days)"]
        case "MONTHLY"?:
            if tail.isEmpty { return ["FREQ=MONTHLY"] + intervalPart }
            guard tail.first == "on" else { return nil }
            var what = Array(tail.dropFirst())
            if what.first == "the" { what.removeFirst() }
            if let day = monthDay(what) { return ["FREQ=MONTHLY"] + intervalPart + ["BYMONTHDAY=\(day)"] }
            if let numbered = numberedWeekday(what) { return ["FREQ=MONTHLY"] + intervalPart + ["BYDAY=\(numbered)"] }
            return nil
        case "YEARLY"?:
            if tail.isEmpty { return ["FREQ=YEARLY"] + intervalPart }
            guard tail.count == 3, tail[0] == "on" else { return nil }
            let words = Array(tail.dropFirst())
            for (monthWord, dayWord) in [(words[0], words[1]), (words[1], words[0])] {
                if let month = DateParser.monthNumber(monthWord), let day = monthDay([dayWord]), day > 0,
                   day <= LocalTime.daysIn(month: month, year: 2000) {
                    return ["FREQ=YEARLY"] + intervalPart + ["BYMONTH=\(month)", "BYMONTHDAY=\(day)"]
                }
            }
            return nil
        default:
            break
        }
        guard interval == 1 else { return nil }
        switch rest {
        case ["weekday"], ["weekdays"], ["work", "day"], ["workday"]: return ["FREQ=WEEKLY", "BYDAY=MO,TU,WE,TH,FR"]
        case ["weekend"], ["weekend", "day"], ["weekend", "days"]: return ["FREQ=WEEKLY", "BYDAY=SA,SU"]
        default: break
        }
        if let days = weekdayList(rest) { return ["FREQ=WEEKLY", "BYDAY=\(days)"] }
        if let numbered = numberedWeekday(rest) { return ["FREQ=MONTHLY", "BYDAY=\(numbered)"] }
        return nil
    }

    private static func isUnit(_ word: String) -> Bool { unitFrequency(word) != nil }

    private static func unitFrequency(_ word: String) -> String? {
        switch word {
        case "day", "days": "DAILY"
        case "week", "weeks": "WEEKLY"
        case "month", "months": "MONTHLY"
        case "year", "years": "YEARLY"
        case "hour", "hours": "HOURLY"
        case "minute", "minutes": "MINUTELY"
        default: nil
        }
    }

    /// `mon thu`, `monday and thursday` as `MO,TH` (in week order); nil unless every word is a weekday.
    private static func weekdayList(_ words: [String]) -> String? {
        guard !words.isEmpty else { return nil }
        var days: Set<Weekday> = []
        for word in words {
            guard let number = DateParser.weekdayNumber(word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word)
                ?? DateParser.weekdayNumber(word),
                let day = Weekday(rawValue: (number + 5) % 7) else { return nil }
            days.insert(day)
        }
        return days.sorted().map(\.code).joined(separator: ",")
    }

    /// `last fri`, `2nd tue`, `second last monday` as `-1FR`, `2TU`, `-2MO`.
    private static func numberedWeekday(_ words: [String]) -> String? {
        guard words.count == 2 || (words.count == 3 && words[1] == "last"),
              let last = words.last, let number = DateParser.weekdayNumber(last),
              let day = Weekday(rawValue: (number + 5) % 7), var ordinal = ordinal(words[0]) else { return nil }
        if words.count == 3 {
            guard ordinal > 0 else { return nil }
            ordinal = -ordinal
        }
        return "\(ordinal)\(day.code)"
    }

    /// `first` … `fifth`, `1st` … `5th`, `last`.
    private static func ordinal(_ word: String) -> Int? {
        let names = ["first": 1, "second": 2, "third": 3, "fourth": 4, "fifth": 5, "last": -1,
                     "1st": 1, "2nd": 2, "3rd": 3, "4th": 4, "5th": 5]
        return names[word]
    }

    /// `15th`, `15`, `1st`, `last day`, `2nd last day` as a BYMONTHDAY value.
    private static func monthDay(_ words: [String]) -> Int? {
        if words == ["last", "day"] { return -1 }
        if words.count == 3, words[1] == "last", words[2] == "day", let number = dayNumber(words[0]) { return -number }
        guard words.count == 1 || (words.count == 2 && words[1] == "day") else { return nil }
        return dayNumber(words[0])
    }

    private static func dayNumber(_ word: String) -> Int? {
        var digits = Substring(word)
        for suffix in ["st", "nd", "rd", "th"] where digits.hasSuffix(suffix) { digits = digits.dropLast(2) }
        guard (1...2).contains(digits.count), digits.allSatisfy(\.isASCIIDigit), let number = Int(digits),
              (1...31).contains(number) else { return nil }
        return number
    }

    /// `UNTIL=…` for the day (or time) `text` names.
    private static func untilPart(_ text: String, now: Date, calendar: LocalTime, asDay: Bool) throws(RecurrenceError) -> String {
        let due: ParsedDue
        do {
            due = try DateParser.parseDue(text, now: now, calendar: calendar)
        } catch {
            throw RecurrenceError(message: "until: \(error.description)")
        }
        let part: String?
        if let day = CalendarDay(of: due.date, in: calendar), asDay || due.isDay {
            part = until(day: day, asDay: asDay, calendar: calendar)
        } else {
            part = until(due.date)
        }
        guard let part else { throw RecurrenceError(message: "until \(text): that is too far away") }
        return part
    }

    /// `UNTIL=…` ending with the day `day`: the day itself beside a day due (`asDay`), else
    /// that day's last second in `calendar`, written in UTC, as RFC 5545 wants UNTIL of the
    /// start's type. Nil for a day no date-time can name.
    public static func until(day: CalendarDay, asDay: Bool, calendar: LocalTime) -> String? {
        if asDay { return "UNTIL=\(day.basicFormat)" }
        return calendar.date(year: day.year, month: day.month, day: day.day, hour: 23, minute: 59, second: 59).flatMap(until)
    }

    /// `UNTIL=YYYYMMDDTHHMMSSZ` of `end`, in UTC; nil past the years a day can have.
    static func until(_ end: Date) -> String? {
        let utc = LocalTime.utc.fields(of: end)
        guard let utcDay = CalendarDay(year: utc.year, month: utc.month, day: utc.day) else { return nil }
        func pad(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "UNTIL=\(utcDay.basicFormat)T\(pad(utc.hour))\(pad(utc.minute))\(pad(utc.second))Z"
    }
}
