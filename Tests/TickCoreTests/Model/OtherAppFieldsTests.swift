import Testing
@testable import TickCore

@Suite("What an item keeps from another app: its recurrence rule, its status")
struct OtherAppFieldsTests {
    private func item(extras: String?) throws -> ToDoItem {
        var item = try ToDoItem(title: "Water the plants")
        item.iCalendarExtras = extras
        return item
    }

    @Test("the item's own RRULE is its rule, whatever the case of its name and its line ends")
    func ownRule() throws {
        #expect(try item(extras: "PRIORITY:1\nRRULE:FREQ=WEEKLY;BYDAY=MO\nCATEGORIES:home").recurrenceRule == "FREQ=WEEKLY;BYDAY=MO")
        #expect(try item(extras: "X-A:1\r\nrrule:FREQ=DAILY;INTERVAL=2").recurrenceRule == "FREQ=DAILY;INTERVAL=2")
    }

    @Test("an RRULE inside an alarm or an override of a recurrence is not the item's; no extras, no rule")
    func notTheItems() throws {
        let override = "BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nRRULE:FREQ=YEARLY\nEND:VTODO"
        #expect(try item(extras: override).recurrenceRule == nil)
        #expect(try item(extras: "BEGIN:VALARM\nRRULE:FREQ=HOURLY\nEND:VALARM\nPRIORITY:1").recurrenceRule == nil)
        #expect(try item(extras: "RRULE:\nPRIORITY:1").recurrenceRule == nil)
        #expect(try item(extras: nil).recurrenceRule == nil)
    }

    @Test("control characters in a rule are shown escaped, never raw")
    func escaped() throws {
        let rule = try #require(try item(extras: "RRULE:FREQ=DAILY\u{1B}[2J").recurrenceRule)
        #expect(!rule.contains("\u{1B}"))
    }

    @Test("a STATUS other than tick's two, kept with the item, is its other app's status")
    func status() throws {
        #expect(try item(extras: "STATUS:CANCELLED\nCOMPLETED:20261101T100000Z").otherAppStatus == "CANCELLED")
        #expect(try item(extras: "PRIORITY:1\nSTATUS:IN-PROCESS").otherAppStatus == "IN-PROCESS")
        #expect(try item(extras: "BEGIN:VTODO\nUID:r\nRECURRENCE-ID:20260112T090000Z\nSTATUS:CANCELLED\nEND:VTODO").otherAppStatus == nil)
        #expect(try item(extras: "RRULE:FREQ=DAILY").otherAppStatus == nil)
    }
}
