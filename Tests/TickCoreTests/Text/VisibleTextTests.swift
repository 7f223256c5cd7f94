import Testing
import TickCore

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
}
