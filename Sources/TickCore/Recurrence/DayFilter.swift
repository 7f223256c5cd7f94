/// A day as the day parts of a rule look at it.
struct DayInfo {
    let dayNumber: Int64
    let year: Int64
    let month: Int
    let day: Int
    let monthLength: Int
    /// 1 = January 1.
    let yearDay: Int
    let yearLength: Int
    let weekday: RecurrenceRule.Weekday

    init(dayNumber: Int64) {
        let civil = Civil(dayNumber: dayNumber)
        let yearStart = Civil(year: civil.year, month: 1, day: 1).dayNumber
        self.init(
            dayNumber: dayNumber, year: civil.year, month: Int(civil.month), day: Int(civil.day),
            yearStart: yearStart, weekday: .init(dayNumber: dayNumber)
        )
    }

    init(dayNumber: Int64, year: Int64, month: Int, day: Int, yearStart: Int64, weekday: RecurrenceRule.Weekday) {
        self.dayNumber = dayNumber
        self.year = year
        self.month = month
        self.day = day
        monthLength = DayFilter.daysIn(month: month, year: year)
        yearDay = Int(dayNumber - yearStart) + 1
        yearLength = DayFilter.daysIn(month: 2, year: year) == 29 ? 366 : 365
        self.weekday = weekday
    }
}

/// The day parts of a rule — BYMONTH, BYWEEKNO, BYYEARDAY, BYMONTHDAY, BYDAY — as one test
/// a day passes or not, with what the rule leaves open taken from the series' start.
///
/// A day passes when it passes every part given: BYMONTHDAY and BYYEARDAY count negative
/// values from the end of the month or year; BYDAY passes a day on one of its plain
/// weekdays or that is one of its numbered weekdays, numbered within the month (MONTHLY,
/// and YEARLY with BYMONTH) or the year (YEARLY without BYMONTH).
struct DayFilter {
    /// Index 1…12; nil: any month.
    let monthMask: [Bool]?
    /// The months a YEARLY period looks at, ascending.
    let monthsToVisit: [Int64]
    let monthDays: SignedMask?
    let yearDays: SignedMask?
    let weekNumbers: SignedMask?
    let weekStart: Int
    /// Plain BYDAY weekdays (index 0 = Monday); nil when BYDAY is not given.
    let weekdays: [Bool]?
    let numberedWeekdays: [RecurrenceRule.WeekdayNum]
    /// Numbered weekdays count within the year, not the month.
    let numberedInYear: Bool

    /// Values from 1 up and from -1 down, each a mask by magnitude.
    struct SignedMask {
        var positive: [Bool]
        var negative: [Bool]

        init(_ values: [Int], size: Int) {
            positive = [Bool](repeating: false, count: size + 1)
            negative = positive
            for value in values where value != 0 && abs(value) <= size {
                if value > 0 { positive[value] = true } else { negative[-value] = true }
            }
        }

        /// Whether `value` (1…`length`) is given counting from the start or from the end.
        func contains(_ value: Int, of length: Int) -> Bool {
            positive[value] || negative[length - value + 1]
        }
    }

    init(rule: RecurrenceRule, startCivil: Civil, startWeekday: RecurrenceRule.Weekday) {
        var months = rule.byMonth
        var monthDays = rule.byMonthDay
        var byDay = rule.byDay
        // RFC 5545: what the rule does not say comes from DTSTART — the day of a YEARLY or
        // MONTHLY rule without day parts, the weekday of a WEEKLY one.
        if rule.byWeekNo.isEmpty && rule.byYearDay.isEmpty && rule.byMonthDay.isEmpty && rule.byDay.isEmpty {
            switch rule.frequency {
            case .yearly:
                if months.isEmpty { months = [Int(startCivil.month)] }
                monthDays = [Int(startCivil.day)]
            case .monthly:
                monthDays = [Int(startCivil.day)]
            case .weekly:
                byDay = [.init(startWeekday)]
            default:
                break
            }
        }
        if months.isEmpty {
            monthMask = nil
            monthsToVisit = Array(1...12)
        } else {
            var mask = [Bool](repeating: false, count: 13)
            for month in months { mask[month] = true }
            monthMask = mask
            monthsToVisit = (1...12).filter { mask[Int($0)] }
        }
        self.monthDays = monthDays.isEmpty ? nil : SignedMask(monthDays, size: 31)
        yearDays = rule.byYearDay.isEmpty ? nil : SignedMask(rule.byYearDay, size: 366)
        weekNumbers = rule.byWeekNo.isEmpty ? nil : SignedMask(rule.byWeekNo, size: 53)
        weekStart = rule.effectiveWeekStart.rawValue
        if byDay.isEmpty {
            weekdays = nil
        } else {
            var mask = [Bool](repeating: false, count: 7)
            for entry in byDay where entry.ordinal == nil { mask[entry.weekday.rawValue] = true }
            weekdays = mask
        }
        numberedWeekdays = byDay.filter { $0.ordinal != nil }
        numberedInYear = rule.frequency == .yearly && rule.byMonth.isEmpty
    }

    /// Whether `info`'s day passes every day part.
    func matches(_ info: DayInfo) -> Bool {
        if let monthMask, !monthMask[info.month] { return false }
        if let yearDays, !yearDays.contains(info.yearDay, of: info.yearLength) { return false }
        if let monthDays, !monthDays.contains(info.day, of: info.monthLength) { return false }
        if let weekdays, !weekdays[info.weekday.rawValue] && !isNumberedWeekday(info) { return false }
        if let weekNumbers, !matchesWeek(info, weekNumbers) { return false }
        return true
    }

    /// Whether the day is one of BYDAY's numbered weekdays (`2TU`, `-1FR`).
    private func isNumberedWeekday(_ info: DayInfo) -> Bool {
        let (position, length) = numberedInYear ? (info.yearDay, info.yearLength) : (info.day, info.monthLength)
        let fromStart = (position - 1) / 7 + 1
        let fromEnd = -((length - position) / 7 + 1)
        return numberedWeekdays.contains { $0.weekday == info.weekday && ($0.ordinal == fromStart || $0.ordinal == fromEnd) }
    }

    /// Whether the day's week number (weeks start on WKST; week 1 is the first with at
    /// least four days of its year, RFC 5545) is one BYWEEKNO names, counted from either
    /// end of the year the week belongs to.
    private func matchesWeek(_ info: DayInfo, _ numbers: SignedMask) -> Bool {
        var weekYear = info.year
        var first = firstWeekStart(of: weekYear)
        if info.dayNumber < first {
            weekYear -= 1
            first = firstWeekStart(of: weekYear)
        } else {
            let following = firstWeekStart(of: weekYear + 1)
            if info.dayNumber >= following {
                weekYear += 1
                first = following
            }
        }
        let weeks = Int((firstWeekStart(of: weekYear + 1) - first) / 7)
        let week = Int((info.dayNumber - first) / 7) + 1
        return numbers.contains(week, of: weeks)
    }

    /// The first day of week 1 of `year`: the week start on or before January 4.
    private func firstWeekStart(of year: Int64) -> Int64 {
        let fourth = Civil(year: year, month: 1, day: 4).dayNumber
        let weekday = RecurrenceRule.Weekday(dayNumber: fourth).rawValue
        return fourth - Int64((weekday - weekStart + 7) % 7)
    }

    /// Appends the days of `month` of `year` that pass.
    func collect(year: Int64, month: Int64, yearStart: Int64, into out: inout [Int64]) {
        let first = Civil(year: year, month: month, day: 1).dayNumber
        let length = Self.daysIn(month: Int(month), year: year)
        var weekday = RecurrenceRule.Weekday(dayNumber: first).rawValue
        for day in 1...length {
            let number = first + Int64(day - 1)
            let info = DayInfo(
                dayNumber: number, year: year, month: Int(month), day: day, yearStart: yearStart,
                weekday: RecurrenceRule.Weekday(rawValue: weekday) ?? .monday
            )
            if matches(info) { out.append(number) }
            weekday = weekday == 6 ? 0 : weekday + 1
        }
    }

    /// ``LocalTime``'s month lengths, for the engine's 64-bit years (at most 9999).
    static func daysIn(month: Int, year: Int64) -> Int {
        LocalTime.daysIn(month: month, year: Int(year))
    }
}
