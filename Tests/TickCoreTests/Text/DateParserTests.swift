import Foundation
import Testing
@testable import TickCore

@Suite("DateParser")
struct DateParserTests {
    /// Berlin, so that local and UTC differ (+01:00 in winter).
    let calendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return calendar
    }()

    /// Wednesday 2026-11-18 15:42:10 in Berlin (14:42:10 UTC).
    let now = Date(timeIntervalSince1970: 1_795_012_930)

    func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) throws -> Date {
        try #require(calendar.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)))
    }

    func parse(_ text: String) throws(DateParseError) -> Date {
        try DateParser.parse(text, now: now, calendar: calendar)
    }

    @Test("the fixed now is a Wednesday afternoon in Berlin")
    func fixture() throws {
        #expect(calendar.component(.weekday, from: now) == 4)
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
