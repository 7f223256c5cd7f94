import Foundation
import Testing

@Suite("tick CLI: what tasks keep from another app (a recurrence, a status)")
struct OtherAppFieldsCLITests {
    @Test("show says a Thunderbird task repeats, in words; export writes the rule back; ticked off, its DTSTART moves on")
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
        #expect(shown.stdout.contains("  repeats:  every week on Mon, Thu\n"), "\(shown.stdout)")
        #expect(try tick.run(["export", "--format", "ics"]).stdout.contains("\r\nRRULE:FREQ=WEEKLY;BYDAY=MO,TH\r\n"))
        // Without a DUE it is due at its DTSTART; ticked off, both move on to the next occurrence.
        #expect(try tick.run(["check", "1"]).status == 0)
        let exported = try tick.run(["export", "--format", "ics"]).stdout
        #expect(exported.contains("\r\nDTSTART:20261203T090000Z\r\n") && exported.contains("\r\nDUE:20261203T090000Z\r\n"), "\(exported)")
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

@Suite("tick CLI: importing another tick list")
struct ListFileImportCLITests {
    @Test("another list file (binary or XML) is imported with every field, by id: merged once, then unchanged")
    func mergeLists() throws {
        let laptop = try TickRunner()
        try laptop.add(["Buy milk", "--due", "2026-12-01", "--notes", "oat", "--location", "Shop"])
        #expect(try laptop.run(["check", "1"]).status == 0)
        try laptop.add(["Call mom"])
        let phone = try TickRunner()
        try phone.add(["Water the plants"])
        let merged = try phone.run(["import", laptop.file.path])
        #expect(merged.status == 0, "\(merged.stderr)")
        #expect(merged.stdout == "added 2, updated 0, left 0 unchanged\n")
        #expect(try phone.run(["import", laptop.file.path]).stdout == "added 0, updated 0, left 2 unchanged\n")
        let items = try phone.listJSON()
        #expect(items.compactMap { $0["title"] as? String } == ["Water the plants", "Call mom", "Buy milk"])
        let laptopItems = try laptop.listJSON()
        for key in ["id", "notes", "due", "done", "createdAt"] {
            #expect("\(items[2][key] ?? "")" == "\(laptopItems.first { $0["title"] as? String == "Buy milk" }?[key] ?? "")", "\(key)")
        }
        // An XML copy, as plutil writes it, too; a damaged one is refused naming the file.
        let xml = laptop.directory.appendingPathComponent("laptop.xml")
        try FileManager.default.copyItem(at: laptop.file, to: xml)
        try XMLRewriteNoticeTests.convertToXML(xml)
        let other = try TickRunner()
        let fromXML = try other.run(["import", xml.path])
        #expect(fromXML.stdout == "added 2, updated 0, left 0 unchanged\n", "\(fromXML.stderr)")
        let damaged = laptop.directory.appendingPathComponent("damaged.plist").path
        try Data("bplist00 cut short".utf8).write(to: URL(fileURLWithPath: damaged))
        let refused = try other.run(["import", damaged])
        #expect(refused.status == 1)
        #expect(refused.stderr.hasPrefix("tick: \(damaged): cannot be read as a tick list: "), "\(refused.stderr)")
    }
}
