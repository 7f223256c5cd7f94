import Foundation
import Testing

@Suite("tick export keeps a VTODO valid after a due edit")
struct DueValidityCLITests {
    /// A Thunderbird task with a start and a due in Europe/Berlin (a zone the system knows).
    static let thunderbird = [
        "BEGIN:VCALENDAR", "PRODID:-//Mozilla.org/NONSGML Mozilla Calendar V1.1//EN", "VERSION:2.0", "BEGIN:VTODO",
        "CREATED:20261101T100000Z", "LAST-MODIFIED:20261101T100000Z", "DTSTAMP:20261101T100000Z",
        "UID:report-1@thunderbird.example", "SUMMARY:Submit the report", "DTSTART;TZID=Europe/Berlin:20261201T090000",
        "DUE;TZID=Europe/Berlin:20261203T170000", "END:VTODO", "END:VCALENDAR",
    ].map { $0 + "\r\n" }.joined()

    @Test("after `tick edit 1 --due DAY`, ics and vdir exports leave out the DTSTART date-time and say so on stderr")
    func dayDueEdit() throws {
        let tick = try TickRunner()
        let input = tick.directory.appendingPathComponent("tasks.ics").path
        try Self.thunderbird.write(toFile: input, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", input]).status == 0)
        // Unedited, the DTSTART stays beside the DUE (both date-times, the start first).
        let before = try tick.run(["export", "--format", "ics"])
        #expect(before.stdout.contains("DTSTART;TZID=Europe/Berlin:20261201T090000\r\n") && before.stderr.isEmpty, "\(before.stderr)")
        #expect(try tick.run(["edit", "1", "--due", "2026-11-28"]).status == 0)
        let message = "tick: iCalendar left out: DTSTART of 1 item (not the DUE's DATE or DATE-TIME type, or after the DUE)\n"
        let ics = try tick.run(["export", "--format", "ics"])
        #expect(ics.status == 0)
        #expect(ics.stdout.contains("DUE;VALUE=DATE:20261128\r\n"))
        #expect(!ics.stdout.contains("DTSTART;TZID"), "\(ics.stdout)")
        #expect(ics.stderr == message)
        let vdir = tick.directory.appendingPathComponent("vdir").path
        let written = try tick.run(["export", "--format", "vdir", "--output", vdir])
        #expect(written.stderr == message.replacingOccurrences(of: "iCalendar", with: "vdir"))
    }
}
