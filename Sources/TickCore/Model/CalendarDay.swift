import FoundationEssentials

/// A day of the Gregorian calendar, the same day in every time zone: what a due date
/// given without a time names (`--due 2026-12-01`, iCalendar's `VALUE=DATE`).
///
/// Stored in an item as 00:00 UTC of the day (``utcMidnight``), so that readers that know
/// only instants still see the right day in UTC.
public struct CalendarDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    public let year: Int
    /// 1 = January … 12 = December.
    public let month: Int
    public let day: Int

    /// A valid day of years 1…9999; nil for any other.
    public init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...LocalTime.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// The day that `date` falls on in UTC.
    public init?(utcMidnight date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 400_000_000_000 else { return nil }
        let fields = LocalTime.utc.fields(of: date)
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// The day a calendar shows for `date` (by default the user's).
    public init?(of date: Date, in calendar: LocalTime) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < 400_000_000_000 else { return nil }
        let fields = calendar.fields(of: date)
        self.init(year: fields.year, month: fields.month, day: fields.day)
    }

    /// Reads `YYYY-MM-DD` (or iCalendar's `YYYYMMDD`).
    public init?(_ text: some StringProtocol) {
        let digits = text.utf8.filter { $0 != UInt8(ascii: "-") }
        let dashes = text.utf8.count - digits.count
        guard digits.count == 8, dashes == 0 || (dashes == 2 && text.utf8.count == 10),
              dashes == 0 || Array(text.utf8)[4] == UInt8(ascii: "-") && Array(text.utf8)[7] == UInt8(ascii: "-"),
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
        else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) } }
        self.init(year: number(0..<4), month: number(4..<6), day: number(6..<8))
    }

    /// 00:00 UTC of the day.
    public var utcMidnight: Date {
        let days = Civil(year: Int64(year), month: Int64(month), day: Int64(day)).dayNumber
        return Date(timeIntervalSince1970: Double(days) * 86_400)
    }

    /// `YYYY-MM-DD`.
    public var description: String {
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    /// `YYYYMMDD`, as iCalendar writes a DATE.
    public var basicFormat: String { String(description.filter { $0 != "-" }) }

    public static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
