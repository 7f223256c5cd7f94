import FoundationEssentials
import TickCore

/// A DURATION value (RFC 5545 3.3.6): `P1W`, `P2D`, `PT1H30M`, `P1DT12H`. Weeks and days
/// are nominal, counted on the calendar of the value they are added to (across a change of
/// the clocks a day is 23 or 25 hours); hours, minutes and seconds are exact.
///
/// tick reads one only where it gives a to-do's due: a repeating VTODO with DTSTART and
/// DURATION and no DUE is due at DTSTART + DURATION (3.8.2.5).
struct ICalDuration: Equatable {
    /// Whole days (a week is seven).
    var days: Int
    /// Exact seconds after those days.
    var seconds: Int
    /// Whether it was written with a leading `-`.
    var isNegative: Bool

    /// Reads `[+|-]P` followed by weeks (`3W`), or days (`2D`) and/or a time (`T` with
    /// hours, minutes and seconds in that order, each optional, at least one); nil for
    /// anything else. Letters in either case.
    init?(_ text: String) {
        var bytes = Array(text.trimmingWhitespace.uppercased().utf8)[...]
        isNegative = bytes.first == UInt8(ascii: "-")
        if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
        guard bytes.popFirst() == UInt8(ascii: "P"), !bytes.isEmpty else { return nil }
        /// The number before the next letter, and that letter.
        func part() -> (Int, UInt8)? {
            var value = 0, digits = 0
            while let byte = bytes.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) {
                guard digits < 9 else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
                bytes = bytes.dropFirst()
            }
            guard digits > 0, let letter = bytes.popFirst() else { return nil }
            return (value, letter)
        }
        days = 0
        seconds = 0
        if bytes.first != UInt8(ascii: "T") {
            guard let (value, letter) = part() else { return nil }
            switch letter {
            case UInt8(ascii: "W"):
                guard bytes.isEmpty else { return nil }
                days = 7 * value
                return
            case UInt8(ascii: "D"): days = value
            default: return nil
            }
            if bytes.isEmpty { return }
        }
        guard bytes.popFirst() == UInt8(ascii: "T"), !bytes.isEmpty else { return nil }
        // H, M, S: each at most once, in this order.
        var units: [(letter: UInt8, seconds: Int)] = [(UInt8(ascii: "H"), 3_600), (UInt8(ascii: "M"), 60), (UInt8(ascii: "S"), 1)]
        while !bytes.isEmpty {
            guard let (value, letter) = part(), let index = units.firstIndex(where: { $0.letter == letter }) else { return nil }
            seconds += value * units[index].seconds
            units.removeFirst(index + 1)
        }
    }

    /// `start` moved on by this duration: a DATE by its days (nil when it has hours,
    /// minutes or seconds, which RFC 5545 allows beside a DATE only as whole days), a
    /// date-time by its days on its own calendar, its seconds added when it is resolved
    /// (returned apart, as ``seconds``).
    func movingDays(of start: ICalDateTime) -> ICalDateTime? {
        func moved(_ year: Int, _ month: Int, _ day: Int) -> (year: Int, month: Int, day: Int)? {
            guard let number = ZoneDays.dayNumber(year: year, month: month, day: day) else { return nil }
            let civil = Civil(dayNumber: number + Int64(days))
            return (Int(civil.year), Int(civil.month), Int(civil.day))
        }
        func moved(_ wall: ICalDateTime.WallTime) -> ICalDateTime.WallTime? {
            guard let (year, month, day) = moved(wall.year, wall.month, wall.day) else { return nil }
            return ICalDateTime.WallTime(year: year, month: month, day: day, hour: wall.hour, minute: wall.minute, second: wall.second)
        }
        switch start {
        case .date(let day):
            guard seconds == 0, let (year, month, day) = moved(day.year, day.month, day.day),
                  let movedDay = CalendarDay(year: year, month: month, day: day) else { return nil }
            return .date(movedDay)
        case .utc(let wall): return moved(wall).map { .utc($0) }
        case .floating(let wall): return moved(wall).map { .floating($0) }
        case .zoned(let wall, let tzid): return moved(wall).map { .zoned($0, tzid: tzid) }
        }
    }
}
