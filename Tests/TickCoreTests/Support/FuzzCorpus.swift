import Foundation
@testable import TickCore

/// A list with every kind of field tick stores, the same on every run: the seed of the
/// fuzz tests (``LargeArchiveFuzzTests``). Its items have notes, due instants and due days,
/// repeats, locations with and without coordinates, priorities, tags, subtasks, completion
/// and change dates, fields tick does not know (on the list, items and locations), and
/// titles in UTF-16 (accents, CJK, emoji that take surrogate pairs) beside ASCII ones.
enum FuzzCorpus {
    private static let words = ["buy", "milk", "call", "renew", "passport", "water", "plants", "fix", "bike", "report"]
    private static let foreignWords = ["Überweisung", "Café", "東京", "会議", "🍕", "👍🏽", "naïve", "📦"]
    private static let tags = ["home", "work", "errands", "計画"]
    private static let places = ["Home", "Office", "Café Zoë", "東京駅"]

    /// `count` items, about a third done.
    static func list(count: Int, seed: UInt64) throws -> ToDoList {
        var random = SeededGenerator(seed: seed)
        func below(_ bound: Int) -> Int { Int.random(in: 0..<bound, using: &random) }
        func sentence(_ length: Int) -> String {
            var parts = (0..<length).map { _ in words[below(words.count)] }
            if below(4) == 0 { parts[below(length)] = foreignWords[below(foreignWords.count)] }
            return parts.joined(separator: " ")
        }
        let base = Date(timeIntervalSince1970: 1_790_000_000)
        var open: [ToDoItem] = [], done: [ToDoItem] = []
        for index in 0..<count {
            var raw: uuid_t = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
            withUnsafeMutableBytes(of: &raw) { bytes in
                for index in bytes.indices { bytes[index] = UInt8(below(256)) }
            }
            var location: Location?
            if below(4) == 0 {
                let name = places[below(places.count)]
                location = below(3) == 0
                    ? try Location(name: name, unknownFields: below(2) == 0 ? UnknownFields(["altitude": .value(.real(12.5))]) : UnknownFields())
                    : try Location(name: name, latitude: Double(below(180)) - 90 + 0.25, longitude: Double(below(360)) - 180 + 0.5)
            }
            let unknown = index % 25 == 0
                ? UnknownFields(["effort": .value(.integer(Int64(index))), "labels": .object(.array([.value(.string("x\(index)"))]))])
                : UnknownFields()
            var item = try ToDoItem(
                id: UUID(uuid: raw), title: sentence(1 + below(8)), notes: below(3) == 0 ? sentence(3 + below(15)) : nil,
                location: location, createdAt: base.addingTimeInterval(-Double(index) * 37.5), unknownFields: unknown)
            switch below(5) {
            case 0: item.setDue(instant: base.addingTimeInterval(Double(below(90 * 86_400))))
            case 1: item.setDue(day: CalendarDay(year: 2026, month: 1 + below(12), day: 1 + below(28)))
            default: break
            }
            if item.due != nil, below(6) == 0 { item.recurrence = ["FREQ=DAILY", "FREQ=WEEKLY;BYDAY=TU"][below(2)] }
            if below(5) == 0 { try item.setPriority([1, 5, 9][below(3)]) }
            if below(4) == 0 { try item.setTags(below(3) == 0 ? [tags[below(tags.count)], tags[below(tags.count)]] : [tags[below(tags.count)]]) }
            if below(8) == 0 { item.modifiedAt = base.addingTimeInterval(60) }
            if below(3) == 0 {
                item.completedAt = base.addingTimeInterval(Double(index))
                done.append(item)
            } else {
                // A subtask follows its parent, as the list's tree order asks.
                if let previous = open.last, previous.parent == nil, below(8) == 0 { item.parent = previous.id }
                open.append(item)
            }
        }
        return try ToDoList(toDoItems: open, doneItems: done, unknownFields: UnknownFields(["sync": .value(.string("token"))]))
    }
}
