/// A key press (or terminal event) as the terminal reports it, before the key map turns
/// it into an ``Action``.
public enum Key: Sendable, Hashable {
    /// A printable character (a whole grapheme cluster when the terminal sends one).
    case character(Character)
    /// A control key: `.control("r")` is Ctrl-R.
    case control(Character)
    /// A key pressed with Alt (Meta): Esc followed by the key.
    case alt(Character)
    case up, down, left, right
    case shiftUp, shiftDown
    case home, end, pageUp, pageDown
    case enter, escape, tab, backTab, backspace, delete
    case function(Int)
    /// The terminal was resized.
    case resize
    case mouse(MouseEvent)
    /// Text the terminal pasted (bracketed paste): text to insert, never keys to run. Line
    /// breaks are `\n` whatever the terminal sent (it sends CR for them).
    case paste(String)

    /// Alt-Backspace, as terminals send it (Esc DEL): Alt and the DEL character.
    static let altBackspace = Key.alt("\u{7F}")
}

/// A mouse event in screen coordinates.
public struct MouseEvent: Sendable, Hashable {
    public enum Kind: Sendable, Hashable { case click, wheelUp, wheelDown }
    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
