import TickCore
import TickInterchange

/// The `--json` form of items: ``TickJSON``'s schema, the same for `list --json`,
/// `show --json` and `export --format json`.
enum JSONOutput {
    /// One item's object.
    static func object(_ item: ToDoItem, done: Bool) -> String {
        var writer = ByteWriter()
        TickJSON.writeObject(ExchangeEntry(item: item, done: done), to: &writer)
        return writer.text
    }
}
