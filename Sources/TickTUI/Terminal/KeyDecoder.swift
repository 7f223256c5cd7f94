/// Turns what ncurses' `get_wch` returns — characters and `KEY_` codes — into ``Key``s:
/// Esc followed at once by a key as Alt plus that key, the scalars of one grapheme cluster
/// as one key, function keys by code or by terminfo name, mouse reports, and a bracketed
/// paste (`\e[200~` … `\e[201~`, which ncurses hands over as plain characters) as one
/// ``Key/paste(_:)``.
///
/// Pure: ``CursesTerminal`` reads the raw input and hands it over with ``feed(_:at:)``,
/// then says with ``inputPaused(at:)`` when nothing more is queued, which completes a lone
/// Esc and the last grapheme. The decoded keys come out of ``nextKey()`` in order. It does
/// not import ncurses: the codes it needs are handed in as ``KeyCodes``; times are
/// monotonic nanoseconds handed in by the caller.
///
/// A paste is one key however many reads it takes. Nothing in it is ever a key: its text
/// ends with its end marker, or, when that never comes, after
/// ``PasteBuffer/timeoutNanoseconds`` without input; a paste longer than
/// ``PasteBuffer/pieceBytes`` comes out in pieces, each a paste.
struct KeyDecoder {
    /// One value from `get_wch`, or a mouse report read for `KEY_MOUSE`.
    enum RawInput: Sendable, Hashable {
        /// A character (`OK`): a Unicode scalar value, or a control character.
        case character(UInt32)
        /// A function key (`KEY_CODE_YES`): a `KEY_` code.
        case code(Int32)
        /// What `getmouse` reported for `KEY_MOUSE`: where, and ncurses' button state bits.
        case mouse(column: Int, row: Int, buttons: UInt)

        var code: Int32? { if case .code(let code) = self { code } else { nil } }
    }

    /// What is decoded so far of a key that more input may still change.
    private enum Pending: Equatable {
        case none
        /// Esc, waiting for a key that makes it Alt.
        case escape
        /// Esc `[` and the parameter and intermediate characters of a control sequence
        /// (ECMA-48's CSI) that ncurses did not know, waiting for its final character.
        case controlSequence([UInt32])
        /// The scalars of a grapheme cluster that the next scalar may still join.
        case grapheme(String)
    }

    private let codes: KeyCodes
    private var pending = Pending.none
    /// The paste being read, between its start and end markers.
    private var paste: PasteBuffer?
    private var decoded: [Key] = []
    /// The index of the next key of ``decoded`` to hand out (the array is emptied when all were).
    private var nextIndex = 0

    init(codes: KeyCodes) {
        self.codes = codes
    }

    /// The next decoded key, if any.
    mutating func nextKey() -> Key? {
        guard nextIndex < decoded.count else { return nil }
        let key = decoded[nextIndex]
        nextIndex += 1
        if nextIndex == decoded.count {
            decoded.removeAll(keepingCapacity: true)
            nextIndex = 0
        }
        return key
    }

    /// True when a key is ready for ``nextKey()``.
    var hasKey: Bool { nextIndex < decoded.count }

    /// How long until a paste whose end marker has not come ends anyway; nil when no paste
    /// is being read. The caller waits for input at most this long.
    func pasteTimeLeft(at time: UInt64) -> UInt64? {
        guard let paste else { return nil }
        let end = paste.lastInput + PasteBuffer.timeoutNanoseconds
        return end > time ? end - time : 0
    }

    /// Takes the next raw input, which came at `time`.
    mutating func feed(_ input: RawInput, at time: UInt64) {
        if paste != nil {
            feedPaste(input, at: time)
            return
        }
        switch pending {
        case .none:
            start(input)
        case .escape:
            if input == .character(UInt32(UInt8(ascii: "["))) {
                pending = .controlSequence([])
                return
            }
            pending = .none
            if case .character(let value) = input, value >= 32, value != 127, let scalar = Unicode.Scalar(value) {
                decoded.append(.alt(Character(scalar)))
            } else if input == .character(127) || input == .character(8) || (input.code.flatMap(key(forCode:)) == .backspace) {
                // Alt-Backspace (Esc DEL): a word back, as in readline, never Esc (which drops an edit) and Backspace.
                decoded.append(Key.altBackspace)
            } else if input == .character(13) || input == .character(10) || input == .code(codes.enter) {
                decoded.append(.alt("\n"))
            } else {
                decoded.append(.escape)
                start(input)
            }
        case .controlSequence(let characters):
            guard case .character(let value) = input, (0x20...0x7E).contains(value) else {
                notAControlSequence(characters, at: time)
                feed(input, at: time)
                return
            }
            if value <= 0x3F {
                // (Longer than any key's sequence: not one; as typed.)
                guard characters.count < Self.longestControlSequence else {
                    notAControlSequence(characters + [value], at: time)
                    return
                }
                pending = .controlSequence(characters + [value])
            } else {
                pending = .none
                finishControlSequence(characters, final: value, at: time)
            }
        case .grapheme(let text):
            if case .character(let value) = input, value >= 32, let scalar = Unicode.Scalar(value) {
                let joined = text + String(scalar)
                if joined.count == 1 {
                    pending = .grapheme(joined)
                    return
                }
            }
            pending = .none
            decoded.append(.character(Character(text)))
            start(input)
        }
    }

    /// Nothing more is queued at `time`: a lone Esc is Esc (ncurses has already waited its
    /// Esc delay for the rest of a sequence, so what follows came now or never), and the
    /// scalars read are a whole grapheme. A paste goes on (its text may come in several
    /// reads) unless no input came for ``PasteBuffer/timeoutNanoseconds``: then it ends.
    mutating func inputPaused(at time: UInt64) {
        if let paste, time >= paste.lastInput + PasteBuffer.timeoutNanoseconds {
            endPaste()
            return
        }
        switch pending {
        case .none: break
        case .controlSequence(let characters) where characters.isEmpty:
            notAControlSequence(characters, at: time)
            inputPaused(at: time)
            return
        case .controlSequence:
            // Begun (Esc [ 1 …) but not ended: the rest of a sequence a slow link split, which
            // the next input ends; waiting for it types nothing of it.
            return
        case .escape: decoded.append(.escape)
        case .grapheme(let text): decoded.append(.character(Character(text)))
        }
        pending = .none
    }

    /// Esc `[` and characters that no final character ended (a pause, or a key that cannot
    /// be part of a sequence): Alt-[ and those characters, as typed.
    private mutating func notAControlSequence(_ characters: [UInt32], at time: UInt64) {
        pending = .none
        decoded.append(.alt("["))
        for value in characters { feed(.character(value), at: time) }
    }

    /// A whole control sequence: a paste's start, a key that terminals send this way and
    /// ncurses' terminfo entry did not name (tmux's Home `\e[1~` under TERM=xterm …), or
    /// one tick has no use for, which is dropped: a sequence is never typed as text.
    private mutating func finishControlSequence(_ characters: [UInt32], final: UInt32, at time: UInt64) {
        let parameters = String(String.UnicodeScalarView(characters.compactMap(Unicode.Scalar.init)))
        let final = Character(Unicode.Scalar(UInt8(final)))
        if final == "~", parameters == "200" {
            paste = PasteBuffer(startedAt: time)
            return
        }
        let key = final == "~" ? Self.controlSequenceKeys[parameters + "~"]
            : parameters.isEmpty ? Self.controlSequenceKeys[String(final)] : Self.modifiedKey(parameters, final)
        if let key { decoded.append(key) }
    }

    /// The most parameter and intermediate characters a control sequence of a key has.
    private static let longestControlSequence = 16

    /// Keys by their control sequence without Esc `[` (`1~`, `H`): the VT220 and xterm forms.
    private static let controlSequenceKeys: [String: Key] = [
        "A": .up, "B": .down, "C": .right, "D": .left, "H": .home, "F": .end, "Z": .backTab,
        "1~": .home, "7~": .home, "4~": .end, "8~": .end, "3~": .delete, "5~": .pageUp, "6~": .pageDown,
    ]

    /// An arrow, Home or End with a modifier (`1;2A` is Shift-Up): Shift-Up and Shift-Down
    /// as such, the others as the key without it.
    private static func modifiedKey(_ parameters: String, _ final: Character) -> Key? {
        guard parameters.hasPrefix("1;"), let key = controlSequenceKeys[String(final)] else { return nil }
        guard parameters == "1;2" else { return key }
        switch key {
        case .up: return .shiftUp
        case .down: return .shiftDown
        default: return key
        }
    }

    /// One input inside a paste: characters are its text (or its end marker); a resize
    /// is still a resize; other codes and mouse reports are dropped.
    private mutating func feedPaste(_ input: RawInput, at time: UInt64) {
        switch input {
        case .character(let value):
            paste?.take(value, at: time)
        case .code(let code):
            paste?.touch(at: time)
            if codes.keys[code] == .resize { decoded.append(.resize) }
        case .mouse:
            paste?.touch(at: time)
        }
        if paste?.isComplete == true {
            endPaste()
        } else if paste?.isFull == true, let text = paste?.takeText(ending: false) {
            decoded.append(.paste(text))
        }
    }

    /// Hands on what the paste holds, as one key (none for an empty paste), and leaves it.
    private mutating func endPaste() {
        if let text = paste?.takeText(ending: true), !text.isEmpty { decoded.append(.paste(text)) }
        paste = nil
    }

    /// Decodes an input with nothing pending before it.
    private mutating func start(_ input: RawInput) {
        switch input {
        case .character(let value): startCharacter(value)
        case .code(let code): if let key = key(forCode: code) { decoded.append(key) }
        case .mouse(let column, let row, let buttons): if let key = mouseKey(column: column, row: row, buttons: buttons) { decoded.append(key) }
        }
    }

    private mutating func startCharacter(_ value: UInt32) {
        switch value {
        case 9: decoded.append(.tab)
        case 13: decoded.append(.enter)
        // Ctrl-J (line feed) is a key of its own: a new line in the notes. Enter sends a
        // carriage return, since curses does not translate it (nonl).
        case 10: decoded.append(.control("j"))
        case 8, 127: decoded.append(.backspace)
        case 27: pending = .escape
        case 0: decoded.append(.control("@"))
        case 1...26: decoded.append(.control(Character(Unicode.Scalar(UInt8(value) + 96))))
        case 28...31: break
        default:
            // The scalars that follow and belong to the same grapheme (combining marks, skin
            // tones, joiners) are joined to it, so that a typed "👍🏽" is one key.
            guard let scalar = Unicode.Scalar(value) else { return }
            pending = .grapheme(String(scalar))
        }
    }

    private func key(forCode code: Int32) -> Key? {
        if let key = codes.keys[code] { return key }
        // Keys that have no fixed code, known by their terminfo names (xterm's shifted arrows).
        switch codes.name(code) {
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

    private func mouseKey(column: Int, row: Int, buttons: UInt) -> Key? {
        if buttons & codes.clickButtons != 0 {
            return .mouse(MouseEvent(kind: .click, column: column, row: row))
        }
        if buttons & codes.wheelUpButtons != 0 {
            return .mouse(MouseEvent(kind: .wheelUp, column: column, row: row))
        }
        if buttons & codes.wheelDownButtons != 0 {
            return .mouse(MouseEvent(kind: .wheelDown, column: column, row: row))
        }
        return nil
    }
}

/// The ncurses codes ``KeyDecoder`` needs, handed in by ``CursesTerminal`` (the one file that
/// imports ncurses); tests make up their own.
struct KeyCodes {
    /// The `KEY_` codes with a fixed meaning, and the key each is (`KEY_UP`: ``Key/up``).
    var keys: [Int32: Key]
    /// `KEY_ENTER`: after Esc, Alt-Enter.
    var enter: Int32
    /// The terminfo name of a code without a fixed one (ncurses' `keyname`: "kUP" …), if any.
    var name: (Int32) -> String?
    /// Button state bits of a click (button 1 pressed or clicked).
    var clickButtons: UInt
    /// Button state bits of the wheel turned up (button 4 pressed).
    var wheelUpButtons: UInt
    /// Button state bits of the wheel turned down (button 5 pressed).
    var wheelDownButtons: UInt
}
