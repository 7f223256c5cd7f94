import Foundation
import Testing
@testable import TickCore

/// The engine against python-dateutil on a fixed, seeded set of rules mixing every part.
///
/// Left out on purpose, where dateutil departs from RFC 5545:
/// - BYDAY mixing plain and numbered weekdays (`MO,2TU`): dateutil keeps only days that are
///   both, RFC 5545 means either; the generator never mixes them.
/// - BYSECOND=60: dateutil cannot make a second 60; the generator uses 0…59.
/// - UNTIL as a DATE for a series of times: dateutil reads it as midnight, tick as the whole
///   day; the generator writes UNTIL as a floating DATE-TIME.
/// - WEEKLY with BYSETPOS: dateutil's first week starts at DTSTART's day, not at WKST, so
///   its positions count from there; RFC 5545 picks from the whole week. Such series start
///   on a week's first day, where both agree.
/// - A DTSTART off the rule: dateutil does not count it; the oracle script adds it as RFC 5545
///   says (see ``DateutilOracle``).
@Suite("Recurrence: the engine agrees with python-dateutil")
struct RecurrenceDateutilTests {
    static let weekdayCodes = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"]

    /// A rule text from the generator, valid for RFC 5545 and within dateutil's agreement.
    static func randomRule(_ random: inout SeededGenerator, allowCount: Bool) -> (text: String, hasCount: Bool) {
        let frequencies = ["YEARLY", "YEARLY", "YEARLY", "MONTHLY", "MONTHLY", "MONTHLY", "WEEKLY", "WEEKLY", "DAILY", "DAILY", "HOURLY", "MINUTELY", "SECONDLY"]
        let frequency = frequencies.randomElement(using: &random) ?? "DAILY"
        let subDaily = ["HOURLY", "MINUTELY", "SECONDLY"].contains(frequency)
        var parts = ["FREQ=\(frequency)"]
        func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &random) < percent }
        func list(_ range: ClosedRange<Int>, signed: Bool, most: Int = 3) -> String {
            (0..<Int.random(in: 1...most, using: &random)).map { _ in
                let value = Int.random(in: range, using: &random)
                return signed && Bool.random(using: &random) ? "-\(value)" : "\(value)"
            }.joined(separator: ",")
        }
        if chance(40) { parts.append("INTERVAL=\(Int.random(in: 1...(subDaily ? 5 : 4), using: &random))") }
        // At most two day parts, so that most rules have occurrences to compare.
        var dayParts = 0
        func dayPart(_ percent: Int) -> Bool {
            guard dayParts < (subDaily ? (frequency == "SECONDLY" ? 0 : 1) : 2), chance(percent) else { return false }
            dayParts += 1
            return true
        }
        if dayPart(35) { parts.append("BYMONTH=\(list(1...12, signed: false))") }
        if frequency == "YEARLY" && dayPart(20) { parts.append("BYWEEKNO=\(list(1...53, signed: true, most: 2))") }
        if ["YEARLY", "HOURLY", "MINUTELY", "SECONDLY"].contains(frequency) && dayPart(15) {
            parts.append("BYYEARDAY=\(list(1...366, signed: true))")
        }
        if frequency != "WEEKLY" && dayPart(35) { parts.append("BYMONTHDAY=\(list(1...31, signed: true))") }
        if dayPart(45) {
            let numbered = (frequency == "MONTHLY" || (frequency == "YEARLY" && !parts.contains { $0.hasPrefix("BYWEEKNO") })) && chance(50)
            let days = (0..<Int.random(in: 1...3, using: &random)).map { _ in
                let code = weekdayCodes.randomElement(using: &random) ?? "MO"
                guard numbered else { return code }
                let inMonth = frequency == "MONTHLY" || parts.contains { $0.hasPrefix("BYMONTH=") }
                let ordinal = Int.random(in: 1...(inMonth ? 5 : 53), using: &random)
                return (Bool.random(using: &random) ? "-" : "") + "\(ordinal)\(code)"
            }
            parts.append("BYDAY=\(days.joined(separator: ","))")
        }
        switch frequency {
        case "SECONDLY":
            // dateutil walks every second: keep each series within a few hours.
            parts.append("BYHOUR=\(list(0...23, signed: false, most: 2))")
            parts.append("BYMINUTE=\(list(0...59, signed: false, most: 2))")
            if chance(30) { parts.append("BYSECOND=\(list(0...59, signed: false, most: 3))") }
        case "MINUTELY":
            parts.append("BYHOUR=\(list(0...23, signed: false, most: 2))")
            if chance(40) { parts.append("BYMINUTE=\(list(0...59, signed: false, most: 3))") }
            if chance(30) { parts.append("BYSECOND=\(list(0...59, signed: false, most: 2))") }
        default:
            if chance(subDaily ? 40 : 20) { parts.append("BYHOUR=\(list(0...23, signed: false, most: 2))") }
            if chance(subDaily ? 40 : 15) { parts.append("BYMINUTE=\(list(0...59, signed: false, most: 2))") }
            if chance(subDaily ? 30 : 10) { parts.append("BYSECOND=\(list(0...59, signed: false, most: 2))") }
        }
        if parts.count > 2 && chance(30) {
            let positions = (0..<Int.random(in: 1...2, using: &random)).map { _ in
                let position = chance(80) ? Int.random(in: 1...3, using: &random) : Int.random(in: 1...(frequency == "YEARLY" ? 60 : 8), using: &random)
                return Bool.random(using: &random) ? "-\(position)" : "\(position)"
            }
            parts.append("BYSETPOS=\(positions.joined(separator: ","))")
        }
        if chance(25) { parts.append("WKST=\(weekdayCodes.randomElement(using: &random) ?? "MO")") }
        var hasCount = false
        if allowCount && chance(50) {
            parts.append("COUNT=\(Int.random(in: 1...30, using: &random))")
            hasCount = true
        } else if chance(25) {
            parts.append("UNTIL=\(Int.random(in: 2021...2040, using: &random))0\(Int.random(in: 1...9, using: &random))15T120000")
        }
        // Parts in any order: RFC 5545 asks FREQ first only of writers, for old readers.
        if chance(20) { parts.shuffle(using: &random) }
        return (parts.joined(separator: ";"), hasCount)
    }

    static func wall(_ date: Date) -> String {
        let fields = LocalTime.utc.fields(of: date)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(fields.year, 4))\(pad(fields.month, 2))\(pad(fields.day, 2))T\(pad(fields.hour, 2))\(pad(fields.minute, 2))\(pad(fields.second, 2))"
    }

    static func date(_ text: String) -> Date? {
        let digits = text.filter(\.isNumber).map { Int(String($0)) ?? 0 }
        guard digits.count == 14 else { return nil }
        func number(_ range: Range<Int>) -> Int { digits[range].reduce(0) { $0 * 10 + $1 } }
        return LocalTime.utc.date(year: number(0..<4), month: number(4..<6), day: number(6..<8),
                                  hour: number(8..<10), minute: number(10..<12), second: number(12..<14))
    }

    @Test("several hundred seeded rules: the first occurrences and the next after later points match dateutil")
    func matchesDateutil() throws {
        var random = SeededGenerator(seed: 20_260_501)
        var cases: [DateutilOracle.Case] = []
        var rules: [RecurrenceRule] = []
        for index in 0..<500 {
            let (text, hasCount) = Self.randomRule(&random, allowCount: index % 3 != 0)
            let rule = try RecurrenceRule(parsing: text)
            var start = try #require(LocalTime.utc.date(
                year: Int.random(in: 1995...2030, using: &random), month: Int.random(in: 1...12, using: &random),
                day: Int.random(in: 1...28, using: &random), hour: Int.random(in: 0...23, using: &random),
                minute: Int.random(in: 0...59, using: &random), second: Int.random(in: 0...59, using: &random)
            ))
            if rule.frequency == .weekly && !rule.bySetPos.isEmpty {
                let weekday = (LocalTime.utc.fields(of: start).weekday + 5) % 7
                let back = (weekday - rule.effectiveWeekStart.rawValue + 7) % 7
                start = start.addingTimeInterval(Double(-back * 86_400))
            }
            let subDaily = ["HOURLY", "MINUTELY", "SECONDLY"].contains(rule.frequency.rawValue)
            // dateutil walks to each point from the start: sub-daily series only days on.
            let reach = subDaily ? 86_400 * 3 : 86_400 * 365 * 12
            let after = hasCount ? [] : (0..<2).map { _ in
                start.addingTimeInterval(Double(Int.random(in: -86_400 * 2...reach, using: &random)))
            }
            cases.append(.init(rule: text, start: Self.wall(start), first: subDaily ? 12 : 20, after: after.map(Self.wall)))
            rules.append(rule)
        }
        let answers = try DateutilOracle.run(cases)
        try #require(answers.count == cases.count)
        var compared = 0
        for (index, (test, answer)) in zip(cases, answers).enumerated() {
            guard let expected = answer.first else { continue }
            compared += 1
            let start = try #require(Self.date(test.start))
            let ours = Array(rules[index].occurrences(start: start, startIsDay: false, zone: .utc).prefix(test.first)).map(Self.wall)
            #expect(ours == expected, "\(index): \(test.rule) from \(test.start)")
            for (point, theirs) in zip(test.after, answer.after ?? []) {
                let next = rules[index].nextOccurrence(after: try #require(Self.date(point)), start: start, startIsDay: false, zone: .utc)
                #expect(next.map(Self.wall) == theirs, "\(index): \(test.rule) from \(test.start), next after \(point)")
            }
        }
        let refused = zip(cases, answers).filter { $0.1.first == nil }.map { "\($0.0.rule): \($0.1.error ?? "")" }
        #expect(compared >= 400, "dateutil answered only \(compared) of \(cases.count): \(refused.prefix(20))")
    }
}
