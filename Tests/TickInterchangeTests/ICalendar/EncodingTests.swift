import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

/// Export, import, export: the second export.
func reexport(_ bytes: [UInt8]) throws -> [UInt8] {
    let decoded = try ICalendar.decode(bytes, source: "export.ics", options: testOptions())
    return ICalendar.encode(decoded.todos.map { ICalendarEntry(item: $0.item, isDone: $0.isDone, sortOrder: $0.sortOrder) })
}

func sampleItem() throws -> ToDoItem {
    var item = try ToDoItem(id: #require(UUID(uuidString: "0D4E51C2-0A9B-4C1E-8F00-1B2C3D4E5F60")), title: "Call Anna; bring keys, list",
                            notes: "first line\nsecond \\ line", location: Location(name: "Café Zürich", latitude: 47.37, longitude: 8.54),
                            createdAt: utc(2026, 1, 2, 3, 4, 5))
    item.setDue(instant: utc(2026, 12, 1, 9, 30))
    return item
}

@Suite("iCalendar encoding")
struct EncodingTests {
    @Test("an item is written as a VTODO with every mapped field, CRLF line ends")
    func fields() throws {
        var item = try sampleItem()
        item.modifiedAt = utc(2026, 2, 3)
        item.completedAt = utc(2026, 2, 3)
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: true, sortOrder: 3)])
        #expect(text(bytes) == """
            BEGIN:VCALENDAR\r
            VERSION:2.0\r
            PRODID:-//tick//tick//EN\r
            BEGIN:VTODO\r
            UID:0D4E51C2-0A9B-4C1E-8F00-1B2C3D4E5F60\r
            DTSTAMP:20260203T000000Z\r
            CREATED:20260102T030405Z\r
            LAST-MODIFIED:20260203T000000Z\r
            SEQUENCE:1\r
            SUMMARY:Call Anna\\; bring keys\\, list\r
            DESCRIPTION:first line\\nsecond \\\\ line\r
            DUE:20261201T093000Z\r
            LOCATION:Café Zürich\r
            GEO:47.37;8.54\r
            STATUS:COMPLETED\r
            COMPLETED:20260203T000000Z\r
            PERCENT-COMPLETE:100\r
            X-APPLE-SORT-ORDER:3\r
            END:VTODO\r
            END:VCALENDAR\r

            """)
    }

    @Test("a calendar-day due is written as VALUE=DATE and read back as the same day")
    func dayDue() throws {
        var item = try sampleItem()
        item.setDue(day: CalendarDay(year: 2026, month: 12, day: 1))
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: false)])
        #expect(text(bytes).contains("DUE;VALUE=DATE:20261201\r\n"))
        #expect(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.first?.item.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
    }

    @Test("a coordinate near 0 is written as a plain decimal, never with an exponent, and read back the same")
    func smallCoordinates() throws {
        var item = try sampleItem()
        item.location = try Location(name: "Greenwich", latitude: 51.4779, longitude: -0.00001)
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: false)])
        #expect(text(bytes).contains("GEO:51.4779;-0.00001\r\n"))
        #expect(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.first?.item.location == item.location)
        #expect(ICalendar.geoValue(try #require(Location(name: "x", latitude: 1.2e-7, longitude: 0).coordinate)) == "0.00000012;0.0")
    }

    @Test("a due in a year iCalendar cannot write is written whole, and refused on import rather than read as another year")
    func farYear() throws {
        var item = try ToDoItem(title: "far", createdAt: utc(2026, 1, 1))
        item.setDue(instant: Date(timeIntervalSince1970: 317_000_000_000))
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: false)])
        #expect(text(bytes).contains("DUE:12015"))
        #expect(throws: InterchangeError.self) { _ = try ICalendar.decode(bytes, source: "t", options: testOptions()) }
    }

    @Test("export, import, export is byte-stable and gives the same item")
    func roundTrip() throws {
        var item = try sampleItem()
        item.modifiedAt = utc(2026, 3, 1)
        var plain = try ToDoItem(title: "Plain", createdAt: utc(2025, 5, 5))
        plain.setDue(day: CalendarDay(year: 2027, month: 1, day: 31))
        let first = ICalendar.encode([ICalendarEntry(item: item, isDone: false, sortOrder: 0),
                                      ICalendarEntry(item: plain, isDone: true, sortOrder: 0)])
        let decoded = try ICalendar.decode(first, source: "t", options: testOptions())
        #expect(decoded.todos.map(\.item.title) == ["Call Anna; bring keys, list", "Plain"])
        #expect(decoded.todos[0].item.notes == item.notes && decoded.todos[0].item.location == item.location)
        #expect(decoded.todos[0].item.due == item.due && decoded.todos[1].item.dueDay == plain.dueDay)
        #expect(decoded.todos.map(\.isDone) == [false, true])
        let second = try reexport(first)
        #expect(text(second) == text(first))
        #expect(try reexport(second) == second)
    }

    @Test("a client's file: export after import is byte-stable from the first export on, extras verbatim")
    func clientRoundTrip() throws {
        let source = ics("""
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Example//EN
            BEGIN:VTODO
            UID:abc@example.com
            DTSTAMP:20260101T000000Z
            SEQUENCE:4
            LAST-MODIFIED:20260101T000000Z
            SUMMARY:Water plants
            PRIORITY:5
            CATEGORIES:Home
            RRULE:FREQ=WEEKLY
            DTSTART;TZID=Europe/Berlin:20260105T090000
            BEGIN:VALARM
            ACTION:DISPLAY
            DESCRIPTION:Reminder
            TRIGGER:-PT10M
            END:VALARM
            END:VTODO
            BEGIN:VTODO
            UID:abc@example.com
            RECURRENCE-ID;TZID=Europe/Berlin:20260112T090000
            SUMMARY:Water plants (moved)
            END:VTODO
            BEGIN:VTIMEZONE
            TZID:Europe/Berlin
            BEGIN:STANDARD
            DTSTART:19701025T030000
            TZOFFSETFROM:+0200
            TZOFFSETTO:+0100
            RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU
            END:STANDARD
            END:VTIMEZONE
            END:VCALENDAR
            """)
        let first = try reexport(source)
        let written = text(first)
        for kept in ["UID:abc@example.com\r\n", "SEQUENCE:4\r\n", "PRIORITY:5\r\n", "CATEGORIES:Home\r\n", "RRULE:FREQ=WEEKLY\r\n",
                     "DTSTART;TZID=Europe/Berlin:20260105T090000\r\n", "BEGIN:VALARM\r\nACTION:DISPLAY\r\nDESCRIPTION:Reminder\r\n",
                     "END:VTODO\r\nBEGIN:VTODO\r\nUID:abc@example.com\r\nRECURRENCE-ID;TZID=Europe/Berlin:20260112T090000\r\n",
                     "BEGIN:VTIMEZONE\r\nTZID:Europe/Berlin\r\n"] {
            #expect(written.contains(kept), "lost: \(kept)")
        }
        #expect(try ICalendar.decode(source, source: "t", options: testOptions()).todos.count == 1)
        #expect(try reexport(first) == first)
    }

    @Test("an item tick made is written without SEQUENCE until it changes, then with SEQUENCE:1, and stays so through import and export")
    func sequenceOfTickItems() throws {
        var item = try sampleItem()
        #expect(!text(ICalendar.encode([ICalendarEntry(item: item, isDone: false)])).contains("SEQUENCE"))
        item.modifiedAt = utc(2026, 3, 1)
        let first = ICalendar.encode([ICalendarEntry(item: item, isDone: false)])
        #expect(text(first).contains("LAST-MODIFIED:20260301T000000Z\r\nSEQUENCE:1\r\n"))
        #expect(try reexport(first) == first)
        var decoded = try #require(try ICalendar.decode(first, source: "t", options: testOptions()).todos.first)
        decoded.item.modifiedAt = utc(2026, 4, 1)
        #expect(text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)])).contains("SEQUENCE:2\r\n"))
    }

    @Test("parameters of SUMMARY, DESCRIPTION and LOCATION are written back as read while their text is unchanged")
    func textParametersKept() throws {
        let source = ics("""
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:params-1
            SUMMARY;LANGUAGE=de:Milch kaufen
            DESCRIPTION;LANGUAGE=de;ALTREP="http://example.com/n.html":Hafer\\, bitte
            LOCATION;ALTREP="http://example.com/laden":Laden
            END:VTODO
            END:VCALENDAR
            """)
        var decoded = try #require(try ICalendar.decode(source, source: "t", options: testOptions()).todos.first)
        #expect(decoded.item.title == "Milch kaufen" && decoded.item.notes == "Hafer, bitte" && decoded.item.location?.name == "Laden")
        let first = ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)])
        #expect(text(first).contains("SUMMARY;LANGUAGE=de:Milch kaufen\r\n"))
        #expect(text(first).contains("DESCRIPTION;LANGUAGE=de;ALTREP=\"http://example.com/n.html\":Hafer\\, bitte\r\n"))
        #expect(text(first).contains("LOCATION;ALTREP=\"http://example.com/laden\":Laden\r\n"))
        #expect(text(first).components(separatedBy: "SUMMARY").count == 2)
        #expect(try reexport(first) == first)
        try decoded.item.setTitle("Brot kaufen")
        let edited = text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)]))
        #expect(edited.contains("SUMMARY:Brot kaufen\r\n") && !edited.contains("Milch"))
        #expect(edited.contains("LOCATION;ALTREP=\"http://example.com/laden\":Laden\r\n"))
        try ICalendar.checkExtras(try #require(decoded.item.iCalendarExtras), source: "list.json")
    }

    @Test("extras are written back after tick edits the title and due; SEQUENCE goes up once changed")
    func editsKeepExtras() throws {
        let source = ics("""
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:keep-1
            SEQUENCE:2
            LAST-MODIFIED:20260101T000000Z
            SUMMARY:Old
            PRIORITY:1
            X-OTHER:yes
            END:VTODO
            END:VCALENDAR
            """)
        var decoded = try #require(try ICalendar.decode(source, source: "t", options: testOptions()).todos.first)
        #expect(text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)])).contains("SEQUENCE:2\r\n"))
        try decoded.item.setTitle("New title")
        decoded.item.setDue(day: CalendarDay(year: 2026, month: 6, day: 1))
        decoded.item.modifiedAt = utc(2026, 5, 1)
        let written = text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)]))
        #expect(written.contains("SUMMARY:New title\r\n") && written.contains("DUE;VALUE=DATE:20260601\r\n"))
        #expect(written.contains("PRIORITY:1\r\nX-OTHER:yes\r\n"))
        #expect(written.contains("SEQUENCE:3\r\n") && written.contains("LAST-MODIFIED:20260501T000000Z\r\n"))
        #expect(!written.contains("20260101T000000Z"))
    }

    @Test("unticking writes NEEDS-ACTION and drops COMPLETED and PERCENT-COMPLETE; other STATUS values return while to do")
    func unticking() throws {
        let source = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:u\nSUMMARY:a\nSTATUS:COMPLETED\nCOMPLETED:20260101T000000Z\nPERCENT-COMPLETE:100\nEND:VTODO\nEND:VCALENDAR")
        var decoded = try #require(try ICalendar.decode(source, source: "t", options: testOptions()).todos.first)
        #expect(decoded.isDone)
        decoded.item.completedAt = nil
        let written = text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)]))
        #expect(written.contains("STATUS:NEEDS-ACTION\r\n"))
        #expect(!written.contains("COMPLETED:") && !written.contains("PERCENT-COMPLETE"))

        let inProcess = try decodeOne("UID:v\nSUMMARY:a\nSTATUS:IN-PROCESS\nPERCENT-COMPLETE:50")
        let open = text(ICalendar.encode([ICalendarEntry(item: inProcess.item, isDone: false)]))
        #expect(open.contains("STATUS:IN-PROCESS\r\nPERCENT-COMPLETE:50\r\n") && !open.contains("NEEDS-ACTION"))
        let ticked = text(ICalendar.encode([ICalendarEntry(item: inProcess.item, isDone: true)]))
        #expect(ticked.contains("STATUS:COMPLETED\r\n") && !ticked.contains("IN-PROCESS") && !ticked.contains("PERCENT-COMPLETE:50"))
    }

    @Test("done marks beside a STATUS that says not done (todoman's cancel) are kept as read while to do, and once when ticked")
    func doneMarksBesideAnOpenStatus() throws {
        let cancelled = try decodeOne("UID:c\nSUMMARY:a\nSTATUS:CANCELLED\nCOMPLETED:20261102T100000Z\nPERCENT-COMPLETE:100")
        #expect(!cancelled.isDone && cancelled.item.completedAt == nil)
        let open = text(ICalendar.encode([ICalendarEntry(item: cancelled.item, isDone: false)]))
        #expect(open.contains("STATUS:CANCELLED\r\nCOMPLETED:20261102T100000Z\r\nPERCENT-COMPLETE:100\r\n") && !open.contains("NEEDS-ACTION"))
        // Export, import, export: the same bytes.
        let again = try #require(try ICalendar.decode(Array(open.utf8), source: "t", options: testOptions()).todos.first)
        #expect(text(ICalendar.encode([ICalendarEntry(item: again.item, isDone: false)])) == open)

        var ticked = cancelled.item
        ticked.completedAt = utc(2026, 11, 20)
        let done = text(ICalendar.encode([ICalendarEntry(item: ticked, isDone: true)]))
        #expect(done.components(separatedBy: "\r\nCOMPLETED:").count == 2 && done.contains("STATUS:COMPLETED\r\n"))
        #expect(done.contains("COMPLETED:20261120T000000Z\r\n") && !done.contains("20261102") && !done.contains("CANCELLED"))
        #expect(done.components(separatedBy: "PERCENT-COMPLETE:100").count == 2)

        let inProcess = try decodeOne("UID:p\nSUMMARY:b\nSTATUS:IN-PROCESS\nPERCENT-COMPLETE:100")
        #expect(text(ICalendar.encode([ICalendarEntry(item: inProcess.item, isDone: false)])).contains("STATUS:IN-PROCESS\r\nPERCENT-COMPLETE:100\r\n"))
    }

    @Test("one item as its own calendar file, and the entries of a list in order with positions")
    func fileAndList() throws {
        let first = try ToDoItem(title: "one", createdAt: utc(2026, 1, 1))
        let second = try ToDoItem(title: "two", createdAt: utc(2026, 1, 1))
        let done = try ToDoItem(title: "three", createdAt: utc(2026, 1, 1))
        let list = try ToDoList(toDoItems: [first, second], doneItems: [done])
        let entries = ICalendar.entries(of: list)
        #expect(entries.map(\.item.title) == ["one", "two", "three"])
        #expect(entries.map(\.sortOrder) == [0, 1, 0] && entries.map(\.isDone) == [false, false, true])
        #expect(ICalendar.entries(of: list, toDo: false).map(\.item.title) == ["three"])
        let file = text(ICalendar.encodeFile(entries[1]))
        #expect(file.hasPrefix("BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//tick//tick//EN\r\nBEGIN:VTODO\r\nUID:\(second.id.uuidString)\r\n"))
        #expect(file.hasSuffix("END:VTODO\r\nEND:VCALENDAR\r\n"))
    }
}

@Suite("Extras from elsewhere")
struct ExtrasCheckTests {
    @Test("extras text is checked: content lines, balanced components, no mapped properties")
    func check() throws {
        try ICalendar.checkExtras("RELATED-TO:x\nBEGIN:VALARM\nTRIGGER:-PT5M\nEND:VALARM", source: "list.json", line: 3)
        try ICalendar.checkExtras("SEQUENCE:2\r\nSTATUS:IN-PROCESS", source: "list.json")
        try ICalendar.checkExtras("SUMMARY;LANGUAGE=de:Milch", source: "list.json")
        for (bad, problem) in [("BEGIN:VALARM", "does not close BEGIN:VALARM"), ("END:VALARM", "does not close BEGIN:VTODO"), ("hello", "has no ':'"),
                               ("SUMMARY:twice", "SUMMARY is written from the item's own fields"),
                               ("PRIORITY:1", "PRIORITY is written from the item's own fields")] {
            #expect {
                try ICalendar.checkExtras(bad, source: "list.json", line: 3)
            } throws: { error in
                guard let error = error as? InterchangeError else { return false }
                return error.source == "list.json" && error.line == 3 && error.problem.contains(problem)
            }
        }
    }

    @Test("extras written with CR LF line ends are written back with single CR LFs")
    func crlfExtras() throws {
        var item = try ToDoItem(title: "a", createdAt: utc(2026, 1, 1))
        item.iCalendarExtras = "PRIORITY:1\r\nX-A:b"
        let written = text(ICalendar.encode([ICalendarEntry(item: item, isDone: false)]))
        #expect(written.contains("PRIORITY:1\r\nX-A:b\r\nEND:VTODO"))
    }
}

@Suite("Overrides of recurrences")
struct OverrideTests {
    func decodeAll(_ body: String) throws -> [DecodedToDo] {
        try ICalendar.decode(ics("BEGIN:VCALENDAR\n\(body)\nEND:VCALENDAR"), source: "t", options: testOptions()).todos
    }

    @Test("an override after its item, before it, or alone: one item per UID, in the order of the file, overrides kept")
    func placements() throws {
        let master = "BEGIN:VTODO\nUID:r\nSUMMARY:Weekly\nRRULE:FREQ=WEEKLY\nEND:VTODO"
        let override = "BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nSUMMARY:Moved\nEND:VTODO"
        let other = "BEGIN:VTODO\nUID:o\nSUMMARY:Other\nEND:VTODO"
        for body in ["\(master)\n\(other)\n\(override)", "\(override)\n\(other)\n\(master)"] {
            let todos = try decodeAll(body)
            // The item stands where its UID first appears.
            #expect(todos.map(\.item.title) == ["Weekly", "Other"])
            let extras = try #require(todos[0].item.iCalendarExtras)
            #expect(todos[0].item.recurrence == "FREQ=WEEKLY" && extras.contains("BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nSUMMARY:Moved\nEND:VTODO"))
            let written = text(ICalendar.encode(todos.map { ICalendarEntry(item: $0.item, isDone: $0.isDone) }))
            #expect(written.contains("END:VTODO\r\nBEGIN:VTODO\r\nUID:r\r\nRECURRENCE-ID:20260112T090000Z\r\nSUMMARY:Moved\r\nEND:VTODO\r\n"))
            #expect(try reexport(Array(written.utf8)) == Array(written.utf8))
        }
        let alone = try decodeAll(override)
        #expect(alone.map(\.item.title) == ["Moved"])
        #expect(alone[0].item.iCalendarExtras == "RECURRENCE-ID:20260112T090000Z")
    }

    @Test("very many overrides of one UID are read in one pass")
    func manyOverrides() throws {
        var bytes = ics("BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:r\nSUMMARY:Daily\nEND:VTODO\n")
        for hour in 0..<20_000 {
            let recurrence = ICalDateTime.utcText(Date(timeIntervalSince1970: Double(1_767_225_600 + hour * 3_600)))
            bytes += Array("BEGIN:VTODO\r\nUID:r\r\nRECURRENCE-ID:\(recurrence)\r\nEND:VTODO\r\n".utf8)
        }
        bytes += ics("END:VCALENDAR")
        let todos = try ICalendar.decode(bytes, source: "t", options: testOptions()).todos
        #expect(todos.count == 1)
        #expect(ICalendarExtras(todos[0].item.iCalendarExtras ?? "").overrides.count == 20_000)
    }
}
