import Testing
@testable import TickCore

@Suite("Tags are kept trimmed, without empty ones or repeats, in their order")
struct TagKeepingTests {
    /// What keeping tags means, written plainly: each trimmed, the empty ones and those
    /// already kept (as Strings compare, so é and e + U+0301 are one) left out.
    static func reference(_ tags: [String]) -> [String] {
        var kept: [String] = []
        for tag in tags {
            let trimmed = TrimmingTests.reference(tag)
            if !trimmed.isEmpty, !kept.contains(trimmed) { kept.append(trimmed) }
        }
        return kept
    }

    @Test("setTags and the file's reader keep the same tags as the plain rule", arguments: [
        ["a", "b"], [" a", "a", "", "b ", "b", "c"], ["a", "a"], ["", "a"], ["a", " "], ["x", "e\u{301}", "é"],
        ["work", "home\u{3000}", "home", "\u{A0}"], [], [" "], ["b", "a", "b", "a"], ["é ", "é"],
    ])
    func keptAsTheRuleSays(tags: [String]) throws {
        var item = try ToDoItem(title: "x")
        try item.setTags(tags)
        #expect(item.tags == Self.reference(tags))
        let read = try ToDoItem.asRead(tags: tags)
        #expect(read.tags == Self.reference(tags))
    }
}
