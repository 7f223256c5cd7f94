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

    @Test("random texts of whitespace, marks, prepends, joiners and emoji trim as Character by Character does")
    func agreesOnRandomTexts() {
        let pieces: [String] = [
            "a", "Z", "7", " ", "\t", "\n", "\r", "\u{0B}", "\u{1C}", "\u{A0}", "\u{3000}", "\u{2028}", "\u{85}", "\u{2009}",
            "\u{301}", "\u{200D}", "\u{FE0F}", "\u{600}", "\u{110BD}", "\u{1F469}", "\u{1F1E9}", "é", "会", "\u{1160}", "\u{E0020}",
        ]
        var generator = SeededGenerator(seed: 29)
        for _ in 0..<20_000 {
            let count = Int(generator.next() % 6)
            let text = (0..<count).map { _ in pieces[Int(generator.next() % UInt64(pieces.count))] }.joined()
            let trimmed = text.trimmingWhitespace
            if trimmed != Self.reference(text) {
                Issue.record("\(text.unicodeScalars.map { String($0.value, radix: 16) }) trims to \(trimmed.debugDescription)")
                return
            }
        }
    }

    @Test("the whitespace scalars above ASCII that trimming knows by their UTF-8 are those Unicode's White_Space property names")
    func wideWhitespaceIsUnicodes() {
        var disagreeing: [String] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            let utf8 = Array(String(Character(scalar)).utf8)
            let known = utf8.withUnsafeBufferPointer { String.isWideWhitespace($0, from: 0) }
            if known != scalar.properties.isWhitespace { disagreeing.append(String(value, radix: 16)) }
        }
        #expect(disagreeing.isEmpty)
    }
}
