import Foundation
import Testing

@Suite("tick import and export")
struct ImportExportCLITests {
    /// A list with a located, noted, timed item, a plain one and a done one.
    private func filledRunner() throws -> TickRunner {
        let tick = try TickRunner()
        try tick.add(["Buy milk", "--notes", "oat", "--due", "2026-12-01T09:30", "--location", "Shop", "--coordinate", "50.94,6.96"])
        try tick.add(["Call mom"])
        try tick.add(["Pay rent", "--due", "2026-12-03"])
        #expect(try tick.run(["check", "3"]).status == 0)
        return tick
    }

    @Test("export --format json prints what list --json prints, and import into another list reads it back exactly")
    func jsonRoundTrip() throws {
        let tick = try filledRunner()
        let exported = try tick.run(["export", "--format", "json"])
        #expect(exported.status == 0 && exported.stderr.isEmpty, "\(exported.stderr)")
        #expect(exported.stdout == (try tick.run(["list", "--json"])).stdout)
        let path = tick.directory.appendingPathComponent("list.json").path
        try exported.stdout.write(toFile: path, atomically: true, encoding: .utf8)
        let other = try TickRunner()
        let imported = try other.run(["import", path])
        #expect(imported.status == 0, "\(imported.stderr)")
        #expect(imported.stdout == "added 3, updated 0, left 0 unchanged\n")
        #expect(try other.run(["list", "--json"]).stdout == exported.stdout)
        let again = try other.run(["import", path])
        #expect(again.stdout == "added 0, updated 0, left 3 unchanged\n")
        #expect(try other.run(["list", "--json"]).stdout == exported.stdout)
    }

    @Test("the format comes from --output's extension; vdir writes one file per item; ics and vdir read back")
    func filesAndVdir() throws {
        let tick = try filledRunner()
        let ics = tick.directory.appendingPathComponent("out.ics").path
        #expect(try tick.run(["export", "--output", ics]).status == 0)
        #expect(try String(contentsOfFile: ics, encoding: .utf8).hasPrefix("BEGIN:VCALENDAR\r\n"))
        let vdir = tick.directory.appendingPathComponent("cal/tasks").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 1) // its parent is missing
        let notFolder = try tick.run(["export", "--format", "vdir", "--output", ics])
        #expect(notFolder.stderr == "tick: \(ics): not a directory; a vdir is a directory of .ics files\n")
        try FileManager.default.createDirectory(atPath: tick.directory.appendingPathComponent("cal").path, withIntermediateDirectories: true)
        let result = try tick.run(["export", "--format", "vdir", "--output", vdir])
        #expect(result.status == 0, "\(result.stderr)")
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
        let ids = try tick.listJSON().compactMap { $0["id"] as? String }.map { $0 + ".ics" }.sorted()
        #expect(files == ids)
        for source in [ics, vdir] {
            let other = try TickRunner()
            let imported = try other.run(["import", source])
            #expect(imported.stdout == "added 3, updated 0, left 0 unchanged\n", "\(imported.stderr)")
            let titles = try other.listJSON().compactMap { $0["title"] as? String }
            #expect(titles == ["Buy milk", "Call mom", "Pay rent"])
            #expect(try other.run(["import", "--dry-run", source]).stdout == "would add 0, update 0, leave 3 unchanged\n")
        }
    }

    @Test("a vdir export writes an item over the file that holds its UID already, under another name, instead of a second copy")
    func vdirExportOverExistingFiles() throws {
        let tick = try TickRunner()
        let vdir = tick.directory.appendingPathComponent("tasks").path
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:xyz@host\r\nSUMMARY:from the server\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
            .write(toFile: vdir + "/8f3a9c.ics", atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", vdir]).stdout == "added 1, updated 0, left 0 unchanged\n")
        #expect(try tick.run(["edit", "1", "--title", "renamed in tick"]).status == 0)
        let result = try tick.run(["export", "--format", "vdir", "--output", vdir])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir) == ["8f3a9c.ics"])
        #expect(try String(contentsOfFile: vdir + "/8f3a9c.ics", encoding: .utf8).contains("SUMMARY:renamed in tick\r\n"))
        let again = try tick.run(["import", vdir])
        #expect(again.status == 0 && again.stdout.hasPrefix("added 0, "), "\(again.stderr)")
    }

    @Test("a directory whose .ics files are all in subdirectories (vdirsyncer's, one per collection) is refused naming them for vdir export (import reads each into its list: ImportCollectionsCLITests); an empty one says it holds none")
    func vdirParentDirectory() throws {
        let tick = try TickRunner()
        let calendars = tick.directory.appendingPathComponent("calendars").path
        let todo = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:a@host\r\nSUMMARY:a\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        for name in ["work", "home", ".git", "attachments"] {
            try FileManager.default.createDirectory(atPath: calendars + "/" + name, withIntermediateDirectories: true)
        }
        for name in ["work", "home", ".git"] { try todo.write(toFile: calendars + "/\(name)/a.ics", atomically: true, encoding: .utf8) }
        try "color\n".write(toFile: calendars + "/README", atomically: true, encoding: .utf8)
        // Exporting into such a directory would put the list beside the collections, in none of them.
        _ = try tick.add(["Exported"])
        let export = try tick.run(["export", "--format", "vdir", "--output", calendars])
        #expect(export.status == 1)
        #expect(export.stderr == "tick: \(calendars): holds no .ics files; its subdirectories home, work hold some: export into one of them\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: calendars).sorted() == [".git", "README", "attachments", "home", "work"])
        let empty = tick.directory.appendingPathComponent("empty").path
        try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
        let nothing = try tick.run(["import", empty])
        #expect(nothing.status == 0 && nothing.stdout == "added 0, updated 0, left 0 unchanged\n")
        #expect(nothing.stderr == "tick: \(empty): holds no .ics files\n")
    }

    @Test("a vdir export never writes over a file it cannot read or that holds no item of the list, even one named for an item's UID")
    func vdirExportLeavesOtherFiles() throws {
        let tick = try TickRunner()
        let id = "0D4E51C2-0A9B-4C1E-8F00-1B2C3D4E5F60"
        let json = tick.directory.appendingPathComponent("one.json").path
        try "[{\"id\": \"\(id)\", \"title\": \"Buy milk\"}]".write(toFile: json, atomically: true, encoding: .utf8)
        #expect(try tick.run(["import", json]).status == 0)
        let vdir = tick.directory.appendingPathComponent("tasks").path
        try FileManager.default.createDirectory(atPath: vdir, withIntermediateDirectories: true)
        let foreign = "BEGIN:VCALENDAR\r\nBEGIN:VEVENT\r\nUID:event\r\nEND:VEVENT\r\nEND:VCALENDAR\r\n"
        try foreign.write(toFile: vdir + "/\(id).ics", atomically: true, encoding: .utf8)
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        #expect(try String(contentsOfFile: vdir + "/\(id).ics", encoding: .utf8) == foreign)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).count == 2)
    }

    @Test("tick's own iCalendar export of changed items, imported back, leaves them unchanged and the list file as it was")
    func ownExportUnchanged() throws {
        let tick = try filledRunner()
        #expect(try tick.run(["edit", "2", "--title", "Call mum"]).status == 0)
        let ics = tick.directory.appendingPathComponent("own.ics").path
        #expect(try tick.run(["export", "--output", ics]).status == 0)
        let before = try Data(contentsOf: tick.file)
        let imported = try tick.run(["import", ics])
        #expect(imported.stdout == "added 0, updated 0, left 3 unchanged\n", "\(imported.stderr)")
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("export writes through a hidden temporary file and removes those a killed export left behind, not one still held")
    func exportTemporaryFiles() throws {
        let tick = try filledRunner()
        let directory = tick.directory.path
        let left = directory + "/.out.ics.tick-export-left", held = directory + "/.out.ics.tick-export-held"
        #expect(FileManager.default.createFile(atPath: left, contents: Data("half".utf8)))
        #expect(FileManager.default.createFile(atPath: held, contents: Data("busy".utf8)))
        let fd = open(held, O_RDONLY)
        defer { close(fd) }
        #expect(flock(fd, LOCK_EX) == 0)
        #expect(try tick.run(["export", "--output", directory + "/out.ics"]).status == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.contains("out.ics") }.sorted()
        #expect(names == [".out.ics.tick-export-held", "out.ics"])
    }

    @Test("export --output - writes to standard output, as - means elsewhere, and makes no file named -")
    func outputDash() throws {
        let tick = try filledRunner()
        let plain = try tick.run(["export", "--format", "json"])
        let dashed = try tick.run(["export", "--format", "json", "--output", "-"])
        #expect(dashed.status == 0 && dashed.stdout == plain.stdout, "\(dashed.stderr)")
        #expect(!FileManager.default.fileExists(atPath: FileManager.default.currentDirectoryPath + "/-"))
        #expect(try tick.run(["export", "-o", "-"]).status == 64)
    }

    @Test("export --output through a symbolic link replaces the file it names and keeps that file's mode; the link stays")
    func exportThroughLink() throws {
        let tick = try filledRunner()
        let secret = tick.directory.appendingPathComponent("secret.json").path
        let link = tick.directory.appendingPathComponent("link.json").path
        try "old".write(toFile: secret, atomically: false, encoding: .utf8)
        #expect(chmod(secret, 0o600) == 0)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: "secret.json")
        let result = try tick.run(["export", "--output", link])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link) == "secret.json")
        #expect(try String(contentsOfFile: secret, encoding: .utf8).hasPrefix("["))
        var info = stat()
        #expect(stat(secret, &info) == 0 && info.st_mode & 0o777 == 0o600)
        let names = try FileManager.default.contentsOfDirectory(atPath: tick.directory.path)
        #expect(!names.contains { $0.contains("tick-export") })
    }

    @Test("export --output naming the list file, or a link to it, is refused and the list stays as it was")
    func exportOntoTheList() throws {
        let tick = try filledRunner()
        let before = try Data(contentsOf: tick.file)
        let link = tick.directory.appendingPathComponent("alias.json").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: tick.file.path)
        for output in [tick.file.path, link] {
            let result = try tick.run(["export", "--format", "json", "--output", output])
            #expect(result.status == 1)
            #expect(result.stderr == "tick: \(output): is the list file itself; tick will not write an export over it\n")
            #expect(try Data(contentsOf: tick.file) == before)
        }
    }

    @Test("export --output naming another list's file, or a new .plist in lists/, is refused and every list stays as it was")
    func exportOntoAnotherList() throws {
        let tick = try filledRunner()
        #expect(try tick.run(["lists", "add", "Work"]).status == 0)
        try tick.add(["Report", "--list", "Work"])
        let work = tick.directory.appendingPathComponent("lists/Work.plist").path
        let fresh = tick.directory.appendingPathComponent("lists/New.plist").path
        let before = (try Data(contentsOf: tick.file), try Data(contentsOf: URL(fileURLWithPath: work)))
        let cases: [([String], String, String)] = [
            (["--output", work], work, "Work"),
            (["--output", tick.directory.appendingPathComponent("lists/../lists/Work.plist").path], "", "Work"),
            (["--list", "Work", "--output", tick.file.path], tick.file.path, "Tasks"),
            (["--output", fresh], fresh, "New"),
        ]
        for (arguments, output, name) in cases {
            let result = try tick.run(["export", "--format", "json"] + arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.hasSuffix(": is the file of the list \"\(name)\"; tick will not write an export over it\n"), "\(result.stderr)")
            if !output.isEmpty { #expect(result.stderr.hasPrefix("tick: \(output)")) }
        }
        #expect(try Data(contentsOf: tick.file) == before.0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: work)) == before.1)
        #expect(!FileManager.default.fileExists(atPath: fresh))
        #expect(try tick.run(["lists"]).stdout == "Tasks  2 open  1 done\nWork   1 open  0 done\n")
    }

    @Test("an empty or cut-short .ics or .json file is an error, not todo.txt lines")
    func namedFormats() throws {
        let tick = try TickRunner()
        let cases = [("empty.ics", "", "holds no iCalendar data"), ("cut.ics", "BEGIN:VCAL", "BEGIN:VCAL"),
                     ("junk.ics", "UID:x\r\nBEGIN:VCALENDAR\r\nEND:VCALENDAR\r\n", "outside"), ("empty.json", "", "ends early")]
        for (name, content, problem) in cases {
            let path = tick.directory.appendingPathComponent(name).path
            try content.write(toFile: path, atomically: true, encoding: .utf8)
            let result = try tick.run(["import", path])
            #expect(result.status == 1, "\(name): \(result.stdout)")
            #expect(result.stderr.hasPrefix("tick: \(path)") && result.stderr.contains(problem), "\(result.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
    }

    @Test("a new file written by export --output follows the umask, as a shell's > would")
    func exportFollowsUmask() throws {
        let tick = try filledRunner()
        let output = tick.directory.appendingPathComponent("private.ics").path
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "umask 077 && exec \"$0\" export --output \"$1\" --file \"$2\"",
                             try TickRunner.executable().path, output, tick.file.path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        var info = stat()
        #expect(stat(output, &info) == 0 && info.st_mode & 0o777 == 0o600, "mode \(String(info.st_mode & 0o777, radix: 8))")
    }

    @Test("a FIFO among a vdir's .ics files is refused by import and left alone by export, never waited on")
    func vdirWithFIFO() throws {
        let tick = try filledRunner()
        let vdir = tick.directory.appendingPathComponent("tasks").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        #expect(mkfifo(vdir + "/zz.ics", 0o644) == 0)
        // Through timeout(1) with SIGKILL (tick defers SIGTERM), so that a wait fails the test instead of hanging it.
        func run(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
            try TickRunner.runWrapped("/usr/bin/timeout", ["-s", "KILL", "10", try TickRunner.executable().path] + arguments + ["--file", tick.file.path])
        }
        let imported = try run(["import", vdir])
        #expect(imported.status == 1 && imported.stderr.contains("zz.ics: not a regular file"), "\(imported)")
        let exported = try run(["export", "--format", "vdir", "--output", vdir])
        #expect(exported.status == 0, "\(exported)")
    }

    @Test("a bad item refuses the whole import: exit 1, file, line and problem named, the list file untouched")
    func allOrNothing() throws {
        let tick = try filledRunner()
        let before = try Data(contentsOf: tick.file)
        let bad = tick.directory.appendingPathComponent("bad.json").path
        try "[\n{\"title\": \"fine\"},\n{\"title\": \"broken\", \"due\": \"2026-02-30\"}\n]\n".write(toFile: bad, atomically: true, encoding: .utf8)
        let result = try tick.run(["import", bad])
        #expect(result.status == 1)
        #expect(result.stderr.hasPrefix("tick: \(bad):3: \"due\" \"2026-02-30\""), "\(result.stderr)")
        #expect(try Data(contentsOf: tick.file) == before)
        // One broken file among good ones in a vdir.
        let vdir = tick.directory.appendingPathComponent("vdir").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        try "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:x\r\nSUMMARY:cut\r\n".write(toFile: vdir + "/zz.ics", atomically: true, encoding: .utf8)
        let vdirResult = try tick.run(["import", vdir])
        #expect(vdirResult.status == 1)
        #expect(vdirResult.stderr.contains("\(vdir)/zz.ics"), "\(vdirResult.stderr)")
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("--dry-run says what would be added and updated, escapes control characters, and changes nothing")
    func dryRun() throws {
        let tick = try filledRunner()
        let before = try Data(contentsOf: tick.file)
        let input = tick.directory.appendingPathComponent("in.md").path
        try "- [ ] evil \u{1B}]0;owned\u{07} title\n- [x] done one (due 2026-12-01)\n".write(toFile: input, atomically: true, encoding: .utf8)
        let result = try tick.run(["import", "--dry-run", input])
        #expect(result.status == 0)
        #expect(result.stdout == "would add: evil ^[]0;owned^G title\nwould add: done one\nwould add 2, update 0, leave 0 unchanged\n")
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("todo.txt, Markdown, taskwarrior and calcurse say on stderr which fields of how many items they left out")
    func omissions() throws {
        let tick = try filledRunner()
        let todo = try tick.run(["export", "--format", "todotxt"])
        #expect(todo.stderr.hasPrefix("tick: todo.txt left out: ids of 3 items, notes of 1 item, locations of 1 item, coordinates of 1 item"), "\(todo.stderr)")
        #expect(todo.stdout.split(separator: "\n").count == 3)
        let task = try tick.run(["export", "--format", "taskwarrior", "--open"])
        #expect(task.stderr == "tick: taskwarrior left out: locations of 1 item, coordinates of 1 item\n")
        try tick.add(["Standup", "--tag", "work", "--due", "2026-12-01", "--repeat", "every week"])
        let calcurse = try tick.run(["export", "--format", "calcurse"])
        #expect(calcurse.stderr.hasPrefix("tick: calcurse left out: ids of 4 items, notes of 1 item, due dates of 3 items, locations of 1 item, coordinates of 1 item, tags of 1 item, repeats of 1 item, "), "\(calcurse.stderr)")
        let json = try tick.run(["export", "--format", "json"])
        #expect(json.stderr.isEmpty)
        #expect(try tick.run(["export"]).status == 64)
    }

    @Test("a taskwarrior export imported again from standard input updates instead of adding, keeping locations")
    func taskwarriorReimport() throws {
        let tick = try filledRunner()
        let exported = try tick.run(["export", "--format", "taskwarrior"]).stdout
        let path = tick.directory.appendingPathComponent("tw.json").path
        try exported.replacingOccurrences(of: "\"Call mom\"", with: "\"Call mum\"").write(toFile: path, atomically: true, encoding: .utf8)
        let result = try tick.run(["import", "--format", "taskwarrior", path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("added 0, updated "), "\(result.stdout)")
        let items = try tick.listJSON()
        #expect(items.compactMap { $0["title"] as? String } == ["Buy milk", "Call mum", "Pay rent"])
        #expect((items[0]["location"] as? [String: Any])?["name"] as? String == "Shop")
    }

    @Test("an error quoting imported text escapes its control characters on stderr")
    func errorsEscapeControlCharacters() throws {
        let tick = try TickRunner()
        let input = tick.directory.appendingPathComponent("evil.ics").path
        try "BEGIN:VCALENDAR\nBEGIN:VTODO\nUID:a\nDUE:\u{1B}[31m\u{9B}2J\nEND:VTODO\nEND:VCALENDAR\n".write(toFile: input, atomically: true, encoding: .utf8)
        let result = try tick.run(["import", input])
        #expect(result.status == 1)
        #expect(result.stderr == "tick: \(input):4: DUE \"^[[31m<U+009B>2J\" is not a date or date-time\n")
        let todoTxt = tick.directory.appendingPathComponent("evil.txt").path
        try "fine\nbad due:2\u{1B}[31m\u{9B}2J\n".write(toFile: todoTxt, atomically: true, encoding: .utf8)
        let refused = try tick.run(["import", "--format", "todotxt", todoTxt])
        #expect(refused.status == 1)
        #expect(refused.stderr == "tick: \(todoTxt):2: \"due:2^[[31m<U+009B>2J\" is not a due date like due:2026-12-01\n")
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
    }

    @Test("tick help import and tick help export describe the formats and options")
    func help() throws {
        let tick = try TickRunner()
        // Help is wrapped to the terminal's width: compare with the line breaks as spaces.
        func words(_ text: String) -> String { text.split(whereSeparator: \.isWhitespace).joined(separator: " ") }
        let importHelp = words(try tick.run(["help", "import"], withFile: false).stdout)
        #expect(importHelp.contains("USAGE: tick import [--format <format>] [--dry-run] <path>"))
        #expect(importHelp.contains("ics, vdir, json, taskwarrior, todotxt, markdown"))
        let exportHelp = words(try tick.run(["help", "export"], withFile: false).stdout)
        #expect(exportHelp.contains("--output <path>"))
        #expect(exportHelp.contains("vdir writes one .ics file per item"))
        // Neither command deletes: a user who deleted a file in todoman must know it comes back.
        #expect(importHelp.contains("Import only adds and updates items; it never deletes one"), "\(importHelp)")
        #expect(exportHelp.contains("files of items deleted in tick stay, and a file deleted in the directory is written again"), "\(exportHelp)")
        #expect(importHelp.contains("only tick sync carries deletions") && exportHelp.contains("only tick sync carries deletions"))
    }

    @Test("import and export never delete: a vdir file deleted (in todoman) comes back with the next export; its item stays in tick")
    func noDeletions() throws {
        let tick = try TickRunner()
        try tick.add(["Keep"])
        try tick.add(["Deleted in todoman"])
        let vdir = tick.directory.appendingPathComponent("tasks").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir).sorted()
        let gone = try #require(files.first { (try? String(contentsOfFile: vdir + "/" + $0, encoding: .utf8))?.contains("SUMMARY:Deleted in todoman") == true })
        try FileManager.default.removeItem(atPath: vdir + "/" + gone)
        #expect(try tick.run(["import", vdir]).stdout == "added 0, updated 0, left 1 unchanged\n")
        #expect(try tick.listJSON().count == 2)
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).sorted() == files)
        // Deleted in tick: its file stays.
        #expect(try tick.run(["remove", "2"]).status == 0)
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir]).status == 0)
        #expect(try FileManager.default.contentsOfDirectory(atPath: vdir).sorted() == files)
    }

    @Test("a vdir export of To Do alone names a done parent another app made by that app's UID")
    func openExportNamesParentByUID() throws {
        let tick = try TickRunner()
        let ics = "BEGIN:VCALENDAR\r\nVERSION:2.0\r\nBEGIN:VTODO\r\nUID:trip-1@phone\r\nSUMMARY:Trip\r\nSTATUS:COMPLETED\r\nEND:VTODO\r\nEND:VCALENDAR\r\n"
        #expect(try tick.run(["import", "-", "--format", "ics"], input: ics).status == 0)
        #expect(try tick.run(["add", "Pack", "--parent", "1"]).status == 0)
        let vdir = tick.directory.appendingPathComponent("open-vdir").path
        #expect(try tick.run(["export", "--format", "vdir", "--output", vdir, "--open"]).status == 0)
        let files = try FileManager.default.contentsOfDirectory(atPath: vdir)
        #expect(files.count == 1)
        let text = try String(contentsOfFile: vdir + "/" + (files.first ?? ""), encoding: .utf8)
        #expect(text.contains("RELATED-TO;RELTYPE=PARENT:trip-1@phone\r\n"), "\(text)")
    }
}
