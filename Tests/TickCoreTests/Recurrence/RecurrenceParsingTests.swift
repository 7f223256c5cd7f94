import Foundation
import Testing
@testable import TickCore

@Suite("Recurrence: RRULE values are read strictly")
struct RecurrenceParsingTests {
    @Test("every rule part is read, names and values in any case, the text kept byte for byte", arguments: [
        "FREQ=MONTHLY;BYDAY=2TU",
        "freq=weekly;interval=2;byday=mo,th;wkst=su",
        "FREQ=YEARLY;BYMONTH=1,2;BYMONTHDAY=-1,+15;BYYEARDAY=1,-366;BYHOUR=9;BYMINUTE=0,30;BYSECOND=0,60;BYSETPOS=-1",
        "FREQ=YEARLY;BYWEEKNO=20,-1;BYDAY=MO",
        "FREQ=DAILY;UNTIL=20271231",
        "FREQ=DAILY;UNTIL=20271231T235959Z",
        "FREQ=HOURLY;UNTIL=20271231T235959;X-TICK-NOTE=kept as written",
        "INTERVAL=3;FREQ=SECONDLY;COUNT=5",
        "FREQ=MINUTELY",
    ])
    func readsEveryPart(text: String) throws {
        let rule = try RecurrenceRule(parsing: "  \(text)\n")
        #expect(rule.text == text)
    }

    @Test("the parts are read into their values")
    func values() throws {
        let rule = try RecurrenceRule(parsing: "FREQ=MONTHLY;INTERVAL=2;BYDAY=-1FR,+2mo,WE;BYMONTHDAY=-3;WKST=SU;X-A=b;COUNT=4")
        #expect(rule.frequency == .monthly)
        #expect(rule.interval == 2)
        #expect(rule.count == 4)
        #expect(rule.byDay == [.init(.friday, ordinal: -1), .init(.monday, ordinal: 2), .init(.wednesday)])
        #expect(rule.byMonthDay == [-3])
        #expect(rule.weekStart == .sunday)
        #expect(rule.extensions == [.init(name: "X-A", value: "b")])
        let until = try RecurrenceRule(parsing: "FREQ=DAILY;UNTIL=20270131T083000Z").until
        #expect(until == .init(year: 2027, month: 1, day: 31, secondOfDay: 30_600, isUTC: true))
    }

    @Test("bad rules are refused with a message naming what is wrong", arguments: [
        ("", "empty"),
        ("INTERVAL=2", "no FREQ"),
        ("FREQ=FORTNIGHTLY", "not a frequency"),
        ("FREQ=DAILY;COUNT=3;UNTIL=20270101", "COUNT and UNTIL"),
        ("FREQ=DAILY;FREQ=WEEKLY", "given twice"),
        ("FREQ=DAILY;count=2;COUNT=3", "given twice"),
        ("FREQ=DAILY;", "empty part"),
        ("FREQ=DAILY;;COUNT=2", "empty part"),
        ("FREQ=DAILY;COUNT", "NAME=value"),
        ("FREQ=DAILY;INTERVAL=0", "out of range"),
        ("FREQ=DAILY;COUNT=-1", "not a whole number"),
        ("FREQ=MONTHLY;BYMONTHDAY=32", "out of range"),
        ("FREQ=MONTHLY;BYMONTHDAY=0", "out of range"),
        ("FREQ=YEARLY;BYYEARDAY=367", "out of range"),
        ("FREQ=YEARLY;BYWEEKNO=54", "out of range"),
        ("FREQ=YEARLY;BYMONTH=13", "out of range"),
        ("FREQ=DAILY;BYHOUR=24", "out of range"),
        ("FREQ=DAILY;BYMINUTE=60", "out of range"),
        ("FREQ=DAILY;BYSECOND=61", "out of range"),
        ("FREQ=DAILY;BYHOUR=-1", "not a number"),
        ("FREQ=MONTHLY;BYDAY=0MO", "out of range"),
        ("FREQ=MONTHLY;BYDAY=54MO", "out of range"),
        ("FREQ=MONTHLY;BYDAY=XX", "not a weekday"),
        ("FREQ=WEEKLY;BYDAY=2MO", "only allowed with FREQ=MONTHLY or YEARLY"),
        ("FREQ=DAILY;BYDAY=-1FR", "only allowed with FREQ=MONTHLY or YEARLY"),
        ("FREQ=YEARLY;BYWEEKNO=2;BYDAY=1MO", "not allowed with BYWEEKNO"),
        ("FREQ=MONTHLY;BYWEEKNO=2", "only allowed with FREQ=YEARLY"),
        ("FREQ=MONTHLY;BYYEARDAY=2", "not allowed with FREQ=MONTHLY"),
        ("FREQ=WEEKLY;BYMONTHDAY=2", "not allowed with FREQ=WEEKLY"),
        ("FREQ=DAILY;BYSETPOS=1", "needs another BYxxx"),
        ("FREQ=MONTHLY;BYSETPOS=0;BYDAY=MO", "out of range"),
        ("FREQ=DAILY;UNTIL=20270230", "names no day"),
        ("FREQ=DAILY;UNTIL=2027-01-01", "not a DATE"),
        ("FREQ=DAILY;UNTIL=20270101Z", "not a DATE"),
        ("FREQ=DAILY;UNTIL=20270101T250000Z", "names no time"),
        ("FREQ=DAILY;WKST=XX", "not a weekday"),
        ("FREQ=DAILY;RSCALE=HEBREW", "RFC 7529"), ("FREQ=MONTHLY;SKIP=FORWARD", "RFC 7529"),
        ("FREQ=DAILY; COUNT=2", "not a rule part"),
    ])
    func refusesBadRules(text: String, reason: String) {
        #expect {
            try RecurrenceRule(parsing: text)
        } throws: { error in
            guard let error = error as? RecurrenceError else { return false }
            return error.message.contains(reason)
        }
    }
}
