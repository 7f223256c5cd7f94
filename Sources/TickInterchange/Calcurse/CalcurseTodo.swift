import FoundationEssentials
import TickCore

/// calcurse's todo file (`~/.local/share/calcurse/todo`): one todo a line, `[N] title`.
/// N is the priority, 1 (highest) … 9, 0 for none, as tick's (iCalendar's) scale; a
/// negative N (`[-3]`, `[-0]`) is a done todo. `[3]>HASH title` has a note, kept by
/// calcurse in the file `notes/HASH` beside the todo file. calcurse todos have no dates.
public enum CalcurseTodo {
    /// Whether `text` is a calcurse todo file: it has a line, and every non-empty line is
    /// `[N] …` or `[N]>HASH …` with N a number from -9 to 9.
    public static func looksLike(_ text: Substring) -> Bool {
        var any = false
        for line in text.split(whereSeparator: \.isNewline) where !line.allSatisfy(\.isWhitespace) {
            guard parse(line) != nil else { return false }
            any = true
        }
        return any
    }

    /// One line's parts: the priority number (negative for done, `-0` done too), the note's
    /// hash, the title; nil when the line is not a calcurse todo.
    static func parse(_ line: Substring) -> (priority: Int, done: Bool, note: String?, title: Substring)? {
        guard line.first == "[", let close = line.firstIndex(of: "]") else { return nil }
        let number = line[line.index(after: line.startIndex)..<close]
        let done = number.hasPrefix("-")
        let digits = done ? number.dropFirst() : number
        guard digits.count == 1, let first = digits.first, first.isASCII, let priority = first.wholeNumberValue else { return nil }
        var rest = line[line.index(after: close)...]
        var note: String?
        if rest.first == ">" {
            let hash = rest.dropFirst().prefix { $0 != " " }
            guard !hash.isEmpty, hash.allSatisfy({ $0.isASCII && $0.isHexDigit }) else { return nil }
            note = String(hash)
            rest = rest.dropFirst(1 + hash.count)
        }
        guard rest.first == " " else { return nil }
        return (priority, done, note, rest.dropFirst())
    }

    /// The todos of `text` (named `source` in errors), with each note `readNote(hash)` gives;
    /// a note it cannot give (no file beside, standard input) is counted in the omissions.
    public static func read(_ text: String, source: String, now: Date, readNote: (String) -> String?) throws(InterchangeError) -> (entries: [ExchangeEntry], omissions: Omissions) {
        var entries: [ExchangeEntry] = []
        var omissions = Omissions(format: .calcurse, importing: true)
        var lostNotes = 0
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = line.hasSuffix("\r") ? line.dropLast() : line
            if line.allSatisfy(\.isWhitespace) { continue }
            guard let todo = parse(line) else {
                throw InterchangeError(source: source, line: index + 1, problem: "is not a calcurse todo line like [3] Title")
            }
            var item: ToDoItem
            do throws(ModelError) {
                item = try ToDoItem(title: String(todo.title), createdAt: now)
                if todo.priority > 0 { try item.setPriority(todo.priority) }
            } catch {
                throw InterchangeError(source: source, line: index + 1, problem: error.description)
            }
            if let hash = todo.note {
                if let note = readNote(hash) {
                    var text = Substring(note)
                    while text.last?.isNewline == true { text = text.dropLast() }
                    if !text.isEmpty { item.notes = String(text) }
                } else {
                    lostNotes += 1
                }
            }
            entries.append(ExchangeEntry(item: item, done: todo.done, line: index + 1, createdAtIsDefault: true))
        }
        if lostNotes > 0 {
            omissions.note("\(lostNotes) note\(lostNotes == 1 ? "" : "s") (calcurse keeps each in notes/HASH beside its todo file; "
                + "none was found there: import the file by its path, not from standard input)")
        }
        return (entries, omissions)
    }

    /// Writes one line per entry, `[N] title` (`[-N]` when done), title line breaks as
    /// spaces; returns what was left out.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter) throws(InterchangeError) -> Omissions {
        var omissions = Omissions(format: .calcurse)
        for entry in entries {
            omissions.count(entry)
            let priority = entry.item.priority ?? 0
            writer.ascii(entry.done ? "[-" : "[")
            writer.integer(Int64(priority))
            writer.ascii("] ")
            writer.text(String(entry.item.title.map { $0.isNewline ? " " : $0 }))
            writer.byte(UInt8(ascii: "\n"))
            try writer.flushIfFull()
        }
        try writer.flush()
        return omissions
    }
}
