import FoundationEssentials
import TickCore

/// A DATE or DATE-TIME value as written: a day, or a wall time that is UTC (`…Z`), floating
/// (no zone: the reader's local time) or in the zone a `TZID` parameter names.
public enum ICalDateTime: Sendable, Equatable {
    case date(CalendarDay)
    case utc(WallTime)
    case floating(WallTime)
    case zoned(WallTime, tzid: String)

    /// A date and a time of day, as fields.
    public struct WallTime: Sendable, Equatable {
        public var year, month, day, hour, minute, second: Int

        public init(year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int) {
            (self.year, self.month, self.day, self.hour, self.minute, self.second) = (year, month, day, hour, minute, second)
        }

        /// The instant this wall time names in `zone`; nil when the fields name no time.
        public func instant(in zone: LocalTime) -> Date? {
            zone.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
        }
    }

    /// Reads a property's value: `VALUE=DATE` or eight digits is a DATE, `YYYYMMDDTHHMMSS`
    /// a DATE-TIME (with `Z` in UTC, else in the `TZID` parameter's zone, else floating).
    /// Nil when the value is not one (a month 13, a February 30, stray characters).
    public init?(_ property: ICalProperty) {
        guard let parsed = property.value.withUTF8Bytes({ Self.parse($0, property) }) else { return nil }
        self = parsed
    }

    /// Reads a value as ``init(_:)`` does, or written in ISO 8601's extended form
    /// (`2005-03-06T00:56:50`, with dashes and colons, `Z` or not), as Evolution 2 wrote
    /// CREATED, DTSTAMP, LAST-MODIFIED and COMPLETED: one clear meaning, so it is read there
    /// (``lenientNames``); a DUE or DTSTART must be as RFC 5545 writes it.
    static func lenient(_ property: ICalProperty) -> ICalDateTime? {
        if let value = ICalDateTime(property) { return value }
        let bytes = Array(property.value.utf8)
        guard bytes.count == 19 || bytes.count == 20, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] == UInt8(ascii: "T"), bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":") else { return nil }
        let compact = bytes.enumerated().filter { ![4, 7, 13, 16].contains($0.offset) }.map(\.element)
        return ICalDateTime(ICalProperty(property.name, property.parameters, value: String(decoding: compact, as: UTF8.self)))
    }

    /// The properties ``lenient(_:)`` reads: times that record the item's history.
    static let lenientNames: Set<String> = ["CREATED", "DTSTAMP", "LAST-MODIFIED", "COMPLETED"]

    private static func parse(_ digits: UnsafeBufferPointer<UInt8>, _ property: ICalProperty) -> ICalDateTime? {
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var value = 0
            for byte in digits[range] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard let year = number(0..<4), let month = number(4..<6), let day = number(6..<8),
              let calendarDay = CalendarDay(year: year, month: month, day: day) else { return nil }
        if digits.count == 8 { return .date(calendarDay) }
        guard property.parameter("VALUE").map({ $0.uppercased() == "DATE-TIME" }) ?? true,
              digits.count == 15 || (digits.count == 16 && (digits[15] == UInt8(ascii: "Z") || digits[15] == UInt8(ascii: "z"))),
              digits[8] == UInt8(ascii: "T") || digits[8] == UInt8(ascii: "t"),
              let hour = number(9..<11), let minute = number(11..<13), let second = number(13..<15),
              hour < 24, minute < 60, second <= 60
        else { return nil }
        // A leap second (:60) is read as :59, which every calendar here can name.
        let wall = WallTime(year: year, month: month, day: day, hour: hour, minute: minute, second: min(second, 59))
        if digits.count == 16 { return .utc(wall) }
        if let tzid = property.parameter("TZID") { return .zoned(wall, tzid: tzid) }
        return .floating(wall)
    }

    /// Writes a UTC DATE-TIME, `YYYYMMDDTHHMMSSZ`.
    static func writeUTC(_ date: Date, to writer: inout ICalWriter) {
        writeWallTime(of: date, in: .utc, to: &writer)
        writer.byte(UInt8(ascii: "Z"))
    }

    /// Writes a floating DATE-TIME, `YYYYMMDDTHHMMSS`: the wall time `date` has in `zone`.
    static func writeFloating(_ date: Date, in zone: LocalTime, to writer: inout ICalWriter) {
        writeWallTime(of: date, in: zone, to: &writer)
    }

    private static func writeWallTime(of date: Date, in zone: LocalTime, to writer: inout ICalWriter) {
        let fields = zone.fields(of: date)
        writeYear(fields.year, to: &writer)
        writer.digits(fields.month, width: 2)
        writer.digits(fields.day, width: 2)
        writer.byte(UInt8(ascii: "T"))
        writer.digits(fields.hour, width: 2)
        writer.digits(fields.minute, width: 2)
        writer.digits(fields.second, width: 2)
    }

    /// Writes a DATE, `YYYYMMDD`.
    static func writeDate(_ day: CalendarDay, to writer: inout ICalWriter) {
        writeYear(day.year, to: &writer)
        writer.digits(day.month, width: 2)
        writer.digits(day.day, width: 2)
    }

    /// Four digits; a year iCalendar cannot write (before 0 or after 9999) is written whole,
    /// so that a reader refuses it rather than reading another year.
    private static func writeYear(_ year: Int, to writer: inout ICalWriter) {
        if (0...9999).contains(year) { writer.digits(year, width: 4) } else { writer.number(year) }
    }

    /// `YYYYMMDDTHHMMSSZ` as a string (for properties tick makes outside the hot path).
    static func utcText(_ date: Date) -> String {
        var writer = ICalWriter(reservingCapacity: 16)
        writeUTC(date, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// `YYYYMMDDTHHMMSS`, the wall time `date` has in `zone`, as a string.
    static func floatingText(_ date: Date, in zone: LocalTime) -> String {
        var writer = ICalWriter(reservingCapacity: 16)
        writeFloating(date, in: zone, to: &writer)
        return String(decoding: writer.bytes, as: UTF8.self)
    }
}
