import FoundationEssentials

/// Hand-written UUID text conversion (uppercase, 8-4-4-4-12), much faster than
/// `UUID(uuidString:)` and `uuidString` for the hundreds of thousands of ids a file holds.
public enum UUIDText {
    /// The 36 ASCII bytes of the uppercase form, written at `buffer`.
    @inline(__always)
    static func write(_ id: UUID, into buffer: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: id.uuid) { source in
            let target = UnsafeMutableRawPointer(buffer)
            let d0 = hexDigits(source.loadUnaligned(fromByteOffset: 0, as: UInt32.self))
            let d1 = hexDigits(source.loadUnaligned(fromByteOffset: 4, as: UInt32.self))
            let d2 = hexDigits(source.loadUnaligned(fromByteOffset: 8, as: UInt32.self))
            let d3 = hexDigits(source.loadUnaligned(fromByteOffset: 12, as: UInt32.self))
            let hyphen = UInt8(ascii: "-")
            target.storeBytes(of: d0.littleEndian, toByteOffset: 0, as: UInt64.self)
            target.storeBytes(of: hyphen, toByteOffset: 8, as: UInt8.self)
            target.storeBytes(of: UInt32(truncatingIfNeeded: d1).littleEndian, toByteOffset: 9, as: UInt32.self)
            target.storeBytes(of: hyphen, toByteOffset: 13, as: UInt8.self)
            target.storeBytes(of: UInt32(truncatingIfNeeded: d1 >> 32).littleEndian, toByteOffset: 14, as: UInt32.self)
            target.storeBytes(of: hyphen, toByteOffset: 18, as: UInt8.self)
            target.storeBytes(of: UInt32(truncatingIfNeeded: d2).littleEndian, toByteOffset: 19, as: UInt32.self)
            target.storeBytes(of: hyphen, toByteOffset: 23, as: UInt8.self)
            target.storeBytes(of: UInt32(truncatingIfNeeded: d2 >> 32).littleEndian, toByteOffset: 24, as: UInt32.self)
            target.storeBytes(of: d3.littleEndian, toByteOffset: 28, as: UInt64.self)
        }
    }

    /// The eight uppercase hex digits of four bytes (`word` as loaded from memory), the
    /// first digit in the lowest byte; computed eight at a time
    /// in a 64-bit word (SWAR), without branches on the digits, which random ids would make
    /// unpredictable.
    @inline(__always)
    static func hexDigits(_ word: UInt32) -> UInt64 {
        let bytes = UInt32(littleEndian: word)
        // Byte k to bits 16k…16k+7.
        var spread = UInt64(bytes)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        // The high nibble of byte k in byte 2k, the low one in byte 2k + 1.
        let nibbles = (spread >> 4) & 0x000F_000F_000F_000F | (spread & 0x000F_000F_000F_000F) << 8
        // 10…15 carry into bit 4 when 6 is added: those skip the 7 characters from "9" to "A".
        let letters = ((nibbles &+ 0x0606_0606_0606_0606) >> 4) & 0x0101_0101_0101_0101
        return nibbles &+ 0x3030_3030_3030_3030 &+ letters &* 7
    }

    /// Parses the 8-4-4-4-12 form in either case, as `UUID(uuidString:)` does; nil for
    /// anything else.
    @inline(__always)
    public static func parse(_ text: UnsafeBufferPointer<UInt8>) -> UUID? {
        guard text.count == 36, let source = text.baseAddress else { return nil }
        return parse(source)
    }

    /// Parses the 36 bytes at `source` (which the caller has checked are readable) as
    /// the 8-4-4-4-12 form in either case; nil for anything else.
    ///
    /// Eight digits at a time in a 64-bit word (SWAR), without branches on the digits, as
    /// hex digits of random ids defeat branch prediction.
    @inline(__always)
    static func parse(_ source: UnsafePointer<UInt8>) -> UUID? {
        guard source[8] == UInt8(ascii: "-"), source[13] == UInt8(ascii: "-"),
              source[18] == UInt8(ascii: "-"), source[23] == UInt8(ascii: "-") else { return nil }
        let raw = UnsafeRawPointer(source)
        @inline(__always) func word(_ offset: Int) -> UInt64 {
            UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        }
        @inline(__always) func half(_ offset: Int) -> UInt64 {
            UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)))
        }
        // The 32 digits, eight per word, the first digit in the lowest byte.
        let words = (word(0), half(9) | half(14) << 32, half(19) | half(24) << 32, word(28))
        var valid = true
        let a = hexWord(words.0, &valid), b = hexWord(words.1, &valid)
        let c = hexWord(words.2, &valid), d = hexWord(words.3, &valid)
        guard valid else { return nil }
        var bytes: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                    UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        withUnsafeMutableBytes(of: &bytes) { target in
            target.storeBytes(of: a.littleEndian, toByteOffset: 0, as: UInt32.self)
            target.storeBytes(of: b.littleEndian, toByteOffset: 4, as: UInt32.self)
            target.storeBytes(of: c.littleEndian, toByteOffset: 8, as: UInt32.self)
            target.storeBytes(of: d.littleEndian, toByteOffset: 12, as: UInt32.self)
        }
        return UUID(uuid: bytes)
    }

    /// The four bytes spelled by eight hex digits (the first in the lowest byte of `word`),
    /// first byte lowest; clears `valid` if any byte is not a hex digit.
    @inline(__always)
    static func hexWord(_ word: UInt64, _ valid: inout Bool) -> UInt32 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let high: UInt64 = 0x8080_8080_8080_8080
        // For bytes below 0x80, ((x | 0x80) - n) has its top bit set exactly when x >= n.
        @inline(__always) func atLeast(_ x: UInt64, _ n: UInt64) -> UInt64 { ((x | high) &- n &* ones) & high }
        let lower = word | 0x2020_2020_2020_2020
        let digit = atLeast(word, 0x30) & ~atLeast(word, 0x3A)
        let letter = atLeast(lower, 0x61) & ~atLeast(lower, 0x67)
        valid = valid && word & high == 0 && digit | letter == high
        // '0'-'9' → 0-9; 'A'-'F' and 'a'-'f' (bit 6 set) → 1-6 plus 9.
        let values = (word & 0x0F0F_0F0F_0F0F_0F0F) &+ ((word >> 6) & ones) &* 9
        // Pair the digits into bytes (first digit high), then gather the bytes.
        var packed = ((values & 0x00FF_00FF_00FF_00FF) << 4) | ((values >> 8) & 0x00FF_00FF_00FF_00FF)
        packed = (packed | packed >> 8) & 0x0000_FFFF_0000_FFFF
        packed = (packed | packed >> 16) & 0x0000_0000_FFFF_FFFF
        return UInt32(truncatingIfNeeded: packed)
    }
}
