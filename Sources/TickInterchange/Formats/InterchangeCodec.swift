import FoundationEssentials
import TickCore

/// Reads and writes every format by name: the one entry point of `tick import` and
/// `tick export`.
public enum InterchangeCodec {
    /// Writes `entries` in `format` to `writer`; returns what the format left out.
    public static func write(_ entries: [ExchangeEntry], as format: InterchangeFormat, to writer: inout ByteWriter) throws(InterchangeError) -> Omissions {
        switch format {
        case .ics, .vdir:
            // (A vdir is written file by file by ``VdirStore``; as one stream it is one calendar.)
            var omissions = Omissions(format: format)
            omissions.note(try ICalendar.write(iCalendarEntries(entries), to: &writer))
            return omissions
        case .json:
            try TickJSON.write(entries, to: &writer)
            return Omissions(format: .json)
        case .taskwarrior: return try Taskwarrior.write(entries, to: &writer)
        case .todotxt: return try TodoTxt.write(entries, to: &writer)
        case .markdown: return try MarkdownTasks.write(entries, to: &writer)
        case .calcurse: return try CalcurseTodo.write(entries, to: &writer)
        }
    }

    /// Writes the sections of `list` in `format` to `writer`; returns what the format left
    /// out. iCalendar and tick's JSON read the items in place, one at a time (no array of
    /// entries for a large list).
    public static func write(_ list: ToDoList, sections: [ToDoList.Section], as format: InterchangeFormat,
                             to writer: inout ByteWriter) throws(InterchangeError) -> Omissions {
        switch format {
        case .ics:
            var omissions = Omissions(format: format)
            omissions.note(try ICalendar.write(list, sections: sections, to: &writer))
            return omissions
        case .json:
            try TickJSON.write(list, sections: sections, to: &writer)
            return Omissions(format: .json)
        default:
            return try write(ExchangeEntry.entries(of: list, sections: sections), as: format, to: &writer)
        }
    }

    /// The format of `bytes` judged from their content: iCalendar when they begin with a
    /// `BEGIN:` line (a cut-short file is then an iCalendar error, not todo.txt lines), JSON
    /// when they begin with `{`, with `[` and then `{`, or are `[]` (tick's or taskwarrior's, by
    /// the keys of the first item; a todo.txt line may begin `[work]` or `[ ]`), a Markdown
    /// task list, calcurse's todo file by its `[N] title` lines, else todo.txt.
    public static func detect(_ bytes: [UInt8]) -> InterchangeFormat {
        let blank: [UInt8] = [0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF]
        let start = bytes.firstIndex { !blank.contains($0) }
        if let start, bytes[start] == UInt8(ascii: "{") { return .json }
        if let start, bytes[start] == UInt8(ascii: "["), let next = bytes[(start + 1)...].firstIndex(where: { !blank.contains($0) }),
           bytes[next] == UInt8(ascii: "{") || (bytes[next] == UInt8(ascii: "]") && bytes[(next + 1)...].allSatisfy { blank.contains($0) }) {
            return .json
        }
        if let start, bytes[start] == UInt8(ascii: "["), bytes[(start + 1)...].allSatisfy({ blank.contains($0) }) { return .json }
        if let start, beginsComponent(bytes[start...].prefix(200)) { return .ics }
        let head = String(decoding: bytes.prefix(1 << 20), as: UTF8.self)
        // Every line `[3] Title` or `[-1]>HASH Title`: calcurse's todo file, whose done todos
        // todo.txt would read as open ones.
        if CalcurseTodo.looksLike(Substring(head)) { return .calcurse }
        if MarkdownTasks.looksLike(head) { return .markdown }
        return .todotxt
    }

    /// Whether `bytes` are a property list, as tick's list files are: binary (`bplist00`), or
    /// XML whose first kilobyte has a `<plist` element (a Markdown note or todo.txt line may
    /// begin with `<` too).
    static func isPropertyList(_ bytes: [UInt8]) -> Bool {
        if bytes.starts(with: Array("bplist00".utf8)) { return true }
        guard bytes.withUnsafeBufferPointer(KeyedArchive.isXML) else { return false }
        return String(decoding: bytes.prefix(1_024), as: UTF8.self).contains("<plist")
    }

    /// Whether `bytes` begin with a `BEGIN:` line that names a component (`BEGIN:VCALENDAR`,
    /// `BEGIN:VTODO`, a cut-short `BEGIN:VCAL`): one name of letters, digits and `-`. A
    /// todo.txt line such as `Begin: taxes for 2026` names none and stays todo.txt.
    static func beginsComponent(_ bytes: ArraySlice<UInt8>) -> Bool {
        let line = String(decoding: bytes.prefix { $0 != 0x0A && $0 != 0x0D }, as: UTF8.self)
        guard line.prefix(6).uppercased() == "BEGIN:" else { return false }
        let name = String(line.dropFirst(6)).trimmingWhitespace
        return !name.isEmpty && name.allSatisfy { ($0.isASCII && ($0.isLetter || $0.isNumber)) || $0 == "-" }
    }

    /// The format a file to import is read as when none is given, by its name: `.ics` is
    /// iCalendar and `.json` JSON whatever the content (an empty or cut-short one is an
    /// error), `.md` Markdown (a note with no task-list item holds no items, rather than
    /// every line, headings too, being read as a todo.txt task); other names (`.txt`, none)
    /// leave it to ``detect(_:)``.
    public static func importFormat(named path: String) -> InterchangeFormat? {
        switch InterchangeFormat(pathExtension: path) {
        case .ics?: .ics
        case .json?: .json
        case .markdown?: .markdown
        default: nil
        }
    }

    /// Reads `bytes` (named `source` in errors) as `format`, or as the format
    /// ``detect(_:)`` finds; all or nothing: one bad item is an error naming its line.
    /// `readNote` gives a calcurse note by its hash (the file `notes/HASH` beside the todo
    /// file), nil when there is none.
    public static func read(_ bytes: [UInt8], as format: InterchangeFormat?, source: String, now: Date = Date(),
                            readNote: (String) -> String? = { _ in nil }) throws(InterchangeError) -> (entries: [ExchangeEntry], format: InterchangeFormat, omissions: Omissions) {
        let detected = format == nil
        // Another list file of tick's (a binary or XML property list): its items with every
        // field, as tick's JSON carries them, so that two lists can be merged by id.
        if isPropertyList(bytes) {
            if let format, format != .json {
                throw InterchangeError(source: source, problem: "is a tick list file (a property list), not \(format.displayName); "
                    + "import it without --format, or with --format json")
            }
            do throws(ArchiveError) {
                return (ExchangeEntry.entries(of: try KeyedArchive.decode(bytes)), .json, Omissions(format: .json, importing: true))
            } catch {
                throw InterchangeError(source: source, problem: "cannot be read as a tick list: \(error)")
            }
        }
        let format = format ?? detect(bytes)
        switch format {
        case .ics, .vdir:
            var options = ICalendarDecodingOptions()
            options.now = now
            let calendar = try ICalendar.decode(bytes, source: source, options: options)
            var omissions = Omissions(format: .ics, importing: true)
            for (name, count) in calendar.skipped.sorted(by: { $0.key < $1.key }) { omissions.note("\(count) \(name)") }
            return (entries(calendar.todos, source: { _ in nil }), .ics, omissions)
        case .json, .taskwarrior:
            // One array, or objects one after another: taskwarrior's tasks a line, tick's
            // items as jq prints them (`jq '.[] | select(…)'`); the parser refuses any other
            // mix. One object is a list of one.
            let documents = try JSONParser.parseDocuments(bytes, source: source)
            let value = documents.count == 1 ? documents[0] : .array(documents, line: 1)
            if format == .taskwarrior || Taskwarrior.looksLike(value) {
                let (entries, omissions) = try Taskwarrior.read(value, source: source, now: now)
                return (entries, .taskwarrior, omissions)
            }
            return (try TickJSON.read(value, source: source, now: now), .json, Omissions(format: .json, importing: true))
        case .calcurse:
            let (entries, omissions) = try CalcurseTodo.read(try text(bytes, source: source), source: source, now: now, readNote: readNote)
            return (entries, .calcurse, omissions)
        case .todotxt:
            var omissions = Omissions(format: .todotxt, importing: true)
            let entries = try TodoTxt.read(try text(bytes, source: source), source: source, now: now, omissions: &omissions)
            return (entries, .todotxt, omissions)
        case .markdown:
            var (entries, omissions, otherLines) = try MarkdownTasks.read(try text(bytes, source: source), source: source, now: now)
            if detected, otherLines > 0 {
                // Taken for Markdown by its task-list items: say what else it held (a todo.txt
                // list with one such line would else lose its other lines without a word).
                omissions.note("\(otherLines) line\(otherLines == 1 ? "" : "s") that \(otherLines == 1 ? "is" : "are") not a task-list item "
                    + "(read as Markdown for its - [ ] items; --format todotxt reads every line as a task)")
            }
            return (entries, .markdown, omissions)
        }
    }

    /// Decoded VTODOs as entries: each section in X-APPLE-SORT-ORDER where given (those
    /// without one after, in file order).
    static func entries(_ todos: [(todo: DecodedToDo, source: String?)]) -> [ExchangeEntry] {
        entries(todos.map(\.todo), source: { todos[$0].source })
    }

    /// ``entries(_:)-([(todo:source:)])`` of `todos`, the one at index `i` read from `source(i)`.
    /// The order is found by sorting small keys (sort order, index), not the items themselves.
    static func entries(_ todos: [DecodedToDo], source: (Int) -> String?) -> [ExchangeEntry] {
        let order = todos.indices.map { (todos[$0].sortOrder ?? .max, $0) }.sorted { $0 < $1 }
        var entries: [ExchangeEntry] = []
        entries.reserveCapacity(todos.count)
        for (_, index) in order {
            let todo = todos[index]
            entries.append(ExchangeEntry(item: todo.item, done: todo.isDone, line: todo.line, source: source(index),
                                         createdAtIsDefault: todo.createdAtIsDefault))
        }
        return entries
    }

    /// Entries as the iCalendar encoder takes them, each with its position in its section,
    /// made one at a time as they are written.
    /// `parentUIDs`: the parents' UIDs (``ICalendar/parentUIDs(of:)``) of the whole list
    /// when `entries` are part of it (an export of To Do alone); by default, of `entries`.
    static func iCalendarEntries(_ entries: [ExchangeEntry], parentUIDs: [UUID: String]? = nil) -> some Sequence<ICalendarEntry> {
        let parentUIDs = parentUIDs ?? ICalendar.parentUIDs(of: entries.lazy.map(\.item))
        return sequence(state: (next: 0, toDo: 0, done: 0)) { state -> ICalendarEntry? in
            guard state.next < entries.count else { return nil }
            let entry = entries[state.next]
            state.next += 1
            let position: Int
            if entry.done { position = state.done; state.done += 1 } else { position = state.toDo; state.toDo += 1 }
            return ICalendarEntry(item: entry.item, isDone: entry.done, sortOrder: position,
                                  parentUID: entry.item.parent.flatMap { parentUIDs[$0] })
        }
    }

    /// The bytes as text, a leading byte order mark skipped; broken UTF-8 is an error naming
    /// the line it is on.
    public static func text(_ bytes: [UInt8], source: String) throws(InterchangeError) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text.hasPrefix("\u{FEFF}") ? String(text.dropFirst()) : text
        }
        var line = 1
        var start = 0
        for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
            if String(validating: bytes[start..<index], as: UTF8.self) == nil { break }
            line += 1
            start = index + 1
        }
        throw InterchangeError(source: source, line: line, problem: "not valid UTF-8")
    }
}
