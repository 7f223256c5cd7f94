import Foundation
import Testing

@Suite("tick CLI: what tasks keep from another app (a recurrence, a status)")
struct OtherAppFieldsCLITests {
    @Test("show says a Thunderbird task repeats, and that tick does not repeat it; export writes the rule back")
    func showAndExport() throws {
        let tick = try TickRunner()
        let path = tick.directory.appendingPathComponent("thunderbird.ics").path
        try """
            BEGIN:VCALENDAR\r
            PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN\r
            VERSION:2.0\r
            BEGIN:VTODO\r
            UID:water-1@thunderbird.example\r
            SUMMARY:Water the plants\r
            DTSTART:20261201T090000Z\r
            RRULE:FREQ=WEEKLY;BYDAY=MO,TH\r
            END:VTODO\r
            END:VCALENDAR\r

            """.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", path]).status == 0)
        let shown = try tick.run(["show", "1"])
        #expect(shown.stdout.contains("  repeats:  FREQ=WEEKLY;BYDAY=MO,TH  (from another app; tick does not repeat it)\n"), "\(shown.stdout)")
        #expect(try tick.run(["export", "--format", "ics"]).stdout.contains("\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH\r\n"))
        try tick.add(["Buy milk"])
        #expect(!(try tick.run(["show", "2"]).stdout.contains("repeats")))
    }

    @Test("show says a task another app cancelled is cancelled there; it is to do in tick")
    func cancelled() throws {
        let tick = try TickRunner()
        let path = tick.directory.appendingPathComponent("cancelled.ics").path
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:c-1\r\nSUMMARY:Old plan\r\nSTATUS:CANCELLED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", path]).status == 0)
        let shown = try tick.run(["show", "1"])
        #expect(shown.stdout.contains("  status:   CANCELLED  (from another app)\n"), "\(shown.stdout)")
        #expect(shown.stdout.contains("position: 1 (To Do)"))
        // Checked in tick, it is done, and written back so: the status of the other app is not shown.
        #expect(try tick.run(["check", "1"]).status == 0)
        #expect(!(try tick.run(["show", "1"]).stdout.contains("status")))
        #expect(try tick.run(["export", "--format", "ics"]).stdout.contains("\r\nSTATUS:COMPLETED\r\n"))
    }
}
