import Testing
@testable import TickCore

@Suite("DisplayWidth")
struct DisplayWidthTests {
    @Test("ASCII takes one column per character")
    func ascii() {
        #expect(DisplayWidth.of("hello") == 5)
        #expect(DisplayWidth.of("") == 0)
    }

    @Test("CJK ideographs, kana, Hangul and fullwidth forms take two columns")
    func cjk() {
        #expect(DisplayWidth.of("東京") == 4)
        #expect(DisplayWidth.of("ひらがな") == 8)
        #expect(DisplayWidth.of("한국어") == 6)
        #expect(DisplayWidth.of("ＡＢ") == 4)
        #expect(DisplayWidth.of("a東b") == 4)
    }

    @Test("a combining accent adds no column, precomposed or not")
    func combining() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("caf\u{E9}") == 4)
        #expect(DisplayWidth.of("cafe\u{301}") == 4)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    @Test("emoji take two columns, with skin tones, ZWJ families, flags and VS16")
    func emoji() {
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)
        #expect(DisplayWidth.of("🇩🇪") == 2)
        #expect(DisplayWidth.of("❤\u{FE0F}") == 2)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("🏳\u{FE0F}\u{200D}🌈") == 2)
        #expect(DisplayWidth.of("ok 👍🏽 done") == 10)
    }

    @Test("control characters and zero-width format characters take no column")
    func zeroWidth() {
        #expect(DisplayWidth.of("a\u{7}b") == 2)
        #expect(DisplayWidth.of("a\u{200B}b") == 2)
        #expect(DisplayWidth.of("\r\n") == 0)
        #expect(DisplayWidth.of("\u{9B}") == 0)
    }

    @Test("truncating cuts by column and ends in an ellipsis")
    func truncate() {
        #expect(DisplayWidth.truncate("hello world", toWidth: 6) == "hello…")
        #expect(DisplayWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(DisplayWidth.truncate("東京タワー", toWidth: 6) == "東京…")
        #expect(DisplayWidth.truncate("東京タワー", toWidth: 5) == "東京…")
        #expect(DisplayWidth.truncate("東京タワー", toWidth: 4) == "東…")
        #expect(DisplayWidth.truncate("👍🏽👍🏽👍🏽", toWidth: 4) == "👍🏽…")
        #expect(DisplayWidth.truncate("abc", toWidth: 0) == "")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 3, ellipsis: "...") == "...")
        #expect(DisplayWidth.truncate("abcdef", toWidth: 2, ellipsis: "...") == "ab")
    }

    @Test("truncated text never exceeds the width asked for")
    func truncateBound() {
        let samples = ["東京タワー", "👨‍👩‍👧 family", "cafe\u{301} au lait", "plain ascii text"]
        for sample in samples {
            for width in 0...20 {
                #expect(DisplayWidth.of(DisplayWidth.truncate(sample, toWidth: width)) <= width)
            }
        }
    }

    @Test("padding fills to the column width, counting wide characters as two")
    func pad() {
        #expect(DisplayWidth.pad("東京", toWidth: 6) == "東京  ")
        #expect(DisplayWidth.pad("👍🏽", toWidth: 3) == "👍🏽 ")
        #expect(DisplayWidth.pad("abc", toWidth: 2) == "abc")
        #expect(DisplayWidth.of(DisplayWidth.pad("e\u{301}", toWidth: 4)) == 4)
    }
}
