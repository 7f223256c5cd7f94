/// The text forms of `<integer>`, `<real>`, `<date>` and `<data>`.
extension XMLPropertyListParser {
    /// Parses an integer as CoreFoundation accepts it: an optional sign, then decimal
    /// digits or `0x` and hex digits. Values above `Int64.max` (up to `UInt64.max`) become
    /// ``PropertyListValue/unsignedInteger(_:)``; anything out of range is nil.
    static func parseInteger(_ text: ArraySlice<UInt8>) -> PropertyListValue? {
        var digits = text
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        var radix: UInt64 = 10
        if digits.count > 2, digits.first == UInt8(ascii: "0"),
           digits.dropFirst().first == UInt8(ascii: "x") || digits.dropFirst().first == UInt8(ascii: "X") {
            radix = 16
            digits = digits.dropFirst(2)
        }
        guard !digits.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in digits {
            guard let digit = hexValue(byte), UInt64(digit) < radix else { return nil }
            let (shifted, overflow1) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflow1, !overflow2 else { return nil }
            magnitude = sum
        }
        if negative {
            if magnitude == 0 { return .integer(0) }
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return .integer(magnitude == UInt64(Int64.max) + 1 ? Int64.min : -Int64(magnitude))
        }
        return magnitude <= UInt64(Int64.max) ? .integer(Int64(magnitude)) : .unsignedInteger(magnitude)
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Parses a real: a decimal number with optional fraction and exponent, or one of the
    /// spellings CoreFoundation and Python write for the special values (`nan`, `inf`,
    /// `+infinity`, `-inf`, …, in any case).
    static func parseReal(_ text: ArraySlice<UInt8>) -> Double? {
        let string = String(decoding: text, as: UTF8.self)
        switch string.lowercased() {
        case "nan", "+nan", "-nan": return .nan
        case "inf", "+inf", "infinity", "+infinity": return .infinity
        case "-inf", "-infinity": return -.infinity
        default: break
        }
        // Check the grammar here: Double(String) would also take hex floats and "nan(…)".
        var index = text.startIndex
        func digits() -> Int {
            let start = index
            while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
            return index - start
        }
        if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
        var mantissaDigits = digits()
        if index < text.endIndex, text[index] == UInt8(ascii: ".") {
            index += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { return nil }
        if index < text.endIndex, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.endIndex, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { return nil }
        }
        guard index == text.endIndex else { return nil }
        return Double(string)
    }

    /// Parses an ISO 8601 date in UTC as property lists write it, `2026-12-01T09:30:00Z`
    /// (Python's `plistlib` also accepts the shorter forms `2026Z` … `2026-12-01T09:30Z`,
    /// and so do we, and an optional fraction of a second), into seconds since
    /// 2001-01-01T00:00:00Z.
    static func parseDate(_ text: ArraySlice<UInt8>) -> Double? {
        var index = text.startIndex
        func number(_ count: Int) -> Int? {
            guard text.endIndex - index >= count else { return nil }
            var value = 0
            for _ in 0..<count {
                let byte = text[index]
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
                index += 1
            }
            return value
        }
        func take(_ ascii: Unicode.Scalar) -> Bool {
            guard index < text.endIndex, text[index] == UInt8(ascii: ascii) else { return false }
            index += 1
            return true
        }
        guard let year = number(4) else { return nil }
        var month = 1, day = 1, hour = 0, minute = 0, second = 0
        var fraction = 0.0
        if take("-") {
            guard let value = number(2) else { return nil }
            month = value
            if take("-") {
                guard let value = number(2) else { return nil }
                day = value
                if take("T") {
                    guard let value = number(2) else { return nil }
                    hour = value
                    if take(":") {
                        guard let value = number(2) else { return nil }
                        minute = value
                        if take(":") {
                            guard let value = number(2) else { return nil }
                            second = value
                            if take(".") {
                                let start = index
                                while index < text.endIndex, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(text[index]) { index += 1 }
                                guard index > start, index - start <= 9,
                                      let value = Double("0." + String(decoding: text[start..<index], as: UTF8.self))
                                else { return nil }
                                fraction = value
                            }
                        }
                    }
                }
            }
        }
        guard take("Z"), index == text.endIndex else { return nil }
        guard (1...12).contains(month), (1...LocalTime.daysIn(month: month, year: year)).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        let days = Int(Civil(year: Int64(year), month: Int64(month), day: Int64(day)).dayNumber)
        let secondsSince1970 = Double(days * 86_400 + hour * 3_600 + minute * 60 + second) + fraction
        return secondsSince1970 - 978_307_200
    }

    /// Decodes base64 with any XML whitespace between the characters. Padding may be
    /// left out; any other character, a lone sixth bit group or misplaced `=` is nil.
    static func decodeBase64(_ text: [UInt8]) -> [UInt8]? {
        var output: [UInt8] = []
        output.reserveCapacity(text.count / 4 * 3)
        var accumulator: UInt32 = 0
        var count = 0
        var padding = 0
        for byte in text {
            if isWhitespace(byte) { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0, let value = base64Value(byte) else { return nil }
            accumulator = accumulator << 6 | UInt32(value)
            count += 1
            if count == 4 {
                output.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                output.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                output.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                count = 0
            }
        }
        switch count {
        case 0:
            guard padding == 0 else { return nil }
        case 2:
            guard padding == 0 || padding == 2 else { return nil }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            guard padding <= 1 else { return nil }
            output.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            output.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            return nil
        }
        return output
    }

    static func base64Value(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
