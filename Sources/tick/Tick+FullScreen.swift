import FoundationEssentials
import Glibc
import TickCore
import TickInterchange
import TickTUI

extension Tick {
    /// Opens the full-screen list on a terminal; returns the process exit code.
    ///
    /// When a vdir is configured (docs/sync.md), the list is synced with it before the app
    /// starts — the outcome is the app's first status line — and again after the user quits,
    /// when the outcome is printed. vdirsyncer's output goes to `vdirsyncer.log` in tick's
    /// state directory, so that it does not scribble over the screen.
    func runFullScreen(store: ToDoStore, mouse: Bool) -> Int32 {
        let environment = ProcessInfo.processInfo.environment
        var session: SyncSession?
        var status: StatusMessage?
        do {
            session = try SyncSession.make(store: store, vdir: nil, environment: environment)
            session?.vdirsyncerOutput = SyncPaths.defaultDirectory(environment: environment).appendingPathComponent("vdirsyncer.log").path
            if let session {
                try makeStateDirectory(environment)
                status = StatusMessage(try session.run().summary)
            }
        } catch {
            status = StatusMessage("sync failed: \(error.description)", isError: true)
        }
        let config = ConfigPreferences.load(environment: environment)
        var preferences = config.preferences
        preferences.detailVisible = ViewMemory.detailVisible(environment: environment)
        preferences.rememberDetail = { ViewMemory.remember(detailVisible: $0, environment: environment) }
        // The configuration's problems first: they are why keys or colours are not as written.
        if let problems = config.statusMessage {
            status = StatusMessage(problems.text + (status.map { " · " + $0.text } ?? ""), isError: true)
        }
        let code = FullScreenApp.run(store: store, mouse: mouse, status: status, preferences: preferences)
        if code == 0, let session {
            do {
                let report = try session.run()
                printLine(report.summary)
            } catch {
                printLine("sync failed: \(error.description)")
                return 1
            }
        }
        return code
    }

    private func makeStateDirectory(_ environment: [String: String]) throws(InterchangeError) {
        let path = SyncPaths.defaultDirectory(environment: environment).path
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw InterchangeError(source: path, problem: "cannot create the directory")
        }
    }

    private func printLine(_ text: String) {
        let bytes = Array("tick: \(text)\n".utf8)
        _ = bytes.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
    }

    /// False for a terminal that cannot draw the full-screen list (TERM=dumb).
    func terminalCanDrawFullScreen() -> Bool {
        FullScreenApp.canUseTerminal()
    }
}
