import Foundation

/// A private tmux server (its own socket, no configuration) running one session, for
/// driving the real `tick` in a real pseudo-terminal.
public final class TmuxSession {
    public let name = "tick"
    public let socket: String
    private let environment: [String: String]

    /// Starts `command` in a detached session of the given size on a private server at
    /// `socket`, in a UTF-8 locale with TERM=xterm-256color plus `paneEnvironment`.
    public init(
        socket: String, environment: [String: String], command: String,
        columns: Int = 100, rows: Int = 30, paneEnvironment: [String: String] = [:]
    ) throws {
        self.socket = socket
        self.environment = environment
        let extra = paneEnvironment.sorted { $0.key < $1.key }.flatMap { ["-e", "\($0.key)=\($0.value)"] }
        let result = try tmux(
            ["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)",
             "-e", "LC_ALL=C.UTF-8", "-e", "TERM=xterm-256color"] + extra + [command]
        )
        guard result.succeeded else { throw HarnessError("tmux new-session: \(result.errorOutput)") }
        let pid = try? tmux(["display-message", "-p", "#{pid}"]).output.trimmingCharacters(in: .whitespacesAndNewlines)
        serverPID = pid.flatMap { pid_t($0) }
    }

    /// The tmux server's process id, so that it can be stopped even when its socket is gone
    /// (a test's directory may be removed before the session is released).
    private var serverPID: pid_t?

    /// Quotes a word for the shell that tmux runs a command with.
    public static func quote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    private var target: String { "=\(name):" }

    @discardableResult
    public func tmux(_ arguments: [String]) throws -> SpawnResult {
        try Spawn.run(["tmux", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment, timeout: 10)
    }

    /// Sends keys by tmux name ("Enter", "Space", "Escape", "Up", "S-Down", "C-r", "q").
    public func send(_ keys: String...) throws {
        let result = try tmux(["send-keys", "-t", target] + keys)
        guard result.succeeded else { throw HarnessError("tmux send-keys \(keys): \(result.errorOutput)") }
    }

    /// Types text literally.
    public func type(_ text: String) throws {
        let result = try tmux(["send-keys", "-t", target, "-l", text])
        guard result.succeeded else { throw HarnessError("tmux send-keys -l: \(result.errorOutput)") }
    }

    /// Pastes text as a terminal does: through a tmux buffer, with line feeds sent as
    /// carriage returns, and inside bracketed-paste markers (`\e[200~` … `\e[201~`) when the
    /// program asked for bracketed paste (`paste-buffer -p`).
    public func paste(_ text: String) throws {
        let set = try tmux(["set-buffer", "-b", "paste", "--", text])
        guard set.succeeded else { throw HarnessError("tmux set-buffer: \(set.errorOutput)") }
        let result = try tmux(["paste-buffer", "-p", "-d", "-b", "paste", "-t", target])
        guard result.succeeded else { throw HarnessError("tmux paste-buffer: \(result.errorOutput)") }
    }

    /// The pane's lines as text.
    public func capture() throws -> [String] {
        let result = try tmux(["capture-pane", "-p", "-t", target])
        guard result.succeeded else { throw HarnessError("tmux capture-pane: \(result.errorOutput)") }
        var lines = result.output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// Polls the pane every 20 ms until `predicate` holds; throws with the last screen when
    /// the deadline passes.
    @discardableResult
    public func waitFor(_ what: String, timeout: TimeInterval = 10, _ predicate: ([String]) -> Bool) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var screen: [String] = []
        while true {
            screen = (try? capture()) ?? screen
            if predicate(screen) { return screen }
            if Date() > deadline {
                throw HarnessError("timed out waiting for \(what); the screen was:\n" + screen.joined(separator: "\n"))
            }
            usleep(20_000)
        }
    }

    /// Waits until some line contains `text`.
    @discardableResult
    public func waitFor(text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor("\"\(text)\"", timeout: timeout) { lines in lines.contains { $0.contains(text) } }
    }

    /// Adds an item in tick with the `a` key and waits until it is shown.
    public func addItem(_ title: String) throws {
        try send("a")
        try type(title)
        try send("Enter")
        try waitFor(text: title)
    }

    /// Waits until no line contains `text`.
    @discardableResult
    public func waitForAbsence(of text: String, timeout: TimeInterval = 10) throws -> [String] {
        try waitFor("\"\(text)\" to go", timeout: timeout) { lines in !lines.contains { $0.contains(text) } }
    }

    /// True while the session (and so the program in it) is running.
    public var isAlive: Bool {
        (try? tmux(["has-session", "-t", target]).succeeded) ?? false
    }

    /// Waits until the session has ended (the program in it exited).
    public func waitUntilGone(timeout: TimeInterval = 10) throws {
        let deadline = Date().addingTimeInterval(timeout)
        while isAlive {
            if Date() > deadline { throw HarnessError("timed out waiting for the session to end") }
            usleep(20_000)
        }
    }

    /// The process id of the program the pane started.
    public func panePID() throws -> pid_t {
        let result = try tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        guard let pid = pid_t(result.output.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw HarnessError("no pane pid in \(result.output)")
        }
        return pid
    }

    public func resize(columns: Int, rows: Int) throws {
        let result = try tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
        guard result.succeeded else { throw HarnessError("tmux resize-window: \(result.errorOutput)") }
    }

    /// Stops the server, which hangs up on the program in the pane.
    deinit {
        let stopped = (try? tmux(["kill-server"]).succeeded) ?? false
        if !stopped, let serverPID { kill(serverPID, SIGTERM) }
    }
}

/// The first line index whose text contains `text`.
public func lineIndex(of text: String, in lines: [String]) -> Int? {
    lines.firstIndex { $0.contains(text) }
}

/// A tmux step that did not go as expected, with what tmux or the screen said.
public struct HarnessError: Error, CustomStringConvertible {
    public let description: String
    public init(_ description: String) { self.description = description }
}
