import TickCore

/// A zone defined by a calendar file's own VTIMEZONE: STANDARD and DAYLIGHT observances,
/// each with its first onset (DTSTART, a wall time in the offset before it), TZOFFSETFROM,
/// TZOFFSETTO and optionally the yearly rule writers use (`RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU`).
struct VTimeZoneRules: ZoneOffsets {
    struct Observance: Sendable {
        /// DTSTART as wall-clock seconds since 1970 (in the `from` offset).
        var startWall: Int64
        var from: Int
        var to: Int
        /// The yearly rule: month, week (±1…5, negative from the end), weekday (0 = Sunday).
        var yearly: (month: Int, week: Int, weekday: Int)?
        /// The rule's UNTIL, an instant.
        var until: Int64?
        /// The start's year and time of day, for the onsets the rule makes.
        var startYear: Int
        var timeOfDay: Int64

        /// The last onset at or before `instant`, if any.
        func lastOnset(atOrBefore instant: Int64) -> Int64? {
            let first = startWall - Int64(from)
            guard first <= instant else { return nil }
            guard let yearly else { return first }
            let year = ZoneDays.year(of: instant)
            for candidateYear in [year, year - 1] where candidateYear >= startYear {
                guard let day = ZoneDays.weekdayInMonth(year: candidateYear, month: yearly.month, week: yearly.week,
                                                        weekday: yearly.weekday) else { continue }
                let onset = day * 86_400 + timeOfDay - Int64(from)
                if onset <= instant, onset >= first, until.map({ onset <= $0 }) ?? true { return onset }
            }
            return first
        }
    }

    let observances: [Observance]

    func offset(at instant: Int64) -> Int {
        var best: (onset: Int64, offset: Int)?
        for observance in observances {
            guard let onset = observance.lastOnset(atOrBefore: instant) else { continue }
            if best.map({ onset > $0.onset }) ?? true { best = (onset, observance.to) }
        }
        if let best { return best.offset }
        // Before every onset: the offset the earliest one changes from.
        return observances.min { $0.startWall < $1.startWall }?.from ?? 0
    }

    /// The most observances read: each offset looks at all of them, and real zones with
    /// their whole history have a few hundred.
    static let maximumObservances = 1_000

    /// Reads a VTIMEZONE; the error names the line and what is wrong.
    init(_ component: ICalComponent, source: String) throws(InterchangeError) {
        guard component.components.count <= Self.maximumObservances else {
            throw InterchangeError(source: source, line: component.line,
                                   problem: "a VTIMEZONE has more than \(Self.maximumObservances) STANDARD and DAYLIGHT parts")
        }
        var observances: [Observance] = []
        for child in component.components where child.name == "STANDARD" || child.name == "DAYLIGHT" {
            func fail(_ problem: String, _ line: Int? = nil) -> InterchangeError {
                InterchangeError(source: source, line: line ?? child.line, problem: problem)
            }
            // A local date-time; some writers add a Z that means nothing here.
            guard let startProperty = child.property("DTSTART"), let start = ICalDateTime(startProperty),
                  let wall = Self.wallTime(start),
                  let day = ZoneDays.dayNumber(year: wall.year, month: wall.month, day: wall.day) else {
                throw fail("\(child.name) of a VTIMEZONE has no DTSTART as a local date-time")
            }
            guard let fromProperty = child.property("TZOFFSETFROM"), let from = Self.offset(fromProperty.value),
                  let toProperty = child.property("TZOFFSETTO"), let to = Self.offset(toProperty.value) else {
                throw fail("\(child.name) of a VTIMEZONE needs TZOFFSETFROM and TZOFFSETTO as ±hhmm")
            }
            let timeOfDay = Int64(wall.hour * 3_600 + wall.minute * 60 + wall.second)
            var observance = Observance(startWall: day * 86_400 + timeOfDay, from: from, to: to, startYear: wall.year,
                                        timeOfDay: timeOfDay)
            if let rule = child.property("RRULE") {
                guard let yearly = Self.yearlyRule(rule.value, startingAt: (wall.hour, wall.minute, wall.second)) else {
                    throw fail("the VTIMEZONE rule \"\(ContentLineReader.excerpt(rule.value))\" is not a yearly BYMONTH/BYDAY rule",
                               rule.line)
                }
                observance.yearly = (yearly.month, yearly.week, yearly.weekday)
                observance.until = yearly.until
            }
            observances.append(observance)
        }
        guard !observances.isEmpty else {
            throw InterchangeError(source: source, line: component.line, problem: "a VTIMEZONE has no STANDARD or DAYLIGHT")
        }
        self.observances = observances
    }

    private static func wallTime(_ value: ICalDateTime) -> ICalDateTime.WallTime? {
        switch value {
        case .floating(let wall), .utc(let wall): wall
        default: nil
        }
    }

    /// `+0100`, `-0500`, `+053000` in seconds east of UTC.
    static func offset(_ text: String) -> Int? {
        let bytes = Array(text.utf8)
        guard bytes.count == 5 || bytes.count == 7, bytes[0] == UInt8(ascii: "+") || bytes[0] == UInt8(ascii: "-"),
              bytes.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        let digits = bytes.dropFirst().map { Int($0 - UInt8(ascii: "0")) }
        let hours = digits[0] * 10 + digits[1], minutes = digits[2] * 10 + digits[3]
        let seconds = digits.count == 6 ? digits[4] * 10 + digits[5] : 0
        guard hours < 24, minutes < 60, seconds < 60 else { return nil }
        let total = hours * 3_600 + minutes * 60 + seconds
        return bytes[0] == UInt8(ascii: "-") ? -total : total
    }

    private static let weekdays = ["SU", "MO", "TU", "WE", "TH", "FR", "SA"]

    /// `FREQ=YEARLY;BYMONTH=m;BYDAY=±nDD[;UNTIL=…]` (parts in any order). A `BYHOUR`,
    /// `BYMINUTE` or `BYSECOND` that only repeats the time of the DTSTART (`start`), as Lotus
    /// Notes writes them, is allowed.
    static func yearlyRule(_ text: String, startingAt start: (hour: Int, minute: Int, second: Int)? = nil)
        -> (month: Int, week: Int, weekday: Int, until: Int64?)? {
        var frequency: String?, month: Int?, byDay: String?, until: Int64?
        for part in text.split(separator: ";") {
            let pair = part.split(separator: "=", maxSplits: 1).map { String($0).uppercased() }
            guard pair.count == 2 else { return nil }
            switch pair[0] {
            case "FREQ": frequency = pair[1]
            case "BYMONTH": month = Int(pair[1])
            case "BYDAY": byDay = pair[1]
            case "UNTIL":
                let property = ICalProperty("UNTIL", value: pair[1])
                switch ICalDateTime(property) {
                case .utc(let wall)?, .floating(let wall)?:
                    guard let day = ZoneDays.dayNumber(year: wall.year, month: wall.month, day: wall.day) else { return nil }
                    until = day * 86_400 + Int64(wall.hour * 3_600 + wall.minute * 60 + wall.second)
                case .date(let day)?:
                    until = ZoneDays.dayNumber(year: day.year, month: day.month, day: day.day).map { $0 * 86_400 + 86_399 }
                default: return nil
                }
            case "INTERVAL": guard pair[1] == "1" else { return nil }
            case "BYHOUR": guard let start, Int(pair[1]) == start.hour else { return nil }
            case "BYMINUTE": guard let start, Int(pair[1]) == start.minute else { return nil }
            case "BYSECOND": guard let start, Int(pair[1]) == start.second else { return nil }
            case "WKST": break
            default: return nil
            }
        }
        guard frequency == "YEARLY", let month, (1...12).contains(month), let byDay, byDay.count >= 2 else { return nil }
        guard let weekday = weekdays.firstIndex(of: String(byDay.suffix(2))) else { return nil }
        let count = byDay.dropLast(2)
        let week = count.isEmpty ? 1 : Int(count.hasPrefix("+") ? String(count.dropFirst()) : String(count))
        guard let week, week != 0, (-5...5).contains(week) else { return nil }
        return (month, week, weekday, until)
    }
}
