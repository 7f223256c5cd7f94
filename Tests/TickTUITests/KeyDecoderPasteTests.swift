import Testing
@testable import TickTUI

/// Bracketed paste in the key decoder: `\e[200~ … \e[201~`, which ncurses hands over as
/// plain characters (tmux sends CR for each pasted line feed), is one ``Key/paste(_:)``.
@Suite("Key decoder: bracketed paste")
struct KeyDecoderPasteTests {
    static let second: UInt64 = 1_000_000_000
    static let start = "\u{1B}[200~", end = "\u{1B}[201~"

    /// Feeds bursts of characters, each at its time and followed by a pause at that time;
    /// returns the keys decoded.
    static func keys(_ bursts: [(text: String, time: UInt64)]) -> [Key] {
        var decoder = KeyDecoder(codes: KeyDecoderTests.codes)
        var keys: [Key] = []
        for burst in bursts {
            for input in KeyDecoderTests.text(burst.text) { decoder.feed(input, at: burst.time) }
            decoder.inputPaused(at: burst.time)
            while let key = decoder.nextKey() { keys.append(key) }
        }
        return keys
    }

    static func keys(_ text: String) -> [Key] { keys([(text, 0)]) }

    @Test("a paste is one key, its CRs line breaks; keys before and after it stay keys")
    func onePaste() {
        #expect(Self.keys("a" + Self.start + "Shopping:\r- bread\r- cheese\r" + Self.end + "q") == [
            .character("a"), .paste("Shopping:\n- bread\n- cheese\n"), .character("q"),
        ])
    }

    @Test("CR LF is one line break, LF alone one too")
    func lineBreaks() {
        #expect(Self.keys(Self.start + "a\r\nb\nc\r\rd" + Self.end) == [.paste("a\nb\nc\n\nd")])
    }

    @Test("the keys in a paste are text: Esc, Ctrl-C, Tab, Del and an Esc [ that is no end marker")
    func keysInPasteAreText() {
        #expect(Self.keys(Self.start + "x\u{1B}[A\u{03}\t\u{7F}\u{1B}[201x\u{1B}\u{1B}[201~") == [
            .paste("x\u{1B}[A\u{03}\t\u{7F}\u{1B}[201x\u{1B}"),
        ])
    }

    @Test("a paste split across reads, even inside its markers, is still one paste")
    func splitAcrossReads() {
        #expect(Self.keys([
            ("\u{1B}[200~first ", 0), ("line\r", 1), ("second\u{1B}[2", 2), ("01~", 3), ("z", 4),
        ]) == [.paste("first line\nsecond"), .character("z")])
    }

    @Test("a resize in the middle of a paste is a resize; the paste goes on")
    func resizeInPaste() {
        var decoder = KeyDecoder(codes: KeyDecoderTests.codes)
        for input in KeyDecoderTests.text(Self.start + "ab") { decoder.feed(input, at: 0) }
        decoder.feed(.code(KeyDecoderTests.resize), at: 0)
        decoder.feed(.code(KeyDecoderTests.up), at: 0)
        for input in KeyDecoderTests.text("c" + Self.end) { decoder.feed(input, at: 0) }
        decoder.inputPaused(at: 0)
        #expect(decoder.nextKey() == .resize)
        #expect(decoder.nextKey() == .paste("abc"))
        #expect(decoder.nextKey() == nil)
    }

    @Test("a paste whose end marker never comes ends as a paste after a second without input, never as keys")
    func missingEnd() {
        var decoder = KeyDecoder(codes: KeyDecoderTests.codes)
        for input in KeyDecoderTests.text(Self.start + "dd\rx\u{1B}[20") { decoder.feed(input, at: 0) }
        decoder.inputPaused(at: Self.second / 2)
        #expect(decoder.nextKey() == nil)
        #expect(decoder.pasteTimeLeft(at: Self.second / 2) == Self.second / 2)
        decoder.inputPaused(at: Self.second)
        #expect(decoder.nextKey() == .paste("dd\nx\u{1B}[20"))
        #expect(decoder.pasteTimeLeft(at: Self.second) == nil)
        // What comes after that is keys again.
        decoder.feed(.character(UInt32(("j" as Unicode.Scalar).value)), at: 2 * Self.second)
        decoder.inputPaused(at: 2 * Self.second)
        #expect(decoder.nextKey() == .character("j"))
    }

    @Test("a paste larger than a piece comes out in pieces, all pastes")
    func longPaste() {
        let line = String(repeating: "x", count: 99) + "\r"
        let count = PasteBuffer.pieceBytes / 100 + 10
        let keys = Self.keys(Self.start + String(repeating: line, count: count) + Self.end)
        #expect(keys.count == 2)
        let texts = keys.compactMap { key -> String? in if case .paste(let text) = key { text } else { nil } }
        #expect(texts.count == 2)
        #expect(texts.joined() == String(repeating: String(repeating: "x", count: 99) + "\n", count: count))
    }

    @Test("Esc [ alone is Alt-[, Esc [ 2 … waits for its end, or is keys when a key that cannot end it comes; a whole sequence that is no paste start is no text")
    func notAStart() {
        #expect(Self.keys("\u{1B}[2") == [], "begun, it waits for the rest")
        #expect(Self.keys("\u{1B}[") == [.alt("[")])
        #expect(Self.keys("\u{1B}[20\u{1B}") == [.alt("["), .character("2"), .character("0"), .escape])
        #expect(Self.keys("\u{1B}[20x") == [])
        #expect(Self.keys("\u{1B}[201~a") == [.character("a")])
    }

    @Test("an empty paste is no key")
    func emptyPaste() {
        #expect(Self.keys(Self.start + Self.end + "k") == [.character("k")])
    }
}
