import FoundationEssentials

/// One list's name and how many items each section holds: what `tick lists` prints and the
/// app's list picker shows.
public struct ListSummary: Sendable, Hashable {
    public var name: String
    public var open: Int
    public var done: Int

    public init(name: String, open: Int, done: Int) {
        self.name = name
        self.open = open
        self.done = done
    }
}

extension ListSet {
    /// Every list with its counts, as on disk, in ``names()``'s order. Each list is read
    /// whole to count it.
    public func summaries() throws(ListSetError) -> [ListSummary] {
        var summaries: [ListSummary] = []
        for name in try names() {
            let store = try store(named: name)
            let list: ToDoList
            do throws(StoreError) {
                list = try store.load()
            } catch {
                throw .store(error)
            }
            summaries.append(ListSummary(name: name, open: list.toDoItems.count, done: list.doneItems.count))
        }
        return summaries
    }
}
