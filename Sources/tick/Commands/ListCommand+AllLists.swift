import FoundationEssentials
import Glibc
import TickCore
import TickInterchange

/// `tick list --all-lists`: every list of the set, in ``ListSet/names()``'s order.
extension ListCommand {
    /// Prints every list's items that `filter` keeps: as text, each list's name on a line
    /// of its own, then its items as `tick list --list NAME` prints them (positions within
    /// that list), a blank line between lists; as JSON, one array of every item, each
    /// object with `"list"`.
    ///
    /// A list whose file cannot be read is said on standard error, and the others printed:
    /// then the command fails, naming how many.
    static func printAllLists(_ set: ListSet, sections: [ToDoList.Section], json: Bool, filter: ListFilter) throws {
        let names = try set.names()
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        var unreadable = 0
        guard json else {
            for (index, name) in names.enumerated() {
                writer.text((index > 0 ? "\n" : "") + VisibleText.line(name) + "\n")
                try writer.flush()
                do {
                    try print(set.store(named: name), sections: sections, json: false, filter: filter)
                } catch let error as StoreError {
                    warn(error.description)
                    unreadable += 1
                }
            }
            if unreadable > 0 { throw CLIError.unreadableLists(unreadable) }
            return
        }
        var array = TickJSON.ArrayStream()
        for name in names {
            let store = try set.store(named: name)
            let list: ToDoList
            do throws(StoreError) {
                list = try store.load()
            } catch {
                warn(error.description)
                unreadable += 1
                continue
            }
            for section in sections {
                for item in list.items(in: section) where filter.keeps(item, in: section) {
                    array.startElement(to: &writer)
                    TickJSON.writeObject(item, done: section == .done, list: name, to: &writer)
                    try writer.flushIfFull()
                }
            }
        }
        try array.finish(to: &writer)
        if unreadable > 0 { throw CLIError.unreadableLists(unreadable) }
    }
}
