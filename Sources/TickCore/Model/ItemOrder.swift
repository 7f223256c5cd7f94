import FoundationEssentials

/// The orders To Do can be shown in besides the list's own, for `tick list --sort` and the
/// app's `s`: by due (soonest first) or by priority (highest first). Items without the key
/// come last, in the list's order; ties keep the list's order too. The list itself never
/// changes.
public enum ItemOrder: String, Sendable, Hashable, CaseIterable {
    case due, priority

    /// `indices` of `items` (in the list's order) sorted by this order's key.
    public func sorted(_ indices: [Int], of items: SectionItems, calendar: LocalTime) -> [Int] {
        let keyed = indices.map { index -> (index: Int, key: Double?) in
            switch self {
            case .due: (index, items[index].localDue(calendar: calendar)?.timeIntervalSince1970)
            case .priority: (index, items[index].priority.map(Double.init))
            }
        }
        let sorted = keyed.filter { $0.key != nil }.sorted { ($0.key ?? 0, $0.index) < ($1.key ?? 0, $1.index) }
        return (sorted + keyed.filter { $0.key == nil }).map(\.index)
    }
}
