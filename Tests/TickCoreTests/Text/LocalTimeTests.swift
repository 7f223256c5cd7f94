import Foundation
import Testing
@testable import TickCore

/// LocalTime against Foundation's ICU-backed `Calendar` as the oracle, in zones with
/// daylight-saving time (Berlin, New York, Sydney, Lord Howe's half hour, Santiago's skipped
/// midnight), odd offsets (Kathmandu, St John's, Chatham) and none (UTC).
@Suite("LocalTime")
struct LocalTimeTests {
    static let zoneNames = [
        "Europe/Berlin", "America/New_York", "Australia/Sydney", "Australia/Lord_Howe",
        "America/Santiago", "Asia/Kathmandu", "America/St_Johns", "Pacific/Chatham", "UTC",
    ]

    /// LocalTime with a Foundation time zone's rules, and Foundation's calendar in that zone.
    static func pair(_ name: String) throws -> (local: LocalTime, oracle: Calendar) {
        let zone = try #require(TimeZone(identifier: name))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let local = LocalTime(secondsFromGMT: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
        return (local, calendar)
    }

    /// Instants from 2025 to 2027 every 7 h 13 min, so that every hour of the day and the
    /// days around each change are visited.
    static let instants: [Date] = stride(from: 1_735_689_600.0, to: 1_798_761_600.0, by: 25_980).map {
        Date(timeIntervalSince1970: $0)
    }

    @Test("an instant's wall-clock fields are Foundation's", arguments: zoneNames)
    func fieldsMatchFoundation(name: String) throws {
        let (local, oracle) = try Self.pair(name)
        for date in Self.instants {
            let expected = oracle.dateComponents([.year, .month, .day, .hour, .minute, .second, .weekday], from: date)
            let fields = local.fields(of: date)
            #expect(fields.year == expected.year && fields.month == expected.month && fields.day == expected.day
                && fields.hour == expected.hour && fields.minute == expected.minute && fields.second == expected.second
                && fields.weekday == expected.weekday, "\(name) \(date)")
            #expect(fields.secondsFromGMT == oracle.timeZone.secondsFromGMT(for: date))
        }
    }

    @Test("the start of an instant's day is Foundation's, also on days the clocks change", arguments: zoneNames)
    func startOfDayMatchesFoundation(name: String) throws {
        let (local, oracle) = try Self.pair(name)
        for date in Self.instants {
            #expect(local.startOfDay(for: date) == oracle.startOfDay(for: date), "\(name) \(date)")
        }
    }

    @Test("a wall time is the instant Foundation gives, in skipped and repeated hours too", arguments: zoneNames)
    func wallTimeMatchesFoundation(name: String) throws {
        let (local, oracle) = try Self.pair(name)
        // Every quarter hour of the days around each change in 2026, and noon of every day.
        var days: Set<Int64> = []
        for date in Self.instants where oracle.timeZone.secondsFromGMT(for: date)
            != oracle.timeZone.secondsFromGMT(for: date.addingTimeInterval(-25_980)) {
            let day = local.dayNumber(of: date)
            days.formUnion([day - 1, day, day + 1])
        }
        for day in days.sorted() {
            let civil = Civil(dayNumber: day)
            for quarter in 0..<96 {
                let (hour, minute) = (quarter / 4, quarter % 4 * 15)
                let components = DateComponents(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day), hour: hour, minute: minute)
                let expected = try #require(oracle.date(from: components))
                let got = local.date(year: Int(civil.year), month: Int(civil.month), day: Int(civil.day), hour: hour, minute: minute)
                #expect(got == expected, "\(name) \(components)")
            }
        }
        #expect(days.count >= (name == "UTC" || name == "Asia/Kathmandu" ? 0 : 6))
        for date in Self.instants {
            let c = oracle.dateComponents([.year, .month, .day], from: date)
            let year = try #require(c.year), month = try #require(c.month), day = try #require(c.day)
            let expected = oracle.date(from: DateComponents(year: year, month: month, day: day, hour: 12, minute: 5, second: 9))
            #expect(local.date(year: year, month: month, day: day, hour: 12, minute: 5, second: 9) == expected)
        }
    }

    @Test("days later starts at that day's start and counts calendar days across changes", arguments: zoneNames)
    func addingDaysMatchesFoundation(name: String) throws {
        let (local, oracle) = try Self.pair(name)
        for date in Self.instants.prefix(1_000) {
            for days in [1, 3, 7, 30, -2] {
                let shifted = try #require(oracle.date(byAdding: .day, value: days, to: oracle.startOfDay(for: date)))
                let expected = oracle.startOfDay(for: shifted)
                let got = try #require(local.startOfDay(days, daysAfter: date))
                #expect(got == expected, "\(name) \(date) +\(days)")
                #expect(local.days(from: date, to: got) == days)
            }
        }
    }

    @Test("midnight after spring forward in Berlin is 22:00 UTC the day before")
    func berlinAfterSpringForward() throws {
        let (local, _) = try Self.pair("Europe/Berlin")
        let midnight = try #require(local.date(year: 2026, month: 3, day: 30))
        #expect(midnight == Date(timeIntervalSince1970: 1_774_821_600)) // 2026-03-29T22:00:00Z
        #expect(local.fields(of: midnight).day == 30)
        #expect(local.days(from: Date(timeIntervalSince1970: 1_774_612_800), to: midnight) == 3) // from Fri 27 noon
    }

    @Test("a fixed zone shifts every instant by its offset")
    func fixedZone() {
        let india = LocalTime.fixed(secondsFromGMT: 19_800)
        let fields = india.fields(of: Date(timeIntervalSince1970: 0))
        #expect(fields == LocalTime.Fields(year: 1970, month: 1, day: 1, hour: 5, minute: 30, second: 0, weekday: 5, secondsFromGMT: 19_800))
        #expect(LocalTime.utc.fields(of: Date(timeIntervalSince1970: -1)).year == 1969)
        #expect(india.date(year: 1970, month: 1, day: 1, hour: 5, minute: 30) == Date(timeIntervalSince1970: 0))
    }

    @Test("days that do not exist give nil", arguments: [
        (2026, 2, 29, 0), (2026, 2, 30, 0), (2026, 4, 31, 0), (2026, 13, 1, 0), (2026, 0, 1, 0), (2026, 1, 0, 0), (2026, 1, 1, 24),
        (2_000_000, 1, 1, 0),
    ])
    func impossible(year: Int, month: Int, day: Int, hour: Int) {
        #expect(LocalTime.utc.date(year: year, month: month, day: day, hour: hour) == nil)
    }

    @Test("leap days exist where the Gregorian calendar has them")
    func leapDays() {
        #expect(LocalTime.utc.date(year: 2024, month: 2, day: 29) != nil)
        #expect(LocalTime.utc.date(year: 2000, month: 2, day: 29) != nil)
        #expect(LocalTime.utc.date(year: 1900, month: 2, day: 29) == nil)
    }

    @Test("civil days and day numbers round-trip, and weekdays follow")
    func civilRoundTrip() {
        for day in stride(from: Int64(-800_000), to: 800_000, by: 997) {
            let civil = Civil(dayNumber: day)
            #expect(civil.dayNumber == day)
            #expect((1...12).contains(civil.month) && (1...31).contains(civil.day))
        }
        #expect(Civil(year: 2026, month: 12, day: 1).dayNumber == 20_788)
        #expect(LocalTime.weekday(ofDayNumber: 20_788) == 3) // a Tuesday
        #expect(LocalTime.weekday(ofDayNumber: -1) == 4) // 1969-12-31, a Wednesday
    }

    @Test("dates no calendar can hold read without a trap", arguments: [
        Double.nan, .infinity, -.infinity, 1e300, -1e300, 1e13, -1e13,
    ])
    func hostileDates(seconds: Double) {
        let date = Date(timeIntervalSince1970: seconds)
        for zone in [LocalTime.utc, LocalTime.current] {
            let fields = zone.fields(of: date)
            #expect((1...12).contains(fields.month))
            _ = zone.startOfDay(for: date)
            _ = zone.startOfDay(100_000, daysAfter: date)
            _ = zone.days(from: Date(timeIntervalSince1970: 0), to: date)
        }
    }

    @Test("the user's zone has the offsets Foundation reads from the same TZ and /etc/localtime")
    func currentMatchesFoundation() {
        for date in Self.instants.prefix(300) {
            #expect(LocalTime.current.secondsFromGMT(for: date) == TimeZone.current.secondsFromGMT(for: date))
        }
    }
}
