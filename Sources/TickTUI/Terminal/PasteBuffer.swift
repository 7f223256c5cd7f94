/// A bracketed paste being read: the text between the terminal's `\e[200~` and `\e[201~`,
/// taken one `get_wch` character at a time.
///
/// Line breaks come out as `\n` (terminals send CR for a pasted line feed; CR LF is one
/// line break). The end marker is recognised across reads; the characters of a marker that
/// turns out not to be one are text.
struct PasteBuffer {
    /// What the terminal sends after a paste.
    static let end: [UInt32] = "\u{1B}[201~".unicodeScalars.map(\.value)
    /// A paste of more UTF-8 bytes than this is handed on in pieces of about this size
    /// (each one a paste), so that a paste without its end never grows without limit.
    static let pieceBytes = 1 << 20
    /// A paste whose end marker has not come after this long without input ends there.
    static let timeoutNanoseconds: UInt64 = 1_000_000_000

    private var text = String.UnicodeScalarView()
    private var byteCount = 0
    /// How many characters of ``end`` the last input matched.
    private var endMatched = 0
    private var afterCarriageReturn = false
    /// When the last input came (monotonic nanoseconds).
    private(set) var lastInput: UInt64
    /// True once the end marker was read.
    private(set) var isComplete = false

    init(startedAt time: UInt64) {
        lastInput = time
    }

    /// True when the text read so far should be handed on as a piece of its own.
    var isFull: Bool { byteCount >= Self.pieceBytes }

    /// Takes one character of the paste (or of its end marker).
    mutating func take(_ value: UInt32, at time: UInt64) {
        lastInput = time
        guard !isComplete else { return }
        if value == Self.end[endMatched] {
            endMatched += 1
            if endMatched == Self.end.count {
                isComplete = true
                endMatched = 0
            }
            return
        }
        releaseMarkerPrefix()
        if value == Self.end[0] {
            endMatched = 1
            return
        }
        append(value)
    }

    /// Notes that input came without adding text (a key code in the middle of a paste).
    mutating func touch(at time: UInt64) {
        lastInput = time
    }

    /// The text read so far, which the buffer forgets; the start of an end marker read
    /// last is text too when `ending` (no more of it will come).
    mutating func takeText(ending: Bool) -> String {
        if ending { releaseMarkerPrefix() }
        let taken = String(text)
        text = String.UnicodeScalarView()
        byteCount = 0
        return taken
    }

    /// The characters that began to match the end marker and turned out not to: text.
    private mutating func releaseMarkerPrefix() {
        let matched = endMatched
        endMatched = 0
        for value in Self.end[0..<matched] { append(value) }
    }

    private mutating func append(_ value: UInt32) {
        if value == 10, afterCarriageReturn {
            afterCarriageReturn = false
            return
        }
        afterCarriageReturn = value == 13
        guard let scalar = Unicode.Scalar(value == 13 ? 10 : value) else { return }
        text.append(scalar)
        byteCount += UTF8.width(scalar)
    }
}
