import Foundation
import Testing
import TickCore
import TmuxHarness

@Suite("Full screen: large lists", .serialized)
struct FullScreenLargeListTests {
    /// `count` To Do items titled "open N", the last one titled "LASTITEMTITLE".
    private func archive(_ count: Int) throws -> [UInt8] {
        let items = try (0..<count).map { try ToDoItem(title: $0 == count - 1 ? "LASTITEMTITLE" : "open \($0)") }
        return KeyedArchive.encode(try ToDoList(toDoItems: items, doneItems: []))
    }

    @Test("a list of 6,000 items opens with its full counts and works as a small one")
    func largeListOpens() throws {
        let app = try TickApp(launch: false)
        try Data(try archive(6_000)).write(to: URL(fileURLWithPath: app.file))
        try app.launch()
        let pane = try app.session
        try pane.waitFor(text: "To Do (6000)")
        try pane.send("Space")
        try pane.waitFor(text: "5999 to do · 1 done")
        let items = try app.disk { $0.contains(where: \.done) }
        #expect(items.count == 6_000)
        #expect(items.filter(\.done).map(\.title) == ["open 0"])
    }

    @Test("a bad item far into a large list: tick leaves the screen, prints the error, exits 1, file untouched")
    func badItemFarIn() throws {
        let app = try TickApp(launch: false)
        var bytes = try archive(6_000)
        let marker = Array("LASTITEMTITLE".utf8)
        let at = try #require((0...(bytes.count - marker.count)).first { Array(bytes[$0..<($0 + marker.count)]) == marker })
        for index in at..<(at + marker.count) { bytes[index] = UInt8(ascii: " ") }
        try Data(bytes).write(to: URL(fileURLWithPath: app.file))

        try app.launchShell()
        let pane = try app.session
        try pane.type(TmuxSession.tickCommand(file: app.file, exec: false) + "; echo \"rc=$?\"")
        try pane.send("Enter")
        let screen = try pane.waitFor("the exit status") { lines in lines.contains { $0.hasPrefix("rc=") } }
        #expect(screen.contains { $0 == "rc=1" }, "\(screen.joined(separator: "\n"))")
        let message = screen.joined() // the message wraps at the pane's width
        #expect(message.contains("tick:") && message.contains("list.plist") && message.contains("title"), "\(screen.joined(separator: "\n"))")
        #expect(try [UInt8](Data(contentsOf: URL(fileURLWithPath: app.file))) == bytes)
    }
}
