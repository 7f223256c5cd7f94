/// The object types of a binary property list: the high nibble of each object's marker
/// byte (the low nibble is a size or count; see docs/file-format.md).
enum Marker: UInt8, Sendable {
    /// null (0x00), false (0x08), true (0x09).
    case simple = 0x0
    /// Integer of 2^n bytes, big-endian.
    case integer = 0x1
    /// IEEE 754 real of 2^n bytes (4 or 8), big-endian.
    case real = 0x2
    /// 8-byte real: seconds since 2001-01-01 UTC.
    case date = 0x3
    case data = 0x4
    /// ASCII string, n bytes.
    case asciiString = 0x5
    /// UTF-16BE string, n code units.
    case utf16String = 0x6
    /// A keyed-archive reference of n+1 bytes.
    case uid = 0x8
    case array = 0xA
    case set = 0xC
    /// n key references, then n value references.
    case dictionary = 0xD

    /// The type of a marker byte (its high nibble); nil for the nibbles no object has.
    @inline(__always)
    init?(marker: UInt8) {
        switch marker >> 4 {
        case 0x0: self = .simple
        case 0x1: self = .integer
        case 0x2: self = .real
        case 0x3: self = .date
        case 0x4: self = .data
        case 0x5: self = .asciiString
        case 0x6: self = .utf16String
        case 0x8: self = .uid
        case 0xA: self = .array
        case 0xC: self = .set
        case 0xD: self = .dictionary
        default: return nil
        }
    }

    /// The marker byte of this type with a low nibble.
    func byte(_ low: Int) -> UInt8 { rawValue << 4 | UInt8(low) }

    static let null: UInt8 = 0x00
    static let falseByte: UInt8 = 0x08
    static let trueByte: UInt8 = 0x09
}
