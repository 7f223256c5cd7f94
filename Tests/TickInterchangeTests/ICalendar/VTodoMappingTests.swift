import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

/// Options with a fixed floating zone (UTC+1) and import time, so results do not depend on the machine.
func testOptions() -> ICalendarDecodingOptions {
    var options = ICalendarDecodingOptions()
    options.floating = .fixed(secondsFromGMT: 3_600)
    options.now = Date(timeIntervalSince1970: 1_700_000_000)
    return options
}

/// One VTODO with the given lines, decoded.
func decodeOne(_ lines: String) throws -> DecodedToDo {
    let text = "BEGIN:VCALENDAR\nVERSION:2.0\nBEGIN:VTODO\n\(lines)\nEND:VTODO\nEND:VCALENDAR\n"
    let decoded = try ICalendar.decode(ics(text), source: "t.ics", options: testOptions())
    return try #require(decoded.todos.first)
}

/// Why decoding one VTODO with the given lines is refused (the error's text); nil when it is read.
func decodeRefusal(_ lines: String) -> String? {
    do {
        _ = try decodeOne(lines)
        return nil
    } catch {
        return (error as? InterchangeError)?.description
    }
}

func utc(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0, _ second: Int = 0) -> Date {
    LocalTime.utc.date(year: year, month: month, day: day, hour: hour, minute: minute, second: second) ?? Date.distantPast
}

@Suite("VTODO mapping")
struct VTodoMappingTests {
    @Test("a UUID UID is the id; a lower-case one is kept as written")
    func uuidUID() throws {
        let upper = try decodeOne("UID:6F1C3B9E-2D4A-4E7B-9C51-7A0D2B3E4F61\nSUMMARY:a")
        #expect(upper.item.id.uuidString == "6F1C3B9E-2D4A-4E7B-9C51-7A0D2B3E4F61")
        #expect(upper.item.externalUID == nil)
        let lower = try decodeOne("UID:6f1c3b9e-2d4a-4e7b-9c51-7a0d2b3e4f61\nSUMMARY:a")
        #expect(lower.item.id == upper.item.id)
        #expect(lower.item.externalUID == "6f1c3b9e-2d4a-4e7b-9c51-7a0d2b3e4f61")
        #expect(ICalendar.uid(of: lower.item) == "6f1c3b9e-2d4a-4e7b-9c51-7a0d2b3e4f61")
    }

    @Test("a UID that is not a UUID gives a stable version 5 UUID and is kept")
    func nonUUID() throws {
        let first = try decodeOne("UID:20261125T101010Z-1234@example.com\nSUMMARY:a")
        let second = try decodeOne("UID:20261125T101010Z-1234@example.com\nSUMMARY:b")
        #expect(first.item.id == second.item.id)
        #expect(first.item.externalUID == "20261125T101010Z-1234@example.com")
        #expect(first.item.id.uuidString.dropFirst(14).first == "5")
        // RFC 9562's SHA-1 example: the DNS namespace and "www.example.com".
        let dns = try #require(UUID(uuidString: "6BA7B810-9DAD-11D1-80B4-00C04FD430C8"))
        #expect(NameBasedUUID.make("www.example.com".utf8, in: dns).uuidString == "2ED6657D-E927-568B-95E1-2665A8AEA6A2")
    }

    @Test("SUMMARY is the title; without one the item is called (untitled)")
    func summary() throws {
        #expect(try decodeOne("UID:x\nSUMMARY:Buy milk\\, eggs").item.title == "Buy milk, eggs")
        #expect(try decodeOne("UID:x").item.title == "(untitled)")
        #expect(try decodeOne("UID:x\nSUMMARY:  ").item.title == "(untitled)")
    }

    @Test("DESCRIPTION is the notes; an empty one is none")
    func description() throws {
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDESCRIPTION:line 1\\nline 2").item.notes == "line 1\nline 2")
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDESCRIPTION:").item.notes == nil)
    }

    @Test("DUE: VALUE=DATE is a calendar day, UTC and floating date-times are instants")
    func due() throws {
        let day = try decodeOne("UID:x\nSUMMARY:a\nDUE;VALUE=DATE:20261201").item
        #expect(day.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        let bare = try decodeOne("UID:x\nSUMMARY:a\nDUE:20261201").item
        #expect(bare.dueDay == CalendarDay(year: 2026, month: 12, day: 1))
        let inUTC = try decodeOne("UID:x\nSUMMARY:a\nDUE:20261201T093000Z").item
        #expect(inUTC.due == utc(2026, 12, 1, 9, 30) && !inUTC.dueIsDay)
        // Floating: the test's local time is UTC+1.
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE:20261201T093000").item.due == utc(2026, 12, 1, 8, 30))
    }

    @Test("DUE with a TZID uses the system's zoneinfo, in summer and in winter")
    func dueWithTZID() throws {
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=Europe/Berlin:20260701T120000").item.due == utc(2026, 7, 1, 10))
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=America/New_York:20261201T120000").item.due == utc(2026, 12, 1, 17))
        // Far past the zoneinfo's last transition: the POSIX footer's rule.
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=Europe/Berlin:20990701T120000").item.due == utc(2099, 7, 1, 10))
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=\"W. Europe Standard Time\":20261201T120000").item.due == utc(2026, 12, 1, 11))
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=/mozilla.org/20050126_1/Europe/Berlin:20261201T120000").item.due
            == utc(2026, 12, 1, 11))
    }

    @Test("an unknown TZID without a VTIMEZONE is an error naming it")
    func unknownTZID() {
        #expect {
            _ = try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=Mars/Olympus:20261201T120000")
        } throws: { error in
            (error as? InterchangeError)?.problem.contains("Mars/Olympus") == true && (error as? InterchangeError)?.line == 6
        }
        #expect(throws: InterchangeError.self) { _ = try decodeOne("UID:x\nSUMMARY:a\nDUE;TZID=../../etc/passwd:20261201T120000") }
    }

    @Test("LOCATION and GEO are the location; GEO alone is named by its coordinates")
    func location() throws {
        let both = try decodeOne("UID:x\nSUMMARY:a\nLOCATION:Zürich HB\nGEO:47.3779;8.5403").item.location
        #expect(both?.name == "Zürich HB")
        #expect(both?.coordinate?.latitude == 47.3779 && both?.coordinate?.longitude == 8.5403)
        #expect(try decodeOne("UID:x\nSUMMARY:a\nGEO:47.5;-8.25").item.location?.name == "47.5, -8.25")
        #expect(try decodeOne("UID:x\nSUMMARY:a\nLOCATION:").item.location == nil)
    }

    @Test("GEO out of range or malformed is an error with its line")
    func badGeo() {
        for geo in ["91;0", "0;181", "abc", "1;2;3", "nan;0", "1e3;0"] {
            #expect {
                _ = try decodeOne("UID:x\nSUMMARY:a\nGEO:\(geo)")
            } throws: { error in
                (error as? InterchangeError)?.line == 6 && (error as? InterchangeError)?.problem.contains("GEO") == true
            }
        }
    }

    @Test("Apple's structured location in a VALARM gives the location when there is no LOCATION")
    func appleLocation() throws {
        let decoded = try decodeOne("""
            UID:x
            SUMMARY:a
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER;VALUE=DATE-TIME:19760401T005545Z
            X-APPLE-PROXIMITY:ARRIVE
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-APPLE-RADIUS=100;X-TITLE="Home, sweet":geo:52.52,13.405
            END:VALARM
            """)
        #expect(decoded.item.location?.name == "Home, sweet")
        #expect(decoded.item.location?.coordinate?.latitude == 52.52)
        #expect(decoded.item.iCalendarExtras?.contains("X-APPLE-PROXIMITY:ARRIVE") == true)
    }

    @Test("a location removed in tick from an item with Apple's geofence stays removed through export and import")
    func removedAppleLocation() throws {
        var item = try decodeOne("""
            UID:x
            SUMMARY:a
            BEGIN:VALARM
            ACTION:DISPLAY
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:52.52,13.405
            END:VALARM
            """).item
        #expect(item.location?.name == "Home")
        item.location = nil
        let bytes = ICalendar.encode([ICalendarEntry(item: item, isDone: false)])
        #expect(text(bytes).contains("LOCATION;X-TICK-REMOVED=TRUE:\r\n"))
        #expect(try ICalendar.decode(bytes, source: "t", options: testOptions()).todos.first?.item == item)
        #expect(try reexport(bytes) == bytes)
    }

    @Test("an empty LOCATION another app writes beside Apple's geofence leaves the geofence to give the location")
    func emptyLocationBesideGeofence() throws {
        let item = try decodeOne("""
            UID:x
            SUMMARY:a
            LOCATION:
            BEGIN:VALARM
            ACTION:DISPLAY
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Home:geo:52.52,13.405
            END:VALARM
            """).item
        #expect(item.location?.name == "Home" && item.location?.coordinate?.latitude == 52.52)
    }

    @Test("STATUS:COMPLETED, COMPLETED or PERCENT-COMPLETE:100 make it done; COMPLETED is completedAt")
    func done() throws {
        let completed = try decodeOne("UID:x\nSUMMARY:a\nSTATUS:COMPLETED\nCOMPLETED:20261101T080000Z")
        #expect(completed.isDone && completed.item.completedAt == utc(2026, 11, 1, 8))
        #expect(try decodeOne("UID:x\nSUMMARY:a\nCOMPLETED:20261101T080000Z").isDone)
        #expect(try decodeOne("UID:x\nSUMMARY:a\nPERCENT-COMPLETE:100").isDone)
        let open = try decodeOne("UID:x\nSUMMARY:a\nSTATUS:NEEDS-ACTION\nPERCENT-COMPLETE:40")
        #expect(!open.isDone && open.item.completedAt == nil)
        #expect(open.item.iCalendarExtras == "PERCENT-COMPLETE:40")
    }

    @Test("a STATUS that says the task is open wins over a COMPLETED or PERCENT-COMPLETE:100 left behind by a reopen")
    func statusDecides() throws {
        let reopened = try decodeOne("UID:x\nSUMMARY:a\nSTATUS:NEEDS-ACTION\nPERCENT-COMPLETE:0\nCOMPLETED:20261120T100000Z")
        #expect(!reopened.isDone && reopened.item.completedAt == nil)
        #expect(try !decodeOne("UID:x\nSUMMARY:a\nSTATUS:IN-PROCESS\nPERCENT-COMPLETE:100").isDone)
        #expect(try decodeOne("UID:x\nSUMMARY:a\nPERCENT-COMPLETE:100\nSTATUS:COMPLETED").isDone)
    }

    @Test("SEQUENCE past RFC 5545's 32-bit INTEGER is refused with its line; at the limit, an edit keeps it there")
    func sequenceLimit() throws {
        #expect { try decodeOne("UID:x\nSUMMARY:a\nSEQUENCE:9223372036854775807") } throws: { error in
            (error as? InterchangeError)?.description.hasPrefix("t.ics:6: SEQUENCE") == true
        }
        var decoded = try decodeOne("UID:x\nSUMMARY:a\nSEQUENCE:2147483647\nLAST-MODIFIED:20261101T080000Z")
        try decoded.item.setTitle("b")
        decoded.item.modifiedAt = utc(2026, 11, 2)
        let text = String(decoding: ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)]), as: UTF8.self)
        #expect(text.contains("SEQUENCE:2147483647\r\n"))
    }

    @Test("CREATED is createdAt (else DTSTAMP, else the import's time); LAST-MODIFIED is modifiedAt")
    func times() throws {
        let full = try decodeOne("UID:x\nSUMMARY:a\nDTSTAMP:20260102T000000Z\nCREATED:20260101T000000Z\nLAST-MODIFIED:20260103T000000Z")
        #expect(full.item.createdAt == utc(2026, 1, 1) && full.item.modifiedAt == utc(2026, 1, 3))
        #expect(try decodeOne("UID:x\nSUMMARY:a\nDTSTAMP:20260102T000000Z").item.createdAt == utc(2026, 1, 2))
        #expect(try decodeOne("UID:x\nSUMMARY:a").item.createdAt == Date(timeIntervalSince1970: 1_700_000_000))
    }

    @Test("a floating or TZID LAST-MODIFIED (RFC 5545 wants UTC) of an item tick did not change writes no higher SEQUENCE")
    func nonUTCLastModified() throws {
        for line in ["LAST-MODIFIED:20261105T120000", "LAST-MODIFIED;TZID=Europe/Berlin:20261105T120000", "LAST-MODIFIED:20261105T110000Z"] {
            let decoded = try decodeOne("UID:x\nSUMMARY:a\nSEQUENCE:3\n" + line)
            #expect(decoded.item.modifiedAt == utc(2026, 11, 5, 11), "\(line)")
            let written = text(ICalendar.encode([ICalendarEntry(item: decoded.item, isDone: false)]))
            #expect(written.contains("LAST-MODIFIED:20261105T110000Z\r\nSEQUENCE:3\r\n"), "\(line)")
        }
    }

    @Test("X-APPLE-SORT-ORDER is the sort order")
    func sortOrder() throws {
        #expect(try decodeOne("UID:x\nSUMMARY:a\nX-APPLE-SORT-ORDER:744000123").sortOrder == 744_000_123)
        #expect(try decodeOne("UID:x\nSUMMARY:a").sortOrder == nil)
    }

    @Test("unmapped properties and components are kept verbatim in iCalendarExtras")
    func extras() throws {
        let decoded = try decodeOne("""
            UID:x
            SUMMARY:a
            PRIORITY:1
            CATEGORIES:Home,Work
            RRULE:FREQ=WEEKLY;BYDAY=MO
            X-Custom;x-p="a:b":v\\,w
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            END:VALARM
            """)
        #expect(decoded.item.priority == 1 && decoded.item.tags == ["Home", "Work"] && decoded.item.recurrence == "FREQ=WEEKLY;BYDAY=MO")
        #expect(decoded.item.iCalendarExtras == """
            X-Custom;x-p="a:b":v\\,w
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT15M
            END:VALARM
            """)
    }

    @Test("the mapping table in docs/interchange.md is VTodoMapping.table, row for row, in order")
    func documentedTable() throws {
        let docs = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/interchange.md")
        let lines = try String(contentsOf: docs, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let header = try #require(lines.firstIndex(of: "| property | field | rule |"))
        let documented = lines[(header + 2)...].prefix { $0.hasPrefix("|") }.map(String.init)
        #expect(documented == VTodoMapping.table.map { "| `\($0.property)` | \($0.field) | \($0.rule) |" })
    }

    @Test("each mapped property has one row, and a written VTODO holds them in the table's order")
    func rowsInWrittenOrder() throws {
        #expect(VTodoMapping.rowOfName.count == VTodoMapping.table.count)
        #expect(Set(VTodoMapping.rowOfName.values.map(\.bit)) == Set(0..<VTodoMapping.table.count))
        var item = try ToDoItem(title: "All", notes: "n", location: Location(name: "Shop", latitude: 1, longitude: 2),
                                createdAt: utc(2026, 1, 1))
        item.setDue(instant: utc(2026, 2, 1))
        item.modifiedAt = utc(2026, 1, 2)
        item.completedAt = utc(2026, 1, 3)
        try item.setPriority(2)
        try item.setTags(["a"])
        item.recurrence = "FREQ=DAILY"
        item.parent = UUID()
        let written = String(decoding: ICalendar.encodeFile(ICalendarEntry(item: item, isDone: true, sortOrder: 3)), as: UTF8.self)
        let names = written.split(separator: "\r\n").map { String($0.prefix { $0 != ":" && $0 != ";" }) }
        let mapped = names.filter { VTodoMapping.mappedNames.contains($0) }
        #expect(mapped == VTodoMapping.table.map(\.property))
    }
}
