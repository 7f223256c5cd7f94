/// How many terminal columns text occupies, measured per grapheme cluster.
///
/// Pure Swift: no `wcwidth`, no dependence on the process locale. East Asian Wide and
/// Fullwidth characters and emoji shown as emoji (emoji presentation, VS16, skin-tone
/// modifiers, ZWJ sequences, flags) take two columns; combining marks, joiners, variation
/// selectors, other format characters and control characters take none; everything else
/// takes one.
public enum DisplayWidth {
    /// The number of columns a string occupies.
    public static func of(_ s: String) -> Int {
        if let printable = printableASCIICount(s) { return printable }
        var total = 0
        for character in s { total += of(character) }
        return total
    }

    /// The length of a string made only of printable ASCII (one column per byte, and no
    /// grapheme clusters to find), or nil for any other string. "\r\n" is not printable.
    public static func printableASCIICount(_ s: String) -> Int? {
        return s.withUTF8Bytes { bytes in
            for byte in bytes where byte < 0x20 || byte >= 0x7F { return nil }
            return bytes.count
        }
    }

    /// The number of columns one grapheme cluster occupies: 0, 1 or 2.
    public static func of(_ c: Character) -> Int {
        let scalars = c.unicodeScalars
        guard let first = scalars.first else { return 0 }
        let base = width(of: first)
        if scalars.count == 1 { return base }
        if base == 2 { return 2 }
        // A narrow or zero-width base made wide by what follows it.
        var nonZeroBase = base
        for scalar in scalars.dropFirst() {
            switch scalar.value {
            case 0xFE0F where first.properties.isEmoji:
                return 2 // VS16: emoji presentation of a text-default emoji (❤️, 1️⃣)
            case 0x1F3FB...0x1F3FF:
                return 2 // skin-tone modifier
            case 0x200D where first.properties.isEmoji:
                return 2 // ZWJ sequence
            default:
                if nonZeroBase == 0 { nonZeroBase = width(of: scalar) }
            }
        }
        return nonZeroBase
    }

    /// The string cut to at most `width` columns, ending in `ellipsis` when anything was cut.
    ///
    /// Cuts between grapheme clusters only, so a wide character is never split; the result
    /// may be one column narrower than `width` when a wide character does not fit. An
    /// ellipsis wider than `width` is left out.
    public static func truncate(_ s: String, toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        let ascii = printableASCIICount(s)
        if let ascii, ascii <= width { return s }
        if ascii == nil, of(s) <= width { return s }
        let ellipsisWidth = of(ellipsis)
        let useEllipsis = ellipsisWidth <= width
        let budget = useEllipsis ? width - ellipsisWidth : width
        if ascii != nil {
            // One column per byte: the cut is a byte count.
            let head = String(decoding: s.utf8.prefix(budget), as: UTF8.self)
            return useEllipsis ? head + ellipsis : head
        }
        var result = ""
        var used = 0
        for character in s {
            let w = of(character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return useEllipsis ? result + ellipsis : result
    }

    /// The string followed by spaces up to `width` columns; a wider string is returned
    /// unchanged (use ``truncate(_:toWidth:ellipsis:)`` first to cut it).
    public static func pad(_ s: String, toWidth width: Int) -> String {
        let current = of(s)
        guard current < width else { return s }
        return s + String(repeating: " ", count: width - current)
    }

    /// The width of a single scalar shown on its own.
    static func width(of scalar: Unicode.Scalar) -> Int {
        let v = scalar.value
        // Controls: C0, DEL, C1.
        if v < 0x20 || (0x7F..<0xA0).contains(v) { return 0 }
        if v < 0x300 { return 1 } // Latin fast path
        if isZeroWidth(scalar) { return 0 }
        if isWide(v) || scalar.properties.isEmojiPresentation { return 2 }
        return 1
    }

    static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        let v = scalar.value
        switch v {
        case 0x1160...0x11FF, 0xD7B0...0xD7FF: return true // Hangul medial vowels and final consonants
        case 0x200B...0x200F, 0x2028...0x202E, 0x2060...0x2064, 0xFEFF: return true
        default: break
        }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return false
        }
    }

    /// East Asian Wide (W) and Fullwidth (F) ranges outside emoji, which are handled through
    /// the emoji-presentation property.
    static func isWide(_ v: UInt32) -> Bool {
        switch v {
        case 0x1100...0x115F,   // Hangul Jamo initial consonants
             0x2329...0x232A,   // angle brackets
             0x2E80...0x303E,   // CJK radicals, Kangxi, ideographic description, CJK symbols
             0x3041...0x33FF,   // Hiragana, Katakana, Bopomofo, Hangul compatibility, CJK compatibility
             0x3400...0x4DBF,   // CJK Extension A
             0x4E00...0x9FFF,   // CJK Unified Ideographs
             0xA000...0xA4CF,   // Yi
             0xA960...0xA97F,   // Hangul Jamo Extended-A
             0xAC00...0xD7A3,   // Hangul syllables
             0xF900...0xFAFF,   // CJK compatibility ideographs
             0xFE10...0xFE19,   // vertical forms
             0xFE30...0xFE6F,   // CJK compatibility forms, small form variants
             0xFF00...0xFF60,   // fullwidth forms
             0xFFE0...0xFFE6,   // fullwidth signs
             0x16FE0...0x16FE4, // ideographic symbols
             0x17000...0x18CFF, // Tangut
             0x1AFF0...0x1B2FF, // Kana supplement/extended, Nushu
             0x1F1E6...0x1F1FF, // regional indicators (flags)
             0x1F200...0x1F2FF, // enclosed ideographic supplement
             0x20000...0x2FFFD, // CJK Extensions B…F
             0x30000...0x3FFFD: // CJK Extension G…
            return true
        default:
            return false
        }
    }
}
