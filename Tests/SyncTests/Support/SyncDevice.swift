import Foundation
import Testing
import TmuxHarness

/// One device of a ``SyncWorld``: a home directory with a tick list, a vdir that vdirsyncer
/// keeps in step with the server, and todoman configured on the same vdir (for the phone).
final class SyncDevice {
    let world: SyncWorld
    let directory: URL
    /// `tasks/list`: todoman reads each folder under `tasks/` as a list.
    let vdir: URL
    let listFile: URL
    let environment: [String: String]

    /// With `collections`, the device syncs every collection of alice's on the server: `vdir`
    /// is vdirsyncer's storage folder `tasks/` (one sub-folder per collection, with its
    /// displayname and color), and vdirsyncer creates a collection tick made (`implicit =
    /// "create"`), whose name from tick wins over the server's default (`conflict_resolution`).
    init(world: SyncWorld, name: String, collections: Bool = false) throws {
        self.world = world
        directory = world.directory.appendingPathComponent(name)
        vdir = directory.appendingPathComponent(collections ? "tasks" : "tasks/list")
        listFile = directory.appendingPathComponent("ToDoItems.plist")
        let config = directory.appendingPathComponent("config")
        try FileManager.default.createDirectory(at: vdir, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: config.appendingPathComponent("todoman"), withIntermediateDirectories: true)
        let vdirsyncerConfig = config.appendingPathComponent("vdirsyncer.conf")
        try """
            [general]
            status_path = "\(directory.appendingPathComponent("vdirsyncer-status").path)/"
            [pair tasks]
            a = "local"
            b = "remote"
            \(collections ? "collections = [\"from a\", \"from b\"]\nmetadata = [\"displayname\", \"color\"]\nimplicit = \"create\"\nconflict_resolution = \"a wins\"" : "collections = null")
            [storage local]
            type = "filesystem"
            path = "\(vdir.path)/"
            fileext = ".ics"
            [storage remote]
            type = "caldav"
            url = "http://127.0.0.1:\(world.port)\(collections ? "/alice/" : SyncWorld.collection)"
            username = "alice"
            password = "x"
            """.write(to: vdirsyncerConfig, atomically: true, encoding: .utf8)
        try """
            path = "\(directory.appendingPathComponent("tasks").path)/*"
            date_format = "%Y-%m-%d"
            time_format = "%H:%M"
            default_list = "list"
            cache_path = "\(directory.appendingPathComponent("todoman-cache.sqlite3").path)"
            """.write(to: config.appendingPathComponent("todoman/config.py"), atomically: true, encoding: .utf8)
        environment = [
            "HOME": directory.path, "XDG_STATE_HOME": directory.appendingPathComponent("state").path,
            "XDG_CONFIG_HOME": config.path, "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
            "TZ": "UTC", "LANG": "C.UTF-8", "PATH": world.venv.appendingPathComponent("bin").path + ":/usr/bin:/bin",
            "VDIRSYNCER_CONFIG": vdirsyncerConfig.path,
        ]
        try run([vdirsyncerPath, "discover", "tasks"])
    }

    var vdirsyncerPath: String { world.venv.appendingPathComponent("bin/vdirsyncer").path }

    /// Writes `tick/config.toml` naming the vdir and the vdirsyncer pair, so that `tick sync`
    /// alone does a whole cycle (and with `interval`, the open app's timer).
    func useOneCommandConfig(interval: Int? = nil) throws {
        let folder = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? "").appendingPathComponent("tick")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try """
            # written by the sync tests
            [sync]
            vdir = "\(vdir.path)"
            vdirsyncer_pair = "tasks"
            vdirsyncer = "\(vdirsyncerPath)"
            \(interval.map { "interval = \($0)" } ?? "")
            """.write(to: folder.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)
    }

    /// Runs a program in this device's environment; `expecting` is the exit status it must have.
    @discardableResult
    func run(_ arguments: [String], expecting status: Int32? = 0) throws -> SpawnResult {
        let result = try Spawn.run(arguments, environment: environment, timeout: 60)
        if let status {
            #expect(result.status == status, "\(arguments.joined(separator: " ")) → \(result.status)\n\(result.output)\n\(result.errorOutput)")
        }
        return result
    }

    /// `tick ARGUMENTS --file LIST`.
    @discardableResult
    func tick(_ arguments: [String], expecting status: Int32? = 0) throws -> SpawnResult {
        try run([try Self.tickExecutable().path] + arguments + ["--file", listFile.path], expecting: status)
    }

    /// `vdirsyncer sync tasks`.
    func vdirsyncer() throws { try run([vdirsyncerPath, "sync", "tasks"]) }

    /// Rewrites the `.ics` file of this device's vdir that holds `text` (any, when nil) by
    /// `change`, as another app edits it.
    func editFile(holding text: String? = nil, _ change: (String) -> String) throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: vdir.path).filter { $0.hasSuffix(".ics") }
        let files = names.map { vdir.appendingPathComponent($0) }
        let file = try #require(try files.first { file in try text.map { try String(contentsOf: file, encoding: .utf8).contains($0) } ?? true })
        try Data(change(try String(contentsOf: file, encoding: .utf8)).utf8).write(to: file)
    }

    /// What a user does: `vdirsyncer sync`, `tick sync`, `vdirsyncer sync`.
    @discardableResult
    func cycle() throws -> String {
        try vdirsyncer()
        let result = try tick(["sync", "--vdir", vdir.path])
        try vdirsyncer()
        return result.output
    }

    /// `todo ARGUMENTS` (todoman 4.7.0) on this device's vdir. (`--porcelain` only for
    /// `list`: todoman 4.7.0's porcelain formatter refuses `new` without `--priority`.)
    @discardableResult
    func todo(_ arguments: [String], porcelain: Bool = false) throws -> String {
        let configPath = URL(fileURLWithPath: environment["XDG_CONFIG_HOME"] ?? "").appendingPathComponent("todoman/config.py").path
        return try run([world.venv.appendingPathComponent("bin/todo").path, "--config", configPath] + (porcelain ? ["--porcelain"] : []) + arguments).output
    }

    /// todoman's tasks as JSON objects (`todo --porcelain list` with any extra arguments).
    func todoList(_ arguments: [String] = []) throws -> [[String: Any]] {
        let output = try todo(["list"] + arguments, porcelain: true)
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    /// `tick list --json`.
    func items() throws -> [[String: Any]] {
        let output = try tick(["list", "--json"]).output
        return try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [[String: Any]])
    }

    /// The item with this title in `tick list --json`.
    func item(titled title: String) throws -> [String: Any]? {
        try items().first { $0["title"] as? String == title }
    }

    /// Every file under the device's list, vdir and tick state with its inode and modification time.
    func snapshot() throws -> [String: String] {
        var result: [String: String] = [:]
        for folder in [vdir, directory.appendingPathComponent("state")] {
            for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? [] {
                result[folder.lastPathComponent + "/" + name] = Self.stamp(folder.appendingPathComponent(name).path)
            }
        }
        result["list"] = Self.stamp(listFile.path)
        return result
    }

    private static func stamp(_ path: String) -> String {
        var info = stat()
        guard stat(path, &info) == 0 else { return "missing" }
        return "\(info.st_ino) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec) \(info.st_size)"
    }

    /// The `tick` executable built beside the tests.
    static func tickExecutable() throws -> URL {
        let argument0 = URL(fileURLWithPath: CommandLine.arguments[0]).standardizedFileURL
        let bundle = Bundle.main.bundleURL
        let candidates = [argument0.deletingLastPathComponent().appendingPathComponent("tick"), bundle.appendingPathComponent("tick"),
                          bundle.deletingLastPathComponent().appendingPathComponent("tick")]
        for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        Issue.record("no tick binary beside the tests; looked at \(candidates.map(\.path))")
        throw CocoaError(.fileNoSuchFile)
    }
}
