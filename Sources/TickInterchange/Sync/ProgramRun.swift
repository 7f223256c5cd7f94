import FoundationEssentials
import Glibc

/// Runs another program (vdirsyncer) to its end with `posix_spawnp` and `waitpid`.
public enum ProgramRun {
    /// Runs `arguments` (the program is looked up on PATH) with this process's environment
    /// and returns its exit status (128 + the signal when a signal ended it). Standard
    /// input is /dev/null; standard output and error go to `outputPath` (appended) when
    /// given, else to this process's.
    public static func run(_ arguments: [String], outputPath: String? = nil) throws(InterchangeError) -> Int32 {
        guard let program = arguments.first else { throw InterchangeError(source: "vdirsyncer", problem: "no program to run") }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if let outputPath {
            posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_APPEND, 0o600)
            posix_spawn_file_actions_adddup2(&actions, 1, 2)
        }
        // Children inherit the signal mask: start them with none blocked and default actions.
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
        guard code == 0 else {
            throw InterchangeError(source: program, problem: "cannot run it: \(String(cString: strerror(code)))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw InterchangeError(source: program, problem: "lost the process: \(String(cString: strerror(errno)))") }
        }
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
