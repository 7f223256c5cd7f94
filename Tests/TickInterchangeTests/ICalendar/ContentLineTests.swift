import Testing
@testable import TickInterchange

/// The bytes of iCalendar text written with `\n` for each line end.
func ics(_ text: String, lineEnd: String = "\r\n") -> [UInt8] {
    Array(text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: lineEnd).utf8)
}

@Suite("Content lines")
struct ContentLineTests {
    @Test("unfolds CRLF, LF and CR line breaks followed by a space or a tab")
    func unfolding() throws {
        for lineEnd in ["\r\n", "\n", "\r"] {
            let roots = try ICalComponent.parse(ics("BEGIN:VCALENDAR\nX-A:one\n  two\n\tthree\nEND:VCALENDAR", lineEnd: lineEnd), source: "t.ics")
            #expect(roots.first?.property("X-A")?.value == "one twothree")
        }
    }

    @Test("BEGIN and END name their component with white space around the name ignored, case too")
    func beginEndNamesTrimmed() throws {
        let roots = try ICalComponent.parse(ics("BEGIN:VCALENDAR \nBEGIN: vtodo\nUID:a\nEND:VTODO\t\nEND:VCALENDAR \n \n"), source: "t.ics")
        #expect(roots.map(\.name) == ["VCALENDAR"] && roots.first?.components.map(\.name) == ["VTODO"])
    }

    @Test("a line number names the physical line a content line starts on")
    func lineNumbers() throws {
        let roots = try ICalComponent.parse(ics("BEGIN:VCALENDAR\nX-A:a\n b\n\nX-B:c\nEND:VCALENDAR"), source: "t.ics")
        #expect(roots[0].property("X-A")?.line == 2)
        #expect(roots[0].property("X-B")?.line == 5)
    }

    @Test("parameters: quoted values keep : ; and , and lists split on commas outside quotes")
    func parameters() throws {
        let text = "BEGIN:VCALENDAR\nDUE;TZID=\"Europe/Berlin\";X-Q=\"a:b;c,d\";MEMBER=\"x\",y:20260101T100000\nEND:VCALENDAR"
        let property = try #require(try ICalComponent.parse(ics(text), source: "t.ics").first?.property("DUE"))
        #expect(property.parameter("TZID") == "Europe/Berlin")
        #expect(property.parameter("X-Q") == "a:b;c,d")
        #expect(property.parameters.last == ICalParameter("MEMBER", ["x", "y"]))
        #expect(property.value == "20260101T100000")
        #expect(property.description == "DUE;TZID=\"Europe/Berlin\";X-Q=\"a:b;c,d\";MEMBER=\"x\",y:20260101T100000")
    }

    @Test("a property is kept verbatim: name case, parameter text and raw value")
    func verbatim() throws {
        let text = "BEGIN:VCALENDAR\nx-Custom;Lang=de;x-b=\"q\":a\\,b\\nc\nEND:VCALENDAR"
        let root = try #require(try ICalComponent.parse(ics(text), source: "t.ics").first)
        #expect(String(decoding: root.bytes, as: UTF8.self) == "BEGIN:VCALENDAR\r\nx-Custom;Lang=de;x-b=\"q\":a\\,b\\nc\r\nEND:VCALENDAR\r\n")
    }

    @Test("TEXT escaping: backslash, semicolon, comma and line breaks, and \\N read as a line break; \\: read as a colon")
    func textEscaping() {
        #expect(ICalText.unescape("a \\: b\\\\:c") == "a : b\\:c")
        #expect(ICalText.escape("a\\b;c,d\ne\r\nf") == "a\\\\b\\;c\\,d\\ne\\nf")
        #expect(ICalText.unescape("a\\\\b\\;c\\,d\\ne\\Nf\\x") == "a\\b;c,d\ne\nf\\x")
        var writer = ICalWriter()
        writer.textLine("SUMMARY", "a;b,c\\d\ne")
        #expect(writer.bytes == Array("SUMMARY:a\\;b\\,c\\\\d\\ne\r\n".utf8))
    }

    @Test("folds at 75 octets, never inside a UTF-8 character, and unfolds to the same text")
    func folding() throws {
        for title in [String(repeating: "a", count: 200), String(repeating: "é", count: 100), String(repeating: "👍🏽", count: 40),
                      "x" + String(repeating: "日本", count: 60)] {
            var writer = ICalWriter()
            writer.line("BEGIN", value: "VCALENDAR")
            writer.textLine("SUMMARY", title)
            writer.line("END", value: "VCALENDAR")
            let text = writer.bytes
            var lineStart = 0
            for index in text.indices where text[index] == 0x0A {
                let line = Array(text[lineStart..<(index - 1)])
                #expect(line.count <= 75)
                #expect(String(validating: line, as: UTF8.self) != nil, "a fold splits a character")
                lineStart = index + 1
            }
            let root = try #require(try ICalComponent.parse(text, source: "t.ics").first)
            #expect(root.property("SUMMARY").map { ICalText.unescape($0.value) } == title)
        }
    }

    @Test("malformed content lines are refused with the line")
    func malformed() {
        let cases: [(String, Int, String)] = [
            ("BEGIN:VCALENDAR\nNOCOLON\nEND:VCALENDAR", 2, "has no ':'"),
            ("BEGIN:VCALENDAR\n:novalue\nEND:VCALENDAR", 2, "no property name"),
            ("BEGIN:VCALENDAR\nX;P=\"open:1\nEND:VCALENDAR", 2, "unclosed quote"),
            ("BEGIN:VCALENDAR\nX;P:1\nEND:VCALENDAR", 2, "NAME=VALUE"),
        ]
        for (text, line, problem) in cases {
            #expect {
                _ = try ICalComponent.parse(ics(text), source: "bad.ics")
            } throws: { error in
                guard let error = error as? InterchangeError else { return false }
                return error.source == "bad.ics" && error.line == line && error.problem.contains(problem)
            }
        }
    }

    @Test("a file saved as UTF-16 or UTF-32 (its byte order mark first) is refused saying so; other bad bytes as not UTF-8")
    func utf16() {
        let text = "BEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n"
        let cases: [([UInt8], String)] = [
            ([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }, "the file is UTF-16"),
            ([0xFE, 0xFF] + text.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }, "the file is UTF-16"),
            ([0xFF, 0xFE, 0, 0] + text.unicodeScalars.flatMap { [UInt8($0.value & 0xFF), 0, 0, 0] }, "the file is UTF-32"),
            (Array("BEGIN:VCALENDAR\r\nX:\u{FF}".utf8).dropLast(2) + [0xFF, 0x0D, 0x0A], "the line is not valid UTF-8"),
        ]
        for (bytes, problem) in cases {
            #expect {
                _ = try ICalComponent.parse(bytes, source: "bad.ics")
            } throws: { error in
                (error as? InterchangeError)?.problem.hasPrefix(problem) == true
            }
        }
    }
}
