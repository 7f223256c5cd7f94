import Foundation
import TickCore

/// Makes realistic, reproducible lists: titles of 1–12 words, about one string in six with
/// non-ASCII text, 30% with notes (3–22 words), 40% with a due date, 30% with a location
/// (most with coordinates), about a third done; and the fields of issue 25 and 26: 20% with a
/// priority, 25% with one or two tags, 5% repeating, and about one open item in ten a
/// subtask of the open item before it.
struct ItemGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 | 1 }

    /// A splitmix64 step: fast and the same on every machine.
    private mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    private mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    private mutating func chance(_ percent: Int) -> Bool { below(100) < percent }

    private static let words = [
        "buy", "milk", "call", "mom", "renew", "passport", "write", "quarterly", "report",
        "water", "plants", "book", "dentist", "fix", "bike", "pay", "rent", "email", "Anna",
        "review", "pull", "request", "clean", "garage", "plan", "trip", "to", "the", "for",
    ]
    private static let foreignWords = ["Überweisung", "Café", "Zoë", "naïve", "façade", "東京", "会議", "资料", "🍕", "👍🏽", "📦"]
    private static let tags = ["home", "work", "errands", "someday", "phone", "計画"]
    private static let repeats = ["FREQ=WEEKLY;BYDAY=TU", "FREQ=DAILY", "FREQ=MONTHLY;BYMONTHDAY=1", "FREQ=YEARLY"]
    private static let places = ["Home", "Office", "Market", "Library", "Gym", "Café Zoë", "東京駅", "Station"]

    /// Words at random; about one sentence in six has a non-ASCII word (accents, CJK, emoji).
    private mutating func sentence(words count: Int) -> String {
        var parts: [String] = []
        parts.reserveCapacity(count)
        for _ in 0..<count { parts.append(Self.words[below(Self.words.count)]) }
        if chance(16) { parts[below(count)] = Self.foreignWords[below(Self.foreignWords.count)] }
        return parts.joined(separator: " ")
    }

    mutating func item(index: Int) -> ToDoItem? {
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        let title = sentence(words: 1 + below(12))
        let notes = chance(30) ? sentence(words: 3 + below(20)) : nil
        let due = chance(40) ? base.addingTimeInterval(Double(below(90 * 86_400)) - 30 * 86_400) : nil
        var location: Location?
        if chance(30) {
            let name = Self.places[below(Self.places.count)]
            location = chance(70)
                ? try? Location(name: name, latitude: Double(below(180_000_000)) / 1e6 - 90, longitude: Double(below(360_000_000)) / 1e6 - 180)
                : try? Location(name: name)
        }
        guard var item = try? ToDoItem(
            title: title, notes: notes, due: due, location: location,
            createdAt: base.addingTimeInterval(-Double(index) * 37.5)
        ) else { return nil }
        if chance(20) { try? item.setPriority([1, 5, 9][below(3)]) }
        if chance(25) {
            let first = Self.tags[below(Self.tags.count)]
            try? item.setTags(chance(30) ? [first, Self.tags[below(Self.tags.count)]] : [first])
        }
        if due != nil, chance(12) { item.recurrence = Self.repeats[below(Self.repeats.count)] }
        return item
    }

    /// A list of `count` items, about a third of them done.
    mutating func list(count: Int) -> ToDoList {
        var open: [ToDoItem] = []
        var done: [ToDoItem] = []
        open.reserveCapacity(count)
        for index in 0..<count {
            guard let item = item(index: index) else { continue }
            if chance(33) {
                done.append(item)
            } else {
                var item = item
                // A subtask follows its parent, as the list's tree order asks.
                if let previous = open.last, previous.parent == nil, chance(10) { item.parent = previous.id }
                open.append(item)
            }
        }
        return (try? ToDoList(toDoItems: open, doneItems: done)) ?? ToDoList()
    }
}
