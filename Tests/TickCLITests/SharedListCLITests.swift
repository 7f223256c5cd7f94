import Foundation
import Testing

@Suite("a list shared by several users")
struct SharedListCLITests {
    /// Runs `tick arguments… --file FILE` as the user and group `id` under `umask`; the exit
    /// status and stderr.
    private func run(as id: Int, umask: String = "022", _ arguments: [String], tick: TickRunner, place: SharedPlace)
        throws -> (status: Int32, stderr: String) {
        try TickRunner.runWrapped(
            "/usr/bin/setpriv", ["--reuid=\(id)", "--regid=\(id)", "--clear-groups", "/bin/sh", "-c", "umask \(umask) && exec \"$0\" \"$@\"",
                                 place.executable.path] + arguments + ["--file", tick.file.path],
            environment: ["HOME": tick.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
    }

    @Test("a list every user may write (0666) takes changes from a second user after the first made its lock file, under umask 022 or 077",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")), arguments: ["022", "077"])
    func secondUserLocks(firstUsersUmask: String) throws {
        let place = try SharedPlace()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let tick = try TickRunner(in: place.root)
        try tick.add(["Root's item"])
        #expect(chmod(tick.directory.path, 0o777) == 0)
        #expect(chmod(tick.file.path, 0o666) == 0)
        // The first user to change the list makes the lock file; the second must be able to lock it too.
        try? FileManager.default.removeItem(atPath: tick.directory.appendingPathComponent(".ToDoItems.plist.lock").path)
        let first = try run(as: 65534, umask: firstUsersUmask, ["add", "First user's item"], tick: tick, place: place)
        #expect(first.status == 0, "\(first.stderr)")
        let second = try run(as: 2, ["add", "Second user's item"], tick: tick, place: place)
        #expect(second.status == 0, "\(second.stderr)")
        #expect(try tick.listJSON().map { $0["title"] as? String } == ["Root's item", "First user's item", "Second user's item"])
    }

    @Test("a list folder the user may not write is reported as such (permission denied), not as the missing lock file the fallback looked for",
          .enabled(if: geteuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func readOnlyFolder() throws {
        let place = try SharedPlace()
        defer { try? FileManager.default.removeItem(at: place.root) }
        let tick = try TickRunner(in: place.root)
        #expect(chmod(tick.directory.path, 0o755) == 0)
        let folder = tick.directory.appendingPathComponent("read-only")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        #expect(chmod(folder.path, 0o555) == 0)
        let result = try TickRunner.runWrapped(
            "/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", place.executable.path,
                                 "add", "Milk", "--file", folder.appendingPathComponent("ToDoItems.plist").path],
            environment: ["HOME": tick.directory.path, "PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("Permission denied"), "\(result.stderr)")
        #expect(!result.stderr.contains("No such file"), "\(result.stderr)")
    }
}
