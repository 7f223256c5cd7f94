import ArgumentParser
import FoundationEssentials
import TickCore
import TickInterchange

/// What `tick add` reads beside its options: taskwarrior's `due:DATE` and `+tag` words among
/// the title's, a title of `-` (one item per line of standard input), and the line it prints.
extension AddCommand {
    /// The title words read as taskwarrior reads `task add`'s: a whole argument `due:DATE` is
    /// the due date, `+tag` (a `+` and a letter, then no spaces) a tag; everything else, a
    /// quoted argument with spaces, `+`, `+5` too, is the title's.
    struct TitleWords {
        var title: [String] = []
        /// The `due:` word as typed, and the date it names.
        var due: (word: String, date: ParsedDue)?
        var tags: [String] = []

        /// Reads `arguments`; an unreadable `due:` value, a second `due:`, or a `due:` beside
        /// `--due` is a usage error naming the word.
        init(_ arguments: [String], dueOption: Bool, now: Date) throws(ValidationError) {
            for argument in arguments {
                if argument.hasPrefix("due:") {
                    let shown = VisibleText.escaped(argument)
                    if dueOption { throw ValidationError("give the due date once: \(shown) or --due") }
                    if let due { throw ValidationError("give the due date once: \(VisibleText.escaped(due.word)) or \(shown)") }
                    let value = String(argument.dropFirst(4))
                    guard !value.trimmed().isEmpty else { throw ValidationError("\(shown) needs a date, e.g. due:fri or due:2026-12-01") }
                    do {
                        due = (argument, try DateParser.parseDue(value, now: now))
                    } catch {
                        throw ValidationError(VisibleText.escaped("\(argument): \(error.description)"))
                    }
                } else if Self.isTag(argument) {
                    tags.append(String(argument.dropFirst()))
                } else {
                    title.append(argument)
                }
            }
        }

        /// `+library`: a `+`, a letter, and no spaces or control characters.
        static func isTag(_ word: String) -> Bool {
            guard word.first == "+", let first = word.dropFirst().first, first.isLetter else { return false }
            return !word.contains(where: { $0.isWhitespace || $0.unicodeScalars.contains { $0.properties.generalCategory == .control } })
        }

        /// True when the title is `-` alone: the titles come from standard input.
        var readsStandardInput: Bool { title == ["-"] }
    }

    /// The titles of `tick add -`: each non-empty line of standard input, trimmed, taken as
    /// it is (no `due:` or `+tag` words read in it); a leading byte order mark skipped.
    static func standardInputTitles() throws -> [String] {
        // (Read as the import formats read text: a byte order mark skipped, broken UTF-8 an
        // error naming its line.)
        let text = try InterchangeCodec.text(try InputFile.read("-"), source: "standard input")
        let titles = text.split(whereSeparator: \.isNewline).map { String($0).trimmed() }.filter { !$0.isEmpty }
        guard !titles.isEmpty else { throw CLIError("add -: standard input held no title (one item per non-empty line)") }
        return titles
    }

    /// The items to add: one with the title's words, or one per line of standard input for
    /// `-`; each with the notes, place, due date (`--due` or `due:`) and `+tags` given.
    func makeItems() throws -> [ToDoItem] {
        let words = try TitleWords(title, dueOption: due != nil, now: Date())
        let place = try self.place()
        let titles = words.readsStandardInput ? try Self.standardInputTitles() : [words.title.joined(separator: " ")]
        return try titles.map { title throws(ValidationError) -> ToDoItem in
            do {
                var made = try ToDoItem(title: title, notes: notes.flatMap { $0.isEmpty ? nil : $0 }, location: place)
                if let due = due ?? words.due?.date { try made.set(due.dueField()) }
                try made.setPriority(priority)
                try made.setTags(tags.map(TagInput.tag) + words.tags)
                if let repeatRule, let today = CalendarDay(of: Date(), in: .current) {
                    let rule = try ArgumentValues.repeatRule(repeatRule, dueIsDay: made.due == nil || made.dueIsDay)
                    for field in ToDoList.ItemField.repeating(made, by: rule, today: today) { try made.set(field) }
                }
                return made
            } catch {
                throw ValidationError(VisibleText.escaped(String(describing: error)))
            }
        }
    }

    /// `added 3f2a1b2c  Return books`, and `  due Fri 2026-11-20` (with its time when the
    /// due is an instant) when the item has a due date, so that the day tick understood is seen.
    static func report(_ item: ToDoItem, calendar: LocalTime = .current) -> String {
        let line = ItemFormatting.report("added", item)
        guard let due = item.localDue(calendar: calendar) else { return line }
        let weekday = String(DateParser.weekdayNames[calendar.fields(of: due).weekday - 1].prefix(3)).capitalized
        return line + "  due \(weekday) " + ItemFormatting.date(due, calendar: calendar, withTime: !item.dueIsDay)
    }
}
