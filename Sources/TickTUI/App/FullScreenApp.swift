import Foundation
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
        // The run loop lands with the key map, update and render; until then this only
        // checks that the list can be read.
        _ = (list, version, mouse)
        return 0
    }

    private static func printError(_ message: String) {
        FileHandle.standardError.write(Data("tick: \(message)\n".utf8))
    }
}
