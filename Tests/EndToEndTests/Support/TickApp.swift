import Foundation
import TmuxHarness

/// The full-screen `tick` running in a tmux pane on a list file of its own.
final class TickApp {
    let directory: TemporaryDirectory
    let file: String
    private var current: TmuxSession?
    private var launches = 0

    /// The tmux session of the last launch.
    var session: TmuxSession {
        get throws {
            guard let current else { throw TickError.failed("tick was not launched") }
            return current
        }
    }

    /// Makes a directory and a list file path, optionally filling it through the CLI first.
    init(columns: Int = 100, rows: Int = 30, launch: Bool = true) throws {
        directory = try TemporaryDirectory()
        file = directory.path("list.plist")
        if launch { try self.launch(columns: columns, rows: rows) }
    }

    /// Starts tick (again) in a new private tmux server and waits for its first frame.
    func launch(columns: Int = 100, rows: Int = 30) throws {
        launches += 1
        current = try TmuxSession(
            in: directory, socketName: "sock-\(launches)",
            command: TmuxSession.tickCommand(file: file), columns: columns, rows: rows
        )
        try session.waitFor(text: "list.plist")
    }

    /// Starts an interactive shell in a pane instead of tick, for tests that need to see
    /// what the terminal is like after tick has gone.
    func launchShell() throws {
        launches += 1
        current = try TmuxSession(in: directory, socketName: "sock-\(launches)", command: "exec bash --norc --noprofile")
        try session.waitFor(text: "bash-")
    }

    /// Runs a CLI subcommand on the same file.
    @discardableResult
    func cli(_ arguments: String...) throws -> SpawnResult {
        let result = try TickBinary.run(arguments, file: file, home: directory)
        guard result.succeeded else {
            throw TickError.failed("tick \(arguments.joined(separator: " ")) failed (\(result.status)): \(result.errorOutput)")
        }
        return result
    }

    /// The list on disk right now.
    func disk() throws -> [DiskItem] { try TickBinary.items(file: file, home: directory) }

    /// The list on disk once `settled` holds for it, waiting up to 5 s: tick saves a change
    /// just after the frame that shows it. What is on disk at the end is returned either
    /// way, so that the caller's expectations show it.
    func disk(once settled: ([DiskItem]) -> Bool) throws -> [DiskItem] {
        try read(disk, once: settled)
    }

    /// What `read` gives once `settled` holds for it, waiting up to 5 s (what it gives at
    /// the end either way).
    func read<T>(_ read: () throws -> T, once settled: (T) -> Bool) throws -> T {
        let deadline = Date().addingTimeInterval(5)
        var value = try read()
        while !settled(value), Date() < deadline {
            usleep(20_000)
            value = try read()
        }
        return value
    }

    /// Adds an item with the `a` key and waits until it is shown.
    func addItem(_ title: String) throws {
        try session.addItem(title)
    }
}
