/// Text as it may be written to a terminal: control characters and bidirectional overrides
/// shown as visible escapes instead of being sent raw.
///
/// A title such as `"\e]0;pwned\a"` would otherwise set the window's title, clear the screen
/// or write the clipboard, and U+202E would draw the rest of a line backwards. C0 controls
/// show in caret notation (ESC as `^[`, BEL as `^G`), DEL as `^?`, C1 controls and the bidi
/// overrides and isolates U+202A–U+202E, U+2066–U+2069 as `<U+202E>`. `--json` output keeps
/// the exact text and does not use this.
public enum VisibleText {
    /// `text` with every control character and bidi override escaped (line breaks and tabs too).
    public static func escaped(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = ""
        for scalar in text.unicodeScalars { append(scalar, to: &out) }
        return out
    }

    /// `text` on one line: each line break (LF, CR LF, CR, NEL, U+2028, U+2029, VT, FF) and
    /// tab becomes a space, every other control character or bidi override is escaped.
    public static func line(_ text: String) -> String {
        guard needsWork(text) else { return text }
        var out = ""
        for character in text {
            if character.isNewline || character == "\t" {
                out.append(" ")
            } else {
                for scalar in character.unicodeScalars { append(scalar, to: &out) }
            }
        }
        return out
    }

    /// `text` split at its line breaks, each line as ``line(_:)`` makes it.
    public static func lines(_ text: String) -> [String] {
        text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).map { line(String($0)) }
    }

    /// True for a scalar that is shown escaped.
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        return v < 0x20 || (0x7F...0x9F).contains(v) || (0x202A...0x202E).contains(v) || (0x2066...0x2069).contains(v)
    }

    /// The visible form of an escaped scalar: `^[`, `^?`, `<U+202E>`.
    public static func escape(_ scalar: Unicode.Scalar) -> String {
        let v = scalar.value
        if v < 0x20 { return "^" + String(Character(Unicode.Scalar(UInt8(v + 0x40)))) }
        if v == 0x7F { return "^?" }
        let hex = String(v, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    private static func append(_ scalar: Unicode.Scalar, to out: inout String) {
        if isEscaped(scalar) {
            out += escape(scalar)
        } else {
            out.unicodeScalars.append(scalar)
        }
    }

    /// False when no byte can start an escaped scalar: none below 0x20, no DEL, no 0xC2 (the
    /// lead byte of C1 controls) and no 0xE2 (that of U+202A…U+2069).
    static func needsWork(_ text: String) -> Bool {
        return text.withUTF8Bytes { bytes in
            // Eight bytes at a time while they are all printable ASCII (0x20…0x7E), the
            // common case; from the first eight that are not, byte by byte.
            var index = 0
            let raw = UnsafeRawBufferPointer(bytes)
            while index + 8 <= bytes.count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let below20 = (word &- 0x2020_2020_2020_2020) & ~word
                let above7E = (word &+ 0x0101_0101_0101_0101) | word
                if (below20 | above7E) & 0x8080_8080_8080_8080 != 0 { break }
                index += 8
            }
            for byte in bytes[index...] where byte < 0x20 || byte == 0x7F || byte == 0xC2 || byte == 0xE2 { return true }
            return false
        }
    }
}
