import FoundationEssentials
import TickCore

/// Markdown task lists: `## To Do` and `## Done`, an item a line as `- [ ] title` or
/// `- [x] title`, a due as a trailing `(due YYYY-MM-DD)`. Import reads these and any other
/// GitHub task list (`-`, `*`, `+`, `1.` or `1)`, `[ ]`, `[x]` or `[X]`, indented or not, in
/// a block quote or callout or not); other lines are not items, nor are the lines of code
/// blocks (fenced, or indented outside a list) and HTML comments. An item nested under
/// another (indented 2 columns or more further in) is its subtask, and subtasks are written
/// nested, 2 spaces per level, under their parent in the same section. Obsidian's Tasks and Dataview dates (due,
/// done, created) are read too (``ObsidianDates``), and the plugin's priorities, `🔁`
/// repeats and `#tags` (``ObsidianFields``); an item with a priority or a repeat is written
/// as the plugin's line, its due as `📅 YYYY-MM-DD`.
public enum MarkdownTasks {
    /// Writes both sections; returns what was left out.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter, calendar: LocalTime = .current) throws(InterchangeError) -> Omissions {
        var omissions = Omissions(format: .markdown)
        var brokenTitles = 0, dueEndings = 0, obsidianTitles = 0, tagEndings = 0
        var lost = ObsidianFields.Lost()
        var depths = SubtaskDepths()
        for done in [false, true] {
            writer.ascii(done ? "\n## Done\n\n" : "## To Do\n\n")
            for entry in entries where entry.done == done {
                omissions.count(entry)
                let depth = depths.next(entry.item, in: done ? .done : .toDo)
                // (A subtask is nested under its parent only in the parent's section: a done one
                // under an open parent is written top level, its parent left out.)
                if entry.item.parent != nil, depth == 0 { omissions.add(.parent) }
                for _ in 0..<depth { writer.ascii("  ") }
                writer.ascii(done ? "- [x] " : "- [ ] ")
                let title = entry.item.title
                // A title of its own ending as a due does (or holding Obsidian's dates) would be
                // read back as the due date.
                if entry.item.due == nil, dueSuffix(of: Substring(title)) != nil { dueEndings += 1 }
                if ObsidianDates.wouldTakeFields(from: Substring(title), isDone: done) { obsidianTitles += 1 }
                if ObsidianFields.takeTags(from: Substring(title)).title != Substring(title) { tagEndings += 1 }
                if title.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                    brokenTitles += 1
                    writer.text(String(title.map { $0.isNewline ? " " : $0 }))
                } else {
                    writer.text(title)
                }
                let fields = ObsidianFields.written(entry.item, title: title)
                lost.add(fields)
                for word in fields.tagWords {
                    writer.byte(UInt8(ascii: " "))
                    writer.text(word)
                }
                if let mark = fields.mark {
                    writer.byte(UInt8(ascii: " "))
                    writer.text(mark)
                }
                if let words = fields.repeatWords {
                    writer.text(" 🔁 ")
                    writer.text(words)
                }
                if let due = entry.item.due {
                    // Beside the plugin's fields, the plugin's due (it reads fields only at the end).
                    writer.text(fields.isObsidianLine ? " 📅 " : " (due ")
                    if let day = entry.item.dueDay { writer.day(day) } else { writer.localDay(due, calendar) }
                    if !fields.isObsidianLine { writer.byte(UInt8(ascii: ")")) }
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
        if obsidianTitles > 0 {
            omissions.note("\(obsidianTitles) title\(obsidianTitles == 1 ? " holds" : "s hold") Obsidian fields (📅 …, [due:: …], ⏫, 🔁 …), which are read back as fields")
        }
        if tagEndings > 0 {
            omissions.note("\(tagEndings) title\(tagEndings == 1 ? " ends" : "s end") in #tags, which are read back as tags, out of the title")
        }
        lost.note(in: &omissions)
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
        text.split(whereSeparator: isLineEnd).contains { taskLine($0) != nil }
    }

    /// Reads the task-list items of `text`; an item without a title or with a bad due
    /// refuses the whole input. Lines other tools write as tasks that are not `[ ]` or
    /// `[x]` items (Obsidian's `- [/]`, Logseq's `- TODO`) are not read, and counted in the
    /// omissions with their line numbers; `otherLines` counts the other lines with text
    /// (headings, prose, code), for when the input was taken for Markdown by its content.
    public static func read(_ text: String, source: String, now: Date = Date(), calendar: LocalTime = .current) throws(InterchangeError)
        -> (entries: [ExchangeEntry], omissions: Omissions, otherLines: Int) {
        var entries: [ExchangeEntry] = []
        var lineNumber = 0
        var blocks = BlockTracker()
        var otherTasks: [Int] = []
        var otherLines = 0, notDays = 0
        // The items a nested item may be under: each one's indent and id, innermost last.
        var open: [(indent: Int, id: UUID)] = []
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: isLineEnd) {
            lineNumber += 1
            var line = withoutQuoteMarkers(rawLine)
            if line.last == "\r" { line.removeLast() }
            let listIndent = blocks.isInList ? blocks.listIndent : nil
            guard blocks.mayHoldItem(line) else {
                if !line.allSatisfy(\.isWhitespace) { otherLines += 1 }
                continue
            }
            guard let (done, rest) = taskLine(line) else {
                if isOtherTask(line) { otherTasks.append(lineNumber) } else { otherLines += 1 }
                continue
            }
            // Indented 2 columns or more further in than an item above it in the list, it is
            // that item's subtask.
            let indent = BlockTracker.columns(before: line)
            if listIndent == nil { open.removeAll() }
            while let last = open.last, last.indent + 2 > indent { open.removeLast() }
            func fail(_ problem: String) -> InterchangeError { InterchangeError(source: source, line: lineNumber, problem: problem) }
            var title = rest
            var due: CalendarDay?
            if let value = dueSuffix(of: title) {
                guard let day = CalendarDay(value) else { throw fail("\"(due \(value))\" is not a day like (due 2026-12-01)") }
                due = day
                title = title.dropLast(11 + dueMarker.count)
            }
            var obsidian = ObsidianDates()
            title = obsidian.read(title, isDone: done, hasOtherDue: due != nil)
            notDays += obsidian.notDays
            let taken = ObsidianFields.takeTags(from: title)
            title = taken.title
            let tags = taken.tags
            func start(of day: CalendarDay?) -> Date? { day.flatMap { calendar.date(year: $0.year, month: $0.month, day: $0.day) } }
            var item: ToDoItem
            do {
                item = try ToDoItem(title: String(title), createdAt: start(of: obsidian.created) ?? now)
            } catch {
                throw fail("a task without a title")
            }
            if let due = due ?? obsidian.due { item.setDue(day: due) }
            if done { item.completedAt = start(of: obsidian.done) }
            try? item.setPriority(obsidian.priority)
            if !tags.isEmpty { try? item.setTags(tags) }
            item.recurrence = obsidian.rule?.ruleText
            item.parent = open.last?.id
            open.append((indent, item.id))
            entries.append(ExchangeEntry(item: item, done: done, line: lineNumber))
        }
        var omissions = Omissions(format: .markdown, importing: true)
        if !otherTasks.isEmpty {
            let lines = otherTasks.prefix(5).map(String.init).joined(separator: ", ") + (otherTasks.count > 5 ? ", …" : "")
            let count = otherTasks.count
            omissions.note("\(count) line\(count == 1 ? "" : "s") written as a task but not as - [ ] or - [x] (line\(count == 1 ? "" : "s") \(lines))")
        }
        if notDays > 0 { omissions.note("\(notDays) Obsidian date\(notDays == 1 ? "" : "s") that name\(notDays == 1 ? "s" : "") no day (left in the title)") }
        return (entries, omissions, otherLines)
    }

    /// A line without the block-quote markers before it (`> `, `>> `, `> > `: a task list in a
    /// quote or an Obsidian callout is still a task list).
    static func withoutQuoteMarkers(_ line: Substring) -> Substring {
        var rest = line
        while true {
            // (Up to three spaces, then `>`; looked at one character at a time, never counted from the end.)
            var index = rest.startIndex
            var spaces = 0
            while spaces < 4, index < rest.endIndex, rest[index] == " " { spaces += 1; index = rest.index(after: index) }
            guard spaces < 4, index < rest.endIndex, rest[index] == ">" else { break }
            rest = rest[rest.index(after: index)...]
            if rest.first == " " { rest = rest.dropFirst() }
        }
        return rest
    }

    /// Markers other tools put where a task list has `[ ]` or `[x]`: Logseq's and org's
    /// words at the start of a list item.
    private static let taskWords = ["TODO", "DONE", "DOING", "NOW", "LATER", "WAITING", "CANCELED", "CANCELLED"]

    /// Whether a list item that is not a task-list item is written as a task all the same:
    /// a box holding another mark (`[-]`, `[/]`, `[>]`), or a task word (`- TODO call`).
    static func isOtherTask(_ line: Substring) -> Bool {
        guard let content = listItemContent(line.drop { $0 == " " || $0 == "\t" }) else { return false }
        let body = content.drop { $0 == " " || $0 == "\t" }
        if body.count >= 3, body.first == "[", body.dropFirst(2).first == "]", body.dropFirst(3).first ?? " " == " " { return true }
        let word = body.prefix { !$0.isWhitespace }
        return word.count < body.count && taskWords.contains(String(word))
    }

    /// A Markdown line ending (CommonMark: LF, CR LF or CR). U+2028, NEL, VT and FF are
    /// characters of a title, as the writer leaves them.
    private static func isLineEnd(_ character: Character) -> Bool {
        character == "\n" || character == "\r\n" || character == "\r"
    }

    /// `(done, title)` of a task-list line, else nil.
    static func taskLine(_ line: Substring) -> (done: Bool, rest: Substring)? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard let afterMarker = listItemContent(trimmed) else { return nil }
        let spaces = afterMarker.prefix { $0 == " " }.count
        guard (1...4).contains(spaces) else { return nil }
        let afterBullet = afterMarker.dropFirst(spaces - 1)
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

    /// What follows the marker of a list item (`-`, `*`, `+`, or up to nine digits and `.`
    /// or `)`) at the start of `text`, when one is there: nothing, or a space or tab first.
    static func listItemContent(_ text: Substring) -> Substring? {
        var rest = text
        if let first = rest.first, "-*+".contains(first) {
            rest = rest.dropFirst()
        } else {
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard (1...9).contains(digits.count) else { return nil }
            rest = rest.dropFirst(digits.count)
            guard let delimiter = rest.first, delimiter == "." || delimiter == ")" else { return nil }
            rest = rest.dropFirst()
        }
        guard rest.isEmpty || rest.first == " " || rest.first == "\t" else { return nil }
        return rest
    }

    /// Follows a Markdown text line by line for what makes a line not an item though it
    /// looks like one: a fenced code block (``` or ~~~), and an indented code block (4
    /// columns or more outside a list, where the indent does not nest a list item).
    struct BlockTracker {
        private var fence: Substring?
        /// Inside an HTML comment (`<!-- … -->`) that began on an earlier line.
        private var inComment = false
        private(set) var isInList = false
        /// The indent, in columns, of the first item of the list the tracker is in.
        private(set) var listIndent = 0

        /// The columns of white space a line begins with (a tab to the next multiple of 4).
        static func columns(before line: Substring) -> Int {
            var columns = 0
            for character in line.prefix(while: { $0 == " " || $0 == "\t" }) { columns = character == "\t" ? columns + 4 - columns % 4 : columns + 1 }
            return columns
        }
        private var afterBlank = true

        /// Whether `line`, the next line, may be an item (it is not inside a code block).
        mutating func mayHoldItem(_ line: Substring) -> Bool {
            let body = line.drop { $0 == " " || $0 == "\t" }
            let columns = Self.columns(before: line)
            if let open = fence {
                // Closed by a run of the same character, at least as long, with nothing after it.
                if body.hasPrefix(open), body.drop(while: { $0 == open.first }).allSatisfy(\.isWhitespace) { fence = nil }
                return false
            }
            if inComment {
                if body.contains("-->") { inComment = false }
                return false
            }
            if columns < 4 || isInList, body.hasPrefix("<!--") {
                inComment = !body.dropFirst(4).contains("-->")
                return false
            }
            guard !body.allSatisfy(\.isWhitespace) else { afterBlank = true; return false }
            defer { afterBlank = false }
            if columns < 4 || isInList, let first = body.first, first == "`" || first == "~" {
                let run = body.prefix { $0 == first }
                if run.count >= 3 {
                    fence = run
                    // At the margin it is not part of a list item: the list ends.
                    if columns == 0 { isInList = false }
                    return false
                }
            }
            if columns >= 4, !isInList { return false }
            if let content = MarkdownTasks.listItemContent(body) {
                if !isInList { listIndent = columns }
                isInList = true
                // A list item whose content opens a fence (Logseq's `- ```` blocks).
                let inner = content.drop { $0 == " " || $0 == "\t" }
                if let first = inner.first, first == "`" || first == "~", inner.prefix(while: { $0 == first }).count >= 3 {
                    fence = inner.prefix { $0 == first }
                }
            } else if columns == 0, afterBlank || body.first == "#" {
                // A paragraph or heading at the margin after a blank line ends the list.
                isInList = false
            }
            return true
        }
    }
}
