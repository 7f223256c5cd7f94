import FoundationEssentials

/// The named instants and counted months of ``DateParser``: `now`, `noon`, `tonight`,
/// `eod`, `eow`, `eom` (the last three as taskwarrior reads them), `next month`, `in 2
/// months`, and counts written as words (`in two weeks`).
extension DateParser {
    /// The hour `tonight` stands for when no time is given: 18:00.
    public static let tonightHour = 18

    /// Count words `in … days/weeks/months` takes besides digits: `a`, `an`, `one` … `twelve`.
    static let countWords = [
        "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
        "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
    ]

    /// The instant one word names, or nil for other words: `now` (this moment), `noon`
    /// (today 12:00), `tonight` (today 18:00), `eod` (today 23:59:59), `eow` (Sunday
    /// 23:59:59 of this week, weeks starting on Monday), `eom` (the month's last day
    /// 23:59:59).
    static func namedInstant(_ words: [String], now: Date, today: Date, calendar: LocalTime, text: String) throws(DateParseError) -> ParsedDue? {
        guard words.count == 1 else { return nil }
        let fields = calendar.fields(of: today)
        func at(_ day: Date, hour: Int, minute: Int = 0, second: Int = 0) throws(DateParseError) -> ParsedDue {
            let f = calendar.fields(of: day)
            guard let date = calendar.date(year: f.year, month: f.month, day: f.day, hour: hour, minute: minute, second: second) else {
                throw DateParseError(text: text, reason: "that is too far away")
            }
            return ParsedDue(date: date, isDay: false)
        }
        switch words[0] {
        case "now": return ParsedDue(date: now, isDay: false)
        case "noon": return try at(today, hour: 12)
        case "tonight": return try at(today, hour: tonightHour)
        case "eod": return try at(today, hour: 23, minute: 59, second: 59)
        case "eow":
            // Weekday 1 is Sunday: the days from today to Sunday, 0 on a Sunday.
            let sunday = try add(days: (8 - fields.weekday) % 7, to: today, calendar: calendar, text: text)
            return try at(sunday, hour: 23, minute: 59, second: 59)
        case "eom":
            let last = try add(days: LocalTime.daysIn(month: fields.month, year: fields.year) - fields.day, to: today, calendar: calendar, text: text)
            return try at(last, hour: 23, minute: 59, second: 59)
        default: return nil
        }
    }

    /// A count as `in N …` takes it: digits or a word from ``countWords``; nil for others.
    static func count(_ word: String, text: String) throws(DateParseError) -> Int? {
        if let value = countWords[word] { return value }
        return try number(word, text: text)
    }

    /// The day `months` months after `today`'s month, on `day` (today's day when nil), the
    /// day kept within the month (Jan 31 and a month is Feb 28 or 29).
    static func add(months: Int, to today: Date, day: Int? = nil, calendar: LocalTime, text: String) throws(DateParseError) -> Date {
        guard abs(months) <= maximumDayCount / 28 else { throw outOfRange(text: text) }
        let fields = calendar.fields(of: today)
        let index = fields.year * 12 + (fields.month - 1) + months
        let year = index >= 0 ? index / 12 : (index - 11) / 12
        let month = index - year * 12 + 1
        let wanted = min(day ?? fields.day, LocalTime.daysIn(month: month, year: year))
        guard let date = calendar.date(year: year, month: month, day: wanted) else {
            throw DateParseError(text: text, reason: "that is too far away")
        }
        return date
    }

    /// How far back a month and day without a year may lie and still be this year's (an
    /// overdue day): 60 days. An earlier one is next year's (`Jan 5` in November).
    public static let monthDayPastWindow = 60
}
