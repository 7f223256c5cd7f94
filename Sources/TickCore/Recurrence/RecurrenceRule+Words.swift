import FoundationEssentials

/// Repeats as people type and read them: `every 2 weeks`, `every last fri`, `every month on
/// the 15th until 2027-06-30`, for `tick add --repeat`, `tick edit --repeat` and the app's
/// repeat editor; and a rule said back in the same words for `tick show` and the detail pane.
extension RecurrenceRule {
    /// Reads what a person typed: an RRULE value (`FREQ=MONTHLY;BYDAY=2TU`) or words —
    /// `daily`, `weekly`, `monthly`, `yearly`, `every day`, `every 3 days`, `every week`,
    /// `every 2 weeks`, `every weekday`, `every fri`, `every mon,thu`, `every 2 weeks on mon`,
    /// `every month`, `every month on the 15th`, `every month on the last day`, `every last
    /// fri`, `every 2nd tue`, `every year`, `every 2 years` — each optionally followed by
    /// `until DATE` (a date as ``DateParser`` reads it, relative to `now` in `calendar`). The
    /// UNTIL is written as a DATE when `untilAsDay` (the item's due is a day), else as the
    /// UTC time of the end of that day in `calendar`.
    public init(words typed: String, now: Date, calendar: LocalTime, untilAsDay: Bool) throws(RecurrenceError) {
        let trimmed = typed.trimmed()
        guard !trimmed.isEmpty else { throw RecurrenceError(message: "a repeat needs a rule: every week, every 2 days, FREQ=…") }
        if trimmed.contains("=") {
            try self.init(parsing: trimmed)
            return
        }
        var words = trimmed.split(whereSeparator: \.isWhitespace).map(String.init)
        var until: String?
        if let index = words.firstIndex(where: { $0.lowercased() == "until" }) {
            let dateText = words[(index + 1)...].joined(separator: " ")
            words.removeSubrange(index...)
            until = try Self.untilValue(dateText, now: now, calendar: calendar, asDay: untilAsDay)
        }
        var rule = try Self.ruleText(words: words.joined(separator: " ").lowercased(), typed: trimmed)
        if let until { rule += ";UNTIL=" + until }
        try self.init(parsing: rule)
    }

    /// The rule in words when it can be said (`every 2 weeks on Mon`, `every last Fri`,
    /// `every month on the 15th, 5 times`), nil when it cannot (BYSETPOS, hours, several
    /// month days …): then show ``text``.
    public var words: String? {
        guard bySecond.isEmpty, byMinute.isEmpty, byHour.isEmpty, byYearDay.isEmpty, byWeekNo.isEmpty, bySetPos.isEmpty,
              extensions.allSatisfy({ ["RSCALE", "SKIP"].contains($0.name.uppercased()) }) else { return nil }
        let unit: String
        switch frequency {
        case .daily: unit = "day"
        case .weekly: unit = "week"
        case .monthly: unit = "month"
        case .yearly: unit = "year"
        default: return nil
        }
        var phrase = interval == 1 ? "every \(unit)" : "every \(interval) \(unit)s"
        switch frequency {
        case .daily:
            guard byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
        case .weekly:
            guard byMonthDay.isEmpty, byMonth.isEmpty, byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
            let days = byDay.map(\.weekday)
            if interval == 1, Set(days) == [.monday, .tuesday, .wednesday, .thursday, .friday], days.count == 5 {
                phrase = "every weekday"
            } else if !days.isEmpty {
                phrase += " on " + days.map(\.shortName).joined(separator: ", ")
            }
        case .monthly:
            guard byMonth.isEmpty, byDay.count + byMonthDay.count <= 1 else { return nil }
            if let day = byMonthDay.first {
                phrase += day == -1 ? " on the last day" : day > 0 ? " on the \(Self.ordinal(day))" : ""
                if day < -1 { return nil }
            } else if let weekday = byDay.first {
                guard let ordinal = weekday.ordinal else { return nil }
                let which = ordinal == -1 ? "last" : ordinal > 0 ? Self.ordinal(ordinal) : nil
                guard let which else { return nil }
                phrase = interval == 1 ? "every \(which) \(weekday.weekday.shortName)"
                                       : "every \(interval) months on the \(which) \(weekday.weekday.shortName)"
            }
        case .yearly:
            guard byDay.isEmpty, byMonthDay.isEmpty, byMonth.isEmpty else { return nil }
        default: return nil
        }
        if let count { phrase += count == 1 ? ", once" : ", \(count) times" }
        if let until {
            // A UTC UNTIL (tick writes the end of the local day) is said as the local day it falls on,
            // so that the words typed back give the same rule.
            let day = until.isUTC ? CalendarDay(of: Date(timeIntervalSince1970: Double(until.wallSeconds)), in: .current)
                                  : CalendarDay(year: until.year, month: until.month, day: until.day)
            phrase += " until " + (day?.description ?? "")
        }
        return phrase
    }

    // MARK: - Words to RRULE

    private static let weekdayWords: [(prefix: String, code: String)] = [
        ("mon", "MO"), ("tue", "TU"), ("wed", "WE"), ("thu", "TH"), ("fri", "FR"), ("sat", "SA"), ("sun", "SU"),
    ]

    /// The RRULE text of the words (without UNTIL).
    private static func ruleText(words text: String, typed: String) throws(RecurrenceError) -> String {
        func fail() -> RecurrenceError {
            RecurrenceError(message: """
                "\(VisibleText.line(typed))" is not a repeat tick knows: say every day, every 3 days, every week, every 2 weeks, \
                every weekday, every fri, every mon,thu, every month, every month on the 15th, every last fri, every year \
                (… until DATE), or give an RRULE such as FREQ=MONTHLY;BYDAY=2TU
                """)
        }
        switch text {
        case "daily": return "FREQ=DAILY"
        case "weekly": return "FREQ=WEEKLY"
        case "monthly": return "FREQ=MONTHLY"
        case "yearly", "annually": return "FREQ=YEARLY"
        default: break
        }
        var spaced = ""
        for character in text { if character == "," { spaced += " , " } else { spaced.append(character) } }
        var words = spaced.split(whereSeparator: { $0.isWhitespace }).map(String.init)
        guard words.first == "every", words.count >= 2 else { throw fail() }
        words.removeFirst()
        // every [N] unit [on …]
        var interval = 1
        if let number = Int(words[0]) {
            guard number >= 1, number <= 1_000, words.count >= 2 else { throw fail() }
            interval = number
            words.removeFirst()
        } else if words[0] == "other" {
            interval = 2
            words.removeFirst()
        }
        let part = interval == 1 ? "" : ";INTERVAL=\(interval)"
        let unit = words.removeFirst()
        switch unit {
        case "day", "days":
            guard words.isEmpty else { throw fail() }
            return "FREQ=DAILY" + part
        case "week", "weeks":
            guard !words.isEmpty else { return "FREQ=WEEKLY" + part }
            guard words.first == "on" else { throw fail() }
            return "FREQ=WEEKLY" + part + ";BYDAY=" + (try weekdays(Array(words.dropFirst()), fail))
        case "month", "months":
            guard !words.isEmpty else { return "FREQ=MONTHLY" + part }
            guard words.first == "on" else { throw fail() }
            var rest = Array(words.dropFirst())
            if rest.first == "the" { rest.removeFirst() }
            if rest == ["last", "day"] { return "FREQ=MONTHLY" + part + ";BYMONTHDAY=-1" }
            if rest.count == 1, let day = dayOfMonth(rest[0]) { return "FREQ=MONTHLY" + part + ";BYMONTHDAY=\(day)" }
            if rest.count == 2, let ordinal = ordinalValue(rest[0]), let code = weekdayCode(rest[1]) {
                return "FREQ=MONTHLY" + part + ";BYDAY=\(ordinal)\(code)"
            }
            throw fail()
        case "year", "years":
            guard words.isEmpty else { throw fail() }
            return "FREQ=YEARLY" + part
        case "weekday" where interval == 1 && words.isEmpty:
            return "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"
        default:
            // every fri, every mon,thu, every last fri, every 2nd tue
            guard interval == 1 else { throw fail() }
            if let ordinal = ordinalValue(unit), words.count == 1, let code = weekdayCode(words[0]) {
                return "FREQ=MONTHLY;BYDAY=\(ordinal)\(code)"
            }
            return "FREQ=WEEKLY;BYDAY=" + (try weekdays([unit] + words, fail))
        }
    }

    /// `mon , thu` / `mon and thu` / `monday` → `MO,TH`; each day once, in the order given.
    private static func weekdays(_ words: [String], _ fail: () -> RecurrenceError) throws(RecurrenceError) -> String {
        var codes: [String] = []
        for word in words where word != "," && word != "and" {
            guard let code = weekdayCode(word) else { throw fail() }
            if !codes.contains(code) { codes.append(code) }
        }
        guard !codes.isEmpty else { throw fail() }
        return codes.joined(separator: ",")
    }

    /// `fri`, `friday`, `fridays` → `FR`.
    private static func weekdayCode(_ word: String) -> String? {
        guard word.count >= 2 else { return nil }
        let singular = word.hasSuffix("s") && word.count > 3 ? String(word.dropLast()) : word
        for (prefix, code) in weekdayWords {
            let full = ["mon": "monday", "tue": "tuesday", "wed": "wednesday", "thu": "thursday", "fri": "friday",
                        "sat": "saturday", "sun": "sunday"][prefix] ?? prefix
            if singular.count >= 3 && full.hasPrefix(singular) || singular == prefix || (prefix == "tue" && singular == "tues")
                || (prefix == "thu" && (singular == "thur" || singular == "thurs")) {
                return code
            }
        }
        return nil
    }

    /// `first`…`fifth`, `1st`…`5th`, `last` → 1…5, -1.
    private static func ordinalValue(_ word: String) -> Int? {
        if word == "last" { return -1 }
        if let index = ["first", "second", "third", "fourth", "fifth"].firstIndex(of: word) { return index + 1 }
        guard let day = dayOfMonth(word), day <= 5 else { return nil }
        return day
    }

    /// `15th`, `1st`, `22nd`, `3rd`, `15` → the day of the month, 1…31.
    private static func dayOfMonth(_ word: String) -> Int? {
        let digits = word.prefix { $0.isASCII && $0.isNumber }
        let suffix = word.dropFirst(digits.count)
        guard !digits.isEmpty, ["", "st", "nd", "rd", "th"].contains(String(suffix)), let day = Int(digits), (1...31).contains(day)
        else { return nil }
        return day
    }

    /// `1st`, `2nd`, `3rd`, `15th`, `22nd`.
    static func ordinal(_ number: Int) -> String {
        let suffix = (11...13).contains(number % 100) ? "th" : [1: "st", 2: "nd", 3: "rd"][number % 10] ?? "th"
        return "\(number)\(suffix)"
    }

    /// UNTIL's value for `until DATE`: `20270630` (a day), or the UTC time of the end of that
    /// day in `calendar` (`20270630T215959Z` in Berlin's summer).
    private static func untilValue(_ text: String, now: Date, calendar: LocalTime, asDay: Bool) throws(RecurrenceError) -> String {
        let parsed: ParsedDue
        do {
            parsed = try DateParser.parseDue(text, now: now, calendar: calendar)
        } catch {
            throw RecurrenceError(message: "until: \(error.description)")
        }
        guard let day = CalendarDay(of: parsed.date, in: calendar) else {
            throw RecurrenceError(message: "until: \"\(VisibleText.line(text))\" is not a day")
        }
        if asDay { return day.basicFormat }
        guard let end = calendar.date(year: day.year, month: day.month, day: day.day, hour: 23, minute: 59, second: 59) else {
            throw RecurrenceError(message: "until: \"\(VisibleText.line(text))\" is not a day")
        }
        let utc = LocalTime.utc.fields(of: end)
        func two(_ value: Int) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return "\(utc.year)\(two(utc.month))\(two(utc.day))T\(two(utc.hour))\(two(utc.minute))\(two(utc.second))Z"
    }
}
