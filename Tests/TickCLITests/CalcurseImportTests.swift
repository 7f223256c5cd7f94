import Foundation
import Testing

/// calcurse's todo file, as the real calcurse writes it, imported by tick; and tick's
/// export of one, read by calcurse.
@Suite("calcurse's todo file")
struct CalcurseImportTests {
    static let calendar = """
        BEGIN:VCALENDAR
        VERSION:2.0
        PRODID:-//tick tests//EN
        BEGIN:VTODO
        UID:a1
        SUMMARY:Visit tax office
        PRIORITY:3
        DESCRIPTION:bring the forms\\nand ID
        END:VTODO
        BEGIN:VTODO
        UID:a2
        SUMMARY:Done thing
        STATUS:COMPLETED
        END:VTODO
        BEGIN:VTODO
        UID:a3
        SUMMARY:No priority
        END:VTODO
        END:VCALENDAR

        """

    /// calcurse's data folder after it imported ``calendar``.
    private func calcurseData(_ tick: TickRunner) throws -> String {
        let calcurse = try ExternalTool.program("calcurse", package: "calcurse")
        let ics = tick.directory.appendingPathComponent("in.ics").path
        try Self.calendar.write(toFile: ics, atomically: true, encoding: .utf8)
        let data = tick.directory.appendingPathComponent("calcurse").path
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        let imported = try ExternalTool.run(calcurse, ["-D", data, "-i", ics], environment: ["HOME": tick.directory.path])
        #expect(imported.status == 0, "\(imported.stderr)")
        return data
    }

    @Test("tick import reads calcurse's todo file by its content: priorities, done todos, notes from notes/ beside it")
    func importsTodoFile() throws {
        let tick = try TickRunner()
        let data = try calcurseData(tick)
        let result = try tick.run(["import", data + "/todo"])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try tick.listJSON()
        #expect(items.map { $0["title"] as? String } == ["Visit tax office", "No priority", "Done thing"])
        #expect(items.map { $0["done"] as? Bool } == [false, false, true])
        #expect(items.first?["notes"] as? String == "bring the forms\nand ID")
        #expect(try tick.run(["show", "1"]).stdout.contains("priority: high (3)"))
        #expect(!(try tick.run(["show", "2"]).stdout.contains("priority:")))
    }

    @Test("from standard input a note's file cannot be found: the import says the note is lost")
    func lostNote() throws {
        let tick = try TickRunner()
        let data = try calcurseData(tick)
        let todo = try Data(contentsOf: URL(fileURLWithPath: data + "/todo"))
        let result = try ExternalTool.run(try TickRunner.executable(), ["import", "-", "--file", tick.file.path],
                                          environment: ["HOME": tick.directory.path], input: todo)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stderr.contains("not imported from calcurse: 1 note"), "\(result.stderr)")
        #expect(try tick.listJSON().map { $0["done"] as? Bool } == [false, false, true])
    }

    @Test("export --format calcurse writes a todo file calcurse lists, the done todo left out of its list")
    func exportRead() throws {
        let calcurse = try ExternalTool.program("calcurse", package: "calcurse")
        let tick = try TickRunner()
        let data = try calcurseData(tick)
        #expect(try tick.run(["import", data + "/todo"]).status == 0)
        let exported = tick.directory.appendingPathComponent("exported").path
        try FileManager.default.createDirectory(atPath: exported, withIntermediateDirectories: true)
        #expect(try tick.run(["export", "--format", "calcurse", "--output", exported + "/todo"]).status == 0)
        let listed = try ExternalTool.run(calcurse, ["-D", exported, "-t"], environment: ["HOME": tick.directory.path])
        #expect(listed.stdout == "to do:\n3. Visit tax office\n0. No priority\n", "\(listed.stdout)")
    }
}
