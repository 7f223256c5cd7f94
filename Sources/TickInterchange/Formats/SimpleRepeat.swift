import TickCore

/// A repeat as taskwarrior, todo.txt and Obsidian write it: every N hours, days, weeks,
/// months or years, on some weekdays or days of the month, from the due (on schedule) or
/// from the day it was done; read from and written as an item's RRULE value.
///
/// What an RRULE says beyond this (COUNT, UNTIL, BYMONTH, BYSETPOS, …) is what these formats
/// lose: ``init(rule:)`` returns nil for such a rule, and the writer says so on stderr.
struct SimpleRepeat: Sendable, Equatable {
    typealias Frequency = RecurrenceRule.Frequency
    typealias Weekday = RecurrenceRule.Weekday

    /// HOURLY, DAILY, WEEKLY, MONTHLY or YEARLY.
    var frequency: Frequency
    /// Every `interval` periods (1 or more).
    var interval: Int
    /// BYDAY: weekdays, with an ordinal in a monthly rule (`2TU`, `-1FR`).
    var byDay: [RecurrenceRule.WeekdayNum] = []
    /// BYMONTHDAY of a monthly rule (`15`, `-1` the last day).
    var byMonthDay: [Int] = []
    /// Repeats from the day it was done (todo.txt's `rec:1w`, Obsidian's `when done`), kept in
    /// the rule as tick's own part `X-TICK-WHEN-DONE=TRUE`; else from its due.
    var whenDone = false
    /// The taskwarrior series (template uuid) a recurring instance belongs to, kept in the rule
    /// as `X-TASKWARRIOR-PARENT=uuid` so that the instance goes back to it.
    var taskwarriorParent: String?

    static let whenDoneName = RecurrenceRule.whenDoneName
    static let parentName = RecurrenceRule.instanceSeriesName

    /// Monday to Friday, as BYDAY.
    static let weekdays: [RecurrenceRule.WeekdayNum] = [.monday, .tuesday, .wednesday, .thursday, .friday].map { .init($0) }

    init(_ frequency: Frequency, interval: Int = 1, byDay: [RecurrenceRule.WeekdayNum] = [], byMonthDay: [Int] = [], whenDone: Bool = false) {
        self.frequency = frequency
        self.interval = max(1, interval)
        self.byDay = byDay
        self.byMonthDay = byMonthDay
        self.whenDone = whenDone
    }

    /// The repeat of an item's rule; nil when the rule is not an RRULE value or says more than
    /// a simple repeat can (COUNT, UNTIL, other BYxxx parts, seconds or minutes).
    init?(rule text: String) {
        guard let rule = try? RecurrenceRule(parsing: text), rule.count == nil, rule.until == nil,
              [.hourly, .daily, .weekly, .monthly, .yearly].contains(rule.frequency),
              rule.bySecond.isEmpty, rule.byMinute.isEmpty, rule.byHour.isEmpty, rule.byYearDay.isEmpty,
              rule.byWeekNo.isEmpty, rule.byMonth.isEmpty, rule.bySetPos.isEmpty else { return nil }
        // Weekdays in a weekly rule (or every weekday, daily); a day of the month in a monthly one.
        switch rule.frequency {
        case .weekly: guard rule.byMonthDay.isEmpty, rule.byDay.allSatisfy({ $0.ordinal == nil }) else { return nil }
        case .monthly: guard rule.byDay.count + rule.byMonthDay.count <= 1 else { return nil }
        case .daily: guard rule.byMonthDay.isEmpty, rule.byDay.isEmpty || (rule.interval == 1 && rule.byDay == Self.weekdays) else { return nil }
        default: guard rule.byDay.isEmpty, rule.byMonthDay.isEmpty else { return nil }
        }
        self.init(rule.frequency, interval: rule.interval, byDay: rule.byDay, byMonthDay: rule.byMonthDay)
        for part in rule.extensions {
            switch part.name.uppercased() {
            case Self.whenDoneName: whenDone = part.value.uppercased() == "TRUE"
            case Self.parentName: taskwarriorParent = part.value
            default: break
            }
        }
    }

    /// Every weekday, Monday to Friday (written `FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR`).
    static var everyWeekday: SimpleRepeat { SimpleRepeat(.weekly, byDay: weekdays) }

    /// Whether this is every weekday, Monday to Friday (weekly or daily).
    var isEveryWeekday: Bool { interval == 1 && byDay == Self.weekdays && byMonthDay.isEmpty && (frequency == .weekly || frequency == .daily) }

    /// Whether this is only a frequency and an interval (no days named).
    var isPlain: Bool { byDay.isEmpty && byMonthDay.isEmpty }

    /// The RRULE value: `FREQ=WEEKLY;INTERVAL=2;BYDAY=MO`, then tick's own parts.
    var ruleText: String {
        var parts = ["FREQ=\(frequency.rawValue)"]
        if interval != 1 { parts.append("INTERVAL=\(interval)") }
        if !byDay.isEmpty { parts.append("BYDAY=" + byDay.map { ($0.ordinal.map(String.init) ?? "") + $0.weekday.code }.joined(separator: ",")) }
        if !byMonthDay.isEmpty { parts.append("BYMONTHDAY=" + byMonthDay.map(String.init).joined(separator: ",")) }
        if whenDone { parts.append("\(Self.whenDoneName)=TRUE") }
        if let taskwarriorParent { parts.append("\(Self.parentName)=\(taskwarriorParent)") }
        return parts.joined(separator: ";")
    }
}

extension Omissions {
    /// Says that the repeats of `count` items could not be written, and why (nothing for 0).
    mutating func noteRepeats(_ count: Int, _ why: String) {
        guard count > 0 else { return }
        note("the repeat of \(count) item\(count == 1 ? "" : "s") (\(why))")
    }
}
