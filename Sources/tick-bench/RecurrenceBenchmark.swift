import Foundation
import TickCore

/// `tick-bench --only-recurrence [--recurrence-size N]`: the time to tick off N repeating
/// items (`ToDoList.repeatTick`: the rule read, its next occurrence after the due, COUNT
/// moved on, the done copy made), and to find their next occurrences alone, for a mix of
/// the rules phones and tick write, the series started up to five years ago. Medians of 11
/// runs, in milliseconds.
enum RecurrenceBenchmark {
    /// The mix: (rule, due is a day).
    static let rules: [(String, Bool)] = [
        ("FREQ=DAILY", true), ("FREQ=WEEKLY;BYDAY=TU", true), ("FREQ=WEEKLY;INTERVAL=2;BYDAY=MO,TH", false),
        ("FREQ=MONTHLY;BYDAY=-1FR", true), ("FREQ=MONTHLY;BYMONTHDAY=31", true), ("FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1", false),
        ("FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=29", true), ("FREQ=DAILY;INTERVAL=3;COUNT=2000", false),
        ("FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR", false), ("FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=15;UNTIL=20351231", true),
    ]

    static func items(count: Int) throws -> [ToDoItem] {
        let now = Date().timeIntervalSince1970
        return try (0..<count).map { index in
            let (rule, isDay) = rules[index % rules.count]
            // Starts spread over the last five years, each at 09:00 or a day.
            let start = Date(timeIntervalSince1970: now - Double(index % 1_825) * 86_400)
            var item = try ToDoItem(title: "Repeat \(index)")
            if isDay, let day = CalendarDay(of: start, in: .current) { item.setDue(day: day) } else {
                item.setDue(instant: LocalTime.current.startOfDay(for: start).addingTimeInterval(9 * 3_600))
            }
            item.recurrence = rule
            return item
        }
    }

    static func measure(count: Int) throws -> String {
        let items = try items(count: count)
        let now = Date()
        let rules = try items.map { try RecurrenceRule(parsing: $0.recurrence ?? "") }
        let next = Measure.median(runs: 11) {
            var found = 0
            for (item, rule) in zip(items, rules) {
                guard let due = item.due else { continue }
                if rule.nextOccurrence(after: due, start: due, startIsDay: item.dueIsDay, zone: .current) != nil { found += 1 }
            }
            return found
        }
        let ticks = Measure.median(runs: 11) {
            items.reduce(0) { $0 + (ToDoList.repeatTick($1, at: now) == nil ? 0 : 1) }
        }
        var table = Table(header: ["items", "next occurrence", "tick off (repeatTick)", "moved on"])
        table.rows.append([String(count), formatMilliseconds(next.milliseconds), formatMilliseconds(ticks.milliseconds),
                           "\(ticks.result ?? 0)"])
        return "Repeating items, release build, medians of 11 runs in milliseconds\n\n" + table.render()
    }
}
