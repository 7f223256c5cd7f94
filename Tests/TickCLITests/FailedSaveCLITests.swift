import Foundation
import Testing

/// A save is written to its temporary file piece by piece as it is encoded; a write that
/// fails partway must still leave the list as it was.
@Suite("CLI: a save the file system stops partway")
struct FailedSaveCLITests {
    @Test("a write refused partway (a file-size limit) fails naming the file; the list and its directory are as they were")
    func fileSizeLimit() throws {
        let tick = try TickRunner()
        // About 1.2 MB: several of the encoder's 256 KiB pieces.
        let note = String(repeating: "note ", count: 20_000)
        for index in 0..<12 { _ = try tick.add(["Item \(index)", "--notes", note]) }
        let before = try Data(contentsOf: tick.file)
        let names = try FileManager.default.contentsOfDirectory(atPath: tick.directory.path).sorted()
        #expect(before.count > 1_000_000)

        // 1,024 blocks of 512 bytes: the first pieces are written, a later one is refused
        // (EFBIG; the shell ignores SIGXFSZ, and so does tick after exec).
        let (status, message) = try TickRunner.runWrapped(
            "/bin/sh", ["-c", "trap '' XFSZ; ulimit -f 1024; exec \"$0\" \"$@\"",
                        try TickRunner.executable().path, "add", "One more", "--file", tick.file.path])
        #expect(status == 1)
        #expect(message.contains(tick.file.path))
        #expect(message.contains("cannot write the temporary file"))
        #expect(try Data(contentsOf: tick.file) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: tick.directory.path).sorted() == names)
        #expect(try tick.listJSON().count == 12)
    }
}
