import TickCore
import TickTUI

extension Tick {
    /// Opens the full-screen list on a terminal; returns the process exit code.
    func runFullScreen(store: ToDoStore, mouse: Bool) -> Int32 {
        FullScreenApp.run(store: store, mouse: mouse)
    }

    /// False for a terminal that cannot draw the full-screen list (TERM=dumb).
    func terminalCanDrawFullScreen() -> Bool {
        FullScreenApp.canUseTerminal()
    }
}
