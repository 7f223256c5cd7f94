import Foundation
import TmuxHarness

extension TmuxSession {
    /// Starts `command` in a private tmux server whose socket is in the test's directory,
    /// with tick's data directories inside it too.
    convenience init(in directory: TemporaryDirectory, socketName: String = "sock", command: String, columns: Int = 100, rows: Int = 30) throws {
        try self.init(
            socket: directory.path(socketName), environment: TickBinary.environment(home: directory),
            command: command, columns: columns, rows: rows,
            paneEnvironment: ["XDG_DATA_HOME": directory.path("xdg-data"), "XDG_STATE_HOME": directory.path("state")]
        )
    }

    /// A shell command that starts tick on a file; with `exec` the pane's process is tick.
    static func tickCommand(file: String, exec: Bool = true, extraArguments: [String] = []) -> String {
        (exec ? "exec " : "") + ([TickBinary.path, "--file", file] + extraArguments).map(quote).joined(separator: " ")
    }
}
