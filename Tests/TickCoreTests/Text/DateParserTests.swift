import Foundation
import Testing
@testable import TickCore

@Suite("DateParser")
struct DateParserTests {
    /// Foundation's calendar in Berlin, so that local and UTC differ (+01:00 in winter): the
    /// oracle for expected dates.
    let oracle: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// The parser's calendar: Berlin's rules, the offset taken at each instant.
    var calendar: LocalTime { Self.zone("Europe/Berlin") }

    static func zone(_ name: String) -> LocalTime {
        let zone = TimeZone(identifier: name) ?? .gmt
        return LocalTime(secondsFromGMT: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
    }

    /// Wednesday 2026-11-18 15:42:10 in Berlin (14:42:10 UTC).
    let now = Date(timeIntervalSince1970: 1_795_012_930)

    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) throws -> Date {
        try #require(oracle.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
    }

    func parse(_ text: String) throws(DateParseError) -> Date {
        try DateParser.parse(text, now: now, calendar: calendar)
    }

    @Test("the fixed now is a Wednesday afternoon in Berlin")
    func fixture() throws {
        #expect(oracle.component(.weekday, from: now) == 4)
        #expect(try local(2026, 11, 18, 15, 42).addingTimeInterval(10) == now)
    }

    @Test("a plain date is the start of that day in the calendar's zone")
    func plainDate() throws {
        #expect(try parse("2026-12-01") == local(2026, 12, 1))
    }

    @Test("a date and time without a zone is local")
    func localTime() throws {
        #expect(try parse("2026-12-01T09:30") == local(2026, 12, 1, 9, 30))
        #expect(try parse("2026-12-01 09:30") == local(2026, 12, 1, 9, 30))
        #expect(try parse("2026-12-01t09:30:15") == local(2026, 12, 1, 9, 30).addingTimeInterval(15))
    }

    @Test("an explicit zone wins over the calendar's")
    func zoned() throws {
        let utc = Date(timeIntervalSince1970: 1_796_113_800) // 2026-12-01T08:30:00Z
        #expect(try parse("2026-12-01T08:30:00Z") == utc)
        #expect(try parse("2026-12-01T09:30:00+01:00") == utc)
        #expect(try parse("2026-12-01T03:30-05:00") == utc)
        #expect(try parse("2026-12-01T09:30:00+0100") == utc)
        #expect(try parse("2026-12-01T08:30:00.250Z") == utc.addingTimeInterval(0.25))
    }

    @Test("today and tomorrow are starts of days, in any case")
    func words() throws {
        #expect(try parse("today") == local(2026, 11, 18))
        #expect(try parse("Tomorrow") == local(2026, 11, 19))
        #expect(try parse("  TODAY ") == local(2026, 11, 18))
    }

    @Test("a weekday is the next one strictly after today")
    func weekdays() throws {
        #expect(try parse("thursday") == local(2026, 11, 19))
        #expect(try parse("fri") == local(2026, 11, 20))
        #expect(try parse("Mon") == local(2026, 11, 23))
        #expect(try parse("wed") == local(2026, 11, 25))
        #expect(try parse("WEDNESDAY") == local(2026, 11, 25))
    }

    @Test("+Nd and +Nw count days and weeks from today")
    func relative() throws {
        #expect(try parse("+3d") == local(2026, 11, 21))
        #expect(try parse("+0d") == local(2026, 11, 18))
        #expect(try parse("+2w") == local(2026, 12, 2))
        #expect(try parse("+2W") == local(2026, 12, 2))
    }

    @Test("relative days stay at midnight across a daylight-saving change")
    func acrossDST() throws {
        let march = try local(2026, 3, 27, 12) // Friday; DST starts Sunday 29 March in Berlin
        let date = try DateParser.parse("+3d", now: march, calendar: calendar)
        #expect(date == (try local(2026, 3, 30)))
    }

    @Test("a date after a daylight-saving change is local midnight of that day")
    func dateAfterDST() throws {
        #expect(try parse("2026-03-30") == local(2026, 3, 30))
        #expect(try parse("2026-03-30") == Date(timeIntervalSince1970: 1_774_821_600)) // 22:00Z on the 29th
        #expect(try parse("2026-10-26") == Date(timeIntervalSince1970: 1_792_969_200)) // 23:00Z on the 25th
        #expect(try parse("2026-03-29") == local(2026, 3, 29)) // the change's own day
    }

    @Test("words count days from today's local midnight over a change in either direction")
    func wordsAcrossDST() throws {
        let saturdayNoon = try local(2026, 10, 24, 12) // the clocks go back on Sunday 25 October
        #expect(try DateParser.parse("tomorrow", now: saturdayNoon, calendar: calendar) == local(2026, 10, 25))
        #expect(try DateParser.parse("mon", now: saturdayNoon, calendar: calendar) == local(2026, 10, 26))
        #expect(try DateParser.parse("+1w", now: saturdayNoon, calendar: calendar) == local(2026, 10, 31))
        let lateEvening = try local(2026, 3, 29, 23, 30) // after spring forward, 21:30 UTC
        #expect(try DateParser.parse("today", now: lateEvening, calendar: calendar) == local(2026, 3, 29))
    }

    @Test("a time the clocks skip lands after the change, a repeated one is the first, as Foundation")
    func skippedAndRepeated() throws {
        #expect(try parse("2026-03-29T02:30") == local(2026, 3, 29, 2, 30))
        #expect(try parse("2026-03-29T02:30") == local(2026, 3, 29, 3, 30))
        #expect(try parse("2026-10-25T02:30") == local(2026, 10, 25, 2, 30))
        #expect(try parse("2026-10-25T02:30") == Date(timeIntervalSince1970: 1_792_888_200)) // 00:30Z, still summer time
    }

    @Test("a day whose midnight is skipped starts at the first time that exists")
    func skippedMidnight() throws {
        // Santiago de Chile moves from 24:00 on Saturday 5 September 2026 to 01:00 on the 6th.
        let santiago = Self.zone("America/Santiago")
        let date = try DateParser.parse("2026-09-06", now: now, calendar: santiago)
        #expect(santiago.fields(of: date).day == 6)
        #expect(santiago.fields(of: date).hour == 1)
        #expect(date == Date(timeIntervalSince1970: 1_788_667_200))
    }

    @Test("offsets up to 18 hours are accepted, beyond are refused")
    func offsetLimits() throws {
        #expect(try parse("2026-12-01T18:00+18:00") == Date(timeIntervalSince1970: 1_796_083_200)) // 00:00Z
        #expect(throws: DateParseError.self) { try parse("2026-12-01T18:00+18:30") }
    }

    @Test("nonsense, impossible dates and months are refused with a message naming the text", arguments: [
        "someday", "", "2026-13-01", "2026-02-30", "2026-12-01T25:00", "2026-12-1", "+3m", "+d", "+-3d",
        "2026-12-01T09:30+25:00", "2026-12-01T09:30Zjunk", "fr",
    ])
    func refused(text: String) {
        #expect(throws: DateParseError.self) { try parse(text) }
        do {
            _ = try parse(text)
        } catch {
            #expect(error.description.contains("\"\(text)\""))
        }
    }

    @Test("the message for an unknown form lists the accepted forms")
    func message() {
        let error = DateParseError(text: "someday")
        #expect(error.description.contains("tomorrow"))
        #expect(error.description.contains("+2w"))
        #expect(error.description.contains("2026-12-01T09:30"))
    }
}
