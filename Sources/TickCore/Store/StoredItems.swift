/// The items of the list file as it was read, one at a time, never held together
/// (``ArchivedItems``): what `tick list` prints a large list from. A missing file has none.
public struct StoredItems: Sendable {
    let archived: ArchivedItems?
    let store: ToDoStore

    /// Reads the items, To Do first, and hands each to `body` until it returns false; a bad
    /// item is the error ``ToDoStore/load()`` gives. Returns how many items each section
    /// holds. Every call reads them anew, so a first pass can check them all.
    @discardableResult
    public func forEach(
        _ body: (ToDoList.Section, borrowing ToDoItem) -> Bool
    ) throws(StoreError) -> (toDo: Int, done: Int) {
        guard let archived else { return (0, 0) }
        do throws(ArchiveError) {
            return try archived.forEach(body)
        } catch {
            throw store.unreadable(error)
        }
    }
}
