import Glibc
import TickCore
import TickInterchange

/// The `--json` form of items: ``TickJSON``'s schema, the same for `list --json`,
/// `show --json` and `export --format json`.
enum JSONOutput {
    /// Writes the sections of `list` to standard output as ``TickJSON``'s array, streamed.
    static func write(_ list: ToDoList, sections: [ToDoList.Section]) throws(InterchangeError) {
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        try TickJSON.write(list, sections: sections, to: &writer)
    }

    /// One item's object.
    static func object(_ item: ToDoItem, done: Bool) -> String {
        var writer = ByteWriter()
        TickJSON.writeObject(ExchangeEntry(item: item, done: done), to: &writer)
        return writer.text
    }
}
