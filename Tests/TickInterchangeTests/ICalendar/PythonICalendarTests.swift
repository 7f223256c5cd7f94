import Foundation
import Testing
import TickCore
import TmuxHarness
@testable import TickInterchange

/// What python's icalendar package read from one VTODO of tick's export.
struct PythonVTodo: Decodable, Equatable {
    var uid: String
    var summary: String?
    var description: String?
    var due: String?
    var location: String?
    var geo: [Double]?
    var status: String?
    var completed: String?
    var created: String?
    var dtstamp: String?
    var lastModified: String?
    var sequence: Int?
    var sortOrder: String?
    var priority: Int?
    var categories: [String]?
    var rrule: String?
    var alarms: Int
    var errors: [String]
}

/// The venv's python: `$TICK_VENV/bin/python`, else the repository's `.venv/bin/python`.
func venvPython() -> String? {
    let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    var candidates: [String] = []
    if let venv = ProcessInfo.processInfo.environment["TICK_VENV"] { candidates.append(venv + "/bin/python") }
    candidates.append(repository.appendingPathComponent(".venv/bin/python").path)
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// Reads an .ics file with icalendar 7.3.2 and prints every VTODO's fields as JSON.
let pythonReader = """
    import json, sys, icalendar
    assert icalendar.__version__ == "7.3.2", icalendar.__version__
    calendar = icalendar.Calendar.from_ical(open(sys.argv[1], "rb").read())
    def date(component, name):
        value = component.get(name)
        return None if value is None else value.dt.isoformat()
    def text(component, name):
        value = component.get(name)
        return None if value is None else str(value)
    out = []
    for todo in calendar.walk("VTODO"):
        geo = todo.get("GEO")
        out.append({
            "uid": str(todo["UID"]), "summary": text(todo, "SUMMARY"), "description": text(todo, "DESCRIPTION"),
            "due": date(todo, "DUE"), "location": text(todo, "LOCATION"),
            "geo": None if geo is None else [geo.latitude, geo.longitude],
            "status": text(todo, "STATUS"), "completed": date(todo, "COMPLETED"), "created": date(todo, "CREATED"),
            "dtstamp": date(todo, "DTSTAMP"), "lastModified": date(todo, "LAST-MODIFIED"),
            "sequence": None if todo.get("SEQUENCE") is None else int(todo["SEQUENCE"]),
            "sortOrder": text(todo, "X-APPLE-SORT-ORDER"),
            "priority": None if todo.get("PRIORITY") is None else int(todo["PRIORITY"]),
            "categories": None if todo.get("CATEGORIES") is None else [str(c) for c in todo["CATEGORIES"].cats],
            "rrule": None if todo.get("RRULE") is None else todo["RRULE"].to_ical().decode(),
            "alarms": len([c for c in todo.subcomponents if c.name == "VALARM"]),
            "errors": [str(e) for e in todo.errors] + [str(e) for e in calendar.errors],
        })
    print(json.dumps(out))
    """

@Suite("python icalendar reads tick's export")
struct PythonICalendarTests {
    @Test("icalendar 7.3.2 parses tick's export and finds every field")
    func pythonReadsEveryField() throws {
        guard let python = venvPython() else {
            Issue.record("no Python venv with icalendar: run Scripts/test (it creates .venv), or set TICK_VENV to a venv with icalendar==7.3.2")
            return
        }
        var full = try sampleItem()
        full.modifiedAt = utc(2026, 3, 1, 12)
        full.completedAt = utc(2026, 3, 1, 12)
        full.externalUID = "client-uid-1@example.com"
        try full.setPriority(3)
        try full.setTags(["home", "a,b; c"])
        full.recurrence = "FREQ=WEEKLY;BYDAY=MO"
        full.iCalendarExtras = "BEGIN:VALARM\nACTION:DISPLAY\nTRIGGER:-PT15M\nDESCRIPTION:Soon\nEND:VALARM"
        var day = try ToDoItem(id: #require(UUID(uuidString: "11111111-2222-4333-8444-555555555555")),
                               title: String(repeating: "Überweisung prüfen 👍🏽 ", count: 6), createdAt: utc(2025, 12, 31, 23, 59, 59))
        day.setDue(day: CalendarDay(year: 2026, month: 2, day: 28))
        let bytes = ICalendar.encode([ICalendarEntry(item: full, isDone: true, sortOrder: 0),
                                      ICalendarEntry(item: day, isDone: false, sortOrder: 7)])
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("export.ics")
        try Data(bytes).write(to: file)
        let script = directory.appendingPathComponent("read.py")
        try Data(pythonReader.utf8).write(to: script)

        let result = try Spawn.run([python, script.path, file.path], timeout: 60)
        #expect(result.succeeded, "\(result.errorOutput)")
        let read = try JSONDecoder().decode([PythonVTodo].self, from: Data(result.output.utf8))
        #expect(read == [
            PythonVTodo(uid: "client-uid-1@example.com", summary: "Call Anna; bring keys, list", description: "first line\nsecond \\ line",
                        due: "2026-12-01T09:30:00+00:00", location: "Café Zürich", geo: [47.37, 8.54], status: "COMPLETED",
                        completed: "2026-03-01T12:00:00+00:00", created: "2026-01-02T03:04:05+00:00",
                        dtstamp: "2026-03-01T12:00:00+00:00", lastModified: "2026-03-01T12:00:00+00:00", sequence: 1,
                        sortOrder: "0", priority: 3, categories: ["home", "a,b; c"], rrule: "FREQ=WEEKLY;BYDAY=MO", alarms: 1, errors: []),
            PythonVTodo(uid: "11111111-2222-4333-8444-555555555555", summary: day.title, description: nil, due: "2026-02-28",
                        location: nil, geo: nil, status: "NEEDS-ACTION", completed: nil, created: "2025-12-31T23:59:59+00:00",
                        dtstamp: "2025-12-31T23:59:59+00:00", lastModified: nil, sequence: nil, sortOrder: "7", priority: nil,
                        categories: nil, rrule: nil, alarms: 0, errors: []),
        ])
    }

    @Test("icalendar 7.3.2 reads tick's export of every client file without errors, every TZID defined")
    func pythonReadsClientExports() throws {
        guard let python = venvPython() else {
            Issue.record("no Python venv with icalendar: run Scripts/test (it creates .venv), or set TICK_VENV to a venv with icalendar==7.3.2")
            return
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-python-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let script = directory.appendingPathComponent("check.py")
        try Data("""
            import json, sys, icalendar
            result = {}
            for path in sys.argv[1:]:
                calendar = icalendar.Calendar.from_ical(open(path, "rb").read())
                errors = [str(e) for c in calendar.walk() for e in c.errors]
                result[path.rsplit("/", 1)[-1]] = {
                    "summaries": [str(t["SUMMARY"]) for t in calendar.walk("VTODO")],
                    "missing": sorted(calendar.get_missing_tzids()), "errors": errors}
            print(json.dumps(result))
            """.utf8).write(to: script)
        var expected: [String: [String]] = [:]
        var paths: [String] = []
        for name in ClientFileTests.all {
            let decoded = try decodeFixture(name)
            let bytes = ICalendar.encode(decoded.todos.map { ICalendarEntry(item: $0.item, isDone: $0.isDone, sortOrder: $0.sortOrder) })
            let path = directory.appendingPathComponent(name).path
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            paths.append(path)
            // Overrides of recurrences are VTODOs too.
            expected[name] = try ICalendar.decode(bytes, source: name, options: testOptions()).todos.flatMap { todo in
                [todo.item.title] + ICalendarExtras(todo.item.iCalendarExtras ?? "").overrides.compactMap { lines in
                    lines.first { ICalendarExtras.name(of: $0) == "SUMMARY" }.map { ICalText.unescape(String(ICalendarExtras.value(of: $0))) }
                }
            }
        }
        struct Checked: Decodable { var summaries: [String]; var missing: [String]; var errors: [String] }
        let result = try Spawn.run([python, script.path] + paths, timeout: 60)
        #expect(result.succeeded, "\(result.errorOutput)")
        let read = try JSONDecoder().decode([String: Checked].self, from: Data(result.output.utf8))
        for name in ClientFileTests.all {
            #expect(read[name]?.summaries == expected[name], "\(name)")
            #expect(read[name]?.missing == [], "\(name)")
            #expect(read[name]?.errors == [], "\(name)")
        }
    }
}
