import Testing
@testable import TickCore

@Suite("Tags refuse line breaks: each kind Character.isNewline knows, found in the UTF-8")
struct TagLineBreakTests {
    @Test("a tag holding LF, VT, FF, CR, CR LF, NEL, LINE or PARAGRAPH SEPARATOR is refused",
          arguments: ["a\nb", "a\u{0B}b", "a\u{0C}b", "a\rb", "a\r\nb", "a\u{85}b", "a\u{2028}b", "a\u{2029}b"])
    func lineBreaksAreRefused(tag: String) throws {
        var item = try ToDoItem(title: "x")
        do {
            try item.setTags([tag])
            Issue.record("\(tag.debugDescription) was kept")
        } catch {
            let refusedAsBadTag = error == ModelError.badTag(tag)
            #expect(refusedAsBadTag)
        }
        #expect(tag.contains { $0.isNewline })
    }

    @Test("text whose UTF-8 holds the bytes of those separators elsewhere, accents and emoji is kept",
          arguments: ["\u{2027}", "\u{202A}x", "\u{A8}", "\u{E085}", "é", "e\u{301}", "👍🏽", "東京"])
    func otherTextIsKept(tag: String) throws {
        var item = try ToDoItem(title: "x")
        try item.setTags([tag])
        #expect(item.tags == [tag])
        #expect(!tag.contains { $0.isNewline })
    }

    @Test("the file's reader keeps the same checks: a priority past 9 is refused, an empty repeat is none")
    func archivedFieldsCheckAsTheSettersDo() throws {
        do {
            _ = try ToDoItem.asRead(priority: 10)
            Issue.record("priority 10 was kept")
        } catch {
            let refusedAsBadPriority = error == ModelError.badPriority(10)
            #expect(refusedAsBadPriority)
        }
        let item = try ToDoItem.asRead(priority: 1, tags: [" home ", "home"], recurrence: "")
        #expect(item.priority == 1)
        #expect(item.tags == ["home"])
        #expect(item.recurrence == nil)
    }
}
