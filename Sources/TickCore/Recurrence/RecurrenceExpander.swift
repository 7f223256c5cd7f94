/// The expansion of a rule from a series' start, one period at a time (RFC 5545 3.3.10).
///
/// Works in wall time: seconds since 1970-01-01 00:00 on the series' own clock (UTC for a
/// series of days), so that days, weekdays and months are plain arithmetic and a change of
/// daylight-saving time never moves an occurrence's wall-clock time; the caller maps wall
/// times to instants. Each period (a year, month, week, day, hour, minute or second, every
/// INTERVAL of them from the start's) starts from every day of the period and keeps the days
/// every BYxxx day part accepts: for the parts the table of RFC 5545 3.3.10 says "expand",
/// the period's days are exactly the expansion, and for "limit" the same test limits — one
/// test for both. Days that do not exist (February 30) are never made, so never counted.
/// The days times the times of day are then picked from by BYSETPOS, per period.
struct RecurrenceExpander {
    /// The wall time beyond which nothing is looked for: 9999-12-31 23:59:59.
    static let lastWall: Int64 = 253_402_300_799
    /// How far past the last occurrence (or the point skipped to) a search goes before it
    /// gives up: 400 years, one whole cycle of the Gregorian calendar, so a rule with no
    /// occurrence in that span has none at all.
    static let searchSpan: Int64 = 146_097 * 86_400
    /// How many periods in a row may be empty before a search gives up: bounds rules of
    /// hours, minutes and seconds whose INTERVAL never meets their BYxxx times.
    static let emptyPeriodLimit = 5_000_000

    let frequency: RecurrenceRule.Frequency
    let interval: Int64
    let days: DayFilter
    /// DAILY and longer: the sorted seconds of the day of every occurrence. HOURLY,
    /// MINUTELY, SECONDLY: the sorted offsets of the occurrences from the period's start.
    let times: [Int64]
    /// The hour, minute and second limits of HOURLY, MINUTELY and SECONDLY; nil: any.
    let hourMask: [Bool]?, minuteMask: [Bool]?, secondMask: [Bool]?
    let setPositions: [Int]

    /// The start's year, its month as months since year 0, its day number, and the first
    /// day of its week (WKST).
    let startYear: Int64, startMonthIndex: Int64, startDay: Int64, startWeekDay: Int64
    /// HOURLY and shorter: the wall time of the start's period and the length of a step.
    let base: Int64, step: Int64

    /// The index of the next period to expand (0: the start's).
    private(set) var period: Int64 = 0
    private(set) var exhausted = false
    private var giveUpWall: Int64
    private var emptyPeriods = 0
    private var dayBuffer: [Int64] = []

    init(rule: RecurrenceRule, startWall: Int64) {
        let startDay = LocalTime.floorDivide(startWall, 86_400).quotient
        let secondOfDay = startWall - startDay * 86_400
        let civil = Civil(dayNumber: startDay)
        frequency = rule.frequency
        interval = Int64(rule.interval)
        days = DayFilter(rule: rule, startCivil: civil, startWeekday: .init(dayNumber: startDay))
        self.startDay = startDay
        startYear = civil.year
        startMonthIndex = civil.year * 12 + civil.month - 1
        let weekStart = Int64(rule.effectiveWeekStart.rawValue)
        startWeekDay = startDay - (Int64(RecurrenceRule.Weekday(dayNumber: startDay).rawValue) - weekStart + 7) % 7
        setPositions = rule.bySetPos
        giveUpWall = startWall + Self.searchSpan

        // What the rule leaves open is the start's (RFC 5545: taken from DTSTART); a second
        // of 60 never exists on tick's clocks, so it is dropped like February 30.
        let hours = rule.byHour.isEmpty ? [Int(secondOfDay / 3_600)] : rule.byHour
        let minutes = rule.byMinute.isEmpty ? [Int(secondOfDay / 60 % 60)] : rule.byMinute
        let seconds = (rule.bySecond.isEmpty ? [Int(secondOfDay % 60)] : rule.bySecond).filter { $0 < 60 }
        func mask(_ values: [Int], size: Int) -> [Bool]? {
            guard !values.isEmpty else { return nil }
            var mask = [Bool](repeating: false, count: size)
            for value in values where value < size { mask[value] = true }
            return mask
        }
        var times: Set<Int64> = []
        var hourMask: [Bool]?, minuteMask: [Bool]?, secondMask: [Bool]?
        let unit: Int64
        switch rule.frequency {
        case .secondly:
            hourMask = mask(rule.byHour, size: 24)
            minuteMask = mask(rule.byMinute, size: 60)
            secondMask = mask(rule.bySecond, size: 60)
            if secondMask?.contains(true) != false { times = [0] }
            unit = 1
        case .minutely:
            hourMask = mask(rule.byHour, size: 24)
            minuteMask = mask(rule.byMinute, size: 60)
            times = Set(seconds.map { Int64($0) })
            unit = 60
        case .hourly:
            hourMask = mask(rule.byHour, size: 24)
            for minute in minutes { for second in seconds { times.insert(Int64(minute * 60 + second)) } }
            unit = 3_600
        default:
            for hour in hours { for minute in minutes { for second in seconds {
                times.insert(Int64(hour * 3_600 + minute * 60 + second))
            } } }
            unit = 86_400
        }
        self.times = times.sorted()
        self.hourMask = hourMask
        self.minuteMask = minuteMask
        self.secondMask = secondMask
        step = unit * interval
        base = LocalTime.floorDivide(startWall, unit).quotient * unit
        exhausted = times.isEmpty
    }

    /// Moves on to the periods near `wall`: a little before the one holding it, so that no
    /// occurrence after `wall` is missed even where daylight-saving time moves instants
    /// against wall times. Never moves back.
    mutating func skip(toNear wall: Int64) {
        let target: Int64
        switch frequency {
        case .yearly:
            target = LocalTime.floorDivide(Civil(dayNumber: LocalTime.floorDivide(wall, 86_400).quotient).year - startYear, interval).quotient - 1
        case .monthly:
            let civil = Civil(dayNumber: LocalTime.floorDivide(wall, 86_400).quotient)
            target = LocalTime.floorDivide(civil.year * 12 + civil.month - 1 - startMonthIndex, interval).quotient - 1
        case .weekly:
            target = LocalTime.floorDivide(LocalTime.floorDivide(wall, 86_400).quotient - startWeekDay, 7 * interval).quotient - 1
        case .daily:
            target = LocalTime.floorDivide(LocalTime.floorDivide(wall, 86_400).quotient - startDay, interval).quotient - 1
        default:
            target = LocalTime.floorDivide(wall - base, step).quotient - 86_400 / step - 2
        }
        period = max(period, target)
        giveUpWall = max(giveUpWall, wall + Self.searchSpan)
    }

    /// The wall times of the next period's occurrences, ascending, into `out` (emptied
    /// first; a period may have none). False once the search is over.
    mutating func nextPeriod(into out: inout [Int64]) -> Bool {
        out.removeAll(keepingCapacity: true)
        guard !exhausted else { return false }
        let periodStart: Int64
        switch frequency {
        case .yearly, .monthly, .weekly, .daily:
            guard let start = collectDays() else { exhausted = true; return false }
            periodStart = start
            period += 1
            if !dayBuffer.isEmpty { emit(days: dayBuffer, into: &out) }
        default:
            periodStart = base + period * step
            guard periodStart <= Self.lastWall else { exhausted = true; return false }
            subDailyPeriod(at: periodStart, into: &out)
        }
        if let last = out.last {
            giveUpWall = max(giveUpWall, last + Self.searchSpan)
            emptyPeriods = 0
        } else {
            emptyPeriods += 1
            if periodStart > giveUpWall || emptyPeriods > Self.emptyPeriodLimit { exhausted = true }
        }
        return true
    }

    /// The days of a period of DAILY or longer that pass every day part, into `dayBuffer`;
    /// the period's first wall time, or nil past year 9999.
    private mutating func collectDays() -> Int64? {
        dayBuffer.removeAll(keepingCapacity: true)
        switch frequency {
        case .yearly:
            let year = startYear + period * interval
            guard year <= 9_999 else { return nil }
            let yearStart = Civil(year: year, month: 1, day: 1).dayNumber
            for month in days.monthsToVisit {
                days.collect(year: year, month: month, yearStart: yearStart, into: &dayBuffer)
            }
            return yearStart * 86_400
        case .monthly:
            let index = startMonthIndex + period * interval
            let year = LocalTime.floorDivide(index, 12).quotient
            let month = index - year * 12 + 1
            guard year <= 9_999 else { return nil }
            let first = Civil(year: year, month: month, day: 1).dayNumber
            if days.monthMask?[Int(month)] != false {
                days.collect(year: year, month: month, yearStart: Civil(year: year, month: 1, day: 1).dayNumber, into: &dayBuffer)
            }
            return first * 86_400
        case .weekly:
            let first = startWeekDay + period * 7 * interval
            guard first * 86_400 <= Self.lastWall else { return nil }
            for day in first..<first + 7 where days.matches(DayInfo(dayNumber: day)) { dayBuffer.append(day) }
            return first * 86_400
        default:
            let day = startDay + period * interval
            guard day * 86_400 <= Self.lastWall else { return nil }
            if days.matches(DayInfo(dayNumber: day)) { dayBuffer.append(day) }
            return day * 86_400
        }
    }

    /// Every day times every time of day, or those BYSETPOS picks.
    private func emit(days: [Int64], into out: inout [Int64]) {
        let total = days.count * times.count
        if setPositions.isEmpty {
            for day in days { for time in times { out.append(day * 86_400 + time) } }
            return
        }
        var picked: Set<Int64> = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : total + position
            guard (0..<total).contains(index) else { continue }
            picked.insert(days[index / times.count] * 86_400 + times[index % times.count])
        }
        out.append(contentsOf: picked.sorted())
    }

    /// One period of HOURLY, MINUTELY or SECONDLY; a period whose day, hour or minute is
    /// limited away jumps to the first period of the next day, hour or minute.
    private mutating func subDailyPeriod(at start: Int64, into out: inout [Int64]) {
        let day = LocalTime.floorDivide(start, 86_400).quotient
        let secondOfDay = Int(start - day * 86_400)
        var next = period + 1
        defer { period = next }
        func jump(to wall: Int64) { next = max(next, Self.ceilingDivide(wall - base, step)) }
        guard days.matches(DayInfo(dayNumber: day)) else { return jump(to: (day + 1) * 86_400) }
        if let hourMask, !hourMask[secondOfDay / 3_600] {
            return jump(to: start - Int64(secondOfDay % 3_600) + 3_600)
        }
        if let minuteMask, !minuteMask[secondOfDay / 60 % 60] {
            return jump(to: start - Int64(secondOfDay % 60) + 60)
        }
        if let secondMask, !secondMask[secondOfDay % 60] { return }
        if setPositions.isEmpty {
            for offset in times { out.append(start + offset) }
            return
        }
        var picked: Set<Int64> = []
        for position in setPositions {
            let index = position > 0 ? position - 1 : times.count + position
            if (0..<times.count).contains(index) { picked.insert(start + times[index]) }
        }
        out.append(contentsOf: picked.sorted())
    }

    static func ceilingDivide(_ value: Int64, _ divisor: Int64) -> Int64 {
        let (quotient, remainder) = LocalTime.floorDivide(value, divisor)
        return remainder == 0 ? quotient : quotient + 1
    }
}
