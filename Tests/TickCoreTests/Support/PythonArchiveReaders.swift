import Foundation
@testable import TickCore

/// Runs two independent Python readers of keyed archives, nska-deserialize and bpylist2,
/// on our bytes: each gives the list's items as plain JSON (reals as their IEEE bits).
enum PythonArchiveReaders {
    /// The venv's python, where Scripts/test installs both readers: `$TICK_VENV/bin/python`,
    /// else the repository's `.venv/bin/python`.
    static var python: String? {
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
        var candidates: [String] = []
        if let venv = ProcessInfo.processInfo.environment["TICK_VENV"] { candidates.append(venv + "/bin/python") }
        candidates.append(repository.appendingPathComponent(".venv/bin/python").path)
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static let script = #"""
    import sys, json, struct
    import nska_deserialize as nd
    from bpylist2 import archiver
    KEYS = ['id', 'title', 'itemDescription', 'timestamp', 'dueIsDate', 'createdAt', 'modifiedAt',
            'completedAt', 'priority', 'tags', 'recurrence', 'iCalendarUID', 'iCalendarExtras', 'taskwarriorExtras', 'location', 'name', 'latitude', 'longitude',
            'formatVersion', 'toDoItems', 'doneItems']
    class Generic:
        @staticmethod
        def decode_archive(a):
            return {k: a.decode(k) for k in KEYS if a.decode(k) is not None}
    for name in ['ToDoList', 'ToDoItem', 'Location']:
        archiver.update_class_map({name: Generic})
    def plain(v):
        if isinstance(v, bool): return v
        if isinstance(v, float): return "real:" + str(struct.unpack('<Q', struct.pack('<d', v))[0])
        if isinstance(v, (int, str)): return v
        if isinstance(v, list): return [plain(x) for x in v]
        if isinstance(v, dict): return {k: plain(x) for k, x in v.items()}
        if hasattr(v, '__dict__'): return plain(vars(v))
        raise TypeError(type(v))
    data = open(sys.argv[1], 'rb').read()
    readers = {'nska-deserialize': nd.deserialize_plist_from_string(data), 'bpylist2': archiver.unarchive(data)}
    print(json.dumps({name: plain(root) for name, root in readers.items()}))
    """#

    /// Each reader's list: reader name → the root object as JSON values.
    static func read(_ bytes: [UInt8]) throws -> [String: Any] {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tick-archive-\(UUID().uuidString)")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let output = try run(["-c", script, file.path])
        guard let object = try JSONSerialization.jsonObject(with: Data(output)) as? [String: Any] else {
            throw PythonPlistlib.Failure(description: "the readers printed no JSON object")
        }
        return object
    }

    /// What our item is as those readers show it.
    static func expected(_ item: ToDoItem) -> [String: Any] {
        func real(_ value: Double) -> String { "real:\(value.bitPattern)" }
        var fields: [String: Any] = ["id": item.id.uuidString, "title": item.title, "createdAt": real(item.createdAt.timeIntervalSince1970)]
        if let notes = item.notes { fields["itemDescription"] = notes }
        if let due = item.due { fields["timestamp"] = real(due.timeIntervalSince1970) }
        if item.dueIsDay { fields["dueIsDate"] = true }
        if let date = item.modifiedAt { fields["modifiedAt"] = real(date.timeIntervalSince1970) }
        if let date = item.completedAt { fields["completedAt"] = real(date.timeIntervalSince1970) }
        if let priority = item.priority { fields["priority"] = NSNumber(value: priority) }
        if !item.tags.isEmpty { fields["tags"] = item.tags }
        if let rule = item.recurrence { fields["recurrence"] = rule }
        if let text = item.externalUID { fields["iCalendarUID"] = text }
        if let text = item.iCalendarExtras { fields["iCalendarExtras"] = text }
        if let text = item.taskwarriorExtras { fields["taskwarriorExtras"] = text }
        if let location = item.location {
            var place: [String: Any] = ["name": location.name]
            if let coordinate = location.coordinate {
                place["latitude"] = real(coordinate.latitude)
                place["longitude"] = real(coordinate.longitude)
            }
            fields["location"] = place
        }
        return fields
    }

    private static func run(_ arguments: [String]) throws -> [UInt8] {
        let process = Process()
        guard let python else {
            throw PythonPlistlib.Failure(description: "no Python venv with nska-deserialize and bpylist2: run Scripts/test (it creates .venv), or set TICK_VENV")
        }
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw PythonPlistlib.Failure(description: "python3 \(arguments.first ?? "") failed with status \(process.terminationStatus)")
        }
        return [UInt8](data)
    }
}
