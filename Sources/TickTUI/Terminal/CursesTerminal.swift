import CNCurses
import FoundationEssentials
import Glibc
import Synchronization
import TickCore

/// Whether curses currently owns the terminal; read by the crash handler.
private let cursesActive = Atomic<Bool>(false)

/// The real terminal, drawn with ncurses (wide-character API).
///
/// This is the only file that imports CNCurses. It reads `get_wch` and hands what it
/// returns to a ``KeyDecoder``, which makes ``Key`` values of it; it draws a ``Screen`` by
/// changing only the cells that differ from the previous frame, and restores the terminal
/// on ``shutdown()``.
public final class CursesTerminal: Terminal {
    /// ncurses' Esc delay; its default is a whole second.
    static let escapeDelayMilliseconds: Int32 = 20

    /// True when cells are drawn in colour (the terminal has colours and `NO_COLOR` is unset).
    public let colorsEnabled: Bool
    /// True when the locale's character set is UTF-8 (wide characters can be drawn).
    public let unicode: Bool

    private var previous: Screen?
    private var cursorVisible: Bool?
    private var colorPairs: [CellStyle.Color: Int16] = [:]
    private var nextPair: Int16 = 1
    private let paletteSize: Int
    private let pairLimit: Int
    private var decoder = KeyDecoder(codes: CursesTerminal.keyCodes)
    private var isShutDown = false
    /// Writes clusters that ncurses' cells cannot hold; nil without UTF-8 or the terminfo
    /// strings it needs.
    private var overlay: ClusterOverlay?
    /// The rows of the last frame with a cluster written past ncurses.
    private var overlaidRows: Set<Int> = []

    /// Takes over the terminal: full screen, raw keys (Ctrl-C is a key, not SIGINT), no echo,
    /// pastes marked (bracketed paste).
    /// - Parameters:
    ///   - mouse: report clicks and the wheel (off by default so text selection works).
    ///   - environment: read for `NO_COLOR`.
    public init(mouse: Bool = false, environment: [String: String] = ProcessInfo.processInfo.environment) throws(TerminalError) {
        setlocale(LC_ALL, "")
        unicode = Self.localeIsUTF8()
        guard tick_newterm() != nil else {
            throw TerminalError(description: "cannot use the terminal \(environment["TERM"].map { "'\($0)'" } ?? "(TERM is not set)")")
        }
        cursesActive.store(true, ordering: .sequentiallyConsistent)
        raw()
        noecho()
        nonl()
        keypad(tick_stdscr(), true)
        // No shifting of characters within a line by the terminal: cells that ncurses
        // leaves alone must stay where the last frame put them (see ClusterOverlay).
        idcok(tick_stdscr(), false)
        // How long a lone Esc waits for the rest of an Alt or function-key sequence (a
        // terminal sends those in one write): 20 ms, so that Esc answers within 25 ms.
        set_escdelay(Self.escapeDelayMilliseconds)
        let noColor = !(environment["NO_COLOR"] ?? "").isEmpty
        if !noColor && has_colors() {
            start_color()
            use_default_colors()
            colorsEnabled = true
            paletteSize = Int(tick_colors())
            pairLimit = Int(tick_color_pairs())
        } else {
            colorsEnabled = false
            paletteSize = 0
            pairLimit = 0
        }
        overlay = unicode ? Self.makeOverlay(colors: colorsEnabled, paletteSize: paletteSize) : nil
        Self.setBracketedPaste(on: true)
        if mouse {
            mouseinterval(0)
            mousemask(tick_button1_pressed() | tick_button1_clicked() | tick_button4_pressed() | tick_button5_pressed(), nil)
        }
    }

    deinit { shutdown() }

    /// True when the terminal type (nil: `TERM`) can move the cursor anywhere and clear the
    /// screen, as a full-screen app needs; false for `dumb`, unknown types and no `TERM`.
    public static func canDrawFullScreen(terminalType: String? = nil) -> Bool {
        let environment = ProcessInfo.processInfo.environment
        guard let type = terminalType ?? environment["TERM"], !type.isEmpty else { return false }
        return tick_terminal_can_draw_full_screen(type) == 1
    }

    /// The terminal type (nil: `TERM`) when this system's terminfo has no entry for it (kitty,
    /// foot or wezterm over ssh to a machine without theirs); nil for a known type or none.
    public static func unknownTerminalType(_ terminalType: String? = nil) -> String? {
        guard let type = terminalType ?? ProcessInfo.processInfo.environment["TERM"], !type.isEmpty else { return nil }
        return tick_terminal_can_draw_full_screen(type) == -1 ? type : nil
    }

    /// Asks the terminal to mark pastes (`\e[?2004h`: bracketed paste) or to stop
    /// (`\e[?2004l`), written straight to standard output; safe in a signal handler.
    /// Terminals that do not know the mode ignore it.
    private static func setBracketedPaste(on: Bool) {
        let sequence: StaticString = on ? "\u{1B}[?2004h" : "\u{1B}[?2004l"
        _ = write(STDOUT_FILENO, sequence.utf8Start, sequence.utf8CodeUnitCount)
    }

    /// Gives the terminal back to the shell and stops the process group, as Ctrl-Z does in
    /// a shell; returns after `fg` (SIGCONT), and the next frame repaints the whole screen.
    public func suspend() {
        guard cursesActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
        endwin()
        Self.setBracketedPaste(on: false)
        // ncurses' own SIGTSTP handler would redraw by itself on the way back; the default
        // action just stops, and the run loop draws the next frame in full.
        let previousHandler = signal(SIGTSTP, SIG_DFL)
        var tstp = sigset_t()
        sigemptyset(&tstp)
        sigaddset(&tstp, SIGTSTP)
        sigprocmask(SIG_UNBLOCK, &tstp, nil)
        kill(0, SIGTSTP)
        signal(SIGTSTP, previousHandler)
        cursesActive.store(true, ordering: .sequentiallyConsistent)
        Self.setBracketedPaste(on: true)
        previous = nil
        cursorVisible = nil
        // The terminal may have been resized while tick was stopped (SIGWINCH went to the
        // shell): take the size from the terminal again.
        var window = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 {
            resizeterm(Int32(window.ws_row), Int32(window.ws_col))
        }
        clearok(tick_stdscr(), true)
    }

    public func repaint() {
        previous = nil
        clearok(tick_stdscr(), true)
    }

    /// Ends curses from a crash handler so the shell gets its terminal back.
    static func emergencyRestore() {
        if cursesActive.exchange(false, ordering: .sequentiallyConsistent) {
            endwin()
            setBracketedPaste(on: false)
        }
    }

    public var size: Size {
        Size(columns: Int(max(tick_cols(), 0)), rows: Int(max(tick_lines(), 0)))
    }

    public func shutdown() {
        guard !isShutDown else { return }
        isShutDown = true
        if cursesActive.exchange(false, ordering: .sequentiallyConsistent) {
            curs_set(1)
            endwin()
            Self.setBracketedPaste(on: false)
        }
    }

    public func bell() {
        if cursesActive.load(ordering: .sequentiallyConsistent) { beep() }
    }

    // MARK: - Keys

    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        let deadline = timeoutMilliseconds.map { monotonicNanoseconds() + UInt64(max($0, 0)) * 1_000_000 }
        while true {
            if let key = decoder.nextKey() { return key }
            let now = monotonicNanoseconds()
            var remaining: Int?
            if let deadline {
                remaining = now >= deadline ? 0 : Int((deadline - now) / 1_000_000)
            }
            // A paste whose end has not come: wait no longer than until it ends anyway.
            if let pasteLeft = decoder.pasteTimeLeft(at: now) {
                let milliseconds = Int((pasteLeft + 999_999) / 1_000_000)
                remaining = min(remaining ?? milliseconds, milliseconds)
            }
            guard let raw = readRaw(timeoutMilliseconds: remaining) else {
                decoder.inputPaused(at: monotonicNanoseconds())
                return decoder.nextKey()
            }
            decoder.feed(raw, at: monotonicNanoseconds())
            // What came with it (the rest of an Alt key, a grapheme, a paste) is queued now.
            while let queued = readRaw(timeoutMilliseconds: 0) { decoder.feed(queued, at: monotonicNanoseconds()) }
            decoder.inputPaused(at: monotonicNanoseconds())
            if let key = decoder.nextKey() { return key }
            if remaining == 0 { return nil }
        }
    }

    /// Waits for one value from `get_wch` for at most `timeoutMilliseconds` (nil: no limit);
    /// nil when the time ran out or a signal cut the wait short.
    private func readRaw(timeoutMilliseconds: Int?) -> KeyDecoder.RawInput? {
        wtimeout(tick_stdscr(), Int32(clamping: timeoutMilliseconds ?? -1))
        var character: wint_t = 0
        let result = wget_wch(tick_stdscr(), &character)
        if result == OK { return .character(UInt32(character)) }
        guard result == tick_key_code_yes() else { return nil }
        let code = Int32(bitPattern: UInt32(character))
        switch code {
        case KEY_RESIZE:
            previous = nil
        case KEY_MOUSE:
            var event = MEVENT()
            // A report that cannot be read is handed on as the bare code, which is no key.
            guard getmouse(&event) == OK else { break }
            return .mouse(column: Int(event.x), row: Int(event.y), buttons: UInt(truncatingIfNeeded: event.bstate))
        default:
            break
        }
        return .code(code)
    }

    /// The `KEY_` codes the decoder needs, from ncurses.
    private static var keyCodes: KeyCodes {
        var keys: [Int32: Key] = [
            KEY_UP: .up, KEY_DOWN: .down,
            KEY_LEFT: .left, KEY_SLEFT: .left, KEY_RIGHT: .right, KEY_SRIGHT: .right,
            KEY_SR: .shiftUp, KEY_SF: .shiftDown,
            KEY_HOME: .home, KEY_FIND: .home, KEY_A1: .home,
            KEY_END: .end, KEY_SELECT: .end, KEY_C1: .end, KEY_LL: .end,
            KEY_PPAGE: .pageUp, KEY_A3: .pageUp, KEY_NPAGE: .pageDown, KEY_C3: .pageDown,
            KEY_ENTER: .enter, KEY_BACKSPACE: .backspace, KEY_DC: .delete, KEY_BTAB: .backTab,
            KEY_RESIZE: .resize,
        ]
        for number in 1...24 { keys[KEY_F0 + Int32(number)] = .function(number) }
        return KeyCodes(
            keys: keys, enter: KEY_ENTER,
            name: { code in keyname(code).map { String(cString: $0) } },
            clickButtons: UInt(truncatingIfNeeded: tick_button1_pressed() | tick_button1_clicked()),
            wheelUpButtons: UInt(truncatingIfNeeded: tick_button4_pressed()),
            wheelDownButtons: UInt(truncatingIfNeeded: tick_button5_pressed())
        )
    }

    // MARK: - Drawing

    public func draw(_ screen: Screen) {
        let window = tick_stdscr()
        let current = size
        let usable = previous.map { $0.size == screen.size } ?? false
        if !usable {
            clearok(window, true)
            werase(window)
        }
        let columns = min(screen.size.columns, current.columns)
        let rows = min(screen.size.rows, current.rows)
        var overlaid: [ClusterOverlay.Place] = []
        var drawnRows: Set<Int> = []
        for row in 0..<rows {
            guard var span = screen.changedSpan(row: row, columns: columns, against: usable ? previous : nil) else { continue }
            if overlaidRows.contains(row) {
                // ncurses holds blanks where the last frame's clusters are and would not
                // clear a cluster that became a blank: the whole row is drawn again.
                wredrawln(window, Int32(row), 1)
                span = 0...(columns - 1)
            }
            drawnRows.insert(row)
            var column = span.lowerBound
            while column <= span.upperBound {
                let cell = screen[column, row]
                if overlay != nil, ClusterOverlay.needsOverlay(cell) {
                    // Blanks of the cluster's width for ncurses; the cluster itself after it.
                    let width = max(DisplayWidth.of(cell.text), 1)
                    for offset in 0..<min(width, columns - column) {
                        put(Cell(" ", style: cell.style), row: row, column: column + offset)
                    }
                    overlaid.append(ClusterOverlay.Place(row: row, column: column))
                    column += width
                    continue
                }
                if !cell.isContinuation {
                    put(cell, row: row, column: column)
                } else if !unicode {
                    // The wide character was drawn as one "?"; fill its second column too.
                    put(Cell("?", style: cell.style), row: row, column: column)
                }
                column += 1
            }
        }
        previous = screen
        // Rows not drawn this time keep the clusters they had.
        overlaidRows = usable ? overlaidRows.subtracting(drawnRows).filter { $0 < rows } : []
        overlaidRows.formUnion(overlaid.map(\.row))
        placeCursor(screen.cursor, size: current)
        wrefresh(window)
        overlay?.write(overlaid, of: screen, to: STDOUT_FILENO)
    }

    /// The overlay's terminfo strings, or nil when the terminal lacks one it needs.
    private static func makeOverlay(colors: Bool, paletteSize: Int) -> ClusterOverlay? {
        func string(_ name: String) -> String? { tick_string_capability(name).map { String(cString: $0) } }
        guard let save = string("sc"), let restore = string("rc"), let reset = string("sgr0"),
              let address = tick_string_capability("cup") else { return nil }
        let setForeground = colors ? tick_string_capability("setaf") : nil
        let capabilities = ClusterOverlay.Capabilities(
            saveCursor: save, restoreCursor: restore, resetStyle: reset,
            bold: string("bold"), dim: string("dim"), reverse: string("rev"), underline: string("smul"),
            moveTo: { row, column in
                tick_parameters2(address, Int32(row), Int32(column)).map { String(cString: $0) } ?? ""
            },
            foreground: { color in
                guard let setForeground else { return nil }
                let index = paletteIndex(for: color, paletteSize: paletteSize)
                return tick_parameters1(setForeground, Int32(index)).map { String(cString: $0) }
            }
        )
        return ClusterOverlay(capabilities: capabilities)
    }

    private func put(_ cell: Cell, row: Int, column: Int) {
        let characters = Self.wideCharacters(of: cell, unicode: unicode)
        var complex = cchar_t()
        tick_setcchar(&complex, characters, Int32(characters.count), attributes(for: cell.style), pair(for: cell.style.foreground))
        tick_mvadd_wch(Int32(row), Int32(column), &complex)
    }

    private func attributes(for style: CellStyle) -> attr_t {
        var attributes = tick_a_normal()
        if style.bold { attributes |= tick_a_bold() }
        if style.dim { attributes |= tick_a_dim() }
        if style.reverse { attributes |= tick_a_reverse() }
        if style.underline { attributes |= tick_a_underline() }
        return attributes
    }

    private func pair(for color: CellStyle.Color?) -> Int16 {
        guard colorsEnabled, let color else { return 0 }
        if let pair = colorPairs[color] { return pair }
        guard Int(nextPair) < pairLimit else { return 0 }
        let pair = nextPair
        guard init_pair(pair, Self.paletteIndex(for: color, paletteSize: paletteSize), -1) == OK else { return 0 }
        nextPair += 1
        colorPairs[color] = pair
        return pair
    }

    private func placeCursor(_ cursor: (column: Int, row: Int)?, size: Size) {
        if let cursor, cursor.column >= 0, cursor.row >= 0, cursor.column < size.columns, cursor.row < size.rows {
            if cursorVisible != true { curs_set(1); cursorVisible = true }
            wmove(tick_stdscr(), Int32(cursor.row), Int32(cursor.column))
        } else if cursorVisible != false {
            curs_set(0)
            cursorVisible = false
        }
    }
}
