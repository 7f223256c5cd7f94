import Foundation
import Testing
import TickCore
@testable import TickTUI

/// Text cut to fit ends in an ellipsis everywhere; the footer and help say the same words.
@Suite("Cut text and key labels")
struct RenderCuttingTests {
    @Test("the due-date hint, the help at 40 columns and a long status end in … when cut")
    func ellipsisWhereCut() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]), unicode: true, size: Size(columns: 40, rows: 12))
        state.press(.character("t"))
        let due = render(state, size: state.size).trimmedLines
        let hint = try #require(due.first { $0.contains("tomorrow, fri") })
        #expect(hint.hasSuffix("…"), "\(hint)")
        #expect(!due.contains { $0.hasSuffix("2026-12-0") })

        state.press(.escape, .character("?"))
        let help = render(state, size: state.size).trimmedLines
        let other = try #require(help.first { $0.contains("other section") })
        #expect(other.hasSuffix("…"), "\(other)")
        #expect(DisplayWidth.of(other) == 40 - 1)

        _ = update(&state, .closeHelp)
        _ = update(&state, .externalChangeUnreadable("tick: /home/me/list.plist: cannot read this file as a to-do list"))
        let status = render(state, size: state.size).trimmedLines[10]
        #expect(status.hasSuffix("…"), "\(status)")
    }

    @Test("without UTF-8, cut text ends in ...")
    func asciiEllipsis() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]), unicode: false, size: Size(columns: 40, rows: 12))
        state.press(.character("t"))
        let hint = try #require(render(state, size: state.size).trimmedLines.first { $0.contains("tomorrow, fri") })
        #expect(hint.hasSuffix("..."), "\(hint)")
    }

    @Test("the footer shows each binding's label, the words the help starts with")
    func footerMatchesHelp() throws {
        var state = Fixtures.state(try Fixtures.sampleList(), size: Size(columns: 200, rows: 30))
        let footer = render(state, size: state.size).trimmedLines[29]
        #expect(footer.contains("l location"))
        #expect(!footer.contains("place"))
        for binding in KeyMap.bindings {
            if let entry = binding.footer { #expect(entry.text == binding.label) }
            #expect(binding.help.hasPrefix(binding.label))
        }
        state.press(.character("?"))
        let help = render(state, size: state.size).trimmedLines
        #expect(help.contains { $0.hasPrefix("   l") && $0.contains("location — edit it") })
    }

    @Test("the notes editor shows line breaks as ↵, the detail pane as lines")
    func notesLines() throws {
        let item = try Fixtures.item(1, "Pack", notes: "socks\nshoes")
        var state = Fixtures.state(try ToDoList(toDoItems: [item], doneItems: []), unicode: true)
        let detail = render(state, size: state.size).trimmedLines
        let socks = try #require(detail.firstIndex(of: " socks"))
        #expect(detail[socks + 1] == " shoes")
        state.press(.character("n"), .control("j"))
        state.type("boots")
        let editing = render(state, size: state.size).trimmedLines
        #expect(editing.contains { $0.contains("socks↵shoes↵boots") }, "\(editing.joined(separator: "\n"))")
    }
}

extension RenderCuttingTests {
    @Test("notes cut at the bottom of the detail pane end in …")
    func detailCut() throws {
        let notes = (1...30).map { "line \($0)" }.joined(separator: "\n")
        let item = try Fixtures.item(1, "Long notes", notes: notes)
        let state = Fixtures.state(try ToDoList(toDoItems: [item], doneItems: []), unicode: true, size: Size(columns: 40, rows: 14))
        let lines = render(state, size: state.size).trimmedLines
        let shown = lines.filter { $0.hasPrefix(" line ") }
        #expect(!shown.isEmpty)
        #expect(shown.last?.hasSuffix("…") == true, "\(lines.joined(separator: "\n"))")
        #expect(shown.dropLast().allSatisfy { !$0.hasSuffix("…") })
        #expect(TextWrap.lines("a b c", width: 10, limit: 1, ellipsis: "…") == ["a b c"])
        #expect(TextWrap.lines("a\nb", width: 10, limit: 1, ellipsis: "…") == ["a…"])
        #expect(TextWrap.lines("abcdefghij\nk", width: 10, limit: 1, ellipsis: "…") == ["abcdefghi…"])
    }
}
