import TickCore

extension MarkdownTasks {
    /// The dates Obsidian's Tasks plugin writes into a task's line, read into tick's fields:
    /// its emoji fields at the end of the line (`📅 2026-12-01` due, `✅` done, `➕` created)
    /// and Dataview's inline fields anywhere (`[due:: 2026-12-01]` or `(due:: 2026-12-01)`,
    /// `completion`, `created`). The plugin's other fields at the end (`⏳` and `🛫` dates,
    /// priorities such as `🔼`, a `^block-id`) stay in the title and do not stop the reading.
    /// A done date on a task that is not done stays in the title.
    struct ObsidianDates {
        var due: CalendarDay?
        var done: CalendarDay?
        var created: CalendarDay?
        /// The fields written as dates that name no day (`📅 2022-02-29`): left in the title.
        var notDays = 0

        private enum Field { case due, done, created, other }

        private static func emojiField(_ marker: Character) -> Field? {
            switch marker {
            case "📅": .due
            case "✅": .done
            case "➕": .created
            case "⏳", "🛫", "❌": .other
            default: nil
            }
        }

        /// The plugin's priority marks: fields of one character.
        private static let priorities: Set<Character> = ["🔺", "⏫", "🔼", "🔽", "⏬"]

        private static func dataviewField(_ key: String) -> Field? {
            switch key {
            case "due": .due
            case "completion": .done
            case "created": .created
            default: nil
            }
        }

        /// Sets a field; false for one it does not take (another date, a done date on an open task).
        private mutating func take(_ field: Field, _ day: CalendarDay, isDone: Bool) -> Bool {
            switch field {
            case .due: due = day
            case .done where isDone: done = day
            case .created: created = day
            case .done, .other: return false
            }
            return true
        }

        /// Takes the fields out of the title of a task (done or not); returns the title
        /// without them (never blank: a title of fields alone is kept as it was, with none taken).
        mutating func read(_ title: Substring, isDone: Bool) -> Substring {
            var fields = ObsidianDates()
            let rest = fields.take(from: title, isDone: isDone)
            guard !rest.allSatisfy(\.isWhitespace) else { return title }
            self = fields
            return rest
        }

        private mutating func take(from title: Substring, isDone: Bool) -> Substring {
            // Dataview's fields, anywhere: `[key:: YYYY-MM-DD]` or `(key:: YYYY-MM-DD)`.
            var kept = ""
            var rest = title
            while let open = rest.firstIndex(where: { $0 == "[" || $0 == "(" }) {
                kept += rest[..<open]
                rest = rest[open...]
                // (A field is short: the closing bracket is looked for nearby only.)
                let closing: Character = rest.first == "[" ? "]" : ")"
                guard let close = rest.prefix(64).firstIndex(of: closing),
                      let (field, day) = Self.dataviewField(in: rest[rest.index(after: rest.startIndex)..<close]) else {
                    kept.append(rest.removeFirst())
                    continue
                }
                if let day, !take(field, day, isDone: isDone) {  // (a field it does not take stays)
                    kept.append(rest.removeFirst())
                    continue
                }
                let written = rest[...close]
                rest = rest[rest.index(after: close)...]
                if day == nil {
                    notDays += 1
                    kept += written
                } else if kept.last == " " || kept.isEmpty, rest.first == " " {
                    rest = rest.dropFirst()  // one space where the field stood between two words
                }
            }
            kept += rest
            // The plugin's emoji fields, from the end of the line.
            var text = Substring(kept).droppingTrailingSpaces
            var tail: [Substring] = []  // fields at the end that stay in the title, last first
            // (Indexes are stepped back one at a time: counting from the end of a long line
            // again for each field would take time that grows with the square of its length.)
            while let last = text.last {
                let word = text.suffix(while: { $0 != " " })
                if Self.priorities.contains(last) || word.hasPrefix("^") {
                    tail.append(word)
                    text = text[..<word.startIndex].droppingTrailingSpaces
                    continue
                }
                guard let dayStart = text.index(text.endIndex, backBy: 10), dayStart > text.startIndex else { break }
                let dayText = text[dayStart...]
                let marker = text[..<dayStart].droppingTrailingSpaces
                guard DateText.isWrittenAsDay(dayText), let emoji = marker.last, let field = Self.emojiField(emoji) else { break }
                guard let day = CalendarDay(dayText) else { notDays += 1; break }
                let emojiStart = marker.index(before: marker.endIndex)
                if !take(field, day, isDone: isDone) { tail.append(text[emojiStart...]) }
                text = marker[..<emojiStart].droppingTrailingSpaces
            }
            return tail.isEmpty ? text : Substring(([text] + tail.reversed()).joined(separator: " "))
        }

        /// The field and day of `key:: YYYY-MM-DD` (nil day when it is written as a day but is
        /// none); nil for anything else.
        private static func dataviewField(in inside: Substring) -> (Field, CalendarDay?)? {
            guard let colons = inside.firstRange(of: "::") else { return nil }
            let key = inside[..<colons.lowerBound].trimmingWhitespace.lowercased()
            let value = Substring(inside[colons.upperBound...].trimmingWhitespace)
            guard let field = dataviewField(key), DateText.isWrittenAsDay(value) else { return nil }
            return (field, CalendarDay(value))
        }

        /// Whether reading `title` back would take fields out of it (for the export's message).
        static func wouldTakeFields(from title: Substring, isDone: Bool) -> Bool {
            var fields = ObsidianDates()
            return fields.read(title, isDone: isDone) != title
        }
    }
}

private extension Substring {
    var droppingTrailingSpaces: Substring {
        var end = endIndex
        while end > startIndex, self[index(before: end)] == " " { end = index(before: end) }
        return self[..<end]
    }

    /// The index `count` characters before `index`, nil when there are not so many.
    func index(_ index: Index, backBy count: Int) -> Index? {
        var result = index
        for _ in 0..<count {
            guard result > startIndex else { return nil }
            result = self.index(before: result)
        }
        return result
    }

    /// The last characters for which `keep` holds.
    func suffix(while keep: (Character) -> Bool) -> Substring { self[(lastIndex { !keep($0) }.map(index(after:)) ?? startIndex)...] }
}
