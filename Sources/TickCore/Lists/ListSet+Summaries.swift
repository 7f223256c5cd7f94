import FoundationEssentials

/// One list's name and how many items each section holds: what `tick lists` prints and the
/// app's list picker shows.
public struct ListSummary: Sendable, Hashable {
    public var name: String
    public var open: Int
    public var done: Int
    /// Why the list's file cannot be read (the counts are then 0); nil when it was read.
    public var problem: String?

    public init(name: String, open: Int, done: Int, problem: String? = nil) {
        self.name = name
        self.open = open
        self.done = done
        self.problem = problem
    }
}

extension ListSet {
    /// Every list with its counts, as on disk, in ``names()``'s order. Each list is read
    /// whole to count it; one that cannot be read is there with the reason, so that one
    /// broken file hides no other list.
    public func summaries() throws(ListSetError) -> [ListSummary] {
        var summaries: [ListSummary] = []
        for name in try names() {
            let store = try store(named: name)
            do throws(StoreError) {
                let list = try store.load()
                summaries.append(ListSummary(name: name, open: list.toDoItems.count, done: list.doneItems.count))
            } catch {
                summaries.append(ListSummary(name: name, open: 0, done: 0, problem: error.description))
            }
        }
        return summaries
    }
}
