import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Update: adding and editing in place")
struct UpdateEditingTests {
    @Test("a opens an empty row under the cursor; Enter keeps it there")
    func addUnderCursor() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.character("a"))
        #expect(state.mode == .editing(.newItem(at: 1)))
        #expect(state.visibleCount(.toDo) == 3)
        state.type("new thing")
        #expect(state.list.toDoItems.count == 2)
        state.press(.enter)
        #expect(state.toDoTitles == ["a", "new thing", "b"])
        #expect(state.selectedItem?.title == "new thing")
        #expect(state.mode == .browsing)
        guard case let .insert(item, .toDo, at: 1)? = state.pendingOperations.first else {
            Issue.record("expected an insert at 1, got \(state.pendingOperations)")
            return
        }
        #expect(item.title == "new thing")
        #expect(item.createdAt == Fixtures.now)
        state.press(.character("u"))
        #expect(state.toDoTitles == ["a", "b"])
    }

    @Test("o adds too; in an empty list the row is the first one")
    func addToEmptyList() {
        var state = Fixtures.state(ToDoList())
        state.press(.character("o"))
        #expect(state.mode == .editing(.newItem(at: 0)))
        state.type("first")
        state.press(.enter)
        #expect(state.toDoTitles == ["first"])
        #expect(state.selectedItem?.title == "first")
    }

    @Test("Esc drops the new row, and so does Enter on an empty one")
    func dropNewRow() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("a"))
        state.type("never mind")
        state.press(.escape)
        #expect(state.toDoTitles == ["a"])
        #expect(state.mode == .browsing)
        state.press(.character("a"), .character(" "), .enter)
        #expect(state.toDoTitles == ["a"])
        #expect(state.pendingOperations.isEmpty)
        #expect(state.selectedItem?.title == "a")
    }

    @Test("keys that are commands in the list are typed in the editor")
    func editorTakesLetters() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("a"))
        state.type("q dux ?/")
        #expect(state.editor?.text == "q dux ?/")
        #expect(state.toDoTitles == ["a"])
    }

    @Test("e edits the title in place; Enter sets it by id")
    func editTitle() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a", "b"]))
        state.press(.down, .character("e"))
        #expect(state.editor?.text == "b")
        state.press(.control("u"))
        state.type("東京 👍🏽")
        state.press(.enter)
        #expect(state.toDoTitles == ["a", "東京 👍🏽"])
        #expect(state.pendingOperations == [.set(Fixtures.id(2), .title("東京 👍🏽"))])
        state.press(.character("u"))
        #expect(state.toDoTitles == ["a", "b"])
    }

    @Test("Enter on an emptied title keeps the editor open with an error")
    func emptyTitleRefused() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.enter, .control("u"), .enter)
        #expect(state.mode == .editing(.title(Fixtures.id(1))))
        #expect(state.status?.isError == true)
        state.press(.escape)
        #expect(state.toDoTitles == ["a"])
        #expect(state.pendingOperations.isEmpty)
    }

    @Test("l takes Name @ lat, lon; lat, lon alone keeps the name; empty removes the location")
    func editLocation() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("l"))
        state.type("Cologne @ 50.94, 6.96")
        state.press(.enter)
        let location = try #require(state.selectedItem?.location)
        #expect(location.name == "Cologne")
        #expect(location.coordinate == (try Location.Coordinate(latitude: 50.94, longitude: 6.96)))

        state.press(.character("l"))
        #expect(state.editor?.text == "Cologne @ 50.94, 6.96")
        state.press(.control("u"))
        state.type("-33.87,151.21")
        state.press(.enter)
        #expect(state.selectedItem?.location?.name == "Cologne")
        #expect(state.selectedItem?.location?.coordinate?.latitude == -33.87)

        state.press(.character("l"), .control("u"), .enter)
        #expect(state.selectedItem?.location == nil)
        #expect(state.pendingOperations.count == 3)
    }

    @Test("a bad coordinate keeps the location editor open with the error in the status line")
    func badCoordinate() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("l"))
        state.type("Cologne @ 95, 6.96")
        state.press(.enter)
        #expect(state.mode == .editing(.location(Fixtures.id(1))))
        #expect(state.status?.isError == true)
        #expect(state.status?.text.contains("latitude") == true)
        state.press(.control("u"))
        state.type("Cologne @ 50.94 N")
        state.press(.enter)
        #expect(state.mode == .editing(.location(Fixtures.id(1))))
        #expect(state.pendingOperations.isEmpty)
        // An @ followed by words is part of the name.
        state.press(.control("u"))
        state.type("Lunch @ Joe's Diner")
        state.press(.enter)
        #expect(state.mode == .browsing)
        #expect(state.list.toDoItems[0].location?.name == "Lunch @ Joe's Diner")
    }

    @Test("an out-of-range coordinate typed alone is an error, not the name of a place")
    func badCoordinateAlone() throws {
        var list = try Fixtures.list(toDo: ["a"])
        try list.update(Fixtures.id(1)) { (item) throws(ModelError) in item.location = try Location(name: "Office", latitude: 50.94, longitude: 6.96) }
        var state = Fixtures.state(list)
        state.press(.character("l"))
        state.press(.control("u"))
        state.type("95, 6.96")
        state.press(.enter)
        #expect(state.mode == .editing(.location(Fixtures.id(1))))
        #expect(state.status?.text.contains("latitude") == true)
        #expect(state.pendingOperations.isEmpty)
        #expect(state.list.item(withID: Fixtures.id(1))?.location?.name == "Office")
    }

    @Test("t takes date words; a bad date keeps the editor open; empty clears")
    func editDue() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("t"))
        state.type("fri")
        state.press(.enter)
        let friday = try #require(CalendarDay(year: 2026, month: 12, day: 4))
        #expect(state.selectedItem?.dueDay == friday)
        state.press(.character("t"))
        #expect(state.editor?.text == "2026-12-04")
        state.press(.control("u"))
        state.type("someday")
        state.press(.enter)
        #expect(state.mode == .editing(.due(Fixtures.id(1))))
        #expect(state.status?.text.contains("someday") == true)
        state.press(.control("u"), .enter)
        #expect(state.selectedItem?.due == nil)
        #expect(state.pendingOperations == [.set(Fixtures.id(1), .dueDay(friday)), .set(Fixtures.id(1), .due(nil))])
    }

    @Test("t with a time sets a due instant; a day after it sets a calendar day; the same day again changes nothing")
    func editDueDayOrInstant() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("t"))
        state.type("fri 17:00")
        state.press(.enter)
        #expect(state.selectedItem?.dueIsDay == false)
        #expect(state.selectedItem?.due == Fixtures.date(2026, 12, 4, hour: 17))
        state.press(.character("t"), .control("u"))
        state.type("2026-12-01")
        state.press(.enter)
        #expect(state.selectedItem?.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        state.press(.character("t"), .enter)
        #expect(state.pendingOperations.count == 2)
    }

    @Test("n edits the notes; an unchanged edit makes no operation")
    func editNotes() throws {
        var state = Fixtures.state(try Fixtures.list(toDo: ["a"]))
        state.press(.character("n"))
        state.type("  oat milk, not soy ")
        state.press(.enter)
        #expect(state.selectedItem?.notes == "oat milk, not soy")
        state.press(.character("n"), .enter)
        #expect(state.pendingOperations == [.set(Fixtures.id(1), .notes("oat milk, not soy"))])
    }

    @Test("/ filters as you type over title, notes and location, case-insensitively; Esc clears")
    func filter() throws {
        let list = try ToDoList(toDoItems: [
            Fixtures.item(1, "Buy MILK"),
            Fixtures.item(2, "Call mum", notes: "about the milkshake machine"),
            Fixtures.item(3, "Walk"),
            Fixtures.item(4, "Shop", location: Location(name: "Milkyway mall")),
        ], doneItems: [Fixtures.item(5, "old milk")])
        var state = Fixtures.state(list)
        state.press(.character("/"))
        state.type("mil")
        #expect(state.visibleCount(.toDo) == 3)
        #expect(state.visibleCount(.done) == 1)
        state.type("ks")
        #expect(state.visibleCount(.toDo) == 1)
        #expect(state.selectedItem?.title == "Call mum")
        state.press(.backspace, .backspace, .enter)
        #expect(state.mode == .browsing)
        #expect(state.filterQuery == "mil")
        #expect(state.selectedItem?.title == "Call mum")
        state.press(.character(" "))
        #expect(state.doneTitles == ["Call mum", "old milk"])
        #expect(state.visibleCount(.toDo) == 2)
        state.press(.escape)
        #expect(state.filterQuery == nil)
        #expect(state.visibleCount(.toDo) == 3)
    }

    @Test("/ ignores accents as well as case: cafe finds Café, and a grown query keeps narrowing")
    func filterIgnoresAccents() throws {
        let list = try ToDoList(toDoItems: [
            Fixtures.item(1, "Café with Émile"),
            Fixtures.item(2, "Tea"),
            Fixtures.item(3, "Shop", location: Location(name: "Köln")),
        ], doneItems: [])
        var state = Fixtures.state(list)
        state.press(.character("/"))
        state.type("CAFE")
        #expect(state.visibleCount(.toDo) == 1)
        #expect(state.selectedItem?.title == "Café with Émile")
        state.press(.control("u"))
        state.type("koln")
        #expect(state.visibleCount(.toDo) == 1)
        #expect(state.selectedItem?.title == "Shop")
    }
}
