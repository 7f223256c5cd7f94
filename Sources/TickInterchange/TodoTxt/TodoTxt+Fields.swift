import TickCore

/// todo.txt's priority, `+project` and `@context` words and `rec:` as tick's priority, tags
/// and repeat.
///
/// - `(A)` … `(I)` are priorities 1 … 9; `(J)` … `(Z)` are read as 9 (the import says so).
/// - `+project` and `@context` words are tags, kept with their sign (`+garden`, `@phone`).
///   Those that end the line leave the title and are written back at its end; those inside
///   the text stay in the title too. A tag without a sign is written `+tag`.
/// - `rec:` (Simpletask's and topydo's extension): `rec:+1w` repeats from the due (strict),
///   `rec:1w` from the day it was done (kept in the rule as `X-TICK-WHEN-DONE=TRUE`);
///   `d`, `w`, `m`, `y` and `1b` (every business day); no unit is days.
extension TodoTxt {
    /// The letter of a priority 1 … 9: `A` … `I`.
    static func priorityLetter(_ priority: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(clamping: min(max(priority, 1), 9) - 1)))
    }

    /// The priority of a `(A)` … `(Z)` word: A 1 … I 9, J … Z 9 (`clamped`); nil for another word.
    static func priorityValue(_ word: Substring) -> (priority: Int, clamped: Bool)? {
        guard priority(word) != nil, let letter = word.dropFirst().first?.asciiValue else { return nil }
        let rank = Int(letter - UInt8(ascii: "A")) + 1
        return (min(rank, 9), rank > 9)
    }

    /// Whether a word is a `+project` or `@context`: the sign and at least one more character.
    static func isTagWord(_ word: Substring) -> Bool {
        word.count > 1 && (word.first == "+" || word.first == "@")
    }

    /// The word a tag is written as: itself with its sign, else `+tag`; nil for a tag that
    /// cannot be one word (white space in it).
    static func tagWord(_ tag: String) -> String? {
        guard !tag.contains(where: \.isWhitespace) else { return nil }
        return isTagWord(Substring(tag)) ? tag : "+" + tag
    }

    /// The repeat of a `rec:` value (after `rec:`): `[+]N[dbwmy]`; nil for anything else.
    static func repeatRule(rec value: Substring) -> SimpleRepeat? {
        let strict = value.first == "+"
        let body = strict ? value.dropFirst() : value
        let digits = body.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 5, let count = Int(digits), count > 0 else { return nil }
        var rule: SimpleRepeat
        switch body.dropFirst(digits.count) {
        case "", "d": rule = SimpleRepeat(.daily, interval: count)
        case "w": rule = SimpleRepeat(.weekly, interval: count)
        case "m": rule = SimpleRepeat(.monthly, interval: count)
        case "y": rule = SimpleRepeat(.yearly, interval: count)
        case "b" where count == 1: rule = .everyWeekday
        default: return nil
        }
        rule.whenDone = !strict
        return rule
    }

    /// The `rec:` value of a repeat (`+1w`, `2m`, `+1b`), nil for one todo.txt cannot write
    /// (hourly, or days named other than every weekday, which is written as its frequency and
    /// said: ``recLosesDays(_:)``).
    static func rec(_ rule: SimpleRepeat) -> String? {
        let sign = rule.whenDone ? "" : "+"
        if rule.isEveryWeekday { return sign + "1b" }
        let unit: String
        switch rule.frequency {
        case .daily: unit = "d"
        case .weekly: unit = "w"
        case .monthly: unit = "m"
        case .yearly: unit = "y"
        default: return nil
        }
        return "\(sign)\(rule.interval)\(unit)"
    }

    /// Whether writing `rule` as `rec:` leaves out the days it names (`BYDAY=MO`, `BYMONTHDAY=15`).
    static func recLosesDays(_ rule: SimpleRepeat) -> Bool { !rule.isPlain && !rule.isEveryWeekday }

    /// Takes the tag words that end `words` out of it (never all of them: a line of tags
    /// alone keeps them as its title); returns every tag word of the line, in order.
    static func takeTags(from words: inout [Substring]) -> [String] {
        var end = words.endIndex
        while end > words.startIndex + 1, isTagWord(words[end - 1]) { end -= 1 }
        let tags = words.filter(isTagWord).map(String.init)
        words.removeSubrange(end...)
        return tags
    }
}
