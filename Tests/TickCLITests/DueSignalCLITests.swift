import Foundation
import Testing
import TickCore

/// Issue 28: overdue and due-today stand out in `tick list` on a terminal, and a timed due
/// is overdue once its time has passed.
@Suite("tick list and show: overdue and due today")
struct DueSignalCLITests {
    /// An ISO 8601 instant (UTC) `seconds` from now, to the minute.
    static func instant(_ seconds: TimeInterval) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: Date().addingTimeInterval(seconds))
        func two(_ value: Int?) -> String { String(format: "%02d", value ?? 0) }
        return "\(c.year ?? 0)-\(two(c.month))-\(two(c.day))T\(two(c.hour)):\(two(c.minute))Z"
    }

    @Test("a timed due is overdue once its time has passed: list --overdue, the list's mark and show")
    func timedDueOverdueOncePassed() throws {
        let tick = try TickRunner()
        try tick.add(["Call back", "--due", Self.instant(-120)])
        try tick.add(["Later call", "--due", Self.instant(48 * 3600)])
        let overdue = try tick.run(["list", "--overdue"]).stdout
        #expect(overdue.hasPrefix("1 [ ] Call back  "), "\(overdue)")
        #expect(overdue.split(separator: "\n").count == 1)
        let all = try tick.run(["list"]).stdout.split(separator: "\n").map(String.init)
        #expect(all[0].hasSuffix(" overdue"), "\(all)")
        #expect(!all[1].contains("overdue"))
        let show = try tick.run(["show", "1"]).stdout
        #expect(show.contains("  overdue"), "\(show)")
    }

    @Test("on a terminal, overdue dates are red and today's yellow; not with NO_COLOR, not into a pipe")
    func colorsOnTerminal() throws {
        let tick = try TickRunner()
        try tick.add(["Late", "--due", "-2d"])
        try tick.add(["Now", "--due", "today"])
        try tick.add(["Soon", "--due", "3d"])
        let colored = try tick.runInTerminal(["list"], columns: 80).stdout
        let lines = colored.split(separator: "\n").map(String.init)
        #expect(lines.count == 3)
        #expect(lines[0].contains("\u{1B}[1;31m"), "\(lines)")
        #expect(lines[0].contains(" overdue\u{1B}[0m"), "\(lines)")
        #expect(lines[1].contains("\u{1B}[1;33m"), "\(lines)")
        #expect(!lines[2].contains("\u{1B}["), "\(lines)")
        let plain = try tick.runInTerminal(["list"], columns: 80, environment: ["NO_COLOR": "1"]).stdout
        #expect(!plain.contains("\u{1B}["), "\(plain)")
        #expect(plain.contains("overdue"))
        #expect(!(try tick.run(["list"]).stdout.contains("\u{1B}[")))
    }
}
