import TickCore

extension MarkdownTasks {
    /// The dates Obsidian's Tasks plugin writes into a task's line, read into tick's fields:
    /// its emoji fields at the end of the line (`📅 2026-12-01` due, `✅` done, `➕`
    /// created, in any order) and Dataview's inline fields anywhere (`[due:: 2026-12-01]` or
    /// `(due:: 2026-12-01)`, `completion`, `created`).
    struct ObsidianDates {
        var due: CalendarDay?
        var done: CalendarDay?
        var created: CalendarDay?
        /// The fields written as dates that name no day (`📅 2022-02-29`): left in the title.
        var notDays = 0

        private enum Field { case due, done, created }

        private static func emojiField(_ marker: Character) -> Field? {
            switch marker {
            case "📅": .due
            case "✅": .done
            case "➕": .created
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

        private mutating func set(_ field: Field, _ day: CalendarDay) {
            switch field {
            case .due: due = day
            case .done: done = day
            case .created: created = day
            }
        }

        /// Takes the fields out of `title`; returns the title without them.
        mutating func read(_ title: Substring) -> Substring {
            // Dataview's fields, anywhere: `[key:: YYYY-MM-DD]` or `(key:: YYYY-MM-DD)`.
            var kept = ""
            var rest = title
            while let open = rest.firstIndex(where: { $0 == "[" || $0 == "(" }) {
                kept += rest[..<open]
                rest = rest[open...]
                let closing: Character = rest.first == "[" ? "]" : ")"
                guard let close = rest.firstIndex(of: closing),
                      let (field, day) = Self.dataviewField(in: rest[rest.index(after: rest.startIndex)..<close]) else {
                    kept.append(rest.removeFirst())
                    continue
                }
                let written = rest[...close]
                rest = rest[rest.index(after: close)...]
                if let day {
                    set(field, day)
                    // (One space where the field stood between two words.)
                    if kept.last == " " || kept.isEmpty, rest.first == " " { rest = rest.dropFirst() }
                } else {
                    notDays += 1
                    kept += written
                }
            }
            kept += rest
            // The plugin's emoji fields, from the end of the line.
            var text = Substring(kept).droppingTrailingSpaces
            while text.count > 11 {
                let dayText = text.suffix(10)
                let marker = text.dropLast(10).droppingTrailingSpaces
                guard Self.isWrittenAsDay(dayText), let emoji = marker.last, let field = Self.emojiField(emoji) else { break }
                guard let day = CalendarDay(dayText) else { notDays += 1; break }
                set(field, day)
                text = marker.dropLast().droppingTrailingSpaces
            }
            return text
        }

        /// The field and day of `key:: YYYY-MM-DD` (nil day when it is written as a day but is
        /// none); nil for anything else.
        private static func dataviewField(in inside: Substring) -> (Field, CalendarDay?)? {
            guard let colons = inside.firstRange(of: "::") else { return nil }
            let key = inside[..<colons.lowerBound].trimmingWhitespace.lowercased()
            let value = Substring(inside[colons.upperBound...].trimmingWhitespace)
            guard let field = dataviewField(key), isWrittenAsDay(value) else { return nil }
            return (field, CalendarDay(value))
        }

        /// Whether a text is written as a day, `NNNN-NN-NN`, valid or not.
        private static func isWrittenAsDay(_ text: Substring) -> Bool {
            text.utf8.count == 10 && text.utf8.enumerated().allSatisfy { index, byte in
                index == 4 || index == 7 ? byte == UInt8(ascii: "-") : (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
            }
        }
    }
}

private extension Substring {
    var droppingTrailingSpaces: Substring { dropLast(reversed().prefix { $0 == " " }.count) }
}
