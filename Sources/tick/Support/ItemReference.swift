import ArgumentParser
import FoundationEssentials
import TickCore

/// An ITEM argument: a position as `tick list` prints it (1-based, To Do then Done) or a
/// unique id prefix of at least 4 characters, case-insensitive.
struct ItemReference: ExpressibleByArgument, CustomStringConvertible {
    let text: String

    init?(argument: String) {
        let trimmed = argument.trimmed()
        guard !trimmed.isEmpty else { return nil }
        text = trimmed
    }

    var description: String { text }

    static let minimumPrefixLength = 4

    /// The help of every command's ITEM argument.
    static let help = ArgumentHelp(
        "A position from `tick list` or the start of an id (\(minimumPrefixLength)+ characters).", valueName: "item"
    )

    /// The item this reference names in `list`, with its section and 1-based list position.
    func resolve(in list: ToDoList) throws(CLIError) -> (item: ToDoItem, section: ToDoList.Section, position: Int) {
        let all = list.allItems
        let isNumber = text.allSatisfy { $0.isASCII && $0.isNumber }
        if isNumber, let position = Int(text), position >= 1, position <= all.count {
            let item = all[position - 1]
            // "1234" in a long list may also be the start of another item's id: say so
            // rather than guess.
            if text.count >= Self.minimumPrefixLength,
               let other = all.enumerated().first(where: { $0.offset != position - 1 && $0.element.id.uuidString.hasPrefix(text) }) {
                throw CLIError(
                    "\"\(text)\" is both position \(position) (\(ItemFormatting.oneLine(item.title))) and the start of the id "
                        + "\(other.element.id.uuidString.lowercased()) (\(ItemFormatting.oneLine(other.element.title))); give more of the id"
                )
            }
            let section: ToDoList.Section = position <= list.toDoItems.count ? .toDo : .done
            return (item, section, position)
        }
        if isNumber && text.count < Self.minimumPrefixLength {
            throw CLIError(all.isEmpty
                ? "no item at position \(text): the list is empty"
                : "no item at position \(text): the list has \(all.count) item\(all.count == 1 ? "" : "s")")
        }
        guard text.count >= Self.minimumPrefixLength else {
            throw CLIError("\"\(text)\" is too short: give a position or at least \(Self.minimumPrefixLength) characters of an id")
        }
        let prefix = text.uppercased()
        let matches = all.enumerated().filter { $0.element.id.uuidString.hasPrefix(prefix) }
        switch matches.count {
        case 0:
            throw CLIError("no item has a position or id starting with \"\(text)\"")
        case 1:
            let (index, item) = (matches[0].offset, matches[0].element)
            return (item, index < list.toDoItems.count ? .toDo : .done, index + 1)
        default:
            let lines = matches.map { "  \($0.offset + 1)  \($0.element.id.uuidString.lowercased())  \(ItemFormatting.oneLine($0.element.title))" }
            throw CLIError("\"\(text)\" matches \(matches.count) items; give more of the id:\n" + lines.joined(separator: "\n"))
        }
    }
}
