/// What tick needs from a terminal. ``CursesTerminal`` is the real one; tests use a
/// terminal that records frames and replays keys.
public protocol Terminal: AnyObject {
    /// The current size in columns and rows.
    var size: Size { get }
    /// Waits for the next key for at most `timeoutMilliseconds` (nil waits forever);
    /// returns nil when the time ran out.
    func readKey(timeoutMilliseconds: Int?) -> Key?
    /// Draws a frame, changing only what differs from the last one.
    func draw(_ screen: Screen)
    /// Restores the terminal to how it was before tick started.
    func shutdown()
    /// Rings the bell (a key that cannot do anything here).
    func bell()
    /// Gives the terminal back to the shell and stops the process (Ctrl-Z); returns once
    /// it is continued (`fg`), with the next ``draw(_:)`` repainting the whole screen.
    func suspend()
    /// Makes the next ``draw(_:)`` paint the whole screen, not only what changed (Ctrl-L,
    /// after another program wrote over it).
    func repaint()
}

extension Terminal {
    /// Rings the bell; terminals that cannot ignore it.
    public func bell() {}
}
