import Foundation
import Testing
import TmuxHarness

/// A directory every user may enter, in /tmp, holding a copy of the test build's `tick`
/// that every user may run: the build itself sits in the checkout, which may be in a
/// directory other users cannot enter (a clone in /root, a 0700 temporary directory),
/// and so may `TMPDIR`.
struct SharedPlace {
    let root: URL
    let executable: URL

    init() throws {
        root = URL(fileURLWithPath: "/tmp").appendingPathComponent("tick-shared-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: false)
        // (chmod, not the umask-dependent mode of mkdir.)
        #expect(chmod(root.path, 0o755) == 0)
        executable = root.appendingPathComponent("tick")
        try ExecutableFile.copy(try TickRunner.executable().path, to: executable.path)
    }
}
