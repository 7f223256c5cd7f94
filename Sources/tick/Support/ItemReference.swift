import ArgumentParser
import FoundationEssentials
import TickCore

/// An ITEM argument: a position as `tick list` prints it (1-based, To Do then Done), or the
/// start of an item's id.
///
/// A plain number (`1001`) or `#` and a number (`#1001`) is always a position, never an id,
/// so scripts can count on it on any list. Anything else is the start of an id: at least
/// 4 of its characters (hex digits and `-`, any case). An id that begins with digits only
/// is named with enough of it to include a letter or the `-` (`1001eeb2`).
struct ItemReference: ExpressibleByArgument, CustomStringConvertible {
    let text: String

    init?(argument: String) {
        let trimmed = argument.trimmed()
        guard !trimmed.isEmpty else { return nil }
        text = trimmed
    }

    var description: String { text }

    static let minimumPrefixLength = 4

    /// The help of every command's ITEM arguments.
    static let help = ArgumentHelp(
        "A position from `tick list` (3 or #3), or the start of an id (\(minimumPrefixLength)+ characters, e.g. 3f2a).",
        valueName: "item"
    )

    /// What a reference is, before the list is looked at.
    enum Kind: Equatable {
        case position(Int)
        case idPrefix(String)
    }

    /// The kind of reference the text is, or why it is none.
    func kind() throws(CLIError) -> Kind {
        let shown = VisibleText.escaped(text)
        let body = text.hasPrefix("#") ? String(text.dropFirst()) : text
        if let sign = body.first, sign == "-" || sign == "+", body.count > 1, body.dropFirst().allSatisfy(\.isPlainDigit) {
            guard sign == "-" else { return try position(String(body.dropFirst()), shown: shown) }
            throw CLIError("\(shown) is not a position: positions start at 1 (see `tick list`)")
        }
        if text.hasPrefix("#") || body.allSatisfy(\.isPlainDigit) {
            return try position(body, shown: shown)
        }
        if text.hasPrefix("-") {
            throw CLIError("unknown option \(shown); see `tick help`")
        }
        guard body.allSatisfy({ $0.isHexDigit || $0 == "-" }), body.count >= Self.minimumPrefixLength else {
            throw CLIError(
                "\"\(shown)\" is neither a position (a number from `tick list`, such as 3 or #3) nor the start of an id "
                    + "(\(Self.minimumPrefixLength) or more of its characters, 0-9 and a-f, such as 3f2a)"
            )
        }
        return .idPrefix(body.uppercased())
    }

    private func position(_ digits: String, shown: String) throws(CLIError) -> Kind {
        guard !digits.isEmpty, digits.allSatisfy(\.isPlainDigit) else {
            throw CLIError("\"\(shown)\" is not a position: write # and a number from `tick list`, such as #3")
        }
        guard let value = Int(digits), value >= 1 else {
            if digits.allSatisfy({ $0 == "0" }) { throw CLIError("there is no position 0: positions start at 1") }
            throw CLIError("no item at position \(digits): the number is far past the end of the list")
        }
        return .position(value)
    }

    /// The item this reference names in `list`, with its section and 1-based list position.
    func resolve(in list: ToDoList) throws(CLIError) -> (item: ToDoItem, section: ToDoList.Section, position: Int) {
        let all = list.allItems
        switch try kind() {
        case .position(let position):
            guard position <= all.count else {
                throw CLIError(all.isEmpty
                    ? "no item at position \(position): the list is empty"
                    : "no item at position \(position): the list has \(all.count) item\(all.count == 1 ? "" : "s")")
            }
            let section: ToDoList.Section = position <= list.toDoItems.count ? .toDo : .done
            return (all[position - 1], section, position)
        case .idPrefix(let prefix):
            let matches = all.enumerated().filter { $0.element.id.uuidString.hasPrefix(prefix) }
            switch matches.count {
            case 0:
                throw CLIError("no item has an id starting with \"\(VisibleText.escaped(text))\"")
            case 1:
                let (index, item) = (matches[0].offset, matches[0].element)
                return (item, index < list.toDoItems.count ? .toDo : .done, index + 1)
            default:
                let positions = matches.map { String($0.offset + 1) }
                let width = positions.map(\.count).max() ?? 0
                let lines = zip(positions, matches).map { position, match in
                    "  " + String(repeating: " ", count: width - position.count) + position + "  "
                        + match.element.id.uuidString.lowercased() + "  " + ItemFormatting.oneLine(match.element.title)
                }
                throw CLIError("\"\(VisibleText.escaped(text))\" matches \(matches.count) items; give more of the id:\n" + lines.joined(separator: "\n"))
            }
        }
    }

    /// Resolves every reference against the same list, before anything changes: the items
    /// in the order given, each once.
    static func resolveAll(_ references: [ItemReference], in list: ToDoList) throws(CLIError) -> [(item: ToDoItem, section: ToDoList.Section, position: Int)] {
        var seen = Set<UUID>()
        var resolved: [(item: ToDoItem, section: ToDoList.Section, position: Int)] = []
        for reference in references {
            let entry = try reference.resolve(in: list)
            if seen.insert(entry.item.id).inserted { resolved.append(entry) }
        }
        return resolved
    }
}

extension Character {
    /// 0–9 only (not other scripts' digits, which `Int` would not read).
    var isPlainDigit: Bool { isASCII && isNumber }
}
