import Testing
@testable import TickCore

@Suite("Trimming whitespace")
struct TrimmingTests {
    /// What trimming means: whole Characters that are whitespace, from both ends.
    static func reference(_ text: String) -> String {
        var characters = Substring(text)
        while let first = characters.first, first.isWhitespace { characters.removeFirst() }
        while let last = characters.last, last.isWhitespace { characters.removeLast() }
        return String(characters)
    }

    static let texts = [
        "", " ", "x", "Buy milk", " Buy milk", "Buy milk\n", "\r\n", "a\r\n", "Café", "Zoë ", " 会議", "会議 ",
        "资料 📦", "📦 x", "👍🏽", "a 👍🏽 ", "x \u{301}", " \u{301}x", "\u{301}x", "\u{3000}wide\u{3000}", "\u{A0}nbsp",
        "nbsp\u{A0}", "\u{85}next line", "line\u{2028}", "é\u{2029}", "e\u{301}", "\u{200D}", "x\u{200D}", " \u{200D}",
        "🇩🇪", "a 🇩🇪 \t", "\u{1F469}\u{200D}\u{1F4BB}", "\t\u{1F469}\u{200D}\u{1F4BB}\u{3000}",
    ]

    @Test("trimming removes the same whitespace Characters from each end as trimming Character by Character", arguments: texts)
    func agreesWithCharacters(_ text: String) {
        #expect(text.trimmingWhitespace == Self.reference(text))
    }
}
