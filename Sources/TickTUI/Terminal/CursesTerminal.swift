import CNCurses
import FoundationEssentials
import Glibc
import Synchronization
import TickCore

/// Whether curses currently owns the terminal; read by the crash handler.
private let cursesActive = Atomic<Bool>(false)

/// The real terminal, drawn with ncurses (wide-character API).
///
/// This is the only file that imports CNCurses. It decodes `get_wch` into ``Key`` values,
/// draws a ``Screen`` by changing only the cells that differ from the previous frame, and
/// restores the terminal on ``shutdown()``.
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
    private var lookahead: [RawInput] = []
    private var isShutDown = false
    /// Writes clusters that ncurses' cells cannot hold; nil without UTF-8 or the terminfo
    /// strings it needs.
    private var overlay: ClusterOverlay?
    /// The rows of the last frame with a cluster written past ncurses.
    private var overlaidRows: Set<Int> = []

    private enum RawInput: Equatable {
        case character(UInt32)
        case code(Int32)
    }

    /// Takes over the terminal: full screen, raw keys, no echo.
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
        return tick_terminal_can_draw_full_screen(type) != 0
    }

    /// Gives the terminal back to the shell and stops the process group, as Ctrl-Z does in
    /// a shell; returns after `fg` (SIGCONT), and the next frame repaints the whole screen.
    public func suspend() {
        guard cursesActive.exchange(false, ordering: .sequentiallyConsistent) else { return }
        endwin()
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

    /// Ends curses from a crash handler so the shell gets its terminal back.
    static func emergencyRestore() {
        if cursesActive.exchange(false, ordering: .sequentiallyConsistent) {
            endwin()
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
        }
    }

    public func bell() {
        if cursesActive.load(ordering: .sequentiallyConsistent) { beep() }
    }

    // MARK: - Keys

    public func readKey(timeoutMilliseconds: Int?) -> Key? {
        let deadline = timeoutMilliseconds.map { monotonicNanoseconds() + UInt64(max($0, 0)) * 1_000_000 }
        while true {
            var remaining: Int?
            if let deadline {
                let now = monotonicNanoseconds()
                remaining = now >= deadline ? 0 : Int((deadline - now) / 1_000_000)
            }
            guard let raw = readRaw(timeoutMilliseconds: remaining) else { return nil }
            if let key = decode(raw) { return key }
            if remaining == 0 { return nil }
        }
    }

    private func readRaw(timeoutMilliseconds: Int?) -> RawInput? {
        if !lookahead.isEmpty { return lookahead.removeFirst() }
        wtimeout(tick_stdscr(), Int32(clamping: timeoutMilliseconds ?? -1))
        var character: wint_t = 0
        let result = wget_wch(tick_stdscr(), &character)
        if result == tick_key_code_yes() { return .code(Int32(bitPattern: UInt32(character))) }
        if result == OK { return .character(UInt32(character)) }
        return nil
    }

    /// Reads whatever is already queued, without waiting.
    private func readQueued() -> RawInput? { readRaw(timeoutMilliseconds: 0) }

    private func decode(_ raw: RawInput) -> Key? {
        switch raw {
        case .code(let code): return decodeCode(code)
        case .character(let value): return decodeCharacter(value)
        }
    }

    private func decodeCharacter(_ value: UInt32) -> Key? {
        switch value {
        case 9: return .tab
        case 13: return .enter
        // Ctrl-J (line feed) is a key of its own: a new line in the notes. Enter sends a
        // carriage return, since curses does not translate it (nonl).
        case 10: return .control("j")
        case 8, 127: return .backspace
        case 27: return decodeEscape()
        case 0: return .control("@")
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(value) + 96)))
        case 28...31: return nil
        default:
            guard let scalar = Unicode.Scalar(value) else { return nil }
            return .character(readGrapheme(startingWith: scalar))
        }
    }

    /// Esc alone, or Esc followed at once by a key: Alt plus that key. ncurses has already
    /// waited ESCDELAY for the rest of a sequence, so what follows is queued now or never.
    private func decodeEscape() -> Key? {
        guard let next = readQueued() else { return .escape }
        if case .character(let value) = next, value >= 32, value != 127, let scalar = Unicode.Scalar(value) {
            return .alt(Character(scalar))
        }
        if next == .character(13) || next == .character(10) || next == .code(KEY_ENTER) { return .alt("\n") }
        lookahead.insert(next, at: 0)
        return .escape
    }

    /// Joins the scalars that follow and belong to the same grapheme (combining marks, skin
    /// tones, joiners) so that a pasted "👍🏽" is one key.
    private func readGrapheme(startingWith scalar: Unicode.Scalar) -> Character {
        var text = String(scalar)
        while let next = readQueued() {
            guard case .character(let value) = next, value >= 32, let nextScalar = Unicode.Scalar(value) else {
                lookahead.insert(next, at: 0)
                break
            }
            let joined = text + String(nextScalar)
            if joined.count == 1 {
                text = joined
            } else {
                lookahead.insert(next, at: 0)
                break
            }
        }
        return Character(text)
    }

    private func decodeCode(_ code: Int32) -> Key? {
        switch code {
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT, KEY_SLEFT: return .left
        case KEY_RIGHT, KEY_SRIGHT: return .right
        case KEY_SR: return .shiftUp
        case KEY_SF: return .shiftDown
        case KEY_HOME, KEY_FIND, KEY_A1: return .home
        case KEY_END, KEY_SELECT, KEY_C1, KEY_LL: return .end
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_ENTER: return .enter
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_BTAB: return .backTab
        case KEY_RESIZE:
            previous = nil
            return .resize
        case KEY_MOUSE: return readMouse()
        case KEY_F0 + 1...KEY_F0 + 24: return .function(Int(code - KEY_F0))
        default: return decodeNamedCode(code)
        }
    }

    /// Keys that have no fixed code, known by their terminfo names (xterm's shifted arrows).
    private func decodeNamedCode(_ code: Int32) -> Key? {
        guard let cName = keyname(code) else { return nil }
        switch String(cString: cName) {
        case "kUP", "kUP2": return .shiftUp
        case "kDN", "kDN2": return .shiftDown
        case "kLFT", "kLFT2": return .left
        case "kRIT", "kRIT2": return .right
        case "kHOM", "kHOM2": return .home
        case "kEND", "kEND2": return .end
        case "kDC", "kDC2": return .delete
        default: return nil
        }
    }

    private func readMouse() -> Key? {
        var event = MEVENT()
        guard getmouse(&event) == OK else { return nil }
        let column = Int(event.x)
        let row = Int(event.y)
        if event.bstate & (tick_button1_pressed() | tick_button1_clicked()) != 0 {
            return .mouse(MouseEvent(kind: .click, column: column, row: row))
        }
        if event.bstate & tick_button4_pressed() != 0 {
            return .mouse(MouseEvent(kind: .wheelUp, column: column, row: row))
        }
        if event.bstate & tick_button5_pressed() != 0 {
            return .mouse(MouseEvent(kind: .wheelDown, column: column, row: row))
        }
        return nil
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
