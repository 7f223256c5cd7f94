import Foundation
import Testing
import TickCore
@testable import TickTUI

@Suite("Render: the first screen of a list still being read")
struct RenderLoadingTests {
    @Test("the header and section titles count every item, not just the ones read so far")
    func countsWhileLoading() throws {
        let list = try Fixtures.list(toDo: ["one", "two", "three"], done: ["four"])
        var state = AppState(
            list: list, fileName: "big.plist", now: Fixtures.now, calendar: Fixtures.calendar,
            colors: false, unicode: false, loadingTotals: SectionTotals(toDo: 67_003, done: 32_997)
        )
        let size = Size(columns: 80, rows: 24)
        _ = update(&state, .resize(size))
        let lines = render(state, size: size).trimmedLines
        #expect(lines[0].hasSuffix("67003 to do - 32997 done"))
        #expect(lines[1] == " To Do (67003)")
        #expect(lines[2].hasPrefix(" [ ] one"))
        #expect(lines.contains(" Done (32997)"))

        let whole = AppState(list: list, fileName: "big.plist", now: Fixtures.now, calendar: Fixtures.calendar, colors: false, unicode: false)
        #expect(render(whole, size: size).trimmedLines[1] == " To Do (3)")
    }
}
