import Testing
import TickCore
@testable import TickTUI

/// A paste is text for the open editor, never keys: one-line fields get its line breaks
/// and tabs as spaces, the notes keep its lines, and the list only says it was ignored.
@Suite("Update: pasting")
struct UpdatePasteTests {
    @Test("pasting lines into a new row makes one title, the lines joined by spaces")
    func pasteIntoNewItem() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Milk", "Read the manual"]))
        state.press(.character("G"), .character("a"))
        state.press(.paste("Shopping:\n- bread\n- cheese\n"))
        #expect(state.editor?.text == "Shopping: - bread - cheese")
        state.press(.enter)
        #expect(state.toDoTitles == ["Milk", "Read the manual", "Shopping: - bread - cheese"])
        #expect(state.doneTitles.isEmpty)
    }

    @Test("in a title, runs of line breaks and tabs are one space each; the text goes in at the cursor")
    func pasteIntoTitle() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["ab"]))
        state.press(.character("e"), .left)
        state.press(.paste("1\n\n2\t\t3\r\n"))
        #expect(state.editor?.text == "a1 2 3b")
        #expect(state.editor?.cursor == 6)
    }

    @Test("in the notes, line breaks stay line breaks")
    func pasteIntoNotes() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Party"]))
        state.press(.character("n"))
        state.press(.paste("Cake\nBalloons\n"))
        #expect(state.editor?.text == "Cake\nBalloons\n")
        state.press(.enter)
        #expect(state.list.toDoItems.first?.notes == "Cake\nBalloons")
    }

    @Test("control characters in a paste are dropped, not run: Esc, Ctrl-C, Del")
    func controlsDropped() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("e"))
        let effects = state.press(.paste("\u{1B}[A\u{03}x\u{7F}"))
        #expect(effects.isEmpty)
        #expect(state.editor?.text == "a[Ax")
        #expect(state.mode == .editing(.title(Fixtures.id(1))))
    }

    @Test("in the tags, each pasted line is a tag: line breaks are the commas between them")
    func pasteIntoTags() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["Plain item"]))
        state.press(.character("#"), .paste("home\nerrands\n\n#garden\n"))
        #expect(state.editor?.text == "home, errands, #garden")
        state.press(.enter)
        #expect(state.list.toDoItems.first?.tags == ["home", "errands", "garden"])
    }

    @Test("a paste into the filter narrows the list once, as one line")
    func pasteIntoFilter() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["apple pie", "bread"]))
        state.press(.character("/"), .paste("apple\npie\n"))
        #expect(state.filterQuery == "apple pie")
        #expect(state.visibleCount(.toDo) == 1)
    }

    @Test("a paste in the list changes nothing and says so in the status line")
    func pasteInListIgnored() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character("d"))
        let effects = state.press(.paste("x\ndd\nq"))
        #expect(effects.isEmpty)
        #expect(state.toDoTitles == ["a", "b"])
        #expect(state.pendingOperations.isEmpty)
        #expect(state.mode == .browsing)
        #expect(render(state, size: state.size).trimmedLines[22] == " paste ignored: press a to add, e to edit")
        // The paste forgot the first d of dd.
        state.press(.character("d"))
        #expect(state.toDoTitles == ["a", "b"])
    }

    @Test("on the questions and the help screen a paste does nothing: no answer, no closing")
    func pasteElsewhereIgnored() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"], done: ["b"]))
        state.press(.character("D"))
        #expect(KeyMap.action(for: .paste("y"), in: state) == nil)
        state.press(.paste("y"))
        #expect(state.mode == .confirmingClearDone)
        #expect(state.doneTitles == ["b"])
        state.press(.character("n"), .character("?"))
        state.press(.paste("q"))
        #expect(state.mode == .help(scroll: 0))
    }

    @Test("while the terminal is too small a paste does nothing, in an editor too")
    func pasteWhileTooSmall() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("e"))
        _ = update(&state, .resize(Size(columns: 30, rows: 8)))
        state.press(.paste("more"))
        #expect(state.editor?.text == "a")
    }
}
