import Foundation

/// A private tmux server (its own socket, no configuration) running one session, for
/// driving the real `tick` in a real pseudo-terminal.
final class TmuxSession {
    let name = "tick"
    let socket: String
    private let environment: [String: String]

    /// Starts `command` in a detached session of the given size, in a UTF-8 locale with
    /// TERM=xterm-256color.
    init(in directory: TemporaryDirectory, socketName: String = "sock", command: String, columns: Int = 100, rows: Int = 30) throws {
        socket = directory.path(socketName)
        environment = TickBinary.environment(home: directory)
        let result = try tmux([
            "new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
            "-e", "LC_ALL=C.UTF-8", "-e", "TERM=xterm-256color",
            "-e", "XDG_DATA_HOME=\(directory.path("xdg-data"))",
            command,
        ])
        guard result.succeeded else { throw TickError.failed("tmux new-session: \(result.errorOutput)") }
    }

    /// A shell command that starts tick on a file; with `exec` the pane's process is tick.
    static func tickCommand(file: String, exec: Bool = true, extraArguments: [String] = []) -> String {
        (exec ? "exec " : "") + ([TickBinary.path, "--file", file] + extraArguments).map(quote).joined(separator: " ")
    }

    static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private var target: String { "=\(name):" }

    @discardableResult
    func tmux(_ arguments: [String]) throws -> SpawnResult {
        try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment, timeout: 10)
    }

    /// Sends keys by tmux name ("Enter", "Space", "Escape", "Up", "S-Down", "C-r", "q").
    func send(_ keys: String...) throws {
        let result = try tmux(["send-keys", "-t", target] + keys)
        guard result.succeeded else { throw TickError.failed("tmux send-keys \(keys): \(result.errorOutput)") }
    }

    /// Types text literally.
    func type(_ text: String) throws {
        let result = try tmux(["send-keys", "-t", target, "-l", text])
        guard result.succeeded else { throw TickError.failed("tmux send-keys -l: \(result.errorOutput)") }
    }

    /// The pane's lines as text.
    func capture() throws -> [String] {
        let result = try tmux(["capture-pane", "-p", "-t", target])
        guard result.succeeded else { throw TickError.failed("tmux capture-pane: \(result.errorOutput)") }
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane every 20 ms until `predicate` holds; throws with the last screen when
    /// the deadline passes.
    @discardableResult
    func waitFor(_ what: String, timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while true {
            screen = (try? capture()) ?? screen
            if predicate(screen) { return screen }
            if Date() > deadline {
                throw TickError.failed("timed out waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Waits until some line contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { lines in lines.contains { $0.contains(text) } }
    }

    /// Waits until no line contains `text`.
    @discardableResult
    func waitForAbsence(of text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor("\"\(text)\" to go", timeout: timeout) { lines in !lines.contains { $0.contains(text) } }
    }

    /// True while the session (and so the program in it) is running.
    var isAlive: Bool {
        (try? tmux(["has-session", "-t", target]).succeeded) ?? false
    }

    /// Waits until the session has ended (the program in it exited).
    func waitUntilGone(timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while isAlive {
            if Date() > deadline { throw TickError.failed("timed out waiting for the session to end") }
            usleep(20_000)
        }
    }

    /// The process id of the program the pane started.
    func panePID() throws -> pid_t {
        let result = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        guard let pid = pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw TickError.failed("no pane pid in \(result.output)")
        }
        return pid
    }

    func resize(columns: Int, rows: Int) throws {
        let result = try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        guard result.succeeded else { throw TickError.failed("tmux resize-window: \(result.errorOutput)") }
    }

    deinit { _ = try? tmux(["kill-server"]) }
}

/// The first line index whose text contains `text`.
func lineIndex(of text: String, in lines: [String]) -> Int? {
    lines.firstIndex { $0.contains(text) }
}
