/// Pasted text made fit for the field it goes into.
///
/// In every field, control characters other than line breaks and tabs (a stray Esc, a
/// Ctrl-C in the pasted text) are dropped: they are not text, and pasted text never acts
/// as keys.
enum PastedText {
    /// For a one-line field (a title, a location, a due date, the filter): the line breaks
    /// at the end are dropped, and every run of line breaks and tabs elsewhere is one space.
    /// `"Shopping:\n- bread\n- cheese\n"` is `"Shopping: - bread - cheese"`.
    static func oneLine(_ text: String) -> String {
        var characters = Substring(text)
        while characters.last?.isNewline == true { characters.removeLast() }
        var line = ""
        var spaceDue = false
        for character in characters {
            if character.isNewline || character == "\t" {
                spaceDue = true
                continue
            }
            if isControl(character) { continue }
            if spaceDue {
                line.append(" ")
                spaceDue = false
            }
            line.append(character)
        }
        if spaceDue { line.append(" ") }
        return line
    }

    /// For the tags: a tag a line, as a list pasted from elsewhere has them: every run of
    /// line breaks is a comma, the separator the tags editor reads (`"home\nerrands\n"` is
    /// `"home, errands"`); tabs are spaces.
    static func tags(_ text: String) -> String {
        oneLine(text.split(whereSeparator: \.isNewline).joined(separator: ", "))
    }

    /// For the notes: every line break stays one (as `\n`, which the notes editor shows as
    /// `↵`), and tabs stay.
    static func notes(_ text: String) -> String {
        var notes = ""
        for character in text {
            if character.isNewline {
                notes.append("\n")
            } else if character == "\t" || !isControl(character) {
                notes.append(character)
            }
        }
        return notes
    }

    private static func isControl(_ character: Character) -> Bool {
        character.unicodeScalars.contains { $0.properties.generalCategory == .control }
    }
}
