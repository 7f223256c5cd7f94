import Foundation
import Testing
@testable import TickCore

@Suite("To-do items and locations")
struct ToDoItemTests {
    @Test("a title is trimmed and cannot be empty")
    func titleRules() throws {
        let item = try ToDoItem(title: "  Buy milk \n")
        #expect(item.title == "Buy milk")
        #expect(throws: ModelError.emptyTitle) { try ToDoItem(title: " \t\n ") }
        var changed = item
        #expect(throws: ModelError.emptyTitle) { try changed.setTitle("") }
        #expect(changed.title == "Buy milk")
        try changed.setTitle("東京 👍🏽")
        #expect(changed.title == "東京 👍🏽")
    }

    @Test("a location needs a name and a coordinate in range")
    func locationRules() throws {
        #expect(throws: ModelError.emptyLocationName) { try Location(name: "  ") }
        #expect(throws: ModelError.latitudeOutOfRange(90.5)) { try Location(name: "x", latitude: 90.5, longitude: 0) }
        #expect(throws: ModelError.longitudeOutOfRange(-180.01)) { try Location(name: "x", latitude: 0, longitude: -180.01) }
        #expect(throws: ModelError.incompleteCoordinate) { try Location(name: "x", latitude: 1, longitude: nil) }
        #expect(throws: ModelError.incompleteCoordinate) { try Location(name: "x", latitude: nil, longitude: 1) }
        let notANumber = #expect(throws: ModelError.self) { try Location(name: "x", latitude: .nan, longitude: 0) }
        guard case .latitudeOutOfRange? = notANumber else {
            Issue.record("NaN latitude gave \(String(describing: notANumber))")
            return
        }
        let edge = try Location(name: " Pole ", latitude: -90, longitude: 180)
        #expect(edge.name == "Pole")
        #expect(edge.coordinate?.latitude == -90)
        #expect(edge.coordinate?.longitude == 180)
        let plain = try Location(name: "Home", latitude: nil, longitude: nil)
        #expect(plain.coordinate == nil)
    }

    @Test("setting a field through an operation field value changes only that field")
    func settingFields() throws {
        let due = Date(timeIntervalSince1970: 1_800_000_000)
        var item = try ToDoItem(title: "A", notes: "n", due: due)
        try item.set(.notes(nil))
        #expect(item.notes == nil)
        #expect(item.due == due)
        #expect(item.title == "A")
        #expect(throws: ModelError.emptyTitle) { try item.set(.title("   ")) }
        #expect(item.title == "A")
    }
}

@Suite("Dates in items")
struct ToDoItemDateTests {
    @Test("an item made now equals itself after a trip through the archive")
    func datesSurviveTheArchive() throws {
        var item = try ToDoItem(title: "now", due: Date().addingTimeInterval(0.123_456_789), createdAt: Date())
        item.due = Date(timeIntervalSinceReferenceDate: 815_000_000.000_000_1)
        let before1970 = try ToDoItem(title: "old", due: Date(timeIntervalSince1970: -86_400.5), createdAt: Date(timeIntervalSince1970: -1.25))
        let list = try ToDoList(toDoItems: [item, before1970], doneItems: [])
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
    }
}
