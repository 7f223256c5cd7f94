/// A POSIX TZ rule such as `CET-1CEST,M3.5.0,M10.5.0/3`: the standard offset, and the
/// daylight offset with the rules for when it starts and ends each year. zoneinfo files end
/// with one, for the times after their last listed transition.
public struct PosixTimeZone: ZoneOffsets, Equatable {
    /// When in a year a change happens: the day, and the wall time (seconds, may be negative
    /// or past 24 h) in the offset that is in force before it.
    public struct Change: Equatable, Sendable {
        public enum Day: Equatable, Sendable {
            /// `Jn`: day 1…365, February 29 never counted.
            case julian(Int)
            /// `n`: day 0…365, February 29 counted.
            case zeroBased(Int)
            /// `Mm.w.d`: weekday d (0 = Sunday) of week w (5 = last) of month m.
            case monthWeekDay(month: Int, week: Int, weekday: Int)
        }
        public var day: Day
        public var time: Int = 7_200
    }

    /// Seconds east of UTC.
    public var standardOffset: Int
    public var daylight: (offset: Int, start: Change, end: Change)?

    public static func == (lhs: PosixTimeZone, rhs: PosixTimeZone) -> Bool {
        lhs.standardOffset == rhs.standardOffset && lhs.daylight?.offset == rhs.daylight?.offset
            && lhs.daylight?.start == rhs.daylight?.start && lhs.daylight?.end == rhs.daylight?.end
    }

    public func offset(at instant: Int64) -> Int {
        guard let daylight else { return standardOffset }
        let year = ZoneDays.year(of: instant + Int64(standardOffset))
        guard let start = Self.instant(of: daylight.start, year: year, offset: standardOffset),
              let end = Self.instant(of: daylight.end, year: year, offset: daylight.offset)
        else { return standardOffset }
        let inDaylight = start < end ? (start <= instant && instant < end) : !(end <= instant && instant < start)
        return inDaylight ? daylight.offset : standardOffset
    }

    private static func instant(of change: Change, year: Int, offset: Int) -> Int64? {
        let day: Int64?
        switch change.day {
        case .julian(let number):
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            day = ZoneDays.dayNumber(year: year, month: 1, day: 1).map { $0 + Int64(number - 1) + (leap && number > 59 ? 1 : 0) }
        case .zeroBased(let number):
            day = ZoneDays.dayNumber(year: year, month: 1, day: 1).map { $0 + Int64(number) }
        case let .monthWeekDay(month, week, weekday):
            day = ZoneDays.weekdayInMonth(year: year, month: month, week: week, weekday: weekday)
        }
        return day.map { $0 * 86_400 + Int64(change.time) - Int64(offset) }
    }

    // MARK: - Reading

    /// Reads a TZ rule; nil for one that is malformed (or empty, as zoneinfo writes for
    /// zones with no rule).
    public init?(_ text: String) {
        var scanner = Scanner(Array(text.utf8))
        guard scanner.name(), let standard = scanner.offset() else { return nil }
        standardOffset = -standard
        if scanner.atEnd { daylight = nil; return }
        guard scanner.name() else { return nil }
        let daylightOffset = scanner.peek == UInt8(ascii: ",") || scanner.atEnd ? standardOffset + 3_600 : scanner.offset().map { -$0 }
        guard let daylightOffset else { return nil }
        let start: Change, end: Change
        if scanner.atEnd {
            // No rule given: POSIX leaves it to the implementation; glibc uses the US rule.
            start = Change(day: .monthWeekDay(month: 3, week: 2, weekday: 0))
            end = Change(day: .monthWeekDay(month: 11, week: 1, weekday: 0))
        } else {
            guard scanner.take(UInt8(ascii: ",")), let first = scanner.change(),
                  scanner.take(UInt8(ascii: ",")), let second = scanner.change(), scanner.atEnd else { return nil }
            start = first
            end = second
        }
        daylight = (daylightOffset, start, end)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0
        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var atEnd: Bool { index >= bytes.count }
        var peek: UInt8? { atEnd ? nil : bytes[index] }

        mutating func take(_ byte: UInt8) -> Bool {
            guard peek == byte else { return false }
            index += 1
            return true
        }

        /// A zone abbreviation: three or more letters, or `<…>` with signs and digits too.
        mutating func name() -> Bool {
            if take(UInt8(ascii: "<")) {
                while let byte = peek, byte != UInt8(ascii: ">") { index += 1 }
                return take(UInt8(ascii: ">"))
            }
            let start = index
            while let byte = peek, (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) { index += 1 }
            return index - start >= 3
        }

        /// `[+-]hh[:mm[:ss]]` in seconds (POSIX: positive is west of UTC).
        mutating func offset() -> Int? {
            var sign = 1
            if take(UInt8(ascii: "-")) { sign = -1 } else { _ = take(UInt8(ascii: "+")) }
            guard let hours = number(), hours <= 167 else { return nil }
            var seconds = hours * 3_600
            if take(UInt8(ascii: ":")) {
                guard let minutes = number(), minutes < 60 else { return nil }
                seconds += minutes * 60
                if take(UInt8(ascii: ":")) {
                    guard let secs = number(), secs < 60 else { return nil }
                    seconds += secs
                }
            }
            return sign * seconds
        }

        mutating func number() -> Int? {
            let start = index
            var value = 0
            while let byte = peek, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), index - start < 4 {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return index > start ? value : nil
        }

        /// `Jn`, `n` or `Mm.w.d`, then an optional `/time`.
        mutating func change() -> Change? {
            var change: Change
            if take(UInt8(ascii: "J")) {
                guard let day = number(), (1...365).contains(day) else { return nil }
                change = Change(day: .julian(day))
            } else if take(UInt8(ascii: "M")) {
                guard let month = number(), (1...12).contains(month), take(UInt8(ascii: ".")),
                      let week = number(), (1...5).contains(week), take(UInt8(ascii: ".")),
                      let weekday = number(), (0...6).contains(weekday) else { return nil }
                change = Change(day: .monthWeekDay(month: month, week: week, weekday: weekday))
            } else {
                guard let day = number(), (0...365).contains(day) else { return nil }
                change = Change(day: .zeroBased(day))
            }
            if take(UInt8(ascii: "/")) {
                guard let time = offset() else { return nil }
                change.time = time
            }
            return change
        }
    }
}
