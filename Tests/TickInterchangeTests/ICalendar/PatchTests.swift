import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

@Suite("Patching a VTODO for sync")
struct PatchTests {
    static let file = ics("""
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//Other//EN
        BEGIN:VTODO
        UID:other-1
        DTSTAMP:20260101T000000Z
        SEQUENCE:5
        SUMMARY:Old title
        DUE;TZID=Europe/Berlin:20260701T120000
        PRIORITY:2
        STATUS:COMPLETED
        COMPLETED:20260102T000000Z
        PERCENT-COMPLETE:100
        X-OTHER;P="a:b":kept
        BEGIN:VALARM
        ACTION:DISPLAY
        TRIGGER:-PT5M
        END:VALARM
        END:VTODO
        END:VCALENDAR
        """)

    func decoded() throws -> DecodedToDo {
        try #require(try ICalendar.decode(Self.file, source: "f.ics", options: testOptions()).todos.first)
    }

    @Test("an entry that says what the VTODO says leaves the file untouched")
    func unchanged() throws {
        let todo = try decoded()
        let entry = ICalendarEntry(item: todo.item, isDone: todo.isDone)
        #expect(try ICalendar.patchFile(Self.file, with: entry, source: "f.ics", options: testOptions()) == nil)
    }

    @Test("a changed title replaces SUMMARY in place and keeps every other line, SEQUENCE one up")
    func title() throws {
        var todo = try decoded()
        try todo.item.setTitle("New; title")
        todo.item.modifiedAt = utc(2026, 5, 5)
        let patched = try #require(try ICalendar.patchFile(Self.file, with: ICalendarEntry(item: todo.item, isDone: true),
                                                           source: "f.ics", options: testOptions()))
        #expect(text(patched) == text(ics("""
            BEGIN:VCALENDAR
            VERSION:2.0
            PRODID:-//Other//EN
            BEGIN:VTODO
            UID:other-1
            DTSTAMP:20260505T000000Z
            SEQUENCE:6
            SUMMARY:New\\; title
            DUE;TZID=Europe/Berlin:20260701T120000
            PRIORITY:2
            STATUS:COMPLETED
            COMPLETED:20260102T000000Z
            PERCENT-COMPLETE:100
            X-OTHER;P="a:b":kept
            LAST-MODIFIED:20260505T000000Z
            BEGIN:VALARM
            ACTION:DISPLAY
            TRIGGER:-PT5M
            END:VALARM
            END:VTODO
            END:VCALENDAR

            """)))
    }

    @Test("unticking sets NEEDS-ACTION and removes COMPLETED and PERCENT-COMPLETE; a new due day and location are put in")
    func untickAndFields() throws {
        var todo = try decoded()
        todo.item.completedAt = nil
        todo.item.setDue(day: CalendarDay(year: 2026, month: 8, day: 1))
        todo.item.location = try Location(name: "Home", latitude: 1.5, longitude: 2.5)
        todo.item.notes = "new notes"
        let patched = text(try #require(try ICalendar.patchFile(Self.file, with: ICalendarEntry(item: todo.item, isDone: false),
                                                                source: "f.ics", options: testOptions(), now: utc(2026, 6, 6))))
        #expect(patched.contains("STATUS:NEEDS-ACTION\r\n") && !patched.contains("COMPLETED:") && !patched.contains("PERCENT-COMPLETE"))
        #expect(patched.contains("DUE;VALUE=DATE:20260801\r\n") && patched.contains("LOCATION:Home\r\nGEO:1.5;2.5\r\n"))
        #expect(patched.contains("DESCRIPTION:new notes\r\n") && patched.contains("LAST-MODIFIED:20260606T000000Z\r\n"))
        #expect(patched.contains("PRIORITY:2\r\n") && patched.contains("BEGIN:VALARM\r\n"))
        let again = try #require(try ICalendar.decode(Array(patched.utf8), source: "p", options: testOptions()).todos.first)
        #expect(!again.isDone && again.item.dueDay == todo.item.dueDay && again.item.location == todo.item.location)
    }

    @Test("a file without the entry's UID is an error naming it")
    func missingUID() throws {
        let other = try ToDoItem(title: "x")
        #expect {
            _ = try ICalendar.patchFile(Self.file, with: ICalendarEntry(item: other, isDone: false), source: "f.ics")
        } throws: { error in
            (error as? InterchangeError)?.problem.contains(other.id.uuidString) == true
        }
    }

    @Test("tick's times, which carry fractions of a second, match the whole seconds written, and empty notes no DESCRIPTION: nothing to patch")
    func fractionsOfSeconds() throws {
        var item = try ToDoItem(title: "fresh", createdAt: Date(timeIntervalSince1970: 1_780_000_000.734))
        item.setDue(instant: Date(timeIntervalSince1970: 1_790_000_000.5))
        item.completedAt = Date(timeIntervalSince1970: 1_785_000_000.25)
        item.modifiedAt = Date(timeIntervalSince1970: 1_785_000_000.25)
        item.notes = ""
        let entry = ICalendarEntry(item: item, isDone: true)
        #expect(try ICalendar.patchFile(ICalendar.encodeFile(entry), with: entry, source: "f.ics", options: testOptions()) == nil)
    }

    @Test("a patched file keeps the folding of the lines it did not change, and folds the ones it did")
    func keepsFolding() throws {
        let file = ics("""
            BEGIN:VCALENDAR
            BEGIN:VTODO
            UID:fold-1
            SUMMARY:short
            DESCRIPTION:a description that its writer folded at a place of its own ch
             oosing, not at 75
            X-LONG:an unfolded line longer than seventy-five octets, which some writers leave as it is
            END:VTODO
            END:VCALENDAR
            """)
        var todo = try #require(try ICalendar.decode(file, source: "f.ics", options: testOptions()).todos.first)
        try todo.item.setTitle(String(repeating: "long title ", count: 10))
        let patched = text(try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false),
                                                                source: "f.ics", options: testOptions(), now: utc(2026, 1, 1))))
        #expect(patched.contains("DESCRIPTION:a description that its writer folded at a place of its own ch\r\n oosing, not at 75\r\n"))
        #expect(patched.contains("X-LONG:an unfolded line longer than seventy-five octets, which some writers leave as it is\r\n"))
        #expect(patched.contains("SUMMARY:long title long title long title long title long title long title l\r\n ong title"))
        let again = try #require(try ICalendar.decode(Array(patched.utf8), source: "p", options: testOptions()).todos.first)
        #expect(again.item.title == todo.item.title && again.item.notes == todo.item.notes)
    }
}

@Suite("Patching a VTODO with Apple's geofence")
struct GeofencePatchTests {
    @Test("a location removed in tick is patched in as an empty LOCATION, so the geofence does not give it back")
    func removedLocation() throws {
        let file = ics("""
            BEGIN:VCALENDAR
            VERSION:2.0
            BEGIN:VTODO
            UID:apple-1
            DTSTAMP:20260101T000000Z
            SUMMARY:Parcel
            BEGIN:VALARM
            ACTION:DISPLAY
            X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-TITLE=Post:geo:52.52,13.405
            END:VALARM
            END:VTODO
            END:VCALENDAR
            """)
        var todo = try #require(try ICalendar.decode(file, source: "f.ics", options: testOptions()).todos.first)
        #expect(todo.item.location?.name == "Post")
        todo.item.location = nil
        let patched = try #require(try ICalendar.patchFile(file, with: ICalendarEntry(item: todo.item, isDone: false),
                                                           source: "f.ics", options: testOptions()))
        #expect(text(patched).contains("LOCATION;X-TICK-REMOVED=TRUE:\r\n"))
        #expect(try ICalendar.decode(patched, source: "f.ics", options: testOptions()).todos.first?.item.location == nil)
    }
}
