import Foundation
import TickCore
@testable import TickTUI

/// Deterministic inputs for update and render tests: a UTC calendar, a fixed `now`
/// (Tuesday 2026-12-01 10:00 UTC) and small lists with known ids.
enum Fixtures {
    /// The app's calendar in the tests: UTC.
    static let calendar = LocalTime.utc

    /// Foundation's calendar in UTC, to build the tests' dates independently of LocalTime.
    static let oracle: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()

    /// Tuesday 1 December 2026, 10:00 UTC.
    static let now = date(2026, 12, 1, hour: 10)

    static func date(_ year: Int, _ month: Int, _ day: Int, hour: Int = 0, minute: Int = 0) -> Date {
        oracle.date(from: DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)) ?? Date(timeIntervalSince1970: 0)
    }

    /// A fixed id: 00000000-0000-0000-0000-0000000000NN.
    static func id(_ number: Int) -> UUID {
        UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", number)) ?? UUID()
    }

    static func item(_ number: Int, _ title: String, notes: String? = nil, due: Date? = nil, location: Location? = nil) throws -> ToDoItem {
        try ToDoItem(id: id(number), title: title, notes: notes, due: due, location: location, createdAt: date(2026, 11, 20))
    }

    /// An item due on a calendar day (what `--due 2026-12-04` or a typed day makes).
    static func item(_ number: Int, _ title: String, notes: String? = nil, dueDay: (Int, Int, Int), location: Location? = nil) throws -> ToDoItem {
        var item = try item(number, title, notes: notes, location: location)
        if let day = CalendarDay(year: dueDay.0, month: dueDay.1, day: dueDay.2) { item.setDue(day: day) }
        return item
    }

    static func list(toDo: [String], done: [String] = []) throws -> ToDoList {
        var number = 0
        func make(_ title: String) throws -> ToDoItem {
            number += 1
            return try item(number, title)
        }
        return try ToDoList(toDoItems: toDo.map(make), doneItems: done.map(make))
    }

    /// The sample list the render tests draw.
    static func sampleList() throws -> ToDoList {
        let cologne = try Location(name: "Cologne", coordinate: Location.Coordinate(latitude: 50.9375, longitude: 6.9603))
        return try ToDoList(
            toDoItems: [
                item(1, "Buy milk", due: date(2026, 12, 1, hour: 18), location: try Location(name: "Market")),
                item(2, "Call the plumber about the kitchen sink", notes: "He said any morning this week works; ask about the price first.", dueDay: (2026, 12, 4)),
                item(3, "File taxes", dueDay: (2026, 11, 28)),
                item(4, "Visit the cathedral", dueDay: (2026, 12, 2), location: cologne),
            ],
            doneItems: [
                item(5, "Water the plants"),
                item(6, "Book train tickets", dueDay: (2026, 11, 30)),
            ]
        )
    }

    static func state(_ list: ToDoList, colors: Bool = true, unicode: Bool = false, size: Size = Size(columns: 80, rows: 24)) -> AppState {
        var state = AppState(list: list, fileName: "ToDoItems.plist", now: now, calendar: calendar, colors: colors, unicode: unicode)
        _ = update(&state, .resize(size))
        return state
    }
}

extension AppState {
    /// Sends keys through the key table, as the run loop does; returns every effect.
    @discardableResult
    mutating func press(_ keys: Key...) -> [Effect] {
        var effects: [Effect] = []
        for key in keys {
            guard let action = KeyMap.action(for: key, in: self) else { continue }
            effects += update(&self, action)
        }
        return effects
    }

    /// Types text into the open editor, one key per character.
    mutating func type(_ text: String) {
        for character in text { press(.character(character)) }
    }

    var toDoTitles: [String] { list.toDoItems.map(\.title) }
    var doneTitles: [String] { list.doneItems.map(\.title) }
}
