import FoundationEssentials

/// A parsed RRULE value (RFC 5545 3.3.10), e.g. `FREQ=MONTHLY;BYDAY=2TU`.
///
/// The value keeps the text it was read from (``text``), so a rule read from a file is
/// written back byte for byte; the parts are kept as read, each list in the order written.
/// What the rule leaves open (the day of a monthly rule without BYxxx, the time of a daily
/// rule) comes from the series' start when the rule is expanded
/// (``nextOccurrence(after:start:startIsDay:zone:)``).
public struct RecurrenceRule: Sendable, Hashable {
    /// FREQ: the length of the period the rule repeats in.
    public enum Frequency: String, Sendable, Hashable, CaseIterable {
        case secondly = "SECONDLY", minutely = "MINUTELY", hourly = "HOURLY", daily = "DAILY"
        case weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY"

        /// 0 for SECONDLY … 6 for YEARLY: a larger rank is a longer period.
        var rank: Int {
            switch self {
            case .secondly: 0
            case .minutely: 1
            case .hourly: 2
            case .daily: 3
            case .weekly: 4
            case .monthly: 5
            case .yearly: 6
            }
        }
    }

    /// A day of the week, Monday first (RFC 5545's `MO` … `SU`).
    public enum Weekday: Int, Sendable, Hashable, CaseIterable, Comparable {
        case monday = 0, tuesday, wednesday, thursday, friday, saturday, sunday

        /// The RFC 5545 code: `MO` … `SU`.
        public var code: String { ["MO", "TU", "WE", "TH", "FR", "SA", "SU"][rawValue] }

        /// The English abbreviation tick shows: `Mon` … `Sun`.
        public var shortName: String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][rawValue] }

        /// The weekday of a code, any case (`mo`, `MO`); nil for anything else.
        public init?(code: some StringProtocol) {
            guard let index = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"].firstIndex(of: code.uppercased()) else { return nil }
            self.init(rawValue: index)
        }

        /// The weekday of a day number (days since 1970-01-01, a Thursday).
        init(dayNumber: Int64) {
            self = Weekday(rawValue: Int(LocalTime.floorDivide(dayNumber + 3, 7).remainder)) ?? .monday
        }

        public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// One BYDAY entry (RFC 5545's `weekdaynum`): a weekday, with an ordinal (`2TU`, `-1FR`)
    /// or without one (`TU`).
    public struct WeekdayNum: Sendable, Hashable {
        /// 1…53 or -53…-1: the n-th such weekday of the month or year (negative: from its
        /// end); nil for every such weekday.
        public var ordinal: Int?
        public var weekday: Weekday

        public init(_ weekday: Weekday, ordinal: Int? = nil) {
            self.weekday = weekday
            self.ordinal = ordinal
        }
    }

    /// UNTIL: a DATE, a floating DATE-TIME (the series' own wall clock) or a UTC DATE-TIME.
    public struct Until: Sendable, Hashable {
        public var year: Int
        public var month: Int
        public var day: Int
        /// Seconds since midnight for a DATE-TIME; nil for a DATE.
        public var secondOfDay: Int?
        /// True for a DATE-TIME written with `Z`.
        public var isUTC: Bool

        public init(year: Int, month: Int, day: Int, secondOfDay: Int? = nil, isUTC: Bool = false) {
            self.year = year
            self.month = month
            self.day = day
            self.secondOfDay = secondOfDay
            self.isUTC = isUTC
        }

        /// Days since 1970-01-01 of the day.
        var dayNumber: Int64 { Civil(year: Int64(year), month: Int64(month), day: Int64(day)).dayNumber }

        /// The value as wall seconds since 1970 (a DATE: its midnight).
        var wallSeconds: Int64 { dayNumber * 86_400 + Int64(secondOfDay ?? 0) }
    }

    /// A part this engine does not use but keeps: an `X-` name and its value as written.
    public struct Extension: Sendable, Hashable {
        public var name: String
        public var value: String
    }

    /// The part naming the series an item is one instance of, when another app keeps a
    /// series as several items (taskwarrior: a template and its instances, each due once).
    public static let instanceSeriesName = "X-TASKWARRIOR-PARENT"

    /// tick's own part for a repeat from the day an item is done, not from its due
    /// (todo.txt's `rec:1w`, Obsidian Tasks' `when done`): `X-TICK-WHEN-DONE=TRUE`.
    public static let whenDoneName = "X-TICK-WHEN-DONE"

    /// Whether the series moves on from the day its item is done (``whenDoneName``).
    public var repeatsWhenDone: Bool {
        extensions.contains { $0.name.uppercased() == Self.whenDoneName && $0.value.uppercased() == "TRUE" }
    }

    /// The series an item with this rule is one instance of (``instanceSeriesName``'s value).
    public var instanceSeries: String? {
        extensions.first { $0.name.uppercased() == Self.instanceSeriesName }?.value
    }

    /// The value as it should be written: the text it was parsed from (trimmed).
    public private(set) var text: String
    public let frequency: Frequency
    /// INTERVAL: 1 when not given.
    public let interval: Int
    public private(set) var count: Int?
    public let until: Until?
    public let bySecond: [Int]
    public let byMinute: [Int]
    public let byHour: [Int]
    public let byDay: [WeekdayNum]
    public let byMonthDay: [Int]
    public let byYearDay: [Int]
    public let byWeekNo: [Int]
    public let byMonth: [Int]
    public let bySetPos: [Int]
    /// WKST as written; nil when not given (Monday then applies).
    public let weekStart: Weekday?
    public let extensions: [Extension]

    /// The first day of the week for WEEKLY intervals and BYWEEKNO: WKST, else Monday.
    public var effectiveWeekStart: Weekday { weekStart ?? .monday }

    /// Builds a rule from its parts; ``text`` is `text`, which must say the same.
    init(
        text: String, frequency: Frequency, interval: Int = 1, count: Int? = nil, until: Until? = nil,
        bySecond: [Int] = [], byMinute: [Int] = [], byHour: [Int] = [], byDay: [WeekdayNum] = [],
        byMonthDay: [Int] = [], byYearDay: [Int] = [], byWeekNo: [Int] = [], byMonth: [Int] = [],
        bySetPos: [Int] = [], weekStart: Weekday? = nil, extensions: [Extension] = []
    ) {
        self.text = text
        self.frequency = frequency
        self.interval = interval
        self.count = count
        self.until = until
        self.bySecond = bySecond
        self.byMinute = byMinute
        self.byHour = byHour
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.byYearDay = byYearDay
        self.byWeekNo = byWeekNo
        self.byMonth = byMonth
        self.bySetPos = bySetPos
        self.weekStart = weekStart
        self.extensions = extensions
    }

    /// The rule with COUNT set to `newCount`, its text changed in that part only.
    func replacingCount(with newCount: Int) -> RecurrenceRule {
        var copy = self
        copy.count = newCount
        copy.text = text.split(separator: ";", omittingEmptySubsequences: false).map { part in
            guard let equals = part.firstIndex(of: "="), part[..<equals].uppercased() == "COUNT" else { return String(part) }
            return "\(part[..<equals])=\(newCount)"
        }.joined(separator: ";")
        return copy
    }
}
