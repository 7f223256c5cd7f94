import ArgumentParser
import TickCore

/// ITEM… arguments: one or more. They take what argument-parser does not know, so that
/// `-1` reaches ``ItemReference`` (which says positions start at 1) instead of being read
/// as an option; an unknown `--option` is still a usage error.
struct ItemArguments: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ItemReference.help, completion: .custom(ItemCompletion.complete))
    var items: [ItemReference] = []

    func validate() throws {
        try refuseUnknownOptions(items)
    }
}

/// One ITEM argument, read as ``ItemArguments`` reads them.
struct SingleItemArgument: ParsableArguments {
    @Argument(parsing: .allUnrecognized, help: ItemReference.help, completion: .custom(ItemCompletion.complete))
    var items: [ItemReference] = []

    /// The one item named.
    var item: ItemReference {
        get throws {
            guard let first = items.first else { throw ValidationError("Missing ITEM") }
            return first
        }
    }

    func validate() throws {
        try refuseUnknownOptions(items)
        if items.isEmpty { throw ValidationError("Missing ITEM: a position from `tick list` or the start of an id") }
        if items.count > 1 {
            throw ValidationError("one ITEM only, got \(items.count): \(VisibleText.escaped(items.map(\.text).joined(separator: " ")))")
        }
    }
}

/// An unknown `--option` caught among ITEM arguments is a usage error, as elsewhere.
private func refuseUnknownOptions(_ items: [ItemReference]) throws {
    if let option = items.first(where: { $0.text.hasPrefix("--") || ($0.text.hasPrefix("-") && !$0.text.dropFirst().allSatisfy(\.isNumber)) }) {
        throw ValidationError("Unknown option '\(VisibleText.escaped(option.text))'")
    }
}
