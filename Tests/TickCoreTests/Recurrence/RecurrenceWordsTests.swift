import Foundation
import Testing
@testable import TickCore

@Suite("Recurrence: rules in words, both ways")
struct RecurrenceWordsTests {
    var berlin: LocalTime {
        let zone = TimeZone(identifier: "Europe/Berlin") ?? .gmt
        return LocalTime(secondsFromGMT: { zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double($0))) })
    }

    /// Wednesday 2026-11-18 15:42:10 in Berlin.
    let now = Date(timeIntervalSince1970: 1_795_012_930)

    func rule(_ words: String, untilAsDay: Bool = true) throws(RecurrenceError) -> RecurrenceRule {
        try RecurrenceRule(words: words, now: now, calendar: berlin, untilAsDay: untilAsDay)
    }

    @Test("each phrase becomes its RRULE", arguments: [
        ("daily", "FREQ=DAILY"), ("weekly", "FREQ=WEEKLY"), ("monthly", "FREQ=MONTHLY"), ("yearly", "FREQ=YEARLY"),
        ("every day", "FREQ=DAILY"), ("every 3 days", "FREQ=DAILY;INTERVAL=3"), ("every week", "FREQ=WEEKLY"),
        ("every 2 weeks", "FREQ=WEEKLY;INTERVAL=2"), ("every weekday", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"), ("weekdays", "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR"),
        ("every fri", "FREQ=WEEKLY;BYDAY=FR"), ("every mon,thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("every Thursday and Monday", "FREQ=WEEKLY;BYDAY=MO,TH"), ("every mon, thu", "FREQ=WEEKLY;BYDAY=MO,TH"),
        ("every month", "FREQ=MONTHLY"), ("every month on the 15th", "FREQ=MONTHLY;BYMONTHDAY=15"),
        ("every month on the last day", "FREQ=MONTHLY;BYMONTHDAY=-1"), ("every last fri", "FREQ=MONTHLY;BYDAY=-1FR"),
        ("every 2nd tue", "FREQ=MONTHLY;BYDAY=2TU"), ("every year", "FREQ=YEARLY"),
        ("every 2 weeks on mon", "FREQ=WEEKLY;INTERVAL=2;BYDAY=MO"), ("every other month", "FREQ=MONTHLY;INTERVAL=2"),
        ("every year on Dec 25", "FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25"), ("Every Day, 5 times", "FREQ=DAILY;COUNT=5"),
        ("every day until 2027-01-31", "FREQ=DAILY;UNTIL=20270131"), ("every fri until Dec 1", "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261201"),
        ("every week until next week", "FREQ=WEEKLY;UNTIL=20261123"),
        ("FREQ=MONTHLY;BYDAY=2TU", "FREQ=MONTHLY;BYDAY=2TU"),
    ])
    func phrases(words: String, text: String) throws {
        #expect(try rule(words).text == text)
    }

    @Test("until a day of a timed series is the end of that day in UTC")
    func untilEndOfDay() throws {
        #expect(try rule("every day until 2027-01-31", untilAsDay: false).text == "FREQ=DAILY;UNTIL=20270131T225959Z")
        #expect(try rule("every day until 2027-07-31", untilAsDay: false).text == "FREQ=DAILY;UNTIL=20270731T215959Z")
        #expect(try rule("every day until 2027-01-31 17:00", untilAsDay: false).text == "FREQ=DAILY;UNTIL=20270131T160000Z")
    }

    @Test("words that name no repeat are refused", arguments: ["", "sometimes", "every", "every 0 days", "every 2 weekdays", "every fri until", "every day until never", "every day until 2027-01-01 5 times"])
    func refused(words: String) {
        #expect(throws: RecurrenceError.self) { try rule(words) }
    }

    @Test("rules are said in words", arguments: [
        ("FREQ=DAILY", "every day"), ("FREQ=DAILY;INTERVAL=3", "every 3 days"), ("FREQ=WEEKLY", "every week"),
        ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO", "every 2 weeks on Mon"), ("FREQ=WEEKLY;BYDAY=TH,MO", "every week on Mon, Thu"),
        ("FREQ=WEEKLY;BYDAY=FR", "every Fri"), ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", "every weekday"),
        ("FREQ=MONTHLY", "every month"), ("FREQ=MONTHLY;BYMONTHDAY=15", "every month on the 15th"),
        ("FREQ=MONTHLY;BYMONTHDAY=-1", "every month on the last day"), ("FREQ=MONTHLY;BYDAY=-1FR", "every last Fri"),
        ("FREQ=MONTHLY;INTERVAL=2;BYDAY=2TU", "every 2 months on the 2nd Tue"), ("FREQ=YEARLY", "every year"),
        ("FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25", "every year on Dec 25"), ("FREQ=HOURLY;INTERVAL=2", "every 2 hours"),
        ("FREQ=DAILY;UNTIL=20270101", "every day until 2027-01-01"), ("FREQ=DAILY;COUNT=5", "every day, 5 times"),
        ("FREQ=DAILY;COUNT=1", "every day, once"), ("FREQ=DAILY;UNTIL=20270131T225959Z", "every day until 2027-01-31"),
        ("FREQ=DAILY;UNTIL=20270131T120000Z", "every day until 2027-01-31 13:00"),
    ])
    func words(text: String, words: String) throws {
        #expect(try RecurrenceRule(parsing: text).words(zone: berlin) == words)
    }

    @Test("rules words cannot say have none", arguments: [
        "FREQ=MONTHLY;BYDAY=MO;BYSETPOS=-1", "FREQ=YEARLY;BYWEEKNO=20", "FREQ=DAILY;BYHOUR=9,17",
        "FREQ=WEEKLY;INTERVAL=2;WKST=SU;BYDAY=MO", "FREQ=MONTHLY;BYMONTHDAY=1,15", "FREQ=DAILY;X-A=1", "FREQ=MONTHLY;BYDAY=MO,2TU",
    ])
    func noWords(text: String) throws {
        #expect(try RecurrenceRule(parsing: text).words(zone: berlin) == nil)
    }

    @Test("what words write reads back to the same words")
    func roundTrip() throws {
        for phrase in ["every 3 days", "every weekday", "every week on Mon, Thu", "every 2 weeks on Mon", "every month on the 15th",
                       "every last Fri", "every year on Dec 25", "every day, 5 times", "every Fri until 2027-01-01"] {
            #expect(try rule(phrase).words(zone: berlin) == phrase)
        }
    }
}
