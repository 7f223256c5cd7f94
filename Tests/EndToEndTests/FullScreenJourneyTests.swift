import Foundation
import TmuxHarness
import Testing

/// The end-to-end journey through the real `tick` in tmux: every change is on disk
/// right after it is on screen (tick saves just after drawing the change).
@Suite("Full screen: a session from an empty list", .serialized)
struct FullScreenJourneyTests {
    @Test("add, tick, edit, locate, undo, redo, quit and relaunch: the screen and the file agree at every step")
    func journey() throws {
        let app = try TickApp()
        let pane = try app.session
        try pane.waitFor(text: "a to add an item")

        for title in ["Milk", "Eggs", "Bread"] { try app.addItem(title) }
        try pane.waitFor(text: "To Do (3)")
        #expect(try app.disk { $0.count == 3 }.map(\.title).sorted() == ["Bread", "Eggs", "Milk"])

        // Tick the first item: it moves under Done, and the file says so right after.
        try pane.send("g")
        let firstTitle = try #require(app.disk().first?.title)
        try pane.send("Space")
        let ticked = try pane.waitFor("\(firstTitle) under Done (1)") { lines in
            guard let done = lineIndex(of: "Done (1)", in: lines), let row = lineIndex(of: firstTitle, in: lines) else { return false }
            return row > done
        }
        let afterTick = try app.disk { $0.contains(where: \.done) }
        #expect(afterTick.first { $0.title == firstTitle }?.done == true)
        #expect(afterTick.filter(\.done).count == 1)
        #expect(ticked.contains { $0.contains("To Do (2)") })

        // Edit the selected title in place (the cursor stayed at the top of To Do).
        let editedTitle = try #require(afterTick.first { !$0.done }?.title)
        try pane.send("e")
        try pane.send("C-u")
        try pane.type("Free-range eggs")
        try pane.send("Enter")
        try pane.waitFor(text: "Free-range eggs")
        try pane.waitForAbsence(of: " \(editedTitle) ")
        let edited = try app.disk { $0.contains { $0.title == "Free-range eggs" } }
        #expect(edited.contains { $0.title == "Free-range eggs" && !$0.done })
        #expect(!edited.contains { $0.title == editedTitle })

        // A location with coordinates, typed in place.
        try pane.send("l")
        try pane.type("Cologne @ 50.94, 6.96")
        try pane.send("Enter")
        try pane.waitFor(text: "50.94° N")
        let located = try #require(app.disk { $0.first { $0.title == "Free-range eggs" }?.location != nil }
            .first { $0.title == "Free-range eggs" }?.location)
        #expect(located.name == "Cologne")
        #expect(abs((located.latitude ?? 0) - 50.94) < 1e-9)
        #expect(abs((located.longitude ?? 0) - 6.96) < 1e-9)

        // Undo removes the location on screen and on disk; redo puts it back.
        try pane.send("u")
        try pane.waitForAbsence(of: "50.94° N")
        #expect(try app.disk { $0.first { $0.title == "Free-range eggs" }?.location == nil }
            .first { $0.title == "Free-range eggs" }?.location == nil)
        try pane.send("C-r")
        try pane.waitFor(text: "50.94° N")
        #expect(try app.disk { $0.first { $0.title == "Free-range eggs" }?.location != nil }
            .first { $0.title == "Free-range eggs" }?.location?.name == "Cologne")

        let beforeQuit = try app.disk()
        try pane.send("q")
        try pane.waitUntilGone()
        #expect(try app.disk() == beforeQuit)

        // Relaunch: the same list, the same sections.
        try app.launch()
        let relaunched = try app.session.waitFor(text: "Free-range eggs")
        #expect(relaunched.contains { $0.contains("To Do (2)") })
        let doneRow = try #require(lineIndex(of: "Done (1)", in: relaunched))
        let tickedRow = try #require(lineIndex(of: firstTitle, in: relaunched))
        #expect(tickedRow > doneRow)
        #expect(relaunched.contains { $0.contains("Cologne") })
        #expect(try app.disk() == beforeQuit)
    }
}

@Suite("Full screen: Esc and Alt", .serialized)
struct FullScreenEscapeTests {
    @Test("Esc drops a new row at once, and an Alt key in the editor is not taken for Esc")
    func escapeAndAlt() throws {
        let app = try TickApp()
        let pane = try app.session
        try pane.send("a")
        try pane.type("Dropped")
        try pane.waitFor(text: "Dropped")
        try pane.send("Escape")
        try pane.waitForAbsence(of: "Dropped", timeout: 2)
        #expect(try app.disk().isEmpty)

        // Esc x would cancel the edit and then tick with x; Alt-x must do neither.
        try pane.send("a")
        try pane.type("Kept")
        try pane.send("M-x")
        try pane.type(" title")
        try pane.send("Enter")
        try pane.waitFor(text: "To Do (1)")
        let items = try app.disk { $0.count == 1 }
        #expect(items.count == 1)
        #expect(items.first?.title.hasPrefix("Kept") == true)
        #expect(items.first?.title.hasSuffix("title") == true)
        #expect(items.first?.done == false)
    }
}
