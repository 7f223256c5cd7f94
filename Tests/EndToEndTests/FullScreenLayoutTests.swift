import Foundation
import TmuxHarness
import Testing
import TickCore

@Suite("Full screen: layout in a real terminal", .serialized)
struct FullScreenLayoutTests {
    /// The display column where `text` starts in `line` (wide characters count two).
    private func column(of text: String, in line: String) -> Int? {
        guard let range = line.range(of: text) else { return nil }
        return DisplayWidth.of(String(line[..<range.lowerBound]))
    }

    @Test("a CJK and emoji title keeps the due and location columns aligned")
    func wideCharactersAligned() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "東京で寿司を食べる🍣🍣", "--due", "tomorrow", "--location", "Tokyo")
        try app.cli("add", "Plain title", "--due", "tomorrow", "--location", "Home")
        try app.launch()
        let screen = try app.session.waitFor(text: "Plain title")
        // The rows, not the detail pane (which also shows the selected title).
        let wide = try #require(screen.first { $0.contains("東京") && $0.contains("tomorrow") })
        let plain = try #require(screen.first { $0.contains("Plain title") && $0.contains("tomorrow") })
        let wideDue = try #require(column(of: "tomorrow", in: wide))
        let plainDue = try #require(column(of: "tomorrow", in: plain))
        #expect(wideDue == plainDue)
        // The pane divider (or the line end) sits at the same column on both rows.
        #expect(column(of: "│", in: wide) == column(of: "│", in: plain))
    }

    @Test("resizing the terminal re-lays out at once, down to 'terminal too small' and back")
    func resize() throws {
        let app = try TickApp(launch: false)
        try app.cli("add", "Water the plants")
        try app.cli("add", "Call the plumber")
        try app.launch()
        let pane = try app.session
        let wide = try pane.waitFor(text: "Water the plants")
        #expect(wide.count == 30)
        #expect(wide.contains { $0.contains("│") }) // detail pane beside the list

        try pane.resize(columns: 60, rows: 20)
        let narrow = try pane.waitFor("a 60×20 layout") { lines in
            lines.count == 20 && lines.contains { $0.contains("Water the plants") } && !lines.contains { $0.contains("│") }
        }
        #expect(narrow.allSatisfy { DisplayWidth.of($0) <= 60 })
        #expect(narrow.last?.contains("q quit") == true || narrow.contains { $0.contains("quit") })

        try pane.resize(columns: 30, rows: 8)
        try pane.waitFor(text: "too small")

        try pane.resize(columns: 100, rows: 30)
        try pane.waitFor("the wide layout again") { lines in
            lines.count == 30 && lines.contains { $0.contains("Call the plumber") } && lines.contains { $0.contains("│") }
                && !lines.contains { $0.contains("too small") }
        }
    }
}
