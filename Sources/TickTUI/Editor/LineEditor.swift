/// A one-line text editor that moves by grapheme cluster (a Swift `Character`), so é, 東
/// and 👍🏽 are each one step.
///
/// Home, End, Ctrl-U and Ctrl-K work on the cursor's line of a text with line breaks (the
/// notes). Every command costs O(1) at the end of the line (typing) and at most O(length) elsewhere;
/// inserting a paste costs O(length of both) wherever the cursor is.
public struct LineEditor: Sendable, Hashable {
    /// The text, one element per grapheme cluster.
    public private(set) var characters: [Character]
    /// The cursor, 0…characters.count (before the character at that index).
    public private(set) var cursor: Int

    /// An editor holding `text` with the cursor at its end.
    public init(_ text: String = "") {
        characters = Array(text)
        cursor = characters.count
    }

    /// The text as a string.
    public var text: String { String(characters) }

    public var isEmpty: Bool { characters.isEmpty }

    /// Applies one editing command.
    public mutating func apply(_ command: EditCommand) {
        switch command {
        case .insert(let character): insert(character)
        case .insertText(let text): insert(contentsOf: text)
        case .left: cursor = max(cursor - 1, 0)
        case .right: cursor = min(cursor + 1, characters.count)
        case .home: cursor = lineStart
        case .end: cursor = lineEnd
        case .backspace:
            guard cursor > 0 else { return }
            characters.remove(at: cursor - 1)
            cursor -= 1
        case .deleteForward:
            guard cursor < characters.count else { return }
            characters.remove(at: cursor)
        case .deleteToStart:
            let start = lineStart
            characters.removeSubrange(start..<cursor)
            cursor = start
        case .deleteToEnd:
            characters.removeSubrange(cursor..<lineEnd)
        case .deleteWordBackward:
            var start = cursor
            while start > 0, characters[start - 1].isWhitespace { start -= 1 }
            while start > 0, !characters[start - 1].isWhitespace { start -= 1 }
            characters.removeSubrange(start..<cursor)
            cursor = start
        }
    }

    /// Where the cursor's line starts: after the line break before it (the notes hold
    /// several lines), else at the start.
    private var lineStart: Int {
        var start = cursor
        while start > 0, !characters[start - 1].isNewline { start -= 1 }
        return start
    }

    /// Where the cursor's line ends: at the line break after it, else at the end.
    private var lineEnd: Int {
        var end = cursor
        while end < characters.count, !characters[end].isNewline { end += 1 }
        return end
    }

    /// Inserts text at the cursor in one step (a paste of any length costs one move of
    /// the characters after the cursor). Only its first character can join the one before.
    private mutating func insert(contentsOf text: String) {
        guard let first = text.first else { return }
        insert(first)
        let rest = Array(text.dropFirst())
        if cursor == characters.count {
            characters.append(contentsOf: rest)
        } else {
            characters.insert(contentsOf: rest, at: cursor)
        }
        cursor += rest.count
    }

    private mutating func insert(_ character: Character) {
        // A mark, joiner or skin tone that arrives on its own joins the character before it,
        // as the text would if it arrived whole.
        if cursor > 0 {
            var merged = String(characters[cursor - 1])
            merged.append(character)
            if merged.count == 1, let joined = merged.first {
                characters[cursor - 1] = joined
                return
            }
        }
        if cursor == characters.count {
            characters.append(character)
        } else {
            characters.insert(character, at: cursor)
        }
        cursor += 1
    }
}
/// One command for a ``LineEditor``.
public enum EditCommand: Sendable, Hashable {
    case insert(Character)
    case insertText(String)
    case left, right, home, end
    case backspace
    case deleteForward
    /// Ctrl-U: deletes from the start of the line to the cursor.
    case deleteToStart
    /// Ctrl-K: deletes from the cursor to the end of the line.
    case deleteToEnd
    /// Ctrl-W: deletes the word before the cursor (and the spaces after it).
    case deleteWordBackward
}
