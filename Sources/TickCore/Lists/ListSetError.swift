import FoundationEssentials

/// Why a list set refused a name or a change to its lists; the message names the list and
/// the problem (and, for an unknown list, the lists there are).
public enum ListSetError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The name cannot name a list: `reason` says why.
    case invalidName(String, reason: String)
    /// A list of that name (or one differing only in case, `existing`) is there already.
    case taken(String, existing: String)
    /// No list has that name.
    case unknown(String, known: [String])
    /// The default list cannot be renamed or removed (`action` is `rename` or `remove`).
    case defaultList(action: String)
    /// The list still holds `count` items; removing it needs the caller's say-so.
    case notEmpty(String, count: Int)
    /// An item to move is not in the source list.
    case missingItem(UUID, list: String)
    /// The source and the target of a move are the same list.
    case sameList(String)
    /// Reading or writing a list file (or the `lists/` folder) failed.
    case store(StoreError)

    public var description: String {
        switch self {
        case let .invalidName(name, reason): "\(Self.quoted(name)) cannot name a list: \(reason)"
        case let .taken(name, existing) where name == existing: "there is already a list named \(Self.quoted(name))"
        case let .taken(name, existing): "\(Self.quoted(name)) is taken: there is already a list named \(Self.quoted(existing)) (names differing only in case are refused)"
        case let .unknown(name, known): "there is no list named \(Self.quoted(name)); the lists are \(known.map(Self.quoted).joined(separator: ", ")) (tick lists add NAME makes one)"
        case .defaultList(let action): "the default list \(Self.quoted(ListSet.defaultName)) cannot be \(action == "rename" ? "renamed" : "removed")"
        case let .notEmpty(name, count): "the list \(Self.quoted(name)) still holds \(count) item\(count == 1 ? "" : "s"); nothing removed — --with-items removes it with them"
        case let .missingItem(id, list): "no item \(id.uuidString.lowercased()) in the list \(Self.quoted(list))"
        case .sameList(let name): "the item is already in the list \(Self.quoted(name))"
        case .store(let error): error.description
        }
    }

    /// A name as messages quote it, control characters made visible.
    static func quoted(_ name: String) -> String { "\"\(VisibleText.line(name))\"" }
}
