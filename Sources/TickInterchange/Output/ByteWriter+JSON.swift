import FoundationEssentials

extension ByteWriter {
    /// A JSON string literal with the escapes RFC 8259 requires (and U+2028, U+2029, which
    /// JavaScript does not take raw).
    public mutating func jsonString(_ text: String) {
        text.withUTF8Bytes { utf8 in
            byte(UInt8(ascii: "\""))
            var runStart = 0
            var index = 0
            while index < utf8.count {
                let b = utf8[index]
                // Most bytes go out as they are: only these can need an escape.
                if b >= 0x20 && b != UInt8(ascii: "\"") && b != UInt8(ascii: "\\") && b != 0xE2 {
                    index += 1
                    continue
                }
                let escape: StaticString?
                var width = 1
                switch b {
                case UInt8(ascii: "\""): escape = "\\\""
                case UInt8(ascii: "\\"): escape = "\\\\"
                case UInt8(ascii: "\n"): escape = "\\n"
                case UInt8(ascii: "\r"): escape = "\\r"
                case UInt8(ascii: "\t"): escape = "\\t"
                case 0..<0x20: escape = ""
                case 0xE2 where index + 2 < utf8.count && utf8[index + 1] == 0x80 && (utf8[index + 2] == 0xA8 || utf8[index + 2] == 0xA9):
                    escape = utf8[index + 2] == 0xA8 ? "\\u2028" : "\\u2029"
                    width = 3
                default: escape = nil
                }
                if let escape {
                    append(UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
                    if escape.utf8CodeUnitCount == 0 {
                        ascii("\\u00")
                        byte(Self.hexDigit(b >> 4))
                        byte(Self.hexDigit(b & 0xF))
                    } else {
                        ascii(escape)
                    }
                    index += width
                    runStart = index
                } else {
                    index += 1
                }
            }
            append(UnsafeBufferPointer(rebasing: utf8[runStart..<utf8.count]))
            byte(UInt8(ascii: "\""))
        }
    }

    /// A JSON number for a finite double (its shortest form that reads back the same), else null.
    public mutating func jsonNumber(_ value: Double) {
        if value.isFinite { text("\(value)") } else { ascii("null") }
    }

    /// A UUID as `uuidString` writes it (upper-case), or lower-case, without Foundation's
    /// formatted printing.
    public mutating func uuid(_ id: UUID, lowercase: Bool = false) {
        let digits: StaticString = lowercase ? "0123456789abcdef" : "0123456789ABCDEF"
        appendDirectly(upTo: 36) { out in
            Self.writeUUID(id, digits: digits.utf8Start, to: out)
            return 36
        }
    }

    /// The 36 bytes of a UUID's text, with `digits` as the 16 hexadecimal digits.
    @inline(__always)
    static func writeUUID(_ id: UUID, digits: UnsafePointer<UInt8>, to out: UnsafeMutablePointer<UInt8>) {
        withUnsafeBytes(of: id.uuid) { raw in
            var length = 0
            for index in 0..<16 {
                if index == 4 || index == 6 || index == 8 || index == 10 { out[length] = UInt8(ascii: "-"); length += 1 }
                out[length] = digits[Int(raw[index] >> 4)]
                out[length + 1] = digits[Int(raw[index] & 0xF)]
                length += 2
            }
        }
    }

    static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
