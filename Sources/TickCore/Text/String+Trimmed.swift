extension StringProtocol {
    /// The text without leading and trailing white space and line breaks.
    public func trimmed() -> String {
        String(self).trimmingWhitespace
    }
}

extension String {
    /// The string without leading and trailing whitespace and newlines.
    var trimmingWhitespace: String {
        if !withUTF8Bytes(Self.mayHaveWhitespaceAtAnEnd) { return self }
        var characters = Substring(self)
        while let first = characters.first, first.isWhitespace { characters.removeFirst() }
        while let last = characters.last, last.isWhitespace { characters.removeLast() }
        // (Most such text needs no trimming: it is kept as it is, not copied.)
        return characters.endIndex == endIndex && characters.startIndex == startIndex ? self : String(characters)
    }

    /// False when the first and the last Character of this UTF-8 are surely not whitespace,
    /// found from a few bytes; true when the Characters must tell.
    ///
    /// A Character is whitespace when its first scalar is. The first Character's is the
    /// first scalar. The last Character starts at one of the scalars after the last ASCII
    /// byte, or at that byte, or before it only at a Prepend scalar (no other grapheme rule
    /// joins an ASCII byte other than LF to what comes before it): so when that byte is ASCII
    /// that is not whitespace and no scalar after it is whitespace, the last Character is
    /// not whitespace.
    static func mayHaveWhitespaceAtAnEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first else { return false }
        if first < 0x80 {
            if !isPlainASCII(first) { return true }
        } else if isWideWhitespace(bytes, from: 0) {
            return true
        }
        var end = bytes.count
        while end > 0 {
            let last = bytes[end - 1]
            if last < 0x80 { return !isPlainASCII(last) }
            var start = end - 1
            while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
            if isWideWhitespace(bytes, from: start) { return true }
            end = start
        }
        return false  // no scalar is whitespace
    }

    /// Whether the scalar whose UTF-8 (well formed, as a String's is) starts at `start`
    /// is one of the scalars above ASCII with the Unicode White_Space property: U+0085,
    /// U+00A0, U+1680, U+2000–U+200A, U+2028, U+2029, U+202F, U+205F and U+3000 (the
    /// property has had these since Unicode 6.3; `Unicode.Scalar.Properties` finds the
    /// same, a test checks every scalar, at a hundred times the cost).
    static func isWideWhitespace(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Bool {
        switch bytes[start] {
        case 0xC2:
            return bytes[start + 1] == 0x85 || bytes[start + 1] == 0xA0
        case 0xE1, 0xE2, 0xE3:
            let second = bytes[start + 1], third = bytes[start + 2]
            switch (bytes[start], second) {
            case (0xE1, 0x9A), (0xE3, 0x80): return third == 0x80
            case (0xE2, 0x80): return third <= 0x8A || third == 0xA8 || third == 0xA9 || third == 0xAF
            case (0xE2, 0x81): return third == 0x9F
            default: return false
            }
        default:
            return false
        }
    }

    /// An ASCII byte that is not whitespace (tab, line feed, vertical tab, form feed,
    /// carriage return, space).
    @inline(__always)
    private static func isPlainASCII(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && !(0x09...0x0D).contains(byte)
    }
}
