import Testing
@testable import TickCore

@Suite("What an item keeps from another app: its status; an older tick's kept priority, tags and rule")
struct OtherAppFieldsTests {
    private func item(extras: String?) throws -> ToDoItem {
        var item = try ToDoItem(title: "Water the plants")
        item.iCalendarExtras = extras
        return item
    }

    private func adopted(_ extras: String?) throws -> ToDoItem {
        var item = try item(extras: extras)
        item.adoptKeptFields()
        return item
    }

    @Test("an older tick's kept PRIORITY, CATEGORIES and RRULE become the item's fields and leave the extras")
    func adoptsKeptFields() throws {
        let item = try adopted("PRIORITY:1\nRRULE:FREQ=WEEKLY;BYDAY=MO\nCATEGORIES:home,Chores\\, weekly\nX-A:1")
        #expect(item.priority == 1)
        #expect(item.recurrence == "FREQ=WEEKLY;BYDAY=MO")
        #expect(item.tags == ["home", "Chores, weekly"])
        #expect(item.iCalendarExtras == "X-A:1")
        let lower = try adopted("X-A:1\r\nrrule:FREQ=DAILY;INTERVAL=2\r\ncategories:a\r\nCATEGORIES:b,a")
        #expect(lower.recurrence == "FREQ=DAILY;INTERVAL=2")
        #expect(lower.tags == ["a", "b"])
        #expect(lower.iCalendarExtras == "X-A:1")
    }

    @Test("a PRIORITY, CATEGORIES or RRULE inside an alarm or an override is not the item's; PRIORITY:0 is none; a bad one stays")
    func notTheItems() throws {
        let override = "BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nRRULE:FREQ=YEARLY\nPRIORITY:2\nEND:VTODO"
        #expect(try adopted(override).recurrence == nil)
        #expect(try adopted(override).iCalendarExtras == override)
        let alarm = try adopted("BEGIN:VALARM\nRRULE:FREQ=HOURLY\nEND:VALARM\nPRIORITY:0")
        #expect(alarm.recurrence == nil && alarm.priority == nil)
        #expect(alarm.iCalendarExtras == "BEGIN:VALARM\nRRULE:FREQ=HOURLY\nEND:VALARM")
        let bad = try adopted("PRIORITY:12")
        #expect(bad.priority == nil && bad.iCalendarExtras == "PRIORITY:12")
        #expect(try adopted(nil).recurrence == nil)
        #expect(try adopted("RRULE:\nX-B:2").iCalendarExtras == "X-B:2")
    }

    @Test("a STATUS other than tick's two, kept with the item, is its other app's status")
    func status() throws {
        #expect(try item(extras: "STATUS:CANCELLED\nCOMPLETED:20261101T100000Z").otherAppStatus == "CANCELLED")
        #expect(try item(extras: "PRIORITY:1\nSTATUS:IN-PROCESS").otherAppStatus == "IN-PROCESS")
        #expect(try item(extras: "BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nSTATUS:CANCELLED\nEND:VTODO").otherAppStatus == nil)
        #expect(try item(extras: "RRULE:FREQ=DAILY").otherAppStatus == nil)
    }
}
