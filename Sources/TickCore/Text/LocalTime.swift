#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FoundationEssentials

/// The Gregorian calendar in one time zone — by default the user's, as the C library knows it
/// (the `TZ` variable, else /etc/localtime) — for reading and writing dates as people see them.
///
/// Why not `Calendar.current`: with FoundationEssentials alone it only knows GMT, and the
/// local zone would need FoundationInternationalization and ICU (≈ 5 MiB resident and
/// start-up time in a process that needs nothing else from them). Here the zone is only a
/// function from an instant to its offset from GMT: for ``current`` it is `localtime_r`'s
/// `tm_gmtoff`, so the offset always comes from the instant being shown and every
/// daylight-saving rule libc knows applies; tests inject any other zone. Wall time → instant
/// is solved from that same function (see ``date(year:month:day:hour:minute:second:)``), not
/// with `mktime`, so its choices in skipped and repeated hours are Foundation's and are the
/// same for every zone.
public struct LocalTime: Sendable {
    /// An instant as a wall clock in this zone shows it.
    public struct Fields: Equatable, Sendable {
        public var year: Int
        /// 1 = January … 12 = December.
        public var month: Int
        public var day: Int
        public var hour: Int
        public var minute: Int
        public var second: Int
        /// 1 = Sunday … 7 = Saturday (Foundation's numbering).
        public var weekday: Int
        /// The zone's offset from GMT at that instant.
        public var secondsFromGMT: Int
    }

    private let offsetAt: @Sendable (Int64) -> Int

    /// A zone given by its offset from GMT at each instant (seconds since 1970 → seconds
    /// east of GMT). Tests build one from a `TimeZone`; the app uses ``current``.
    public init(secondsFromGMT offset: @escaping @Sendable (_ secondsSince1970: Int64) -> Int) {
        offsetAt = offset
    }

    /// The user's zone: `TZ` (a zoneinfo name or a POSIX rule such as
    /// `CET-1CEST,M3.5.0,M10.5.0/3`), else /etc/localtime, else UTC — as libc reads them,
    /// once, when first used.
    public static let current: LocalTime = {
        tzset()
        return LocalTime(secondsFromGMT: systemOffset)
    }()

    /// A zone that is always `seconds` east of GMT.
    public static func fixed(secondsFromGMT seconds: Int) -> LocalTime {
        LocalTime(secondsFromGMT: { _ in seconds })
    }

    /// Coordinated Universal Time.
    public static let utc = fixed(secondsFromGMT: 0)

    /// The zone's offset from GMT at `date`, in seconds.
    public func secondsFromGMT(for date: Date) -> Int {
        offsetAt(Self.seconds(date))
    }

    /// The wall-clock fields of `date` (fractions of a second dropped).
    public func fields(of date: Date) -> Fields {
        let instant = Self.seconds(date)
        let offset = offsetAt(instant)
        let wall = instant + Int64(offset)
        let (dayNumber, secondOfDay) = Self.floorDivide(wall, 86_400)
        let civil = Civil(dayNumber: dayNumber)
        return Fields(
            year: Int(civil.year), month: Int(civil.month), day: Int(civil.day),
            hour: Int(secondOfDay / 3_600), minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60),
            weekday: Self.weekday(ofDayNumber: dayNumber), secondsFromGMT: offset
        )
    }

    /// The instant a wall clock in this zone shows as the given fields; nil when they name no
    /// such day or time (February 30, hour 24) or lie beyond ±1,000,000 years.
    ///
    /// In an hour the clocks skip (02:30 on the morning the clocks go forward) the time is
    /// read with the offset from before the change, so it lands as far after the change
    /// (03:30); in an hour they repeat, it is the first of the two. Both as Foundation's
    /// `Calendar.date(from:)`.
    public func date(year: Int, month: Int, day: Int, hour: Int = 0, minute: Int = 0, second: Int = 0) -> Date? {
        guard (-1_000_000...1_000_000).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...59).contains(second)
        else { return nil }
        let dayNumber = Civil(year: Int64(year), month: Int64(month), day: Int64(day)).dayNumber
        let wall = dayNumber * 86_400 + Int64(hour * 3_600 + minute * 60 + second)
        return Date(timeIntervalSince1970: Double(instant(atWallTime: wall)))
    }

    /// The first instant of `date`'s day (midnight, or the first time after it that exists).
    public func startOfDay(for date: Date) -> Date {
        let day = dayNumber(of: date)
        return Date(timeIntervalSince1970: Double(instant(atWallTime: day * 86_400)))
    }

    /// The first instant of the day `days` calendar days after `date`'s day (before it when
    /// negative); nil beyond ±1,000,000 years.
    public func startOfDay(_ days: Int, daysAfter date: Date) -> Date? {
        let (day, overflow) = dayNumber(of: date).addingReportingOverflow(Int64(days))
        guard !overflow, abs(day) <= 365_243_000 else { return nil }
        return Date(timeIntervalSince1970: Double(instant(atWallTime: day * 86_400)))
    }

    /// Whole calendar days from `start`'s day to `end`'s day (negative when `end`'s is earlier).
    public func days(from start: Date, to end: Date) -> Int {
        Int(dayNumber(of: end) - dayNumber(of: start))
    }

    // MARK: - Arithmetic

    /// Days since 1970-01-01 of `date`'s day in this zone.
    func dayNumber(of date: Date) -> Int64 {
        let instant = Self.seconds(date)
        return Self.floorDivide(instant + Int64(offsetAt(instant)), 86_400).quotient
    }

    /// The instant whose wall time is `wall` (seconds since 1970-01-01 00:00 on the wall).
    ///
    /// The offsets a day before and after bracket any change near `wall` (changes are months
    /// apart); each offset that maps `wall` onto an instant with that very offset is a
    /// solution. Two solutions: the hour repeats, take the first. None: the hour is skipped,
    /// use the earlier offset, which lands after the change.
    func instant(atWallTime wall: Int64) -> Int64 {
        let before = offsetAt(wall - 86_400)
        let after = offsetAt(wall + 86_400)
        let early = wall - Int64(before)
        let earlyFits = offsetAt(early) == before
        if before == after && earlyFits { return early }
        let late = wall - Int64(after)
        let lateFits = offsetAt(late) == after
        switch (earlyFits, lateFits) {
        case (true, true): return min(early, late)
        case (false, true): return late
        default: return early
        }
    }

    /// Whole seconds since 1970 (rounded down), kept within ±10^13 s (≈ 317,000 years) so
    /// that no arithmetic here can overflow, whatever a file holds; NaN reads as 0.
    static func seconds(_ date: Date) -> Int64 {
        let value = date.timeIntervalSince1970.rounded(.down)
        guard !value.isNaN else { return 0 }
        return Int64(min(max(value, -1e13), 1e13))
    }

    static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        var quotient = value / divisor
        var remainder = value % divisor
        if remainder < 0 { quotient -= 1; remainder += divisor }
        return (quotient, remainder)
    }

    /// 1 = Sunday … 7 = Saturday; day 0 (1970-01-01) was a Thursday.
    static func weekday(ofDayNumber day: Int64) -> Int {
        Int(floorDivide(day + 4, 7).remainder) + 1
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// The offset libc's local zone has at `instant`.
    private static func systemOffset(_ instant: Int64) -> Int {
        var time = time_t(instant)
        var parts = tm()
        guard localtime_r(&time, &parts) != nil else { return 0 }
        return Int(parts.tm_gmtoff)
    }
}

/// A day of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil` and
/// `civil_from_days`).
public struct Civil: Equatable, Sendable {
    public var year: Int64
    public var month: Int64
    public var day: Int64

    public init(year: Int64, month: Int64, day: Int64) {
        self.year = year
        self.month = month
        self.day = day
    }

    public init(dayNumber: Int64) {
        let shifted = dayNumber + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
    }

    /// Days since 1970-01-01.
    public var dayNumber: Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }
}
