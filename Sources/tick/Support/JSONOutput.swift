import Glibc
import TickCore
import TickInterchange

/// The `--json` form of items: ``TickJSON``'s schema, the same for `list --json`,
/// `show --json` and `export --format json`.
enum JSONOutput {
    /// Writes the entries to standard output as ``TickJSON``'s array, streamed.
    static func write(_ entries: [ExchangeEntry]) throws(InterchangeError) {
        var writer = ByteWriter(descriptor: STDOUT_FILENO, destination: "standard output")
        try TickJSON.write(entries, to: &writer)
    }

    /// One item's object.
    static func object(_ item: ToDoItem, done: Bool) -> String {
        var writer = ByteWriter()
        TickJSON.writeObject(ExchangeEntry(item: item, done: done), to: &writer)
        return writer.text
    }
}
