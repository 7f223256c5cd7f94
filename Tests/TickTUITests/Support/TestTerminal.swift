import TickTUI

/// A terminal for tests: replays a script of keys and events, records every frame drawn.
///
/// Consecutive `.key` steps form one batch (they are "already queued" when the run loop
/// asks with a zero timeout); `.idle` ends a batch and makes one wait time out.
final class TestTerminal: Terminal {
    enum Step {
        case key(Key)
        /// A wait that times out with no key.
        case idle
        /// Runs code (another process changing the file, a check of the disk) as a wait
        /// that times out.
        case perform(() -> Void)
        /// Runs code at once, without a wait, then goes on with the next step: something
        /// that happens while keys are arriving.
        case meanwhile(() -> Void)
        /// The terminal changes size and reports KEY_RESIZE.
        case resize(Size)
    }

    private(set) var size: Size
    private var steps: [Step]
    private(set) var frames: [Screen] = []
    private(set) var bells = 0
    /// How many times the app suspended itself (Ctrl-Z).
    private(set) var suspensions = 0
    private(set) var repaints = 0
    private(set) var isShutDown = false
    /// Waits that found the script finished.
    private(set) var readsAfterEnd = 0

    init(size: Size = Size(columns: 80, rows: 24), steps: [Step] = []) {
        self.size = size
        self.steps = steps
    }

    /// Adds keys typed as text, one `.key(.character)` per character.
    static func typing(_ text: String) -> [Step] {
        text.map { .key(.character($0)) }
    }

    /// Puts steps at the front of the script: keys that arrive while the loop is busy
    /// (during a save), to be read next.
    func queue(_ next: [Step]) {
        steps.insert(contentsOf: next, at: 0)
    }

    /// True when every step has been used.
    var isExhausted: Bool { steps.isEmpty }

    var lastFrame: Screen? { frames.last }

    func readKey(timeoutMilliseconds: Int?) -> Key? {
        guard let step = steps.first else {
            readsAfterEnd += 1
            return nil
        }
        switch step {
        case .key(let key):
            steps.removeFirst()
            return key
        case .idle:
            if timeoutMilliseconds == 0 { return nil }
            steps.removeFirst()
            return nil
        case .perform(let body):
            if timeoutMilliseconds == 0 { return nil }
            steps.removeFirst()
            body()
            return nil
        case .meanwhile(let body):
            steps.removeFirst()
            body()
            return readKey(timeoutMilliseconds: timeoutMilliseconds)
        case .resize(let newSize):
            steps.removeFirst()
            size = newSize
            return .resize
        }
    }

    func draw(_ screen: Screen) { frames.append(screen) }

    func shutdown() { isShutDown = true }

    func bell() { bells += 1 }

    func suspend() { suspensions += 1 }

    func repaint() { repaints += 1 }
}
