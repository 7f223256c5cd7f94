import FoundationEssentials

/// Name-based UUIDs (RFC 9562 version 5: SHA-1 of a namespace and a name), so that a UID
/// that is not a UUID always gives the same item id.
public enum NameBasedUUID {
    /// tick's namespace for iCalendar UIDs (a fixed random UUID).
    public static let iCalendarUID = UUID(uuid: (0x6F, 0x1C, 0x3B, 0x9E, 0x2D, 0x4A, 0x4E, 0x7B,
                                          0x9C, 0x51, 0x7A, 0x0D, 0x2B, 0x3E, 0x4F, 0x60))

    /// The version 5 UUID of `name` in `namespace`.
    public static func make(_ name: some Sequence<UInt8>, in namespace: UUID = iCalendarUID) -> UUID {
        var input: [UInt8] = withUnsafeBytes(of: namespace.uuid) { Array($0) }
        input.append(contentsOf: name)
        var digest = SHA1.digest(input)
        digest[6] = digest[6] & 0x0F | 0x50
        digest[8] = digest[8] & 0x3F | 0x80
        return UUID(uuid: (digest[0], digest[1], digest[2], digest[3], digest[4], digest[5], digest[6], digest[7],
                           digest[8], digest[9], digest[10], digest[11], digest[12], digest[13], digest[14], digest[15]))
    }
}

/// SHA-1 (FIPS 180-4), only for name-based UUIDs: not for anything that needs security.
enum SHA1 {
    static func digest(_ message: [UInt8]) -> [UInt8] {
        var h: (UInt32, UInt32, UInt32, UInt32, UInt32) = (0x6745_2301, 0xEFCD_AB89, 0x98BA_DCFE, 0x1032_5476, 0xC3D2_E1F0)
        var padded = message
        padded.append(0x80)
        while padded.count % 64 != 56 { padded.append(0) }
        let bits = UInt64(message.count) &* 8
        for shift in stride(from: 56, through: 0, by: -8) { padded.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
        var w = [UInt32](repeating: 0, count: 80)
        for chunk in stride(from: 0, to: padded.count, by: 64) {
            for i in 0..<16 {
                let b = chunk + i * 4
                w[i] = UInt32(padded[b]) << 24 | UInt32(padded[b + 1]) << 16 | UInt32(padded[b + 2]) << 8 | UInt32(padded[b + 3])
            }
            for i in 16..<80 {
                let x = w[i - 3] ^ w[i - 8] ^ w[i - 14] ^ w[i - 16]
                w[i] = x << 1 | x >> 31
            }
            var (a, b, c, d, e) = h
            for i in 0..<80 {
                let f: UInt32, k: UInt32
                switch i {
                case 0..<20: f = (b & c) | (~b & d); k = 0x5A82_7999
                case 20..<40: f = b ^ c ^ d; k = 0x6ED9_EBA1
                case 40..<60: f = (b & c) | (b & d) | (c & d); k = 0x8F1B_BCDC
                default: f = b ^ c ^ d; k = 0xCA62_C1D6
                }
                let temp = (a << 5 | a >> 27) &+ f &+ e &+ k &+ w[i]
                e = d
                d = c
                c = b << 30 | b >> 2
                b = a
                a = temp
            }
            h = (h.0 &+ a, h.1 &+ b, h.2 &+ c, h.3 &+ d, h.4 &+ e)
        }
        var digest: [UInt8] = []
        for word in [h.0, h.1, h.2, h.3, h.4] {
            for shift in stride(from: 24, through: 0, by: -8) { digest.append(UInt8(truncatingIfNeeded: word >> UInt32(shift))) }
        }
        return digest
    }
}
