import TickCore

/// Obsidian Tasks' priorities, `🔁` repeats and `#tags` as tick's priority, repeat and tags.
///
/// - Priorities: `🔺` 1 (highest), `⏫` 3 (high), `🔼` 5 (medium), none, `🔽` 7 (low), `⏬` 9
///   (lowest); written from an item's priority: 1–2 `🔺`, 3–4 `⏫`, 5 `🔼`, 6–7 `🔽`, 8–9 `⏬`.
/// - `🔁 every week`: the plugin's phrases `every [N] day(s)|week(s)|month(s)|year(s)`,
///   `every weekday`, `on Monday, Friday` (weekly), `on the 15th`, `on the last day`,
///   `on the 2nd Tuesday`, `on the last Friday` (monthly), and `when done` at the end.
/// - `#tags` (nested `#a/b` too): tags without the `#`. Those that end the text leave the
///   title and are written back at its end; those inside the text stay in the title too.
extension MarkdownTasks {
    enum ObsidianFields {
        /// The priority of a mark (with or without a variation selector); nil for another character.
        static func priority(of mark: Character) -> Int? {
            switch mark.unicodeScalars.first {
            case "🔺": 1
            case "⏫": 3
            case "🔼": 5
            case "🔽": 7
            case "⏬": 9
            default: nil
            }
        }

        /// The mark written for a priority; `exact` is false when it reads back as another
        /// value (2, 4, 6, 8).
        static func mark(for priority: Int) -> (mark: String, exact: Bool) {
            let mark = switch priority {
            case ...2: "🔺"
            case 3...4: "⏫"
            case 5: "🔼"
            case 6...7: "🔽"
            default: "⏬"
            }
            return (mark, priority % 2 == 1)
        }

        // MARK: Tags

        /// The tag of a `#tag` word (without the `#`): letters, digits, `_`, `-` and `/`, not
        /// digits alone (`#1` is not a tag in Obsidian); nil for another word.
        static func tag(_ word: Substring) -> String? {
            guard word.first == "#", case let body = word.dropFirst(), !body.isEmpty,
                  body.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "/" }),
                  !body.allSatisfy({ $0.isNumber }), body.first != "/", body.last != "/" else { return nil }
            return String(body)
        }

        /// The word a tag is written as (`#garden`; a todo.txt tag's `+` or `@` is dropped), nil
        /// for a tag that is not one in Obsidian (spaces, other punctuation).
        static func tagWord(_ tag: String) -> String? {
            let body = tag.first == "+" || tag.first == "@" || tag.first == "#" ? tag.dropFirst() : Substring(tag)
            return Self.tag("#" + body) != nil ? "#" + body : nil
        }

        /// Takes the `#tag` words that end `title` out of it (never all of it); returns the
        /// title and every tag of the text, in order.
        static func takeTags(from title: Substring) -> (title: Substring, tags: [String]) {
            let words = title.split(separator: " ")
            let tags = words.compactMap(tag)
            guard !tags.isEmpty else { return (title, []) }
            var end = title.endIndex
            for word in words.reversed() {
                guard tag(word) != nil, word.startIndex > title.startIndex else { break }
                end = word.startIndex
            }
            var kept = title[..<end]
            while kept.last == " " { kept = kept.dropLast() }
            return (kept.isEmpty ? title : kept, tags)
        }

        // MARK: Repeats

        private static let dayNames = ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"]
        private static let dayTitles = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"]

        /// The repeat of the words after `🔁`; nil for words the plugin's phrases do not say.
        static func repeatRule(words text: Substring) -> SimpleRepeat? {
            var words = text.lowercased().replacingCommas.split(separator: " ").map(String.init)
            var whenDone = false
            if words.suffix(2) == ["when", "done"] { whenDone = true; words.removeLast(2) }
            guard words.first == "every", words.count >= 2 else { return nil }
            words.removeFirst()
            var interval = 1
            if let number = Int(words[0]), number > 0, number < 10_000 { interval = number; words.removeFirst() }
            guard let unit = words.first else { return nil }
            words.removeFirst()
            var rule: SimpleRepeat
            switch (unit, interval == 1) {
            case ("day", true), ("days", false): rule = SimpleRepeat(.daily, interval: interval)
            case ("week", true), ("weeks", false): rule = SimpleRepeat(.weekly, interval: interval)
            case ("month", true), ("months", false): rule = SimpleRepeat(.monthly, interval: interval)
            case ("year", true), ("years", false): rule = SimpleRepeat(.yearly, interval: interval)
            case ("weekday", true): rule = .everyWeekday
            default: return nil
            }
            if !words.isEmpty {
                guard words.removeFirst() == "on", rule.isPlain else { return nil }
                switch rule.frequency {
                case .weekly: guard let days = weekdays(words) else { return nil }; rule.byDay = days
                case .monthly: guard monthDay(words, into: &rule) else { return nil }
                default: return nil
                }
            }
            rule.whenDone = whenDone
            return rule
        }

        /// `Monday Friday` (commas and `and` dropped), full names or their first three letters.
        private static func weekdays(_ words: [String]) -> [RecurrenceRule.WeekdayNum]? {
            var days: [RecurrenceRule.WeekdayNum] = []
            for word in words where word != "and" {
                guard let day = weekday(word) else { return nil }
                days.append(.init(day))
            }
            return days.isEmpty ? nil : days
        }

        private static func weekday(_ word: String) -> RecurrenceRule.Weekday? {
            guard word.count >= 3, let index = dayNames.firstIndex(where: { $0.hasPrefix(word) }) else { return nil }
            return RecurrenceRule.Weekday(rawValue: index)
        }

        /// `the 15th`, `the last day`, `the 2nd tuesday`, `the last friday`.
        private static func monthDay(_ words: [String], into rule: inout SimpleRepeat) -> Bool {
            guard words.count == 3 || words.count == 2, words[0] == "the" else { return false }
            let ordinal: Int
            if words[1] == "last" {
                ordinal = -1
            } else {
                let digits = words[1].prefix { $0.isNumber }
                guard let number = Int(digits), (1...31).contains(number),
                      words[1].dropFirst(digits.count) == suffix(number) else { return false }
                ordinal = number
            }
            if words.count == 2 {
                guard ordinal > 0 else { return false }
                rule.byMonthDay = [ordinal]
            } else if words[2] == "day" {
                guard ordinal == -1 else { return false }
                rule.byMonthDay = [-1]
            } else {
                guard let day = weekday(words[2]), (-1...5).contains(ordinal) else { return false }
                rule.byDay = [.init(day, ordinal: ordinal)]
            }
            return true
        }

        private static func suffix(_ number: Int) -> String {
            guard !(11...13).contains(number % 100) else { return "th" }
            return switch number % 10 {
            case 1: "st"
            case 2: "nd"
            case 3: "rd"
            default: "th"
            }
        }

        private static func ordinalText(_ number: Int) -> String { number == -1 ? "last" : "\(number)\(suffix(number))" }

        /// The plugin's words for a repeat (`every 2 weeks on Monday, Friday when done`); nil
        /// for one its phrases do not say (hourly, a weekday ordinal beyond -1 … 5).
        static func words(_ rule: SimpleRepeat) -> String? {
            var text: String
            if rule.isEveryWeekday {
                text = "every weekday"
            } else {
                let unit: String
                switch rule.frequency {
                case .daily where rule.isPlain: unit = "day"
                case .weekly: unit = "week"
                case .monthly: unit = "month"
                case .yearly where rule.isPlain: unit = "year"
                default: return nil
                }
                text = rule.interval == 1 ? "every \(unit)" : "every \(rule.interval) \(unit)s"
                if rule.frequency == .weekly, !rule.byDay.isEmpty {
                    text += " on " + rule.byDay.map { dayTitles[$0.weekday.rawValue] }.joined(separator: ", ")
                } else if let day = rule.byMonthDay.first {
                    guard day > 0 || day == -1 else { return nil }
                    text += day == -1 ? " on the last day" : " on the \(ordinalText(day))"
                } else if let day = rule.byDay.first {
                    guard let ordinal = day.ordinal, (-1...5).contains(ordinal), ordinal != 0 else { return nil }
                    text += " on the \(ordinalText(ordinal)) \(dayTitles[day.weekday.rawValue])"
                }
            }
            return rule.whenDone ? text + " when done" : text
        }
    }
}

private extension String {
    /// Commas as spaces (`Monday, Friday`).
    var replacingCommas: String { String(map { $0 == "," ? " " : $0 }) }
}

extension MarkdownTasks.ObsidianFields {
    /// What export writes after an item's title: the tags the title does not hold, the
    /// priority mark and the repeat's words.
    struct Written {
        var tagWords: [String] = []
        var mark: String?
        var repeatWords: String?
        var unwritableTags = 0
        var inexactPriority = false
        var lostRepeat = false

        /// Whether the line carries the plugin's fields (then its due is written `📅 DAY`).
        var isObsidianLine: Bool { mark != nil || repeatWords != nil }
    }

    static func written(_ item: ToDoItem, title: String) -> Written {
        var written = Written()
        let titleWords = Set(title.split(separator: " "))
        for tag in item.tags {
            guard let word = tagWord(tag) else { written.unwritableTags += 1; continue }
            if !titleWords.contains(Substring(word)), !written.tagWords.contains(word) { written.tagWords.append(word) }
        }
        if let priority = item.priority {
            let (mark, exact) = mark(for: priority)
            written.mark = mark
            written.inexactPriority = !exact
        }
        if let rule = item.recurrence {
            if let simple = SimpleRepeat(rule: rule), let words = words(simple) { written.repeatWords = words } else { written.lostRepeat = true }
        }
        return written
    }

    /// Counts of what export could not write as it was, said on stderr.
    struct Lost {
        var tags = 0, priorities = 0, repeats = 0

        mutating func add(_ written: Written) {
            tags += written.unwritableTags
            priorities += written.inexactPriority ? 1 : 0
            repeats += written.lostRepeat ? 1 : 0
        }

        func note(in omissions: inout Omissions) {
            if tags > 0 { omissions.note("\(tags) tag\(tags == 1 ? "" : "s") that Obsidian cannot write as #tag (spaces or punctuation)") }
            if priorities > 0 {
                omissions.note("the priorities 2, 4, 6 or 8 of \(priorities) item\(priorities == 1 ? "" : "s") (written as the mark of 1, 3, 7 or 9)")
            }
            omissions.noteRepeats(repeats, "Obsidian's 🔁 says every N days, weeks, months or years, on named days, when done")
        }
    }
}
