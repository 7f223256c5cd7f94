import FoundationEssentials

/// The occurrences of a series: a rule and its start (RFC 5545's RRULE and DTSTART).
///
/// The start is always the series' first occurrence and counts for COUNT (RFC 5545 3.8.5.3
/// and 3.3.10), also when it does not match the rule; UNTIL is inclusive and bounds the
/// start too. A series of days (`startIsDay`) runs on 00:00 UTC of each day, as tick stores
/// a day due (``CalendarDay/utcMidnight``); any other series runs on the wall clock of its
/// zone, so an occurrence keeps its time of day across a change of daylight-saving time. A
/// wall time the clocks skip is moved forward by the gap and one they repeat is the first
/// of the two (RFC 5545 3.3.5), as ``LocalTime/date(year:month:day:hour:minute:second:)``.
extension RecurrenceRule {
    /// The first occurrence strictly after `after` of the series that starts at `start`; nil
    /// when there is none (COUNT used up, UNTIL passed, or no occurrence in the 400 years
    /// after the last one or after `after`, as with `FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30`).
    ///
    /// Without COUNT the periods before `after` are skipped, not expanded; with COUNT the
    /// series is counted from its start.
    public func nextOccurrence(after: Date, start: Date, startIsDay: Bool, zone: LocalTime) -> Date? {
        let limit = after.timeIntervalSince1970
        guard !limit.isNaN else { return nil }
        var walker = OccurrenceWalker(rule: self, start: start, startIsDay: startIsDay, zone: zone)
        if count == nil && limit >= start.timeIntervalSince1970 { walker.skip(toNear: after) }
        while let occurrence = walker.next() {
            if occurrence.timeIntervalSince1970 > limit { return occurrence }
        }
        return nil
    }

    /// The rule for the same series once its start moves from `start` to `newStart` (an
    /// occurrence of it, as when a repeating task is ticked off and comes back at its next
    /// occurrence): COUNT less the occurrences before `newStart`; nil when no occurrence is
    /// left at or after `newStart`. A rule without COUNT comes back unchanged.
    public func movingStart(from start: Date, to newStart: Date, startIsDay: Bool, zone: LocalTime) -> RecurrenceRule? {
        let target = newStart.timeIntervalSince1970
        guard !target.isNaN else { return nil }
        var walker = OccurrenceWalker(rule: self, start: start, startIsDay: startIsDay, zone: zone)
        if count == nil && target > start.timeIntervalSince1970 { walker.skip(toNear: newStart) }
        var before = 0
        while let occurrence = walker.next() {
            guard occurrence.timeIntervalSince1970 < target else {
                guard let count else { return self }
                return count > before ? replacingCount(with: count - before) : nil
            }
            before += 1
        }
        return nil
    }

    /// Every occurrence of the series that starts at `start`, in order, from the start on
    /// (see ``nextOccurrence(after:start:startIsDay:zone:)`` for the arguments).
    public func occurrences(start: Date, startIsDay: Bool, zone: LocalTime) -> Occurrences {
        Occurrences(walker: OccurrenceWalker(rule: self, start: start, startIsDay: startIsDay, zone: zone))
    }

    /// The occurrences of a series, lazily: each is computed when asked for.
    public struct Occurrences: Sequence, IteratorProtocol, Sendable {
        var walker: OccurrenceWalker

        public mutating func next() -> Date? { walker.next() }
    }
}

/// Walks a series: its start, then the expander's wall times after it mapped to instants,
/// until COUNT or UNTIL ends it or the expander gives up.
struct OccurrenceWalker: Sendable {
    private var expander: RecurrenceExpander
    private let rule: RecurrenceRule
    private let zone: LocalTime
    private let start: Date
    private let startWall: Int64
    private var buffer: [Int64] = []
    private var index = 0
    private var produced = 0
    private var startDone = false
    private var finished = false

    init(rule: RecurrenceRule, start: Date, startIsDay: Bool, zone: LocalTime) {
        self.rule = rule
        self.zone = startIsDay ? .utc : zone
        let seconds = LocalTime.seconds(start)
        if startIsDay {
            let day = LocalTime.floorDivide(seconds, 86_400).quotient
            startWall = day * 86_400
            self.start = Date(timeIntervalSince1970: Double(startWall))
        } else {
            startWall = seconds + Int64(zone.secondsFromGMT(for: start))
            self.start = start
        }
        expander = RecurrenceExpander(rule: rule, startWall: startWall)
    }

    /// Passes over the periods well before `date` (only without COUNT: counting needs them),
    /// and over the start, which is then not after `date`.
    mutating func skip(toNear date: Date) {
        startDone = true
        let seconds = LocalTime.seconds(date)
        expander.skip(toNear: seconds + Int64(zone.secondsFromGMT(for: date)))
    }

    mutating func next() -> Date? {
        guard !finished else { return nil }
        if !startDone {
            startDone = true
            return accept(wall: startWall, instant: LocalTime.seconds(start)) ? start : nil
        }
        while true {
            if index == buffer.count {
                index = 0
                guard expander.nextPeriod(into: &buffer) else {
                    finished = true
                    return nil
                }
                continue
            }
            let wall = buffer[index]
            index += 1
            guard wall > startWall else { continue }
            let instant = zone.instant(atWallTime: wall)
            guard accept(wall: wall, instant: instant) else { return nil }
            return Date(timeIntervalSince1970: Double(instant))
        }
    }

    /// Counts the occurrence, or ends the series when COUNT is used up or it lies past UNTIL.
    private mutating func accept(wall: Int64, instant: Int64) -> Bool {
        if let count = rule.count, produced >= count { finished = true }
        if let until = rule.until {
            let within: Bool
            if until.isUTC {
                within = instant <= until.wallSeconds
            } else if until.secondOfDay == nil {
                // A DATE: the whole day, also for a series of wall-clock times.
                within = LocalTime.floorDivide(wall, 86_400).quotient <= until.dayNumber
            } else {
                within = wall <= until.wallSeconds
            }
            if !within { finished = true }
        }
        guard !finished else { return false }
        produced += 1
        return true
    }
}
