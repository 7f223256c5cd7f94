/// Reading an RRULE value strictly as RFC 5545 3.3.10 writes it.
extension RecurrenceRule {
    /// Parses an RRULE value such as `FREQ=MONTHLY;BYDAY=2TU` (no `RRULE:` in front).
    ///
    /// Names and enumerated values are read in any case. Every rule part of RFC 5545 is read;
    /// `X-` parts are kept as written. Refused, each with a message naming the part: a
    /// missing FREQ, a part given twice, COUNT with UNTIL, an empty or malformed part, a
    /// value out of RFC 5545's range, BYDAY ordinals outside MONTHLY and YEARLY (and with
    /// BYWEEKNO), BYWEEKNO outside YEARLY, BYYEARDAY with DAILY, WEEKLY or MONTHLY,
    /// BYMONTHDAY with WEEKLY, and BYSETPOS without another BYxxx part.
    public init(parsing text: String) throws(RecurrenceError) {
        let trimmed = text.trimmingWhitespace
        guard !trimmed.isEmpty else { throw RecurrenceError(message: "the repeat rule is empty") }
        var parser = RuleParser()
        for part in trimmed.split(separator: ";", omittingEmptySubsequences: false) {
            try parser.read(part)
        }
        self = try parser.rule(text: trimmed)
    }
}

/// The parts of one RRULE value as they are read, checked together at the end.
private struct RuleParser {
    var seen: Set<String> = []
    var frequency: RecurrenceRule.Frequency?
    var interval = 1
    var count: Int?
    var until: RecurrenceRule.Until?
    var bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = []
    var byDay: [RecurrenceRule.WeekdayNum] = []
    var byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [Int] = [], bySetPos: [Int] = []
    var weekStart: RecurrenceRule.Weekday?
    var extensions: [RecurrenceRule.Extension] = []

    mutating func read(_ part: Substring) throws(RecurrenceError) {
        guard let equals = part.firstIndex(of: "="), equals != part.startIndex else {
            throw RecurrenceError(message: part.isEmpty
                ? "the repeat rule has an empty part (two ';' in a row, or one at an end)"
                : "\"\(part)\" is not a rule part: write NAME=value")
        }
        let name = part[..<equals].uppercased()
        let value = part[part.index(after: equals)...]
        guard !seen.contains(name) else { throw RecurrenceError(message: "\(name) is given twice") }
        seen.insert(name)
        if name.hasPrefix("X-") {
            guard name.count > 2, name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-") }) else {
                throw RecurrenceError(message: "\"\(part[..<equals])\" is not a valid X- name")
            }
            extensions.append(.init(name: String(part[..<equals]), value: String(value)))
            return
        }
        guard !value.isEmpty else { throw RecurrenceError(message: "\(name) has no value") }
        // RFC 7529, as Apple's clients write it: the Gregorian scale, invalid dates omitted,
        // is what RFC 5545 means anyway; kept as written. Another scale or SKIP is not read.
        if name == "RSCALE" || name == "SKIP" {
            guard value.uppercased() == (name == "RSCALE" ? "GREGORIAN" : "OMIT") else {
                throw RecurrenceError(message: "\(name)=\(value) (RFC 7529) is not a repeat tick can follow")
            }
            extensions.append(.init(name: String(part[..<equals]), value: String(value)))
            return
        }
        switch name {
        case "FREQ":
            guard let frequency = RecurrenceRule.Frequency(rawValue: value.uppercased()) else {
                throw RecurrenceError(message: "FREQ=\(value) is not a frequency: use SECONDLY, MINUTELY, HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY")
            }
            self.frequency = frequency
        case "INTERVAL": interval = try Self.positive(value, name: name)
        case "COUNT": count = try Self.positive(value, name: name)
        case "UNTIL": until = try Self.until(value)
        case "BYSECOND": bySecond = try Self.list(value, name: name, range: 0...60, signed: false, maxDigits: 2)
        case "BYMINUTE": byMinute = try Self.list(value, name: name, range: 0...59, signed: false, maxDigits: 2)
        case "BYHOUR": byHour = try Self.list(value, name: name, range: 0...23, signed: false, maxDigits: 2)
        case "BYMONTHDAY": byMonthDay = try Self.list(value, name: name, range: 1...31, signed: true, maxDigits: 2)
        case "BYYEARDAY": byYearDay = try Self.list(value, name: name, range: 1...366, signed: true, maxDigits: 3)
        case "BYWEEKNO": byWeekNo = try Self.list(value, name: name, range: 1...53, signed: true, maxDigits: 2)
        case "BYMONTH": byMonth = try Self.list(value, name: name, range: 1...12, signed: false, maxDigits: 2)
        case "BYSETPOS": bySetPos = try Self.list(value, name: name, range: 1...366, signed: true, maxDigits: 3)
        case "BYDAY": byDay = try Self.weekdays(value)
        case "WKST":
            guard let day = RecurrenceRule.Weekday(code: value) else {
                throw RecurrenceError(message: "WKST=\(value) is not a weekday: use MO, TU, WE, TH, FR, SA or SU")
            }
            weekStart = day
        default:
            throw RecurrenceError(message: "\(part[..<equals]) is not a rule part of RFC 5545 (nor an X- name)")
        }
    }

    /// The rule, once every part was read and the parts agree with each other.
    func rule(text: String) throws(RecurrenceError) -> RecurrenceRule {
        guard let frequency else { throw RecurrenceError(message: "the repeat rule has no FREQ (FREQ=DAILY, WEEKLY, MONTHLY, …)") }
        if count != nil && until != nil {
            throw RecurrenceError(message: "COUNT and UNTIL cannot both be given: a rule ends one way")
        }
        if !byWeekNo.isEmpty && frequency != .yearly {
            throw RecurrenceError(message: "BYWEEKNO is only allowed with FREQ=YEARLY")
        }
        if !byYearDay.isEmpty && [.daily, .weekly, .monthly].contains(frequency) {
            throw RecurrenceError(message: "BYYEARDAY is not allowed with FREQ=\(frequency.rawValue)")
        }
        if !byMonthDay.isEmpty && frequency == .weekly {
            throw RecurrenceError(message: "BYMONTHDAY is not allowed with FREQ=WEEKLY")
        }
        if let numbered = byDay.first(where: { $0.ordinal != nil }) {
            let entry = "\(numbered.ordinal ?? 0)\(numbered.weekday.code)"
            if frequency != .monthly && frequency != .yearly {
                throw RecurrenceError(message: "BYDAY=\(entry): a numbered weekday is only allowed with FREQ=MONTHLY or YEARLY")
            }
            if frequency == .yearly && !byWeekNo.isEmpty {
                throw RecurrenceError(message: "BYDAY=\(entry): a numbered weekday is not allowed with BYWEEKNO")
            }
        }
        let others = [bySecond, byMinute, byHour, byMonthDay, byYearDay, byWeekNo, byMonth]
        if !bySetPos.isEmpty && byDay.isEmpty && others.allSatisfy(\.isEmpty) {
            throw RecurrenceError(message: "BYSETPOS needs another BYxxx part to pick from")
        }
        return RecurrenceRule(
            text: text, frequency: frequency, interval: interval, count: count, until: until,
            bySecond: bySecond, byMinute: byMinute, byHour: byHour, byDay: byDay, byMonthDay: byMonthDay,
            byYearDay: byYearDay, byWeekNo: byWeekNo, byMonth: byMonth, bySetPos: bySetPos,
            weekStart: weekStart, extensions: extensions
        )
    }

    /// The largest INTERVAL and COUNT read: far more than any series needs, small enough
    /// that no arithmetic on them overflows.
    static let largestNumber = Int(Int32.max)

    static func positive(_ value: Substring, name: String) throws(RecurrenceError) -> Int {
        guard value.allSatisfy(\.isASCIIDigit), let number = Int(value) else {
            throw RecurrenceError(message: "\(name)=\(value) is not a whole number")
        }
        guard (1...largestNumber).contains(number) else {
            throw RecurrenceError(message: "\(name)=\(value) is out of range: 1 to \(largestNumber)")
        }
        return number
    }

    /// A comma-separated list of numbers, each `[+|-]digits` when `signed`; the range is of
    /// the magnitude, and 0 is refused for signed lists (RFC 5545 has no 0th day or week).
    static func list(
        _ value: Substring, name: String, range: ClosedRange<Int>, signed: Bool, maxDigits: Int
    ) throws(RecurrenceError) -> [Int] {
        var numbers: [Int] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            var digits = item
            var sign = 1
            if signed, let first = digits.first, first == "+" || first == "-" {
                sign = first == "-" ? -1 : 1
                digits = digits.dropFirst()
            }
            guard !digits.isEmpty, digits.count <= maxDigits, digits.allSatisfy(\.isASCIIDigit), let number = Int(digits) else {
                throw RecurrenceError(message: "\(name)=\(value): \"\(item)\" is not a \(signed ? "signed " : "")number of at most \(maxDigits) digits")
            }
            guard range.contains(number) else {
                let allowed = signed ? "\(range.lowerBound) to \(range.upperBound) or -\(range.upperBound) to -\(range.lowerBound)"
                    : "\(range.lowerBound) to \(range.upperBound)"
                throw RecurrenceError(message: "\(name)=\(value): \(item) is out of range: \(allowed)")
            }
            numbers.append(sign * number)
        }
        return numbers
    }

    /// BYDAY's list: `MO`, `2TU`, `+1WE`, `-1FR`.
    static func weekdays(_ value: Substring) throws(RecurrenceError) -> [RecurrenceRule.WeekdayNum] {
        var days: [RecurrenceRule.WeekdayNum] = []
        for item in value.split(separator: ",", omittingEmptySubsequences: false) {
            guard item.count >= 2, let weekday = RecurrenceRule.Weekday(code: item.suffix(2)) else {
                throw RecurrenceError(message: "BYDAY=\(value): \"\(item)\" is not a weekday (MO, TU, WE, TH, FR, SA, SU, optionally numbered: 2TU, -1FR)")
            }
            let number = item.dropLast(2)
            guard !number.isEmpty else {
                days.append(.init(weekday))
                continue
            }
            let ordinal = try list(number, name: "BYDAY", range: 1...53, signed: true, maxDigits: 2)
            days.append(.init(weekday, ordinal: ordinal.first))
        }
        return days
    }

    /// `YYYYMMDD` (a DATE) or `YYYYMMDDTHHMMSS` with an optional `Z` (a DATE-TIME).
    static func until(_ value: Substring) throws(RecurrenceError) -> RecurrenceRule.Until {
        let bytes = Array(value.utf8)
        let isUTC = bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z")
        let body = isUTC ? bytes.dropLast() : bytes[...]
        func digits(_ range: Range<Int>) -> Int? {
            var number = 0
            for index in range {
                let byte = body[body.startIndex + index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                number = number * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return number
        }
        let isDateTime = body.count == 15 && (body[body.startIndex + 8] == UInt8(ascii: "T") || body[body.startIndex + 8] == UInt8(ascii: "t"))
        guard (body.count == 8 && !isUTC) || isDateTime,
              let year = digits(0..<4), let month = digits(4..<6), let day = digits(6..<8) else {
            throw RecurrenceError(message: "UNTIL=\(value) is not a DATE (20271231) or DATE-TIME (20271231T235959Z)")
        }
        guard year >= 1, (1...12).contains(month), (1...LocalTime.daysIn(month: month, year: year)).contains(day) else {
            throw RecurrenceError(message: "UNTIL=\(value) names no day")
        }
        guard isDateTime else { return .init(year: year, month: month, day: day) }
        guard let hour = digits(9..<11), let minute = digits(11..<13), let second = digits(13..<15) else {
            throw RecurrenceError(message: "UNTIL=\(value) is not a DATE (20271231) or DATE-TIME (20271231T235959Z)")
        }
        guard hour <= 23, minute <= 59, second <= 60 else { throw RecurrenceError(message: "UNTIL=\(value) names no time of day") }
        return .init(year: year, month: month, day: day, secondOfDay: hour * 3_600 + minute * 60 + min(second, 59), isUTC: isUTC)
    }
}
