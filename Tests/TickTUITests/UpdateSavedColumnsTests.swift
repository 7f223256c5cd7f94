import Foundation
import Testing
import TickCore
@testable import TickTUI

/// The list's columns are measured over every item when a whole new list comes in; a save
/// of the app's own changes gives back the app's own list, which needs no new measure (at a
/// million items, a pass the key after every save would pay).
@Suite("Update: the columns after a save")
struct UpdateSavedColumnsTests {
    @Test("a save that gives back the app's own list keeps the columns as they were; a list changed on disk is measured again")
    func savedOwnListKeepsColumns() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b", "c"]))
        #expect(state.press(.character(" ")) == [.save])
        // A width no item needs: a measure over the list would put it back to 0.
        state.columns.locationWidth = 3
        _ = update(&state, .saved(state.list, operations: state.pendingOperations.count))
        #expect(state.pendingOperations.isEmpty)
        #expect(state.columns.locationWidth == 3)

        // Another program gave an item a location: the saved list is that one.
        var disk = state.list
        try disk.insert(try Fixtures.item(9, "from elsewhere", location: Location(name: "Market Hall")), in: .toDo, at: 0)
        #expect(state.press(.character(" ")) == [.save])
        _ = update(&state, .saved(disk, operations: state.pendingOperations.count))
        #expect(state.columns.locationWidth == "Market Hall".count)
        state.columns.locationWidth = 3
        _ = update(&state, .saved(state.list, operations: 0))
        #expect(state.columns.locationWidth == 3)
    }

    @Test("two lists of the same items with storage of their own are not identical; a copy is")
    func identicalIsStorage() throws {
        let list = try Fixtures.list(toDo: ["a", "b"], done: ["c"])
        let copy = list
        let rebuilt = try Fixtures.list(toDo: ["a", "b"], done: ["c"])
        #expect(copy.toDoItems.isIdentical(to: list.toDoItems) && copy.doneItems.isIdentical(to: list.doneItems))
        #expect(rebuilt.toDoItems == list.toDoItems)
        #expect(!rebuilt.toDoItems.isIdentical(to: list.toDoItems))
        #expect(SectionItems().isIdentical(to: SectionItems()))
    }
}
