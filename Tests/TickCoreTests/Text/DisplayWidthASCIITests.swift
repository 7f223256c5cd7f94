import Testing
@testable import TickCore

@Suite("Display width of plain ASCII")
struct DisplayWidthASCIITests {
    /// The width counted character by character, without the ASCII shortcut.
    private func slowWidth(_ s: String) -> Int { s.reduce(0) { $0 + DisplayWidth.of($1) } }

    private func slowTruncate(_ s: String, _ width: Int, _ ellipsis: String) -> String {
        guard width > 0 else { return "" }
        if slowWidth(s) <= width { return s }
        let ellipsisWidth = slowWidth(ellipsis)
        let budget = ellipsisWidth <= width ? width - ellipsisWidth : width
        var result = "", used = 0
        for character in s {
            let w = DisplayWidth.of(character)
            if used + w > budget { break }
            result.append(character)
            used += w
        }
        return ellipsisWidth <= width ? result + ellipsis : result
    }

    @Test("the shortcut for ASCII text gives the same widths and cuts as counting each character")
    func shortcutAgreesWithCharacters() {
        var state: UInt64 = 99
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int(state >> 33) % bound
        }
        let alphabet: [String] = (0x20..<0x7F).map { String(UnicodeScalar(UInt8($0))) } + ["\t", "\r\n", "\u{7F}", "\u{1B}"]
        for _ in 0..<3_000 {
            let text = (0..<next(40)).map { _ in alphabet[next(alphabet.count)] }.joined()
            #expect(DisplayWidth.of(text) == slowWidth(text), "\(text.debugDescription)")
            let width = next(45)
            for ellipsis in ["…", "...", ""] {
                #expect(
                    DisplayWidth.truncate(text, toWidth: width, ellipsis: ellipsis) == slowTruncate(text, width, ellipsis),
                    "\(text.debugDescription) to \(width)"
                )
            }
        }
        #expect(DisplayWidth.printableASCIICount("plain text") == 10)
        #expect(DisplayWidth.printableASCIICount("tab\there") == nil)
        #expect(DisplayWidth.printableASCIICount("Café") == nil)
    }
}
