import FoundationEssentials
import Glibc
import TickCore

/// The full-screen list: `tick` with no subcommand on a terminal.
public enum FullScreenApp {
    /// Opens the list full screen and runs until the user quits or a quit signal arrives.
    ///
    /// The list is read before the terminal is touched: an unreadable file is reported in
    /// plain text on standard error and nothing is written. Returns the process exit code
    /// (0 after quitting, 1 when the file or the terminal cannot be used, 128 + the signal
    /// number after SIGTERM, SIGHUP or SIGINT).
    public static func run<Store: ListStore>(store: Store, mouse: Bool) -> Int32 {
        let version = store.version()
        let list: ToDoList
        do {
            list = try store.load()
        } catch {
            printError(error.description)
            return 1
        }
        SignalHandling.install()
        defer { SignalHandling.uninstall() }
        let terminal: CursesTerminal
        do {
            terminal = try CursesTerminal(mouse: mouse)
        } catch {
            printError(error.description)
            return 1
        }
        let state = AppState(
            list: list, fileName: store.fileName, now: Date(),
            colors: terminal.colorsEnabled, unicode: terminal.unicode
        )
        var loop = EventLoop(terminal: terminal, store: store, state: state, fileVersion: version)
        loop.pendingSignal = { SignalHandling.pendingQuitSignal }
        loop.trace = FrameTrace()
        let outcome = loop.run()
        terminal.shutdown()
        switch outcome {
        case .quit: return 0
        case .signal(let signal): return 128 + signal
        }
    }

    private static func printError(_ message: String) {
        let line = Array("tick: \(message)\n".utf8)
        _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }
}
