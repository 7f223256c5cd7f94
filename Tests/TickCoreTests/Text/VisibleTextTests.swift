import Testing
@testable import TickCore

@Suite("VisibleText")
struct VisibleTextTests {
    @Test("escape sequences, DEL, C1 controls and bidi overrides show as visible escapes")
    func escapes() {
        #expect(VisibleText.escaped("esc \u{1B}[31mRED\u{1B}[0m \u{1B}]0;pwned\u{07}") == "esc ^[[31mRED^[[0m ^[]0;pwned^G")
        #expect(VisibleText.escaped("a\u{7F}b\u{9B}c") == "a^?b<U+009B>c")
        #expect(VisibleText.escaped("abc\u{202E}gpj.exe") == "abc<U+202E>gpj.exe")
        #expect(VisibleText.escaped("\u{2066}x\u{2069}") == "<U+2066>x<U+2069>")
        #expect(VisibleText.escaped("tab\there") == "tab^Ihere")
    }

    @Test("ordinary text, accents, emoji and CJK are left alone")
    func plain() {
        for text in ["Buy milk", "Café Über", "日本語", "👨‍👩‍👧 family", "— dash … ellipsis", "\u{200D}"] {
            #expect(VisibleText.escaped(text) == text)
            #expect(VisibleText.line(text) == text)
        }
    }

    @Test("line makes breaks and tabs spaces and escapes the rest; lines splits at breaks")
    func lineAndLines() {
        #expect(VisibleText.line("a\nb\r\nc\td\u{1B}") == "a b c d^[")
        #expect(VisibleText.lines("one\n\u{1B}two\r\nthree") == ["one", "^[two", "three"])
    }

    @Test("the eight-bytes-at-a-time scan finds what the byte-by-byte one does, wherever the byte is")
    func scanAgreesWithBytes() {
        let rare: [String] = ["\u{1B}", "\u{7F}", "\u{0}", "\u{1F}", "é", "€", "\u{85}", "\u{A0}", "\u{202E}", "\u{2069}", "ÿ", "\u{7E}", " "]
        var generator = SeededGenerator(seed: 8)
        for _ in 0..<20_000 {
            var text = String(repeating: "x", count: Int(generator.next() % 40))
            if !text.isEmpty, generator.next() % 4 != 0 {
                let at = text.index(text.startIndex, offsetBy: Int(generator.next() % UInt64(text.count)))
                text.replaceSubrange(at...at, with: rare[Int(generator.next() % UInt64(rare.count))])
            }
            let byByte = text.utf8.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 || $0 == 0xE2 }
            if VisibleText.needsWork(text) != byByte {
                Issue.record("\(text.debugDescription): the scan says \(!byByte)")
                return
            }
        }
    }
}
