import Testing
@testable import TickTUI

@Suite("Line editor")
struct LineEditorTests {
    @Test("moves and deletes by grapheme cluster: é, 東 and 👍🏽 are one step each")
    func graphemes() {
        var editor = LineEditor("ae\u{301}東👍🏽z")
        #expect(editor.characters.count == 5)
        editor.apply(.left)
        editor.apply(.left)
        editor.apply(.backspace)
        #expect(editor.text == "ae\u{301}👍🏽z")
        editor.apply(.deleteForward)
        #expect(editor.text == "ae\u{301}z")
        editor.apply(.left)
        editor.apply(.backspace)
        #expect(editor.text == "e\u{301}z")
        #expect(editor.cursor == 0)
    }

    @Test("a combining mark or skin tone typed on its own joins the character before it")
    func joinsMarks() {
        var editor = LineEditor()
        editor.apply(.insert("e"))
        editor.apply(.insert("\u{301}"))
        editor.apply(.insert("👍"))
        editor.apply(.insert("\u{1F3FD}"))
        #expect(editor.characters == ["e\u{301}", "👍🏽"])
        #expect(editor.cursor == 2)
    }

    @Test("typing in the middle inserts at the cursor")
    func insertsInMiddle() {
        var editor = LineEditor("ac")
        editor.apply(.left)
        editor.apply(.insert("b"))
        #expect(editor.text == "abc")
        #expect(editor.cursor == 2)
    }

    @Test("Home, End, ← and → stop at the ends")
    func movesWithinBounds() {
        var editor = LineEditor("東京")
        editor.apply(.right)
        #expect(editor.cursor == 2)
        editor.apply(.home)
        editor.apply(.left)
        #expect(editor.cursor == 0)
        editor.apply(.end)
        #expect(editor.cursor == 2)
        editor.apply(.backspace)
        editor.apply(.backspace)
        editor.apply(.backspace)
        #expect(editor.text.isEmpty)
    }

    @Test("Ctrl-W deletes the word before the cursor and the spaces after it")
    func deletesWord() {
        var editor = LineEditor("buy oat milk  ")
        editor.apply(.deleteWordBackward)
        #expect(editor.text == "buy oat ")
        editor.apply(.deleteWordBackward)
        #expect(editor.text == "buy ")
        editor.apply(.home)
        editor.apply(.deleteWordBackward)
        #expect(editor.text == "buy ")
    }

    @Test("Ctrl-U deletes to the start and Ctrl-K to the end")
    func deletesToEnds() {
        var editor = LineEditor("hello world")
        for _ in 0..<5 { editor.apply(.left) }
        var toEnd = editor
        editor.apply(.deleteToStart)
        #expect(editor.text == "world")
        #expect(editor.cursor == 0)
        toEnd.apply(.deleteToEnd)
        #expect(toEnd.text == "hello ")
        #expect(toEnd.cursor == 6)
    }

    @Test("in notes of several lines Home, End, Ctrl-U and Ctrl-K act on the cursor's line")
    func linesOfNotes() {
        var notes = LineEditor("first\nsecond line\r\nthird")
        notes.apply(.home)
        #expect(notes.cursor == 18)
        for _ in 0..<4 { notes.apply(.left) }  // after "second l"
        var kill = notes, home = notes
        notes.apply(.deleteToStart)
        #expect(notes.text == "first\nine\r\nthird" && notes.cursor == 6)
        kill.apply(.deleteToEnd)
        #expect(kill.text == "first\nsecond l\r\nthird")
        home.apply(.home)
        #expect(home.cursor == 6)
        home.apply(.end)
        #expect(home.cursor == 17)
    }

    @Test("a pasted long line arriving as single keys is kept whole")
    func pastedLine() {
        var editor = LineEditor()
        let line = String(repeating: "paste 東京 👍🏽 ", count: 2_000)
        for character in line { editor.apply(.insert(character)) }
        #expect(editor.text == line)
        #expect(editor.cursor == line.count)
    }

    @Test("a long line scrolls sideways so the cursor stays in the field")
    func scrollsSideways() {
        var screen = Screen(size: Size(columns: 12, rows: 1))
        let editor = LineEditor("abcdefghij東京xyz")
        let cursor = screen.drawEditor(editor, column: 0, row: 0, width: 10, style: .plain)
        // The view ends at the cursor, which stands in the field's last column.
        #expect(screen.trimmedLines == ["ij東京xyz"])
        #expect(cursor == 9)
        var start = LineEditor("abcdefghij東京xyz")
        start.apply(.home)
        var screen2 = Screen(size: Size(columns: 12, rows: 1))
        let cursor2 = screen2.drawEditor(start, column: 2, row: 0, width: 10, style: .plain)
        #expect(screen2.trimmedLines == ["  abcdefghij"])
        #expect(cursor2 == 2)
    }
}
