import FoundationEssentials
import TickCore

/// Markdown task lists: `## To Do` and `## Done`, an item a line as `- [ ] title` or
/// `- [x] title`, a due as a trailing `(due YYYY-MM-DD)`. Import reads these and any other
/// GitHub task list (`-`, `*` or `+`, `[ ]`, `[x]` or `[X]`, indented or not); other lines
/// are not items.
public enum MarkdownTasks {
    /// Writes both sections; returns what was left out.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter, calendar: LocalTime = .current) throws(InterchangeError) -> Omissions {
        var omissions = Omissions(format: .markdown)
        var brokenTitles = 0, dueEndings = 0
        for done in [false, true] {
            writer.ascii(done ? "\n## Done\n\n" : "## To Do\n\n")
            for entry in entries where entry.done == done {
                omissions.count(entry)
                writer.ascii(done ? "- [x] " : "- [ ] ")
                let title = entry.item.title
                // A title of its own ending as a due does would be read back as the due date.
                if entry.item.due == nil, dueSuffix(of: Substring(title)) != nil { dueEndings += 1 }
                if title.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                    brokenTitles += 1
                    writer.text(String(title.map { $0.isNewline ? " " : $0 }))
                } else {
                    writer.text(title)
                }
                if let due = entry.item.due {
                    writer.ascii(" (due ")
                    if let day = entry.item.dueDay { writer.day(day) } else { writer.localDay(due, calendar) }
                    writer.byte(UInt8(ascii: ")"))
                }
                writer.byte(UInt8(ascii: "\n"))
                try writer.flushIfFull()
            }
        }
        try writer.flush()
        if brokenTitles > 0 { omissions.note("line breaks in \(brokenTitles) title\(brokenTitles == 1 ? "" : "s") (written as spaces)") }
        if dueEndings > 0 {
            omissions.note("\(dueEndings) title\(dueEndings == 1 ? " ends" : "s end") in \"(due …)\", which is read back as a due date")
        }
        return omissions
    }

    private static let dueMarker = " (due "

    /// The ten characters of a trailing ` (due YYYY-MM-DD)` (a day or not), nil when
    /// `title` does not end so.
    static func dueSuffix(of title: Substring) -> Substring? {
        guard title.hasSuffix(")"), title.count > dueMarker.count + 11, title.dropLast(11).hasSuffix(dueMarker) else { return nil }
        return title.dropLast().suffix(10)
    }

    /// Whether `text` holds a task-list item.
    public static func looksLike(_ text: String) -> Bool {
        text.split(whereSeparator: \.isNewline).contains { taskLine($0) != nil }
    }

    /// Reads the task-list items of `text`; an item without a title or with a bad due
    /// refuses the whole input.
    public static func read(_ text: String, source: String, now: Date = Date()) throws(InterchangeError) -> [ExchangeEntry] {
        var entries: [ExchangeEntry] = []
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lineNumber += 1
            var line = rawLine
            if line.last == "\r" { line.removeLast() }
            guard let (done, rest) = taskLine(line) else { continue }
            func fail(_ problem: String) -> InterchangeError { InterchangeError(source: source, line: lineNumber, problem: problem) }
            var title = rest
            var due: CalendarDay?
            if let value = dueSuffix(of: title) {
                guard let day = CalendarDay(value) else { throw fail("\"(due \(value))\" is not a day like (due 2026-12-01)") }
                due = day
                title = title.dropLast(11 + dueMarker.count)
            }
            var item: ToDoItem
            do {
                item = try ToDoItem(title: String(title), createdAt: now)
            } catch {
                throw fail("a task without a title")
            }
            if let due { item.setDue(day: due) }
            entries.append(ExchangeEntry(item: item, done: done, line: lineNumber))
        }
        return entries
    }

    /// `(done, title)` of a task-list line, else nil.
    static func taskLine(_ line: Substring) -> (done: Bool, rest: Substring)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let bullet = trimmed.first, "-*+".contains(bullet) else { return nil }
        let afterBullet = trimmed.dropFirst()
        guard afterBullet.hasPrefix(" ["), afterBullet.count >= 4 else { return nil }
        let box = afterBullet.dropFirst(2).first
        let afterBox = afterBullet.dropFirst(3)
        guard afterBox.first == "]" else { return nil }
        let done: Bool
        switch box {
        case " ": done = false
        case "x", "X": done = true
        default: return nil
        }
        let rest = afterBox.dropFirst()
        guard rest.isEmpty || rest.first == " " else { return nil }
        return (done, rest.drop { $0 == " " })
    }
}
