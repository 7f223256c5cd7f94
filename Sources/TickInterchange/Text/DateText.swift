import FoundationEssentials
import TickCore

/// Dates as the formats write them: ISO 8601 in UTC (`2026-12-01T08:30:00Z`, JSON),
/// taskwarrior's `20261201T083000Z`, and calendar days (`2026-12-01`). Plain integer
/// arithmetic on the proleptic Gregorian calendar, so 100,000 items need no calendar object.
public enum DateText {
    /// UTC fields of an instant's whole second, and the second's number since 1970.
    struct Fields {
        var year: Int, month: Int, day: Int, hour: Int, minute: Int, second: Int
    }

    /// The civil date of a day number (days since 1970-01-01): TickCore's ``Civil``.
    static func civil(fromDays days: Int64) -> (year: Int, month: Int, day: Int) {
        let civil = Civil(dayNumber: days)
        return (Int(civil.year), Int(civil.month), Int(civil.day))
    }

    /// Days since 1970-01-01 of a civil date.
    static func days(year: Int, month: Int, day: Int) -> Int64 {
        Civil(year: Int64(year), month: Int64(month), day: Int64(day)).dayNumber
    }

    /// The whole seconds since 1970 of `date` (rounded down) and their UTC fields; nil for
    /// dates outside years 1…9999.
    static func fields(of seconds: Int64) -> Fields? {
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 { secondOfDay += 86_400; days -= 1 }
        let civil = civil(fromDays: days)
        guard (1...9999).contains(civil.year) else { return nil }
        return Fields(year: civil.year, month: civil.month, day: civil.day, hour: Int(secondOfDay / 3_600),
                      minute: Int(secondOfDay / 60 % 60), second: Int(secondOfDay % 60))
    }

    /// Dates beyond this many seconds from 1970 are outside years 1…9999 anyway.
    static let secondsLimit = 300_000_000_000.0

    // MARK: - Reading

    /// Reads `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`; the fraction is read exactly as
    /// written, so a date written by ``ByteWriter/iso8601(_:)`` reads back as the same `Date`.
    public static func iso8601(_ text: Substring) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count >= 20, bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: "t"),
              let day = CalendarDay(text.prefix(10)), text.prefix(10).contains("-"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let hour = number(bytes[11..<13]), let minute = number(bytes[14..<16]), let second = number(bytes[17..<19]),
              hour < 24, minute < 60, second < 60
        else { return nil }
        var index = 19
        var fraction: ArraySlice<UInt8> = []
        if bytes[index] == UInt8(ascii: ".") {
            let start = index + 1
            index = start
            while index < bytes.count, isDigit(bytes[index]) { index += 1 }
            guard index > start, index < bytes.count else { return nil }
            fraction = bytes[start..<index]
        }
        var offset = 0
        switch bytes[index] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            guard index + 1 == bytes.count else { return nil }
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard index + 6 == bytes.count, bytes[index + 3] == UInt8(ascii: ":"),
                  let hours = number(bytes[index + 1..<index + 3]), let minutes = number(bytes[index + 4..<index + 6]),
                  hours < 24, minutes < 60 else { return nil }
            offset = (hours * 60 + minutes) * 60 * (bytes[index] == UInt8(ascii: "-") ? -1 : 1)
        default:
            return nil
        }
        let whole = days(year: day.year, month: day.month, day: day.day) * 86_400
            + Int64(hour * 3_600 + minute * 60 + second - offset)
        return date(wholeSeconds: whole, fraction: fraction)
    }

    /// Reads taskwarrior's `YYYYMMDDTHHMMSSZ` (UTC).
    public static func compact(_ text: Substring) -> Date? {
        let bytes = Array(text.utf8)
        guard bytes.count == 16, bytes[8] == UInt8(ascii: "T"), bytes[15] == UInt8(ascii: "Z"),
              let day = CalendarDay(text.prefix(8)),
              let hour = number(bytes[9..<11]), let minute = number(bytes[11..<13]), let second = number(bytes[13..<15]),
              hour < 24, minute < 60, second < 61
        else { return nil }
        let whole = days(year: day.year, month: day.month, day: day.day) * 86_400 + Int64(hour * 3_600 + minute * 60 + min(second, 59))
        return Date(timeIntervalSince1970: Double(whole))
    }

    /// An instant from whole seconds and the decimal digits of a fraction, read exactly as
    /// `Double` reads the same decimal text.
    static func date(wholeSeconds whole: Int64, fraction: ArraySlice<UInt8>) -> Date? {
        guard !fraction.isEmpty else { return Date(timeIntervalSince1970: Double(whole)) }
        let digits = String(decoding: fraction, as: UTF8.self)
        if whole >= 0 {
            guard let seconds = Double("\(whole).\(digits)") else { return nil }
            return Date(timeIntervalSince1970: seconds)
        }
        guard let part = Double("0.\(digits)") else { return nil }
        return Date(timeIntervalSince1970: Double(whole) + part)
    }

    /// Whether a text is written as a day, `NNNN-NN-NN`, whether or not it names one
    /// (`2026-02-30` is written as a day): a field meant as a date, not a word.
    static func isWrittenAsDay(_ text: Substring) -> Bool {
        text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { index, byte in
            index == 4 || index == 7 ? byte == UInt8(ascii: "-") : isDigit(byte)
        }
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }

    static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        var value = 0
        for byte in bytes {
            guard isDigit(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
}

extension ByteWriter {
    /// ISO 8601 in UTC: `2026-12-01T08:30:00Z`, with the fraction of a second when there is
    /// one, as many digits as read back to the same instant (`…00.25Z`).
    public mutating func iso8601(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < DateText.secondsLimit else { return ascii("\"invalid date\"") }
        let whole = seconds.rounded(.down)
        guard let fields = DateText.fields(of: Int64(whole)) else { return ascii("0001-01-01T00:00:00Z") }
        dateAndTime(fields, dashes: true)
        if whole != seconds {
            // The shortest decimal that reads back to the same Double, past its point.
            let text = seconds >= 0 ? seconds.description : (seconds - whole).description
            text.withUTF8Bytes { digits in
                if let point = digits.firstIndex(of: UInt8(ascii: ".")), !digits.contains(UInt8(ascii: "e")) {
                    append(UnsafeBufferPointer(rebasing: digits[point...]))
                }
            }
        }
        byte(UInt8(ascii: "Z"))
    }

    /// taskwarrior's `YYYYMMDDTHHMMSSZ` (whole seconds, UTC).
    public mutating func compactDate(_ date: Date) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, abs(seconds) < DateText.secondsLimit,
              let fields = DateText.fields(of: Int64(seconds.rounded(.down))) else { return ascii("00010101T000000Z") }
        dateAndTime(fields, dashes: false)
        byte(UInt8(ascii: "Z"))
    }

    /// `YYYY-MM-DD`.
    public mutating func day(_ day: CalendarDay) {
        padded(day.year, width: 4)
        byte(UInt8(ascii: "-"))
        padded(day.month, width: 2)
        byte(UInt8(ascii: "-"))
        padded(day.day, width: 2)
    }

    /// `YYYY-MM-DD` of the day `date` falls on in `calendar`.
    public mutating func localDay(_ date: Date, _ calendar: LocalTime) {
        let fields = calendar.fields(of: date)
        padded(fields.year, width: 4)
        byte(UInt8(ascii: "-"))
        padded(fields.month, width: 2)
        byte(UInt8(ascii: "-"))
        padded(fields.day, width: 2)
    }

    private mutating func dateAndTime(_ fields: DateText.Fields, dashes: Bool) {
        padded(fields.year, width: 4)
        if dashes { byte(UInt8(ascii: "-")) }
        padded(fields.month, width: 2)
        if dashes { byte(UInt8(ascii: "-")) }
        padded(fields.day, width: 2)
        byte(UInt8(ascii: "T"))
        padded(fields.hour, width: 2)
        if dashes { byte(UInt8(ascii: ":")) }
        padded(fields.minute, width: 2)
        if dashes { byte(UInt8(ascii: ":")) }
        padded(fields.second, width: 2)
    }
}
