import Foundation
import Testing
@testable import TickCore

@Suite("Recurrence: occurrences of a series")
struct RecurrenceOccurrenceTests {
    static func zone(_ name: String) -> LocalTime {
        let zone = TimeZone(identifier: name) ?? .gmt
        return LocalTime(secondsFromGMT: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
    }

    let berlin = zone("Europe/Berlin")
    let newYork = zone("America/New_York")

    func day(_ year: Int, _ month: Int, _ day: Int) throws -> Date {
        try #require(CalendarDay(year: year, month: month, day: day)).utcMidnight
    }

    func next(_ text: String, after: Date, start: Date, startIsDay: Bool = true, zone: LocalTime = .utc) throws -> Date? {
        try RecurrenceRule(parsing: text).nextOccurrence(after: after, start: start, startIsDay: startIsDay, zone: zone)
    }

    @Test("09:00 stays 09:00 on the wall across the changes of March and October")
    func keepsWallTimeAcrossDST() throws {
        for (zone, spring, autumn) in [(berlin, 29, 25), (newYork, 8, 1)] {
            let start = try #require(zone.date(year: 2026, month: 3, day: 1, hour: 9))
            let rule = try RecurrenceRule(parsing: "FREQ=DAILY")
            let hours = rule.occurrences(start: start, startIsDay: false, zone: zone).prefix(300).map { zone.fields(of: $0).hour }
            #expect(Set(hours) == [9])
            let march = try #require(zone.date(year: 2026, month: 3, day: spring - 1, hour: 12))
            let afterChange = try #require(rule.nextOccurrence(after: march, start: start, startIsDay: false, zone: zone))
            #expect(zone.fields(of: afterChange).day == spring && zone.fields(of: afterChange).hour == 9)
            let october = try #require(zone.date(year: 2026, month: autumn == 1 ? 11 : 10, day: autumn, hour: 8))
            let next = try #require(rule.nextOccurrence(after: october, start: start, startIsDay: false, zone: zone))
            #expect(next.timeIntervalSince(october) == 3_600)
        }
    }

    @Test("a wall time the clocks skip moves forward by the gap; a repeated one is the first")
    func skippedAndRepeatedHours() throws {
        let start = try #require(berlin.date(year: 2026, month: 3, day: 28, hour: 2, minute: 30))
        let rule = try RecurrenceRule(parsing: "FREQ=DAILY")
        let times = rule.occurrences(start: start, startIsDay: false, zone: berlin).prefix(3).map { berlin.fields(of: $0) }
        #expect(times.map { [$0.day, $0.hour, $0.minute] } == [[28, 2, 30], [29, 3, 30], [30, 2, 30]])
        let autumn = try #require(berlin.date(year: 2026, month: 10, day: 24, hour: 2, minute: 30))
        let second = try #require(Array(rule.occurrences(start: autumn, startIsDay: false, zone: berlin).prefix(2)).last)
        #expect(berlin.secondsFromGMT(for: second) == 7_200)
        #expect(berlin.fields(of: second).hour == 2)
    }

    @Test("a series of days runs on 00:00 UTC of each day, whatever the zone")
    func daySeries() throws {
        let start = try day(2026, 1, 31)
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY")
        let days = rule.occurrences(start: start, startIsDay: true, zone: newYork).prefix(4).map { CalendarDay(utcMidnight: $0)?.description }
        #expect(days == ["2026-01-31", "2026-03-31", "2026-05-31", "2026-07-31"])
        #expect(try next("FREQ=MONTHLY;BYMONTHDAY=-1", after: day(2026, 2, 1), start: start) == day(2026, 2, 28))
        #expect(try next("FREQ=MONTHLY;BYDAY=-1FR", after: day(2026, 11, 18), start: start) == day(2026, 11, 27))
        #expect(try next("FREQ=YEARLY", after: day(2026, 3, 1), start: day(2024, 2, 29)) == day(2028, 2, 29))
        #expect(try next("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", after: day(2026, 11, 18), start: day(2026, 11, 2)) == day(2026, 11, 19))
    }

    @Test("COUNT counts the start; UNTIL is inclusive; both end the series")
    func countAndUntil() throws {
        let start = try day(2026, 1, 1)
        let counted = try RecurrenceRule(parsing: "FREQ=DAILY;COUNT=3")
        #expect(Array(counted.occurrences(start: start, startIsDay: true, zone: .utc)) == [try day(2026, 1, 1), try day(2026, 1, 2), try day(2026, 1, 3)])
        #expect(try next("FREQ=DAILY;COUNT=3", after: day(2026, 1, 2), start: start) == day(2026, 1, 3))
        #expect(try next("FREQ=DAILY;COUNT=3", after: day(2026, 1, 3), start: start) == nil)
        #expect(try next("FREQ=WEEKLY;UNTIL=20260115", after: day(2026, 1, 8), start: start) == day(2026, 1, 15))
        #expect(try next("FREQ=WEEKLY;UNTIL=20260115", after: day(2026, 1, 15), start: start) == nil)
        // A start off the rule is still the first occurrence, and counts.
        let offRule = try RecurrenceRule(parsing: "FREQ=WEEKLY;BYDAY=FR;COUNT=2")
        #expect(Array(offRule.occurrences(start: try day(2026, 11, 18), startIsDay: true, zone: .utc)) == [try day(2026, 11, 18), try day(2026, 11, 20)])
        // A UTC UNTIL bounds wall-clock times by their instant.
        let nine = try #require(berlin.date(year: 2026, month: 1, day: 1, hour: 9))
        let until = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20260103T080000Z")
        #expect(Array(until.occurrences(start: nine, startIsDay: false, zone: berlin)).count == 3)
    }

    @Test("a rule with no occurrence gives up instead of looping", arguments: [
        "FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=MONTHLY;BYMONTHDAY=31;BYMONTH=4,6,9,11", "FREQ=DAILY;BYMONTH=2;BYMONTHDAY=30",
        "FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30", "FREQ=SECONDLY;INTERVAL=60;BYSECOND=5", "FREQ=MINUTELY;BYSECOND=60",
        "FREQ=YEARLY;BYWEEKNO=53;BYMONTH=6",
    ])
    func noOccurrence(text: String) throws {
        let start = try #require(LocalTime.utc.date(year: 2026, month: 1, day: 1))
        #expect(try next(text, after: start, start: start, startIsDay: false) == nil)
    }

    @Test("far in the past without COUNT: the periods before are skipped, the answer is the same")
    func skipsPeriods() throws {
        let start = try day(1901, 3, 15)
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;BYDAY=2TU")
        let expected = Array(rule.occurrences(start: start, startIsDay: true, zone: .utc).prefix(3_000)).first { $0 > (try? day(2026, 11, 18)) ?? start }
        #expect(rule.nextOccurrence(after: try day(2026, 11, 18), start: start, startIsDay: true, zone: .utc) == expected)
        #expect(expected == (try day(2026, 12, 8)))
    }

    @Test("moving the start forward takes the occurrences passed off COUNT")
    func movingStart() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=WEEKLY;count=4;BYDAY=MO")
        let start = try day(2026, 11, 2)
        let moved = try #require(rule.movingStart(from: start, to: day(2026, 11, 16), startIsDay: true, zone: .utc))
        #expect(moved.text == "FREQ=WEEKLY;count=2;BYDAY=MO")
        #expect(moved.count == 2)
        #expect(Array(moved.occurrences(start: try day(2026, 11, 16), startIsDay: true, zone: .utc)) == [try day(2026, 11, 16), try day(2026, 11, 23)])
        #expect(rule.movingStart(from: start, to: try day(2026, 11, 23), startIsDay: true, zone: .utc)?.count == 1)
        #expect(rule.movingStart(from: start, to: try day(2026, 11, 30), startIsDay: true, zone: .utc) == nil)
        let endless = try RecurrenceRule(parsing: "FREQ=WEEKLY")
        #expect(endless.movingStart(from: start, to: try day(2030, 1, 7), startIsDay: true, zone: .utc) == endless)
        let until = try RecurrenceRule(parsing: "FREQ=WEEKLY;UNTIL=20261110")
        #expect(until.movingStart(from: start, to: try day(2026, 11, 9), startIsDay: true, zone: .utc) == until)
        #expect(until.movingStart(from: start, to: try day(2026, 11, 16), startIsDay: true, zone: .utc) == nil)
    }
}
