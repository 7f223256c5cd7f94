import Testing
@testable import TickTUI

/// The key decoder fed what ncurses' `get_wch` returns, as the real terminal feeds it: the
/// values that arrive together, then a pause (nothing more queued).
@Suite("Key decoder")
struct KeyDecoderTests {
    /// Made-up `KEY_` codes (ncurses' own numbers do not matter to the decoder).
    static let up: Int32 = 1_001, enter: Int32 = 1_002, resize: Int32 = 1_003, f1: Int32 = 1_011, shiftUp: Int32 = 1_100
    static let mouse: Int32 = 1_004, backspace: Int32 = 1_005

    static var codes: KeyCodes {
        KeyCodes(
            keys: [up: .up, enter: .enter, resize: .resize, f1: .function(1), backspace: .backspace],
            enter: enter,
            name: { $0 == shiftUp ? "kUP" : nil },
            clickButtons: 0b0011, wheelUpButtons: 0b0100, wheelDownButtons: 0b1000
        )
    }

    /// The keys decoded from inputs that arrive in bursts: each burst is fed, then a pause.
    static func keys(_ bursts: [KeyDecoder.RawInput]...) -> [Key] {
        var decoder = KeyDecoder(codes: codes)
        var keys: [Key] = []
        for burst in bursts {
            for input in burst { decoder.feed(input, at: 0) }
            decoder.inputPaused(at: 0)
            while let key = decoder.nextKey() { keys.append(key) }
        }
        return keys
    }

    /// Characters as `get_wch` returns them, one per Unicode scalar.
    static func text(_ text: String) -> [KeyDecoder.RawInput] {
        text.unicodeScalars.map { .character($0.value) }
    }

    @Test("letters, Enter (CR), Ctrl-J (LF), Tab, Backspace and control keys")
    func plainKeys() {
        #expect(Self.keys(Self.text("ab\r\n\t\u{7F}\u{08}\u{03}\u{12}\u{00}")) == [
            .character("a"), .character("b"), .enter, .control("j"), .tab, .backspace, .backspace,
            .control("c"), .control("r"), .control("@"),
        ])
    }

    @Test("control sequences ncurses did not know: Home, End, Delete, pages and arrows as keys, any other dropped, never typed")
    func controlSequences() {
        // tmux's Home and End under TERM=xterm-256color, and the other VT220 forms.
        #expect(Self.keys(Self.text("\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~\u{1B}[H\u{1B}[F")) == [.home, .end, .home, .end, .home, .end])
        #expect(Self.keys(Self.text("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[Z")) == [.delete, .pageUp, .pageDown, .backTab])
        #expect(Self.keys(Self.text("\u{1B}[A\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;5C\u{1B}[D")) == [.up, .shiftUp, .shiftDown, .right, .left])
        // Unknown ones (F-keys of other terminals, Ctrl-Delete, focus reports) are no keys and no text.
        #expect(Self.keys(Self.text("a\u{1B}[99~\u{1B}[1;9P\u{1B}[3;5~\u{1B}[Ib")) == [.character("a"), .character("b")])
        // In two reads, as a slow link may send it: still Home.
        #expect(Self.keys(Self.text("\u{1B}[1"), Self.text("~")) == [.home])
        // Far longer than a key's sequence: typed as it came.
        #expect(Self.keys(Self.text("\u{1B}[" + String(repeating: "1", count: 20) + "~")).count == 22)
    }

    @Test("Ctrl-\\ … Ctrl-_ (28–31) are no keys")
    func unusedControls() {
        #expect(Self.keys(Self.text("\u{1C}\u{1F}x")) == [.character("x")])
    }

    @Test("Esc alone is Esc; Esc followed at once by a key is Alt with it; Esc then Enter is Alt-Enter, Esc then Backspace Alt-Backspace")
    func escapeAndAlt() {
        #expect(Self.keys(Self.text("\u{1B}")) == [.escape])
        #expect(Self.keys(Self.text("\u{1B}a")) == [.alt("a")])
        #expect(Self.keys(Self.text("\u{1B}\r"), Self.text("\u{1B}\n"), [.character(27), .code(Self.enter)]) == [.alt("\n"), .alt("\n"), .alt("\n")])
        #expect(Self.keys(Self.text("\u{1B}\u{1B}")) == [.escape, .escape])
        // Alt-Backspace (Esc DEL, Esc ^H, or Esc and curses' KEY_BACKSPACE) is one key, not Esc, which drops an edit.
        #expect(Self.keys(Self.text("\u{1B}\u{7F}"), Self.text("\u{1B}\u{08}"), [.character(27), .code(Self.backspace)])
                == [.altBackspace, .altBackspace, .altBackspace])
        #expect(Self.keys(Self.text("\u{1B}"), Self.text("\u{7F}")) == [.escape, .backspace])
        #expect(Self.keys([.character(27), .code(Self.up)]) == [.escape, .up])
        // Esc, then a pause, then a letter: two keys.
        #expect(Self.keys(Self.text("\u{1B}"), Self.text("a")) == [.escape, .character("a")])
    }

    @Test("the scalars of one grapheme that arrive together are one key: 👍🏽, e + ◌́, a flag")
    func graphemes() {
        #expect(Self.keys(Self.text("👍🏽e\u{301}🇩🇪x")) == [.character("👍🏽"), .character("e\u{301}"), .character("🇩🇪"), .character("x")])
        // A mark after a pause is a key of its own (the line editor joins it).
        #expect(Self.keys(Self.text("e"), Self.text("\u{301}")) == [.character("e"), .character("\u{301}")])
        // A control character or a code ends the grapheme.
        #expect(Self.keys(Self.text("é\r") + [.code(Self.up)]) == [.character("é"), .enter, .up])
    }

    @Test("KEY_ codes by the table, by terminfo name, and unknown ones dropped")
    func codes() {
        #expect(Self.keys([.code(Self.up), .code(Self.f1), .code(Self.shiftUp), .code(9_999), .code(Self.resize)]) == [
            .up, .function(1), .shiftUp, .resize,
        ])
    }

    @Test("mouse reports: a click, the wheel, and other buttons dropped")
    func mouse() {
        #expect(Self.keys([
            .mouse(column: 3, row: 4, buttons: 0b0001), .mouse(column: 1, row: 2, buttons: 0b0100),
            .mouse(column: 1, row: 2, buttons: 0b1000), .mouse(column: 0, row: 0, buttons: 0b1_0000),
        ]) == [
            .mouse(MouseEvent(kind: .click, column: 3, row: 4)), .mouse(MouseEvent(kind: .wheelUp, column: 1, row: 2)),
            .mouse(MouseEvent(kind: .wheelDown, column: 1, row: 2)),
        ])
    }

    @Test("nothing comes out before a pause completes the last key, and keys come out in order")
    func pausing() {
        var decoder = KeyDecoder(codes: Self.codes)
        decoder.feed(.character(UInt32(("a" as Unicode.Scalar).value)), at: 0)
        #expect(decoder.nextKey() == nil)
        decoder.feed(.character(27), at: 0)
        #expect(decoder.nextKey() == .character("a"))
        #expect(decoder.nextKey() == nil)
        decoder.inputPaused(at: 0)
        #expect(decoder.nextKey() == .escape)
        #expect(decoder.nextKey() == nil)
    }
}
