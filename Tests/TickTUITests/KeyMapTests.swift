import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Key table")
struct KeyMapTests {
    @Test("no key is bound twice in the same mode")
    func noDuplicateKeys() {
        for mode in ModeKind.allCases {
            var seen: [Key: String] = [:]
            for binding in KeyMap.bindings where binding.modes.contains(mode) {
                for key in binding.keys {
                    #expect(seen[key] == nil, "\(key) is bound to both \(seen[key] ?? "") and \(binding.help) in \(mode)")
                    seen[key] = binding.help
                }
            }
        }
    }

    @Test("every binding has keys and help text, and the help screen lists it")
    func everyBindingDocumented() {
        let lines = Screen.helpLines()
        for binding in KeyMap.bindings {
            #expect(!binding.keys.isEmpty)
            #expect(!binding.help.isEmpty)
            #expect(lines.contains(.binding(keys: binding.keyLabel, help: binding.help)))
        }
    }

    @Test("docs/keys.md's tables are the help screen's groups and bindings, in order, nothing more")
    func docsListEveryBinding() throws {
        let docs = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("docs/keys.md")
        let text = try String(contentsOf: docs, encoding: .utf8)
        for binding in KeyMap.bindings {
            #expect(text.contains("| `\(binding.keyLabel)` | \(binding.help) | `\(binding.name)` |"), "docs/keys.md lacks \(binding.keyLabel): \(binding.help)")
        }
        let documented = text.split(separator: "\n").map(String.init).filter { $0.hasPrefix("## ") || $0.hasPrefix("| `") }
        let expected: [String] = KeyMap.groups.flatMap { group in
            ["## " + group.title] + group.entries.map { "| `\($0.keys)` | \($0.help) | " + ($0.name.map { "`\($0)`" } ?? "") + " |" }
        }
        #expect(documented == expected, "docs/keys.md's tables differ from the key table")
    }

    @Test("the same key does different things by mode")
    func modes() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        #expect(KeyMap.action(for: .character("d"), in: state) == .startDelete)
        #expect(KeyMap.action(for: .delete, in: state) == .delete)
        #expect(KeyMap.action(for: .enter, in: state) == .editTitle)
        #expect(KeyMap.action(for: .escape, in: state) == nil)
        state.press(.character("e"))
        #expect(KeyMap.action(for: .character("d"), in: state) == .edit(.insert("d")))
        #expect(KeyMap.action(for: .enter, in: state) == .commitEdit)
        #expect(KeyMap.action(for: .control("w"), in: state) == .edit(.deleteWordBackward))
        #expect(KeyMap.action(for: .resize, in: state) == nil)
        state.press(.escape, .character("/"))
        #expect(KeyMap.action(for: .escape, in: state) == .cancelEdit)
        state.type("a")
        state.press(.enter)
        #expect(KeyMap.action(for: .escape, in: state) == .clearFilter)
    }

    @Test("item keys do nothing when nothing is selected")
    func itemKeysNeedAnItem() {
        let state = Fixtures.state(ToDoList())
        #expect(KeyMap.action(for: .character(" "), in: state) == nil)
        #expect(KeyMap.action(for: .character("e"), in: state) == nil)
        #expect(KeyMap.action(for: .character("a"), in: state) == .addItem)
    }

    @Test("help scrolling stops at the end of the list of keys")
    func helpScrollStops() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]), size: Size(columns: 80, rows: 24))
        state.press(.character("?"))
        for _ in 0..<20 { state.press(.pageDown) }
        guard case .help(let scroll) = state.mode else {
            Issue.record("help closed")
            return
        }
        #expect(scroll == Screen.helpLines().count - 22)
        state.press(.up)
        #expect(state.mode == .help(scroll: scroll - 1))
    }
}
