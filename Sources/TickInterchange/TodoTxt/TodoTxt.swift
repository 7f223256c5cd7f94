import FoundationEssentials
import TickCore

/// todo.txt: one task a line. A done task starts with `x`, its completion date and its
/// creation date; an open one with its creation date, always written, so that a title
/// that starts with `x ` or a date stays a title; the priority, `(A)` … `(I)`, is written
/// first, where todo.txt wants it. The due day is a `due:YYYY-MM-DD` token and the repeat a
/// `rec:` token at the end; `+project` and `@context` words are tags (those that end the
/// line leave the title: ``takeTags(from:)``); other `key:value` tokens (a `due:` that is
/// not a day too) are part of the title. Days are in the local time zone.
public enum TodoTxt {
    /// Writes one line per entry; returns what was left out.
    public static func write(_ entries: [ExchangeEntry], to writer: inout ByteWriter, calendar: LocalTime = .current) throws(InterchangeError) -> Omissions {
        var omissions = Omissions(format: .todotxt)
        var brokenTitles = 0, dueWords = 0, spacedTags = 0, lostRepeats = 0, repeatDays = 0, recWords = 0, tagEndings = 0
        for entry in entries {
            omissions.count(entry)
            let item = entry.item
            // todo.txt cannot escape a title's own due: word; it would be read back as the due date.
            // (A line break is written as a space, so it parts words too.)
            if item.title.split(whereSeparator: { $0 == " " || $0.isNewline }).contains(where: isDueDate) {
                dueWords += 1
            }
            // Nor its own rec: repeat, nor +project and @context words at its end (read back as tags).
            var words = item.title.split(whereSeparator: { $0 == " " || $0.isNewline })
            if words.contains(where: { $0.hasPrefix("rec:") && repeatRule(rec: $0.dropFirst(4)) != nil }) { recWords += 1 }
            words.removeAll { isDueDate($0) || ($0.hasPrefix("rec:") && repeatRule(rec: $0.dropFirst(4)) != nil) }
            let count = words.count
            _ = takeTags(from: &words)
            if words.count < count { tagEndings += 1 }
            if entry.done { writer.ascii("x ") }
            // The priority first (todo.txt's rule; before the completion date of a done task,
            // as in todo.txt's own example), then the dates.
            if let priority = item.priority {
                writer.byte(UInt8(ascii: "("))
                writer.text(priorityLetter(priority))
                writer.ascii(") ")
            }
            if entry.done {
                writer.localDay(item.completedAt ?? item.modifiedAt ?? item.createdAt, calendar)
                writer.byte(UInt8(ascii: " "))
            }
            writer.localDay(item.createdAt, calendar)
            writer.byte(UInt8(ascii: " "))
            let title = item.title
            if title.utf8.contains(where: { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") }) {
                brokenTitles += 1
                writer.text(String(title.map { $0.isNewline ? " " : $0 }))
            } else {
                writer.text(title)
            }
            // Tags the title does not hold as words of its own go at the end of the line.
            let titleWords = Set(title.split(whereSeparator: { $0 == " " || $0.isNewline }))
            for tag in item.tags {
                guard let word = tagWord(tag) else { spacedTags += 1; continue }
                guard !titleWords.contains(Substring(word)) else { continue }
                writer.byte(UInt8(ascii: " "))
                writer.text(word)
            }
            if let due = item.due {
                writer.ascii(" due:")
                if let day = item.dueDay { writer.day(day) } else { writer.localDay(due, calendar) }
            }
            if let rule = item.recurrence {
                if let simple = SimpleRepeat(rule: rule), let value = rec(simple) {
                    writer.ascii(" rec:")
                    writer.text(value)
                    if recLosesDays(simple) { repeatDays += 1 }
                } else {
                    lostRepeats += 1
                }
            }
            writer.byte(UInt8(ascii: "\n"))
            try writer.flushIfFull()
        }
        try writer.flush()
        if brokenTitles > 0 { omissions.note("line breaks in \(brokenTitles) title\(brokenTitles == 1 ? "" : "s") (written as spaces)") }
        if spacedTags > 0 { omissions.note("\(spacedTags) tag\(spacedTags == 1 ? "" : "s") with spaces (a todo.txt tag is one word)") }
        omissions.noteRepeats(lostRepeats, "rec: says every N days, weeks, months or years, or every business day")
        omissions.noteRepeats(repeatDays, "the days the rule names: rec: says how often only")
        if dueWords > 0 {
            omissions.note("\(dueWords) title\(dueWords == 1 ? " holds" : "s hold") a due: day, which todo.txt reads back as the due date")
        }
        if recWords > 0 {
            omissions.note("\(recWords) title\(recWords == 1 ? " holds" : "s hold") a rec: word, which todo.txt reads back as the repeat")
        }
        if tagEndings > 0 {
            omissions.note("\(tagEndings) title\(tagEndings == 1 ? " ends" : "s end") in +project or @context words, which are read back as tags, out of the title")
        }
        return omissions
    }

    /// Reads todo.txt; blank lines are skipped. A done task's priority may stand before or
    /// after its completion date (`x (A) 2026-11-20 2026-11-01 …`, as in todo.txt's own
    /// example; `x 2026-11-20 (A) 2026-11-01 …`, as Simpletask writes). A task without a
    /// creation date was created at `now`, or on the day it was completed when that is
    /// earlier. A bad date (`due:2026-13-01`) refuses the whole input.
    public static func read(_ text: String, source: String, now: Date = Date(), calendar: LocalTime = .current) throws(InterchangeError) -> [ExchangeEntry] {
        var omissions = Omissions(format: .todotxt, importing: true)
        return try read(text, source: source, now: now, calendar: calendar, omissions: &omissions)
    }

    /// Reads todo.txt as ``read(_:source:now:calendar:)`` does, and counts in `omissions`
    /// what it could not take as it was written (priorities J … Z, read as 9).
    public static func read(_ text: String, source: String, now: Date = Date(), calendar: LocalTime = .current,
                            omissions: inout Omissions) throws(InterchangeError) -> [ExchangeEntry] {
        var entries: [ExchangeEntry] = []
        var clamped = 0
        var lineNumber = 0
        for rawLine in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            lineNumber += 1
            var line = rawLine
            if line.last == "\r" { line.removeLast() }
            guard !line.allSatisfy({ $0 == " " || $0 == "\t" }) else { continue }
            func fail(_ problem: String) -> InterchangeError { InterchangeError(source: source, line: lineNumber, problem: problem) }
            var words = line.split(separator: " ", omittingEmptySubsequences: false)[...]
            var done = false
            var completed: CalendarDay?
            var created: CalendarDay?
            var priority: Substring?
            if words.first == "x" {
                done = true
                words.removeFirst()
                if let first = words.first, let found = Self.priority(first) { priority = found; words.removeFirst() }
                if let first = words.first, let day = day(first) {
                    completed = day
                    words.removeFirst()
                    if priority == nil, let first = words.first, let found = Self.priority(first) { priority = found; words.removeFirst() }
                }
            } else if let first = words.first, let found = Self.priority(first) {
                priority = found
                words.removeFirst()
            }
            if let first = words.first, let day = day(first) { created = day; words.removeFirst() }
            var due: CalendarDay?
            var rule: SimpleRepeat?
            var titleWords: [Substring] = []
            for word in words {
                // The first rec: that reads as a repeat is the repeat; another stays in the title.
                if rule == nil, word.hasPrefix("rec:"), let found = repeatRule(rec: word.dropFirst(4)) {
                    rule = found
                    continue
                }
                // A due: of a word (due:mon, as some tools take) stays part of the title; one
                // that begins with a digit means a date, and must be a day.
                if Self.isDueDate(word) {
                    guard due == nil else { throw fail("two due: dates") }
                    guard DateText.isWrittenAsDay(word.dropFirst(4)), let day = CalendarDay(word.dropFirst(4)) else {
                        throw fail("\"\(word)\" is not a due date like due:2026-12-01")
                    }
                    due = day
                } else {
                    titleWords.append(word)
                }
            }
            let tags = takeTags(from: &titleWords)
            let title = titleWords.joined(separator: " ")
            var item: ToDoItem
            let completedAt = completed.flatMap { calendar.date(year: $0.year, month: $0.month, day: $0.day) }
            // Never created after it was done: without a creation date, the day it was done.
            let createdAt = created.flatMap { calendar.date(year: $0.year, month: $0.month, day: $0.day) }
                ?? completedAt.map { min($0, now) } ?? now
            do {
                item = try ToDoItem(title: title, createdAt: createdAt)
            } catch {
                throw fail("a task without a title")
            }
            if let due { item.setDue(day: due) }
            if done { item.completedAt = completedAt }
            if let (value, wasClamped) = priority.flatMap(priorityValue) {
                try? item.setPriority(value)
                if wasClamped { clamped += 1 }
            }
            if !tags.isEmpty { try? item.setTags(tags) }
            item.recurrence = rule?.ruleText
            entries.append(ExchangeEntry(item: item, done: done, line: lineNumber))
        }
        if clamped > 0 {
            omissions.note("priorities J to Z of \(clamped) task\(clamped == 1 ? "" : "s") (read as I, tick's lowest, 9)")
        }
        return entries
    }

    /// A `YYYY-MM-DD` word, else nil.
    private static func day(_ word: Substring) -> CalendarDay? {
        word.utf8.count == 10 && word.contains("-") ? CalendarDay(word) : nil
    }

    /// Whether a word is a `due:` date (its value begins with a digit), a day or not.
    private static func isDueDate(_ word: Substring) -> Bool {
        word.hasPrefix("due:") && word.dropFirst(4).first.map { $0.isASCII && $0.isNumber } == true
    }

    /// A priority word, `(A)` to `(Z)`, else nil.
    static func priority(_ word: Substring) -> Substring? {
        guard word.count == 3, word.first == "(", word.last == ")", let letter = word.dropFirst().first,
              letter.isUppercase, letter.isASCII else { return nil }
        return word
    }
}
