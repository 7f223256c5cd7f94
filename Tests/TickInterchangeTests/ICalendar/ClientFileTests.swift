import Foundation
import Testing
import TickCore
@testable import TickInterchange

/// A file of Fixtures/, in the style of a real client's export.
func fixture(_ name: String) throws -> [UInt8] {
    let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
    return Array(try Data(contentsOf: url))
}

func decodeFixture(_ name: String) throws -> DecodedCalendar {
    try ICalendar.decode(fixture(name), source: name, options: testOptions())
}

@Suite("Files in the style of real clients")
struct ClientFileTests {
    static let all = ["apple-reminders-ios.ics", "nextcloud-tasks.ics", "thunderbird.ics", "synology.ics", "em-client.ics",
                      "calcurse.ics", "topydo.ics", "tzid-without-vtimezone.ics"]

    @Test("Apple Reminders (iOS): structured location in a VALARM, sort order, a done item with a day due")
    func appleReminders() throws {
        let todos = try decodeFixture("apple-reminders-ios.ics").todos
        #expect(todos.count == 2)
        let parcel = todos[0]
        #expect(parcel.item.title == "Pick up parcel" && parcel.item.notes == "Ticket 4711, counter 3")
        #expect(parcel.item.location?.name == "Post Office, Main Street 5")
        #expect(parcel.item.location?.coordinate?.latitude == 52.520008 && parcel.item.location?.coordinate?.longitude == 13.404954)
        #expect(parcel.sortOrder == 736_780_800 && !parcel.isDone)
        #expect(parcel.item.id.uuidString == "9C7A3B1E-55D2-4E8F-A1B2-C3D4E5F60718" && parcel.item.externalUID == nil)
        #expect(parcel.item.iCalendarExtras?.contains("X-APPLE-PROXIMITY:ARRIVE") == true)
        let passport = todos[1]
        #expect(passport.isDone && passport.item.completedAt == utc(2026, 3, 5, 12))
        #expect(passport.item.dueDay == CalendarDay(year: 2026, month: 4, day: 15))
    }

    @Test("Nextcloud Tasks: lower-case UUIDs, VTIMEZONE, PERCENT-COMPLETE, IN-PROCESS, priority and categories read")
    func nextcloud() throws {
        let todos = try decodeFixture("nextcloud-tasks.ics").todos
        #expect(todos.map(\.item.title) == ["Write quarterly report", "Book dentist"])
        #expect(todos[0].item.externalUID == "4f0c8a3e-9b1d-4c2e-8f7a-6b5c4d3e2f10")
        #expect(todos[0].item.due == utc(2026, 6, 30, 15))
        #expect(!todos[0].isDone && todos[1].isDone)
        #expect(todos.map(\.sortOrder) == [2, 1])
        #expect(todos[0].item.priority == 1 && todos[0].item.tags == ["Work", "Reports"])
        let extras = try #require(todos[0].item.iCalendarExtras)
        for kept in ["RELATED-TO:1a2b3c4d-0000-4000-8000-000000000001",
                     "PERCENT-COMPLETE:40", "STATUS:IN-PROCESS", "DTSTART;TZID=Europe/Berlin:20260601T090000", "BEGIN:VTIMEZONE"] {
            #expect(extras.contains(kept), "lost \(kept)")
        }
    }

    @Test("Thunderbird: folded SUMMARY, LOCATION with GEO, a zone defined by a VTIMEZONE after the VTODO")
    func thunderbird() throws {
        let todo = try #require(try decodeFixture("thunderbird.ics").todos.first)
        #expect(todo.item.title == "Submit the conference paper with all the appendices and the signed copyright form")
        #expect(todo.item.location?.name == "Library, 2nd floor" && todo.item.location?.coordinate?.latitude == 48.1374)
        // 23:59 Pacific daylight time (UTC−7).
        #expect(todo.item.due == utc(2026, 7, 16, 6, 59))
        #expect(todo.item.externalUID == "a1b2c3d4-e5f6-7a8b-9c0d-thunderbird-1")
    }

    @Test("Synology: a non-UUID UID, empty DESCRIPTION and LOCATION, a floating due")
    func synology() throws {
        let todo = try #require(try decodeFixture("synology.ics").todos.first)
        #expect(todo.item.notes == nil && todo.item.location == nil)
        #expect(todo.item.externalUID == "syno-task-000123@diskstation")
        #expect(todo.item.due == utc(2026, 1, 25, 17))  // floating, in the tests' UTC+1
        #expect(todo.item.iCalendarExtras == "X-SYNO-TASK-LIST:Home")
    }

    @Test("eM Client: a Windows zone name, quoted")
    func emClient() throws {
        let todo = try #require(try decodeFixture("em-client.ics").todos.first)
        #expect(todo.item.due == utc(2026, 5, 12, 7))
    }

    @Test("calcurse and topydo: LF line ends, no UID and no DTSTAMP, stable ids, events skipped")
    func noUID() throws {
        let calcurse = try decodeFixture("calcurse.ics")
        #expect(calcurse.todos.map(\.item.title) == ["Do taxes", "Clean the garage", "Buy stamps"])
        #expect(calcurse.todos.map(\.isDone) == [false, false, true])
        #expect(calcurse.skipped == ["VEVENT": 1])
        #expect(try decodeFixture("calcurse.ics").todos.map(\.item.id) == calcurse.todos.map(\.item.id))
        #expect(Set(calcurse.todos.map(\.item.id)).count == 3)
        let topydo = try decodeFixture("topydo.ics").todos
        #expect(topydo[0].item.title == "Fix the bike +Errands @home" && topydo[0].item.dueDay == CalendarDay(year: 2026, month: 3, day: 9))
        #expect(topydo[0].item.createdAt == utc(2026, 3, 2))
        #expect(topydo[1].isDone && topydo[1].item.completedAt == utc(2026, 3, 3))
    }

    @Test("a TZID the system knows needs no VTIMEZONE; an unknown one without it is an error naming it")
    func tzidWithoutVTimezone() throws {
        let todos = try decodeFixture("tzid-without-vtimezone.ics").todos
        #expect(todos[0].item.due == utc(2026, 2, 10, 15, 30))
        #expect(todos[1].item.due == utc(2026, 2, 10, 8, 30))
        #expect {
            _ = try decodeFixture("unknown-tzid.ics")
        } throws: { error in
            guard let error = error as? InterchangeError else { return false }
            return error.source == "unknown-tzid.ics" && error.line == 8 && error.problem.contains("\"Customized Time Zone\"")
        }
    }

    @Test("every client file: export, import, export is byte-stable and keeps every item's fields")
    func roundTrips() throws {
        for name in Self.all {
            let decoded = try decodeFixture(name)
            let first = ICalendar.encode(decoded.todos.map { ICalendarEntry(item: $0.item, isDone: $0.isDone, sortOrder: $0.sortOrder) })
            let again = try ICalendar.decode(first, source: name, options: testOptions())
            #expect(again.todos.map(\.item.id) == decoded.todos.map(\.item.id), "\(name)")
            #expect(again.todos.map(\.item.title) == decoded.todos.map(\.item.title), "\(name)")
            #expect(again.todos.map(\.item.due) == decoded.todos.map(\.item.due), "\(name)")
            #expect(again.todos.map(\.item.location) == decoded.todos.map(\.item.location), "\(name)")
            #expect(again.todos.map(\.isDone) == decoded.todos.map(\.isDone), "\(name)")
            #expect(try reexport(first) == first, "\(name)")
        }
    }
}
