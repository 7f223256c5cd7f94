import Foundation

/// Writes the programs tests run (fake vdirsyncers, a copy of `tick`) so that the test
/// process never holds them open for writing.
///
/// Linux refuses to run a file that any process has open for writing ("Text file busy",
/// ETXTBSY). Tests run on many threads: a file the test process writes itself can have its
/// descriptor inherited by a child another test starts at that moment, and a long-lived
/// child (a server, a running tick) keeps it open long after the write. `cp` writes the file
/// in a process of its own instead, whose descriptors no other child inherits.
public enum ExecutableFile {
    /// Copies `source` to `path`, runnable by every user (0755), replacing any file there
    /// (by a rename, so that a program still running the old one is not disturbed).
    public static func copy(_ source: String, to path: String) throws {
        let target = URL(fileURLWithPath: path)
        let written = target.deletingLastPathComponent().appendingPathComponent(".\(target.lastPathComponent)-\(UUID().uuidString)").path
        let arguments = ["cp", source, written]
        // (A whole tick binary, on a machine busy with the other tests.)
        let result = try Spawn.run(arguments, timeout: 120)
        guard result.succeeded else { throw SpawnError.failed(arguments, result) }
        guard chmod(written, 0o755) == 0, rename(written, path) == 0 else {
            let code = POSIXErrorCode(rawValue: errno) ?? .EIO
            try? FileManager.default.removeItem(atPath: written)
            throw POSIXError(code)
        }
    }

    /// Writes a shell script whose lines after `#!/bin/sh` are `script` to `path`, runnable
    /// (0755), replacing any file there.
    public static func writeShellScript(_ script: String, to path: String) throws {
        let text = FileManager.default.temporaryDirectory.appendingPathComponent("tick-script-\(UUID().uuidString)").path
        try "#!/bin/sh\n\(script)\n".write(toFile: text, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: text) }
        try copy(text, to: path)
    }
}
