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
    /// Copies `source` to `path` (which must not exist yet), runnable by every user (0755).
    public static func copy(_ source: String, to path: String) throws {
        let result = try Spawn.run(["/bin/cp", source, path])
        guard result.succeeded else { throw SpawnError.failed(["/bin/cp", source, path], result) }
        guard chmod(path, 0o755) == 0 else { throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path]) }
    }

    /// Writes a shell script whose lines after `#!/bin/sh` are `script` to `path`, runnable (0755).
    public static func writeShellScript(_ script: String, to path: String) throws {
        let text = path + ".text"
        try "#!/bin/sh\n\(script)\n".write(toFile: text, atomically: false, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: text) }
        try copy(text, to: path)
    }
}
