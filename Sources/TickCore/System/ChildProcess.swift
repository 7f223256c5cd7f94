import FoundationEssentials
import Glibc

/// Another program started with `posix_spawnp` (vdirsyncer; `tick sync` for the open
/// app's background sync): the one place tick starts processes.
///
/// Standard input is /dev/null. The child starts with no signal blocked and the default
/// action for the signals tick handles (a blocked mask and handlers' dispositions would
/// otherwise be inherited). Its standard output can be read through a pipe, so that a
/// caller waits for it without blocking (``poll()``) or with a timeout (``wait(timeoutMilliseconds:)``).
public final class ChildProcess {
    /// Where one of the child's output streams goes.
    public enum Output: Sendable, Equatable {
        /// This process's stream.
        case inherit
        /// Appended to the file at the path (created, mode 0600, when missing).
        case append(String)
        /// A pipe that ``output`` collects.
        case pipe
    }

    public let pid: pid_t
    /// The pipe's read end (non-blocking), while it is open.
    private var pipe: Int32?
    /// What came through the pipe so far.
    public private(set) var output: [UInt8] = []
    /// The exit status (128 + the signal when a signal ended it), once the child was reaped.
    public private(set) var status: Int32?

    private init(pid: pid_t, pipe: Int32?) {
        self.pid = pid
        self.pipe = pipe
    }

    deinit {
        if let pipe { close(pipe) }
    }

    /// Starts `arguments` (the program is looked up on PATH) with this process's environment.
    public static func start(_ arguments: [String], standardOutput: Output = .inherit, standardError: Output = .inherit) throws(ChildProcessError) -> ChildProcess {
        guard let program = arguments.first else { throw ChildProcessError(program: "", problem: "no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        var ends: [Int32] = [-1, -1]
        if standardOutput == .pipe || standardError == .pipe {
            guard Glibc.pipe(&ends) == 0 else {
                throw ChildProcessError(program: program, problem: "cannot make a pipe: \(String(cString: strerror(errno)))")
            }
            // Close-on-exec: the child gets only the copies made below, and its own children none.
            for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        }
        for (descriptor, output) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch output {
            case .inherit: break
            case .append(let path): posix_spawn_file_actions_addopen(&actions, descriptor, path, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            case .pipe: posix_spawn_file_actions_adddup2(&actions, ends[1], descriptor)
            }
        }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))

        let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        let code = posix_spawnp(&pid, program, &actions, &attributes, argv, environ)
        if ends[1] >= 0 { close(ends[1]) }
        guard code == 0 else {
            if ends[0] >= 0 { close(ends[0]) }
            throw ChildProcessError(program: program, problem: "cannot run it: \(String(cString: strerror(code)))")
        }
        if ends[0] >= 0 { _ = fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) }
        return ChildProcess(pid: pid, pipe: ends[0] >= 0 ? ends[0] : nil)
    }

    /// Runs `arguments` to their end; returns the exit status.
    public static func run(_ arguments: [String], standardOutput: Output = .inherit, standardError: Output = .inherit) throws(ChildProcessError) -> Int32 {
        let child = try start(arguments, standardOutput: standardOutput, standardError: standardError)
        if let status = child.wait(timeoutMilliseconds: -1) { return status }
        throw ChildProcessError(program: arguments[0], problem: "lost the process: \(String(cString: strerror(errno)))")
    }

    /// Makes the child (and what it starts from now on) yield the CPU to other processes
    /// (`nice` 10 more), so that it does not compete with what a person is waiting for.
    public func yieldProcessor() {
        errno = 0
        let current = getpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid))
        guard errno == 0 else { return }
        setpriority(__priority_which_t(PRIO_PROCESS.rawValue), id_t(pid), min(current + 10, 19))
    }

    /// The exit status once the child has ended, collecting what the pipe holds; nil while
    /// it runs. Does not wait.
    public func poll() -> Int32? {
        if let status { return status }
        drainPipe()
        var raw: Int32 = 0
        guard waitpid(pid, &raw, WNOHANG) == pid else { return nil }
        drainPipe()
        closePipe()
        status = Self.exitStatus(raw)
        return status
    }

    /// Waits up to `timeoutMilliseconds` (negative: as long as it takes) for the child to
    /// end; its exit status, or nil when it still runs. The wait sleeps in `poll(2)` on the
    /// pipe (which closes when the child ends) or, without a pipe, in `waitpid`.
    public func wait(timeoutMilliseconds: Int) -> Int32? {
        if let status { return status }
        // Without a pipe there is nothing to sleep on but waitpid, which takes no timeout.
        if pipe == nil, timeoutMilliseconds >= 0 { return poll() }
        let deadline = monotonicNanoseconds() + UInt64(max(timeoutMilliseconds, 0)) * 1_000_000
        while let pipe {
            drainPipe()
            // The pipe's end: the child is ending, and waitpid returns at once.
            guard self.pipe != nil else { break }
            let now = monotonicNanoseconds()
            let left = timeoutMilliseconds < 0 ? -1 : (deadline > now ? Int((deadline - now) / 1_000_000) : 0)
            var entry = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
            let ready = Glibc.poll(&entry, 1, Int32(clamping: left))
            if ready == 0 || (ready < 0 && errno != EINTR) { return poll() }
        }
        var raw: Int32 = 0
        while waitpid(pid, &raw, 0) < 0 {
            guard errno == EINTR else { return nil }
        }
        status = Self.exitStatus(raw)
        return status
    }

    /// Reads what the pipe holds now; closes it at its end.
    private func drainPipe() {
        guard let pipe else { return }
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
            if count > 0 {
                output += buffer[..<count]
            } else if count == 0 {
                closePipe()
                return
            } else if errno != EINTR {
                return
            }
        }
    }

    private func closePipe() {
        if let pipe { close(pipe) }
        pipe = nil
    }

    private static func exitStatus(_ raw: Int32) -> Int32 {
        let signal = raw & 0x7F
        return signal == 0 ? (raw >> 8) & 0xFF : 128 + signal
    }
}

/// A program tick could not start or lost track of.
public struct ChildProcessError: Error, Sendable, Equatable, CustomStringConvertible {
    public let program: String
    public let problem: String

    public init(program: String, problem: String) {
        self.program = program
        self.problem = problem
    }

    public var description: String { "\(program): \(problem)" }
}
