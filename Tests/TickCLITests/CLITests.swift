import Foundation
import Testing
import TickCore

@Suite("tick CLI")
struct CLITests {
    @Test("add prints a short id that list --json shows with every key")
    func addAndListJSON() throws {
        let tick = try TickRunner()
        let id = try tick.add(["Buy", "milk", "--notes", "semi-skimmed", "--due", "2026-12-01T09:30",
                               "--location", "Corner shop", "--coordinate", "50.94,6.96"])
        // 8 hex characters, or up to the first letter or - when those 8 are digits.
        #expect(id.prefix(8).allSatisfy(\.isNumber) ? id.count > 8 : id.count == 8, "\(id)")
        #expect(id.allSatisfy { $0.isHexDigit || $0 == "-" })
        let items = try tick.listJSON()
        #expect(items.count == 1)
        let item = try #require(items.first)
        #expect(Set(item.keys) == ["id", "title", "notes", "due", "location", "priority", "tags", "repeat", "done", "createdAt", "completedAt", "modifiedAt",
                                  "externalUID", "iCalendarExtras", "taskwarriorExtras", "parent"])
        #expect((item["id"] as? String)?.lowercased().hasPrefix(id) == true)
        #expect(item["title"] as? String == "Buy milk")
        #expect(item["notes"] as? String == "semi-skimmed")
        #expect(item["due"] as? String == "2026-12-01T08:30:00Z") // Berlin is UTC+1 in December
        #expect(item["done"] as? Bool == false)
        let location = try #require(item["location"] as? [String: Any])
        #expect(location["name"] as? String == "Corner shop")
        #expect(location["latitude"] as? Double == 50.94)
        #expect(location["longitude"] as? Double == 6.96)
        let created = try #require(item["createdAt"] as? String)
        #expect(created.hasSuffix("Z"))
        #expect(ISO8601DateFormatter.withFraction.date(from: created) != nil || ISO8601DateFormatter().date(from: created) != nil)
    }

    @Test("absent fields are JSON null, and a location without a coordinate has null coordinates")
    func jsonNulls() throws {
        let tick = try TickRunner()
        try tick.add(["Plain"])
        try tick.add(["Somewhere", "--location", "Home"])
        let items = try tick.listJSON()
        #expect(items.count == 2)
        #expect(items[0]["notes"] is NSNull)
        #expect(items[0]["due"] is NSNull)
        #expect(items[0]["location"] is NSNull)
        let location = try #require(items[1]["location"] as? [String: Any])
        #expect(location["latitude"] is NSNull)
        #expect(location["longitude"] is NSNull)
    }

    @Test("a negative coordinate works as typed after --coordinate")
    func negativeCoordinate() throws {
        let tick = try TickRunner()
        try tick.add(["Surf", "--location", "Bondi", "--coordinate", "-33.87,151.21"])
        try tick.add(["Hike", "--location", "Andes", "--coordinate", "-33.4,-70.6"])
        let items = try tick.listJSON()
        let first = try #require(items.first?["location"] as? [String: Any])
        #expect(first["latitude"] as? Double == -33.87)
        #expect(first["longitude"] as? Double == 151.21)
        let second = try #require(items.last?["location"] as? [String: Any])
        #expect(second["longitude"] as? Double == -70.6)
    }

    @Test("add without a title is a usage error (64) and writes nothing")
    func missingTitle() throws {
        let tick = try TickRunner()
        let result = try tick.run(["add"])
        #expect(result.status == 64)
        #expect(!result.stderr.isEmpty)
        #expect(result.stdout.isEmpty)
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
        #expect(try tick.run(["add", "   "]).status == 64)
    }

    @Test("a bad date is a usage error naming the text and the accepted forms")
    func badDate() throws {
        let tick = try TickRunner()
        let result = try tick.run(["add", "Thing", "--due", "someday"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("someday"))
        #expect(result.stderr.contains("tomorrow"))
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
    }

    @Test("a coordinate out of range or malformed is a usage error", arguments: [["91,0", "latitude"], ["0,181", "longitude"], ["50.9", "LAT, LON"], ["a,b", "latitude \"a\" is not a number"]])
    func badCoordinate(case: [String]) throws {
        let tick = try TickRunner()
        let result = try tick.run(["add", "Thing", "--location", "X", "--coordinate", `case`[0]])
        #expect(result.status == 64)
        #expect(result.stderr.contains(`case`[1]))
        #expect(!FileManager.default.fileExists(atPath: tick.file.path))
    }

    @Test("--coordinate without --location is a usage error for add")
    func coordinateWithoutLocation() throws {
        let tick = try TickRunner()
        #expect(try tick.run(["add", "Thing", "--coordinate", "1,2"]).status == 64)
    }

    @Test("check moves an item to the top of Done and uncheck brings it back to the end of To Do")
    func checkAndUncheck() throws {
        let tick = try TickRunner()
        try tick.add(["One"])
        try tick.add(["Two"])
        try tick.add(["Three"])
        #expect(try tick.run(["check", "1"]).status == 0)
        #expect(try tick.run(["check", "2"]).status == 0) // "Three" is now at position 2
        var items = try tick.listJSON()
        #expect(items.map { $0["title"] as? String } == ["Two", "Three", "One"])
        #expect(items.map { $0["done"] as? Bool } == [false, true, true])
        #expect(try tick.run(["uncheck", "3"]).status == 0)
        items = try tick.listJSON()
        #expect(items.map { $0["title"] as? String } == ["Two", "One", "Three"])
        #expect(items.map { $0["done"] as? Bool } == [false, false, true])
    }

    @Test("list --open and --done keep the positions of the whole list")
    func filteredList() throws {
        let tick = try TickRunner()
        try tick.add(["Open"])
        try tick.add(["Closed"])
        try tick.run(["check", "2"])
        let open = try tick.run(["list", "--open"])
        #expect(open.stdout == "1 [ ] Open\n")
        let done = try tick.run(["list", "--done"])
        #expect(done.stdout == "2 [x] Closed\n")
        #expect(try tick.listJSON(["--done"]).map { $0["title"] as? String } == ["Closed"])
        #expect(try tick.run(["list", "--open", "--done"]).status == 64)
    }

    @Test("the human list on a terminal aligns due dates and locations by display width with CJK and emoji titles")
    func alignment() throws {
        let tick = try TickRunner()
        try tick.add(["東京タワー", "--due", "2036-12-01", "--location", "Tokyo"])
        try tick.add(["👍🏽 done", "--due", "2036-12-02T09:30", "--location", "Here"])
        try tick.add(["café", "--due", "2036-12-03", "--location", "Paris"])
        try tick.add(["👨‍👩‍👧 family", "--location", "Home"])
        let result = try tick.runInTerminal(["list"], columns: 100)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("1 [ ] 東京タワー"))
        // The due column starts at the same display column on every line that has one.
        let dueColumns = zip(lines, ["2036-12-01", "2036-12-02 09:30", "2036-12-03"]).map { line, due -> Int? in
            guard let range = line.range(of: due) else { return nil }
            return DisplayWidth.of(String(line[..<range.lowerBound]))
        }
        #expect(dueColumns.allSatisfy { $0 != nil })
        #expect(Set(dueColumns.compactMap { $0 }).count == 1)
        let locationColumns = zip(lines, ["Tokyo", "Here", "Paris", "Home"]).map { line, name -> Int? in
            guard let range = line.range(of: name, options: .backwards) else { return nil }
            return DisplayWidth.of(String(line[..<range.lowerBound]))
        }
        #expect(locationColumns.allSatisfy { $0 != nil })
        #expect(Set(locationColumns.compactMap { $0 }).count == 1)
    }

    @Test("show prints every field, and --json one object")
    func show() throws {
        let tick = try TickRunner()
        let id = try tick.add(["Call Ana", "--notes", "about the flat", "--due", "2026-12-01", "--location", "Office", "--coordinate", "50.94,6.96"])
        let text = try tick.run(["show", "1"])
        #expect(text.status == 0)
        #expect(text.stdout.hasPrefix("Call Ana\n"))
        #expect(text.stdout.contains("about the flat"))
        #expect(text.stdout.contains("2026-12-01"))
        #expect(text.stdout.contains("Office (50.94, 6.96)"))
        #expect(text.stdout.contains(id))
        let json = try tick.run(["show", id, "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["title"] as? String == "Call Ana")
        #expect(object["due"] as? String == "2026-12-01")
    }

    @Test("remove takes an id prefix of 4 or more characters in any case")
    func removeByPrefix() throws {
        let tick = try TickRunner()
        let keep = try tick.add(["Keep"])
        let gone = try tick.add(["Gone"])
        // (Three digits would be a position: "001" removes item 1, about 1 id in 2,000.)
        let three = String(gone.prefix(3))
        if !three.allSatisfy(\.isNumber) { #expect(try tick.run(["remove", three]).status == 1) }
        // A prefix of digits only is a position: take the id as `add` printed it, which goes on
        // to a letter or its - (appending a second - made an id of 8 digits "no item").
        let prefix = gone.prefix(5).contains(where: \.isLetter) ? String(gone.prefix(5)) : gone
        let result = try tick.run(["remove", prefix.uppercased()])
        #expect(result.status == 0, "\(result.stderr)")
        let items = try tick.listJSON()
        #expect(items.count == 1)
        #expect((items.first?["id"] as? String)?.lowercased().hasPrefix(keep) == true)
    }

    @Test("an unknown ITEM is a runtime error (1) naming it, and changes nothing")
    func unknownItem() throws {
        let tick = try TickRunner()
        try tick.add(["Only"])
        let before = try Data(contentsOf: tick.file)
        for arguments in [["check", "7"], ["remove", "ffffffff"], ["show", "0"], ["edit", "9", "--title", "x"], ["move", "5", "--to", "1"]] {
            let result = try tick.run(arguments)
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(arguments[1]), "\(arguments): \(result.stderr)")
        }
        #expect(try Data(contentsOf: tick.file) == before)
    }

    @Test("an ambiguous id prefix is an error that lists the candidates")
    func ambiguousPrefix() throws {
        let tick = try TickRunner()
        let ids = try ["ABCD1111-0000-4000-8000-000000000001", "ABCD2222-0000-4000-8000-000000000002", "FFFF0000-0000-4000-8000-000000000003"]
            .map { try #require(UUID(uuidString: $0)) }
        let store = ToDoStore(fileURL: tick.file)
        var operations: [ToDoList.Operation] = []
        for (index, id) in ids.enumerated() {
            operations.append(.insert(try ToDoItem(id: id, title: "Item \(index)"), .toDo, at: nil))
        }
        try store.apply(operations)
        let result = try tick.run(["check", "abcd"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("abcd1111"))
        #expect(result.stderr.contains("abcd2222"))
        #expect(!result.stderr.contains("ffff0000"))
        #expect(try tick.run(["check", "abcd2"]).status == 0)
        #expect(try store.load().doneItems.map(\.id) == [ids[1]])
    }

    @Test("a plain number or #N is always a position, even when it also starts an id; the id needs a letter or its -")
    func positionOrIDPrefix() throws {
        let tick = try TickRunner()
        let store = ToDoStore(fileURL: tick.file)
        var operations: [ToDoList.Operation] = []
        for index in 0..<1_005 {
            let idText = index == 1_004 ? "10000000-0000-4000-8000-000000000000"
                : String(format: "%08X", index) + "-0000-4000-8000-000000000000"
            let id = try #require(UUID(uuidString: idText))
            operations.append(.insert(try ToDoItem(id: id, title: "Item \(index)"), .toDo, at: nil))
        }
        try store.apply(operations)
        let position = try tick.run(["check", "1000"])
        #expect(position.status == 0, "\(position.stderr)")
        #expect(try store.load().doneItems.map(\.title) == ["Item 999"])
        #expect(try tick.run(["check", "#999"]).status == 0)
        #expect(try store.load().doneItems.map(\.title) == ["Item 998", "Item 999"])
        let id = try tick.run(["check", "10000000-0"])
        #expect(id.status == 0, "\(id.stderr)")
        #expect(try store.load().doneItems.map(\.title).first == "Item 1004")
        let tooFar = try tick.run(["check", "10000000"])
        #expect(tooFar.status == 1)
        #expect(tooFar.stderr.contains("no item at position 10000000"))
    }

    @Test("edit changes only the fields given; --coordinate alone keeps the location's name")
    func edit() throws {
        let tick = try TickRunner()
        try tick.add(["Old", "--notes", "n", "--due", "2026-12-01", "--location", "Office"])
        #expect(try tick.run(["edit", "1", "--title", "New", "--clear-due"]).status == 0)
        #expect(try tick.run(["edit", "1", "--coordinate", "-33.87,151.21"]).status == 0)
        let item = try #require(try tick.listJSON().first)
        #expect(item["title"] as? String == "New")
        #expect(item["notes"] as? String == "n")
        #expect(item["due"] is NSNull)
        let location = try #require(item["location"] as? [String: Any])
        #expect(location["name"] as? String == "Office")
        #expect(location["latitude"] as? Double == -33.87)
        #expect(try tick.run(["edit", "1", "--clear-notes", "--clear-location"]).status == 0)
        let cleared = try #require(try tick.listJSON().first)
        #expect(cleared["notes"] is NSNull)
        #expect(cleared["location"] is NSNull)
    }

    @Test("edit refuses contradictory or empty requests as usage errors")
    func editUsage() throws {
        let tick = try TickRunner()
        try tick.add(["Item"])
        #expect(try tick.run(["edit", "1"]).status == 64)
        #expect(try tick.run(["edit", "1", "--notes", "x", "--clear-notes"]).status == 64)
        #expect(try tick.run(["edit", "1", "--title", " "]).status == 64)
        #expect(try tick.run(["edit", "1", "--due", "nope"]).status == 64)
        #expect(try tick.run(["edit", "1", "--coordinate", "1,2"]).status == 1) // no location to put it on
    }

    @Test("move puts an item at a position within its section")
    func move() throws {
        let tick = try TickRunner()
        for title in ["A", "B", "C"] { try tick.add([title]) }
        #expect(try tick.run(["move", "3", "--to", "1"]).status == 0)
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["C", "A", "B"])
        #expect(try tick.run(["move", "1", "--to", "4"]).status == 1)
        #expect(try tick.run(["move", "1", "--to", "0"]).status == 64)
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["C", "A", "B"])
    }

    @Test("an unreadable file makes add fail with status 1 naming the file, and stays byte-identical")
    func unreadableFile() throws {
        let tick = try TickRunner()
        let garbage = Data("not a property list at all\u{0}\u{1}".utf8)
        try garbage.write(to: tick.file)
        let result = try tick.run(["add", "Thing"])
        #expect(result.status == 1)
        #expect(result.stderr.contains(tick.file.path))
        #expect(try Data(contentsOf: tick.file) == garbage)
        #expect(try tick.run(["list"]).status == 1)

        try Data().write(to: tick.file)
        let empty = try tick.run(["add", "Thing"])
        #expect(empty.status == 1)
        #expect(empty.stderr.contains("empty"))
        #expect(try Data(contentsOf: tick.file).isEmpty)
    }

    @Test("a FIFO as the list makes list and add fail at once naming the file, without waiting for a writer")
    func fifoRefused() throws {
        let tick = try TickRunner()
        #expect(mkfifo(tick.file.path, 0o600) == 0)
        for arguments in [["list"], ["add", "Thing"]] {
            // Were tick to wait for a writer, this one comes after 5 s and ends the wait.
            let path = tick.file.path
            let rescue = DispatchWorkItem {
                let writer = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC)
                if writer >= 0 { close(writer) }
            }
            DispatchQueue.global().asyncAfter(deadline: .now() + 5, execute: rescue)
            let start = Date()
            let result = try tick.run(arguments)
            rescue.cancel()
            #expect(Date().timeIntervalSince(start) < 4)
            #expect(result.status == 1)
            #expect(result.stderr.contains(tick.file.path))
            #expect(result.stderr.contains("not a regular file"))
        }
    }

    @Test("a list the user may not write (another's 0644 file in a shared directory) is refused, not replaced",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func notWritableRefused() throws {
        let place = try SharedPlace()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let tick = try TickRunner(in: place.root)
        try tick.add(["Root's item"])
        // Anyone may create files in the directory and take the lock; only root may write the list.
        #expect(chmod(tick.directory.path, 0o777) == 0)
        #expect(chmod(tick.directory.appendingPathComponent(".ToDoItems.plist.lock").path, 0o666) == 0)
        #expect(chmod(tick.file.path, 0o644) == 0)
        let before = try Data(contentsOf: tick.file)
        let (status, message) = try TickRunner.runWrapped(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", place.executable.path,
                                 "add", "Nobody's item", "--file", tick.file.path],
            environment: ["HOME": tick.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(status == 1)
        #expect(message.contains(tick.file.path))
        #expect(message.contains("you may not write this file (mode 0644)"))
        #expect(try Data(contentsOf: tick.file) == before)
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Root's item"])
    }

    @Test("with no subcommand and no terminal, tick prints the list")
    func noSubcommandPiped() throws {
        let tick = try TickRunner()
        try tick.add(["Piped"])
        let result = try tick.run([])
        #expect(result.status == 0)
        #expect(result.stdout == "1 [ ] Piped\n")
    }

    @Test("TICK_FILE chooses the file when --file is not given")
    func tickFileEnvironment() throws {
        let tick = try TickRunner()
        let result = try tick.run(["add", "From env"], withFile: false, environment: ["TICK_FILE": tick.file.path])
        #expect(result.status == 0)
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["From env"])
    }

    @Test("--version and help read well")
    func versionAndHelp() throws {
        let tick = try TickRunner()
        let version = try tick.run(["--version"], withFile: false)
        #expect(version.status == 0)
        #expect(version.stdout == "tick 0.1.0\n")
        let help = try tick.run(["--help"], withFile: false)
        #expect(help.status == 0)
        for name in ["add", "list", "show", "check", "uncheck", "remove", "edit", "move"] {
            #expect(help.stdout.contains("  \(name) ") || help.stdout.contains("  \(name),"), "\(name)")
        }
        let addHelp = try tick.run(["help", "add"], withFile: false)
        #expect(addHelp.status == 0)
        #expect(addHelp.stdout.contains("Examples"))
        #expect(addHelp.stdout.contains("--coordinate"))
    }
}

extension ISO8601DateFormatter {
    static var withFraction: ISO8601DateFormatter {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return formatter
    }
}
