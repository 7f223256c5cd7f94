import Foundation
import TickCore
@testable import TickInterchange

/// A list file, a vdir and a state directory in a temporary directory of their own.
final class SyncFixture {
    let directory: URL
    let store: ToDoStore
    let vdir: URL
    let stateDirectory: URL

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-sync-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        store = ToDoStore(fileURL: directory.appendingPathComponent("ToDoItems.plist"))
        vdir = directory.appendingPathComponent("vdir")
        stateDirectory = directory.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: directory) }

    /// A sync of this list and vdir.
    func sync(forceDelete: Bool = false, namedByUser: Bool = true, checkpoint: @escaping @Sendable (VdirSync.Step) throws(InterchangeError) -> Void = { _ throws(InterchangeError) in }) -> VdirSync {
        var sync = VdirSync(store: store, vdir: vdir, stateDirectory: stateDirectory)
        sync.zone = .utc
        sync.forceDelete = forceDelete
        sync.namedByUser = namedByUser
        sync.checkpoint = checkpoint
        return sync
    }

    @discardableResult
    func run(forceDelete: Bool = false) throws -> SyncReport { try sync(forceDelete: forceDelete).run() }

    /// Writes a file into the vdir.
    func writeFile(_ name: String, _ text: String) throws {
        try Data(text.utf8).write(to: vdir.appendingPathComponent(name))
    }

    func readFile(_ name: String) throws -> String {
        try String(contentsOf: vdir.appendingPathComponent(name), encoding: .utf8)
    }

    /// The names of the vdir's files.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: vdir.path).filter { $0.hasSuffix(".ics") }.sorted()
    }

    /// Every file under the directory with its modification time and inode, to tell that nothing was written.
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        let enumerator = FileManager.default.enumerator(atPath: directory.path)
        while let relative = enumerator?.nextObject() as? String {
            var info = stat()
            guard stat(directory.appendingPathComponent(relative).path, &info) == 0 else { continue }
            result[relative] = "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
        }
        return result
    }

    /// A VTODO file's text (CRLF), with `extra` lines inside the VTODO.
    static func todo(uid: String, summary: String, extra: [String] = []) -> String {
        (["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", "BEGIN:VTODO", "UID:\(uid)", "DTSTAMP:20261101T100000Z",
          "SUMMARY:\(summary)"] + extra + ["END:VTODO", "END:VCALENDAR"]).map { $0 + "\r\n" }.joined()
    }
}
