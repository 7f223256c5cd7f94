import TickCore

extension MarkdownTasks {
    /// The fields Obsidian's Tasks plugin writes into a task's line, read into tick's fields:
    /// its emoji fields at the end of the line (`📅 2026-12-01` due, `✅` done, `➕` created,
    /// a priority such as `🔼`, `🔁 every week`: ``ObsidianFields``) and Dataview's inline
    /// fields anywhere (`[due:: 2026-12-01]` or `(due:: 2026-12-01)`, `completion`,
    /// `created`). The plugin's other fields at the end (`⏳` and `🛫` dates, a `^block-id`)
    /// stay in the title and do not stop the reading.
    /// A done date on a task that is not done stays in the title.
    struct ObsidianDates {
        var due: CalendarDay?
        var done: CalendarDay?
        var created: CalendarDay?
        /// A priority mark (``ObsidianFields/priority(of:)``).
        var priority: Int?
        /// `🔁 every week` (``ObsidianFields/repeatRule(words:)``).
        var rule: SimpleRepeat?
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

        private static func dataviewField(_ key: String) -> Field? {
            switch key {
            case "due": .due
            case "completion": .done
            case "created": .created
            default: nil
            }
        }

        /// Whether the line gave its due another way (tick's `(due …)`): then a due field stays in the title.
        private var hasOtherDue = false

        /// Sets a field; false for one it does not take (another date, a done date on an open
        /// task, a due when the line has tick's own).
        private mutating func take(_ field: Field, _ day: CalendarDay, isDone: Bool) -> Bool {
            switch field {
            case .due where !hasOtherDue: due = day
            case .done where isDone: done = day
            case .created: created = day
            case .due, .done, .other: return false
            }
            return true
        }

        /// Takes the fields out of the title of a task (done or not, with a due of tick's own
        /// form or not); returns the title without them (never blank: a title of fields alone is
        /// kept as it was, with none taken).
        mutating func read(_ title: Substring, isDone: Bool, hasOtherDue: Bool = false) -> Substring {
            var fields = ObsidianDates()
            fields.hasOtherDue = hasOtherDue
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
            // The plugin's emoji fields, from the end of the line. Each step looks at the
            // field or word that ends the part not read yet: a date field it takes goes with
            // the spaces before it; one it does not take, a priority or a ^block-id stays,
            // with the spaces before it, as written. (Indexes are stepped back one at a time
            // and each character is looked at about once: counting from the end of a long
            // line again for each field would take time growing with the square of its length.)
            let text = Substring(kept)
            var end = text.endIndex  // what comes before it is not read yet
            var tail: [Substring] = []  // what stays after it, each piece with the spaces before it, last first
            while true {
                let body = text[..<end].droppingTrailingSpaces
                guard let last = body.last else { break }
                let pieceStart: Substring.Index
                if let dayStart = body.index(body.endIndex, backBy: 10), dayStart > body.startIndex,
                   DateText.isWrittenAsDay(body[dayStart...]), case let marker = body[..<dayStart].droppingTrailingSpaces,
                   let emoji = marker.last, let field = Self.emojiField(emoji) {
                    guard let day = CalendarDay(body[dayStart...]) else { notDays += 1; break }
                    pieceStart = marker.index(before: marker.endIndex)
                    if take(field, day, isDone: isDone) {
                        end = pieceStart
                        continue
                    }
                } else if let mark = ObsidianFields.priority(of: last), body.suffix(while: { $0 != " " }).count == 1 {
                    pieceStart = body.index(before: body.endIndex)
                    if priority == nil {
                        priority = mark
                        end = pieceStart
                        continue
                    }
                } else if let (start, found) = Self.repeatField(ending: body) {
                    pieceStart = start
                    if rule == nil {
                        rule = found
                        end = pieceStart
                        continue
                    }
                } else {
                    // A ^block-id, or a #tag written among the fields (the plugin reads fields
                    // and tags at the end in any order): it stays, and reading goes on before it.
                    let word = body.suffix(while: { $0 != " " })
                    guard word.hasPrefix("^") || ObsidianFields.tag(word) != nil else { break }
                    pieceStart = word.startIndex
                }
                let spacesStart = text[..<pieceStart].droppingTrailingSpaces.endIndex
                tail.append(text[spacesStart..<body.endIndex])
                end = spacesStart
            }
            guard due != nil || done != nil || created != nil || priority != nil || rule != nil else { return title }
            return Substring(String(text[..<end].droppingTrailingSpaces) + tail.reversed().joined())
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
            _ = fields.read(title, isDone: isDone)
            return fields.due != nil || fields.done != nil || fields.created != nil || fields.priority != nil || fields.rule != nil
        }

        /// A `🔁 every …` field that ends `body` (looked for in its last 80 characters only):
        /// where it starts and its repeat; nil when there is none the plugin's phrases say.
        private static func repeatField(ending body: Substring) -> (Substring.Index, SimpleRepeat)? {
            let tail = body.suffix(80)
            guard let marker = tail.lastIndex(of: "🔁"), marker > body.startIndex,
                  let rule = ObsidianFields.repeatRule(words: body[body.index(after: marker)...]) else { return nil }
            return (marker, rule)
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
