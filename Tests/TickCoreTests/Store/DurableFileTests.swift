import Foundation
import Glibc
import Testing
@testable import TickCore

/// The one durable-file primitive's rules, as every writer (list, export, vdir) gets them.
@Suite("DurableFile: one path to disk")
struct DurableFileTests {
    private let directory: String

    init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-durable-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    }

    private func mode(_ path: String) -> mode_t {
        var info = stat()
        return stat(path, &info) == 0 ? info.st_mode & 0o7777 : 0
    }

    private func names() throws -> [String] { try FileManager.default.contentsOfDirectory(atPath: directory).sorted() }

    @Test("a batch writes new files with the stated mode, keeps an existing file's mode, and leaves no temporary file")
    func batchModes() throws {
        let old = directory + "/old.ics"
        try Data("old".utf8).write(to: URL(fileURLWithPath: old))
        #expect(chmod(old, 0o640) == 0)
        let batch = try DurableFile.Batch(directory: directory, newMode: 0o600)
        try batch.add(Array("new old".utf8), as: "old.ics")
        try batch.add(Array("new".utf8), as: "new.ics")
        #expect(try names().count == 3)
        try batch.flush()
        #expect(try batch.placeNext() == "old.ics")
        #expect(try batch.placeNext() == "new.ics")
        #expect(try batch.placeNext() == nil)
        try batch.finish()
        #expect(try names() == ["new.ics", "old.ics"])
        #expect(try String(contentsOfFile: old, encoding: .utf8) == "new old")
        #expect(mode(old) == 0o640 && mode(directory + "/new.ics") == 0o600)
    }

    @Test("a batch given up before its renames removes its temporary files and leaves the old files")
    func batchGivenUp() throws {
        try Data("old".utf8).write(to: URL(fileURLWithPath: directory + "/a.ics"))
        do {
            let batch = try DurableFile.Batch(directory: directory, newMode: 0o600)
            try batch.add(Array("new".utf8), as: "a.ics")
            try batch.add(Array("new".utf8), as: "b.ics")
        }
        #expect(try names() == ["a.ics"])
        #expect(try String(contentsOfFile: directory + "/a.ics", encoding: .utf8) == "old")
    }

    @Test("a directory that cannot be synced is an error naming it, not ignored")
    func directorySyncError() throws {
        let gone = directory + "/gone"
        #expect { try DurableFile.syncDirectory(gone) } throws: { error in
            (error as? StoreError).map { $0.path == gone && $0.problem.contains("cannot open the directory") } ?? false
        }
        let batch = try DurableFile.Batch(directory: directory, newMode: 0o600)
        #expect(rename(directory, directory + "-moved") == 0)
        defer { rename(directory + "-moved", directory) }
        #expect(throws: StoreError.self) { try batch.finish() }
    }

    @Test("read refuses a FIFO at once and a file over the limit, naming the path as given")
    func reading() throws {
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect { try DurableFile.read(fifo, reportingAs: "the fifo") } throws: { error in
            (error as? StoreError).map { $0.path == "the fifo" && $0.problem.contains("not a regular file") } ?? false
        }
        let big = directory + "/big"
        try Data(repeating: 65, count: 2 << 20).write(to: URL(fileURLWithPath: big))
        #expect(throws: StoreError.self) { try DurableFile.read(big, limit: 1 << 20) }
        #expect(try DurableFile.read(big)?.count == 2 << 20)
        #expect(try DurableFile.read(directory + "/none") == nil)
    }
}
