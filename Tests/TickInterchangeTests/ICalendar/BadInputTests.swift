import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

/// Decodes `bytes` and expects an error on `line` whose problem contains `problem`.
func expectError(_ bytes: [UInt8], line: Int?, _ problem: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try ICalendar.decode(bytes, source: "bad.ics", options: testOptions())
        Issue.record("no error (expected \(problem))", sourceLocation: sourceLocation)
    } catch {
        #expect(error.source == "bad.ics", sourceLocation: sourceLocation)
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
        #expect(error.problem.contains(problem), "\(error)", sourceLocation: sourceLocation)
    }
}

@Suite("Bad iCalendar input")
struct BadInputTests {
    @Test("a bad date names the property, the value and the line")
    func badDates() {
        for value in ["20261301", "20260230", "2026-12-01", "20261201T250000Z", "20261201T1200", "x", "20261201T120000+01"] {
            expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nDUE:\(value)\nEND:VTODO\nEND:VCALENDAR"), line: 4, "DUE \"\(value)\"")
        }
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nCOMPLETED:never\nEND:VTODO\nEND:VCALENDAR"), line: 4, "COMPLETED")
    }

    @Test("broken UTF-8 is refused with its line")
    func brokenUTF8() {
        var bytes = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:caf")
        bytes += [0xC3, 0x28]  // a lead byte followed by no continuation
        bytes += ics("\nEND:VTODO\nEND:VCALENDAR")
        expectError(bytes, line: 4, "not valid UTF-8")
        expectError(ics("BEGIN:VCALENDAR\nX:") + [0xFF] + ics("\nEND:VCALENDAR"), line: 2, "not valid UTF-8")
    }

    @Test("an unterminated component, END without BEGIN, mismatched END and a truncated file are refused")
    func structure() {
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nEND:VCALENDAR"), line: 4, "does not close BEGIN:VTODO of line 2")
        expectError(ics("END:VTODO"), line: 1, "without a BEGIN")
        expectError(ics("BEGIN:VCALENDAR\nEND:VCALENDAR\nEND:VCALENDAR"), line: 3, "without a BEGIN")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:cut sh"), line: 2, "never ended")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:a\nEND:VTODO\nEND:VCAL"), line: 6, "does not close")
        expectError(ics("SUMMARY:loose"), line: 1, "outside")
        expectError([], line: nil, "no iCalendar data")
        expectError(ics("BEGIN:VJOURNAL\nUID:a\nEND:VJOURNAL"), line: 1, "outside a VCALENDAR")
    }

    @Test("two VTODOs with one UID and no RECURRENCE-ID are an error naming the UID")
    func duplicateUID() {
        let text = "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:same\nEND:VTODO\nBEGIN:VTODO\nUID:same\nEND:VTODO\nEND:VCALENDAR"
        expectError(ics(text), line: 5, "two VTODOs have UID \"same\" (lines 2 and 5)")
    }

    @Test("VEVENT and VJOURNAL are skipped and counted")
    func skipped() throws {
        let text = "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:e\nEND:VEVENT\nBEGIN:VTODO\nUID:t\nSUMMARY:t\nEND:VTODO\n"
            + "BEGIN:VEVENT\nUID:f\nEND:VEVENT\nBEGIN:VJOURNAL\nUID:j\nEND:VJOURNAL\nEND:VCALENDAR"
        let decoded = try ICalendar.decode(ics(text), source: "t", options: testOptions())
        #expect(decoded.todos.map(\.item.title) == ["t"])
        #expect(decoded.skipped == ["VEVENT": 2, "VJOURNAL": 1] && decoded.skippedCount == 3)
    }

    @Test("a 64 MB line is refused without holding a copy of it")
    func hugeLine() {
        var bytes = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nDESCRIPTION:")
        bytes += [UInt8](repeating: UInt8(ascii: "x"), count: 64 << 20)
        bytes += ics("\nEND:VTODO\nEND:VCALENDAR")
        expectError(bytes, line: 4, "longer than 4 MiB")
        // Folded into many short lines, the same.
        var folded = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nDESCRIPTION:")
        let piece = Array(("\r\n " + String(repeating: "y", count: 70)).utf8)
        for _ in 0..<(5 << 20) / 70 { folded.append(contentsOf: piece) }
        folded += ics("\nEND:VTODO\nEND:VCALENDAR")
        expectError(folded, line: 4, "longer than 4 MiB")
    }

    @Test("200,000 nested BEGINs are refused at the depth limit, without recursion")
    func deepNesting() {
        var bytes = ics("BEGIN:VCALENDAR\n")
        for _ in 0..<200_000 { bytes += Array("BEGIN:X\r\n".utf8) }
        expectError(bytes, line: 33, "nested more than 32 deep")
    }

    @Test("huge numbers are errors, not crashes")
    func hugeNumbers() {
        let big = "99999999999999999999999"
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSEQUENCE:\(big)\nEND:VTODO\nEND:VCALENDAR"), line: 4, "SEQUENCE")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nX-APPLE-SORT-ORDER:\(big)\nEND:VTODO\nEND:VCALENDAR"), line: 4, "X-APPLE-SORT-ORDER")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nPERCENT-COMPLETE:\(big)\nEND:VTODO\nEND:VCALENDAR"), line: 4, "PERCENT-COMPLETE")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nGEO:1\(big);2\nEND:VTODO\nEND:VCALENDAR"), line: 4, "GEO")
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nDUE:99999999T999999Z\nEND:VTODO\nEND:VCALENDAR"), line: 4, "DUE")
    }

    @Test("many components and properties are read in time proportional to their number")
    func manyComponents() throws {
        var bytes = ics("BEGIN:VCALENDAR\n")
        for index in 0..<20_000 { bytes += Array("BEGIN:VTODO\r\nUID:u\(index)\r\nSUMMARY:s\r\nEND:VTODO\r\n".utf8) }
        bytes += ics("END:VCALENDAR")
        #expect(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.count == 20_000)
    }
}

@Suite("Lenient where clients differ")
struct LenientInputTests {
    @Test("a UTF-8 byte order mark before BEGIN:VCALENDAR is skipped")
    func byteOrderMark() throws {
        let bytes = [0xEF, 0xBB, 0xBF] + ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:with BOM\nEND:VTODO\nEND:VCALENDAR")
        #expect(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.first?.item.title == "with BOM")
    }

    @Test("a mapped property twice in one VTODO is an error naming both lines")
    func repeatedMapped() {
        expectError(ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nSUMMARY:one\nSUMMARY:two\nEND:VTODO\nEND:VCALENDAR"), line: 5,
                    "SUMMARY appears twice in one VTODO (lines 4 and 5)")
    }
}
