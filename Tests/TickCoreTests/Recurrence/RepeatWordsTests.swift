import FoundationEssentials
import Testing
@testable import TickCore

@Suite("Repeats in words: what people type, and rules said back")
struct RepeatWordsTests {
    private let now = Date(timeIntervalSince1970: 1_795_860_000)  // Sat 2026-11-28 08:00 UTC

    private func rule(_ words: String, untilAsDay: Bool = true) throws -> String {
        try RecurrenceRule(words: words, now: now, calendar: .utc, untilAsDay: untilAsDay).text
    }

    @Test("each phrase of the interface gives its RRULE", arguments: [
        ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("monthly", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"),
        ("every day", "FREQ=DAILY"), ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every week", "FREQ=WEEKLY"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"), ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every fri", "FREQ=WEEKLY;BYDAY=FR"), ("every mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH"), ("Every Mon, Thursday", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("every month", "FREQ=MONTHLY"), ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every last fri", "FREQ=MONTHLY;BYDAY=-1FR"), ("every 2nd tue", "FREQ=MONTHLY;BYDAY=2TU"), ("every year", "FREQ=YEARLY"),
        ("every 2 weeks on mon", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"),
        ("FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=2TU"),
    ])
    func phrases(words: String, expected: String) throws {
        #expect(try rule(words) == expected)
    }

    @Test("until DATE ends the rule: a DATE for a day due, the UTC end of that day for a timed one")
    func until() throws {
        #expect(try rule("every week until 2027-01-31") == "FREQ=WEEKLY;UNTIL=20270131")
        #expect(try rule("every fri until 2027-01-31", untilAsDay: false) == "FREQ=WEEKLY;BYDAY=FR;UNTIL=20270131T235959Z")
        let berlin = LocalTime.fixed(secondsFromGMT: 3_600)
        let timed = try RecurrenceRule(words: "daily until Dec 24", now: now, calendar: berlin, untilAsDay: false).text
        #expect(timed == "FREQ=DAILY;UNTIL=20261224T225959Z")
    }

    @Test("what is not a repeat is refused with the phrases tick knows", arguments: [
        "", "sometimes", "every", "every 0 days", "every blue moon", "every 2 fri", "every month on the 32nd", "FREQ=NEVER",
        "every week until someday",
    ])
    func refused(words: String) {
        #expect(throws: RecurrenceError.self) { try rule(words) }
    }

    @Test("rules are said back in words where they can be; others have none", arguments: [
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "every 2 weeks on Mon"), ("FREQ=DAILY", "every day"),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"), ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("FREQ=MONTHLY;BYDAY=-1FR", "every last Fri"), ("FREQ=YEARLY;INTERVAL=2", "every 2 years"),
        ("FREQ=DAILY;COUNT=5", "every day, 5 times"), ("FREQ=WEEKLY;UNTIL=20270131", "every week until 2027-01-31"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"), ("FREQ=MONTHLY;BYDAY=2TU", "every 2nd Tue"),
    ])
    func words(rule: String, expected: String) throws {
        #expect(try RecurrenceRule(parsing: rule).words == expected)
    }

    @Test("a rule tick cannot say stays its text", arguments: ["FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1", "FREQ=HOURLY;BYMINUTE=5,35", "FREQ=YEARLY;BYMONTH=4;BYDAY=MO"])
    func noWords(rule: String) throws {
        #expect(try RecurrenceRule(parsing: rule).words == nil)
        #expect(RepeatText.describe(rule) == rule)
    }
}
