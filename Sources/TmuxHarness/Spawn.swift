import Foundation

/// What a finished child process left behind.
public struct SpawnResult: Sendable {
    /// The exit status, or 128 + the signal that ended the process.
    public var status: Int32
    public var output: String
    public var errorOutput: String
    public var succeeded: Bool { status == 0 }
}

/// Why a child process could not be run to the end, or ended in failure.
public enum SpawnError: Error, CustomStringConvertible {
    case couldNotStart(String, Int32)
    case timedOut([String])
    case failed([String], SpawnResult)
    public var description: String {
        switch self {
        case .couldNotStart(let path, let code): "could not start \(path): \(String(cString: strerror(code)))"
        case .timedOut(let arguments): "timed out: \(arguments.joined(separator: " "))"
        case .failed(let arguments, let result):
            "\(arguments.joined(separator: " ")) exited with status \(result.status): \(result.errorOutput)"
        }
    }
}

/// Runs programs with posix_spawn and waitpid.
///
/// Foundation's `Process` hangs on `tmux new-session` (the tmux daemon keeps an inherited
/// descriptor open), so output goes to files instead of pipes. Swift Testing's worker
/// threads block SIGTERM and SIGWINCH, and children inherit the mask: it is reset here so
/// that signals sent to tick (and to tmux) arrive.
public enum Spawn {
    /// Runs a program to completion (killing it after `timeout` seconds) and returns its
    /// exit status and output. `stdinPath` is opened as standard input (default /dev/null).
    public static func run(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        stdinPath: String = "/dev/null",
        timeout: TimeInterval = 20
    ) throws -> SpawnResult {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tick-spawn-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let outPath = scratch.appendingPathComponent("out").path
        let errPath = scratch.appendingPathComponent("err").path

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, stdinPath, O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, errPath, O_WRONLY | O_CREAT | O_TRUNC, 0o600)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGWINCH, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        let envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for pointer in argv { free(pointer) }
            for pointer in envp { free(pointer) }
        }
        var pid: pid_t = 0
        let code = posix_spawnp(&pid, arguments[0], &actions, &attributes, argv, envp)
        guard code == 0 else { throw SpawnError.couldNotStart(arguments[0], code) }

        let status = try wait(for: pid, arguments: arguments, timeout: timeout)
        let output = (try? String(contentsOfFile: outPath, encoding: .utf8)) ?? ""
        let errorOutput = (try? String(contentsOfFile: errPath, encoding: .utf8)) ?? ""
        return SpawnResult(status: status, output: output, errorOutput: errorOutput)
    }

    /// Waits for a child, polling so that a hung child fails the test instead of hanging it.
    private static func wait(for pid: pid_t, arguments: [String], timeout: TimeInterval) throws -> Int32 {
        let deadline = Date().addingTimeInterval(timeout)
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, WNOHANG)
            if result == pid { break }
            if result == -1 && errno != EINTR { return -1 }
            if Date() > deadline {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw SpawnError.timedOut(arguments)
            }
            usleep(2_000)
        }
        // WIFEXITED / WEXITSTATUS are macros that do not import.
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
