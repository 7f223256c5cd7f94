import Foundation
import Testing

@Suite("tick import of a folder of collections (vdirsyncer's layout): each into the list of its name")
struct ImportCollectionsCLITests {
    static func todo(_ uid: String, _ title: String) -> String {
        "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:test\r\nBEGIN:VTODO\r\nUID:\(uid)\r\nSUMMARY:\(title)\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
    }

    /// `calendars/` with `work-3f2a/` (displayname Work, two todos), `tasks/` (no
    /// displayname: the default list, by its name in another case), `home/` (displayname
    /// "a/b", no list name: the folder's name), a hidden `.git/` and a folder without .ics.
    static func calendars(in tick: TickRunner) throws -> String {
        let root = tick.directory.appendingPathComponent("calendars").path
        let files: [(String, String)] = [
            ("work-3f2a/w1.ics", todo("w1@host", "Report")), ("work-3f2a/w2.ics", todo("w2@host", "Slides")),
            ("work-3f2a/displayname", "Work"), ("tasks/t1.ics", todo("t1@host", "Milk")),
            ("home/h1.ics", todo("h1@host", "Plants")), ("home/displayname", "a/b\n"),
            (".git/x.ics", todo("x@host", "hidden")), ("empty/color", "#ff0000"),
        ]
        for (path, text) in files {
            let full = root + "/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
        return root
    }

    @Test("each collection goes into its list, made when missing and said; again changes nothing; --dry-run only says")
    func importsEach() throws {
        let tick = try TickRunner()
        let root = try Self.calendars(in: tick)
        let dry = try tick.run(["import", "--dry-run", root])
        #expect(dry.status == 0, "\(dry.stderr)")
        #expect(dry.stdout == """
            would make list home
            would import into home: add 1, update 0, leave 0 unchanged
            would import into Tasks: add 1, update 0, leave 0 unchanged
            would make list Work
            would import into Work: add 2, update 0, leave 0 unchanged

            """)
        #expect(try tick.run(["lists"]).stdout == "Tasks  0 open  0 done\n")
        let done = try tick.run(["import", root])
        #expect(done.status == 0, "\(done.stderr)")
        #expect(done.stdout == """
            made list home
            imported into home: added 1, updated 0, left 0 unchanged
            imported into Tasks: added 1, updated 0, left 0 unchanged
            made list Work
            imported into Work: added 2, updated 0, left 0 unchanged

            """)
        #expect(try tick.run(["lists"]).stdout == "Tasks  1 open  0 done\nhome   1 open  0 done\nWork   2 open  0 done\n")
        #expect(try tick.listJSON(["--list", "Work"]).map { $0["title"] as? String } == ["Report", "Slides"])
        let again = try tick.run(["import", root])
        #expect(again.stdout.contains("imported into Work: added 0, updated 0, left 2 unchanged"), "\(again.stdout)")
        #expect(!again.stdout.contains("made list"))
    }

    @Test("a broken file in one collection refuses the whole import before any list is made; --list is refused with it")
    func allOrNothing() throws {
        let tick = try TickRunner()
        let root = try Self.calendars(in: tick)
        try "BEGIN:VCALENDAR\r\nBEGIN:VTODO\r\n".write(toFile: root + "/work-3f2a/broken.ics", atomically: true, encoding: .utf8)
        let refused = try tick.run(["import", root])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("broken.ics"), "\(refused.stderr)")
        #expect(try tick.run(["lists"]).stdout == "Tasks  0 open  0 done\n")
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        let withList = try tick.run(["import", root, "--list", "Work"])
        #expect(withList.status == 1)
        #expect(withList.stderr.contains("--list does not go with it"), "\(withList.stderr)")
    }
}
