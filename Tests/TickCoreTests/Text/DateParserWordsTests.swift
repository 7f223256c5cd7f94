import Foundation
import Testing
@testable import TickCore

@Suite("DateParser: dates as people write them")
struct DateParserWordsTests {
    let oracle: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    var calendar: LocalTime {
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return LocalTime(secondsFromGMT: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
    }

    /// Wednesday 2026-11-18 15:42:10 in Berlin.
    let now = Date(timeIntervalSince1970: 1_795_012_930)

    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) throws -> Date {
        try #require(oracle.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
    }

    func due(_ text: String) throws(DateParseError) -> ParsedDue {
        try DateParser.parseDue(text, now: now, calendar: calendar)
    }

    @Test("relative day words name whole days", arguments: [
        ("yesterday", 17), ("3d", 21), ("+3d", 21), ("-1d", 17), ("2w", 32), ("-2w", 4),
        ("in 3 days", 21), ("in 1 day", 19), ("in 2 weeks", 32), ("next week", 23), ("next fri", 20), ("In 3 Days", 21),
    ])
    func relativeDays(text: String, dayOfNovember: Int) throws {
        let parsed = try due(text)
        let expected = try dayOfNovember > 30 ? local(2026, 12, dayOfNovember - 30) : local(2026, 11, dayOfNovember)
        #expect(parsed == ParsedDue(date: expected, isDay: true))
    }

    @Test("month names with a day: this year's from 60 days ago on, else next year's; or the year given", arguments: [
        ("Dec 1", 2026, 12, 1), ("1 Dec", 2026, 12, 1), ("december 1", 2026, 12, 1), ("1st Dec", 2026, 12, 1),
        ("Nov 18", 2026, 11, 18), ("Nov 17", 2026, 11, 17), ("Jan 5", 2027, 1, 5), ("1 Dec 2028", 2028, 12, 1),
        ("Dec 1, 2028", 2028, 12, 1), ("sept 3", 2027, 9, 3),
    ])
    func monthDays(text: String, year: Int, month: Int, day: Int) throws {
        #expect(try due(text) == ParsedDue(date: try local(year, month, day), isDay: true))
    }

    @Test("a time alone is today at that time, an instant", arguments: [
        ("17:00", 17, 0), ("9am", 9, 0), ("9 am", 9, 0), ("9:30pm", 21, 30), ("12am", 0, 0), ("12pm", 12, 0), ("08:05", 8, 5),
    ])
    func timesToday(text: String, hour: Int, minute: Int) throws {
        #expect(try due(text) == ParsedDue(date: try local(2026, 11, 18, hour, minute), isDay: false))
    }

    @Test("a day and a time make an instant")
    func dayAndTime() throws {
        #expect(try due("fri 17:00") == ParsedDue(date: try local(2026, 11, 20, 17), isDay: false))
        #expect(try due("tomorrow at 9am") == ParsedDue(date: try local(2026, 11, 19, 9), isDay: false))
        #expect(try due("Dec 1 9:30") == ParsedDue(date: try local(2026, 12, 1, 9, 30), isDay: false))
        #expect(try due("2026-12-01 9am") == ParsedDue(date: try local(2026, 12, 1, 9), isDay: false))
    }

    @Test("ISO dates are days, ISO dates with a time instants; today and weekdays are days")
    func isoAndWords() throws {
        #expect(try due("2026-12-01").isDay)
        #expect(try !due("2026-12-01T09:30").isDay)
        #expect(try !due("2026-12-01T09:30:00Z").isDay)
        #expect(try due("today") == ParsedDue(date: try local(2026, 11, 18), isDay: true))
        #expect(try due("fri").isDay)
        #expect(try DateParser.parse("fri 17:00", now: now, calendar: calendar) == (try local(2026, 11, 20, 17)))
    }

    @Test("numeric dates with / or . are refused with the ISO forms to write instead")
    func numericRefused() {
        #expect(throws: DateParseError.self) { try due("12/01/2026") }
        do {
            _ = try due("12/01/2026")
        } catch {
            #expect(error.description.contains("2026-12-01"))
            #expect(error.description.contains("2026-01-12"))
        }
        do {
            _ = try due("13.12.2026")
        } catch {
            #expect(error.description.contains("write it as 2026-12-13"))
            #expect(!error.description.contains("or"))
        }
    }

    @Test("counts beyond the range get a range message", arguments: ["+1000000d", "1000000d", "-200000w", "in 999999999999999999999 days", "+99999999999999999999d"])
    func outOfRange(text: String) {
        do {
            _ = try due(text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.contains("out of range"))
            #expect(error.description.contains("100000"))
        }
    }

    @Test("near misses are refused", arguments: ["13:00pm", "25:00", "9", "in 3 monts", "next moth", "in thirteen weeks", "Dec 32", "Feb 30 2027", "3 pm tomorrow", "12/01/2026/4"])
    func refused(text: String) {
        #expect(throws: DateParseError.self) { try due(text) }
    }

    @Test("a month and day that passed up to 60 days ago is this year's, overdue; further back next year's", arguments: [
        ("Nov 1", 2026, 11, 1), ("Sep 19", 2026, 9, 19), ("Sep 18", 2027, 9, 18), ("Aug 1", 2027, 8, 1),
    ])
    func monthDayWindow(text: String, year: Int, month: Int, day: Int) throws {
        #expect(try due(text) == ParsedDue(date: try local(year, month, day), isDay: true))
    }

    @Test("now, noon, tonight, eod, eow and eom are instants, the last three at 23:59:59 as taskwarrior reads them", arguments: [
        ("noon", 18, 12, 0, 0), ("tonight", 18, 18, 0, 0), ("tonight 21:00", 18, 21, 0, 0), ("fri noon", 20, 12, 0, 0),
        ("eod", 18, 23, 59, 59), ("EOW", 22, 23, 59, 59), ("eom", 30, 23, 59, 59),
    ])
    func namedInstants(text: String, dayOfNovember: Int, hour: Int, minute: Int, second: Int) throws {
        let expected = try #require(oracle.date(from: DateComponents(year: 2026, month: 11, day: dayOfNovember, hour: hour, minute: minute, second: second)))
        #expect(try due(text) == ParsedDue(date: expected, isDay: false))
        #expect(try due("now") == ParsedDue(date: now, isDay: false))
    }

    @Test("next month is its first day; in N days, weeks and months take one to twelve as words", arguments: [
        ("next month", 2026, 12, 1), ("in two weeks", 2026, 12, 2), ("in a week", 2026, 11, 25), ("in one day", 2026, 11, 19),
        ("in 2 months", 2027, 1, 18), ("in twelve months", 2027, 11, 18), ("in 1 month", 2026, 12, 18),
    ])
    func monthsAndCountWords(text: String, year: Int, month: Int, day: Int) throws {
        #expect(try due(text) == ParsedDue(date: try local(year, month, day), isDay: true))
    }

    @Test("a month later keeps the day within the month: January 31 and a month is February 28")
    func monthEnd() throws {
        let january31 = try local(2027, 1, 31, 10)
        #expect(try DateParser.parseDue("in a month", now: january31, calendar: calendar) == ParsedDue(date: try local(2027, 2, 28), isDay: true))
    }
}
