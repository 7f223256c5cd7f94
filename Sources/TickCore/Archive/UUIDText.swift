import Foundation

/// Hand-written UUID text conversion (uppercase, 8-4-4-4-12), much faster than
/// `UUID(uuidString:)` and `uuidString` for the hundreds of thousands of ids a file holds.
enum UUIDText {
    private static let digits: [UInt8] = Array("0123456789ABCDEF".utf8)

    /// The 36 ASCII bytes of the uppercase form, appended to `bytes`.
    @inline(__always)
    static func write(_ id: UUID, into buffer: UnsafeMutablePointer<UInt8>) {
        let raw = id.uuid
        withUnsafeBytes(of: raw) { source in
            var out = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 {
                    buffer[out] = UInt8(ascii: "-")
                    out += 1
                }
                let byte = source[index]
                buffer[out] = digits[Int(byte >> 4)]
                buffer[out + 1] = digits[Int(byte & 0x0F)]
                out += 2
            }
        }
    }

    /// Parses the 8-4-4-4-12 form in either case; nil for anything else.
    @inline(__always)
    static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, let source = text.baseAddress else { return nil }
        return parse(source)
    }

    /// Parses the 36 bytes at `source` (which the caller has checked are readable) as
    /// the 8-4-4-4-12 form in either case; nil for anything else.
    ///
    /// Branch-free over the digits (a table lookup per character), as hex digits of random
    /// ids defeat branch prediction.
    @inline(__always)
    static func parse(_ source: UnsafePointer<UInt8>) -> UUID? {
        guard source[8] == UInt8(ascii: "-"), source[13] == UInt8(ascii: "-"),
              source[18] == UInt8(ascii: "-"), source[23] == UInt8(ascii: "-") else { return nil }
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        let valid = nibbles.withUnsafeBufferPointer { table -> Bool in
            withUnsafeMutableBytes(of: &bytes) { target -> Bool in
                var invalid: UInt8 = 0
                var position = 0
                for index in 0..<16 {
                    if index == 4 || index == 6 || index == 8 || index == 10 { position += 1 }
                    let high = table[Int(source[position])]
                    let low = table[Int(source[position + 1])]
                    invalid |= high | low
                    target[index] = high << 4 | (low & 0x0F)
                    position += 2
                }
                return invalid & 0xF0 == 0
            }
        }
        return valid ? UUID(uuid: bytes) : nil
    }

    /// Per byte: its hex digit value, or 0xFF for a byte that is not a hex digit.
    private static let nibbles: [UInt8] = (0..<256).map { byte in nibble(UInt8(byte)) ?? 0xFF }

    @inline(__always)
    private static func nibble(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }
}
