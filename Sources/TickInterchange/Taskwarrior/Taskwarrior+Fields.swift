import TickCore

/// taskwarrior's `priority`, `tags`, `project` and `recur` as tick's priority, tags and repeat.
///
/// - `priority` `H`, `M`, `L` read as 1, 5, 9; written from an item's band (1–4 `H`, 5 `M`,
///   6–9 `L`).
/// - `tags` are tags, and `project` is the tag `project:NAME` (the first such tag is written
///   back as the `project`).
/// - `recur` (`daily`, `weekly`, `weekdays`, `biweekly`, `quarterly`, `3d`, `2w`, `6mo`,
///   `P1W` …) is the repeat, as FREQ and INTERVAL. taskwarrior repeats from the due, so a
///   repeat is written only with a due (`task import` crashes on a `recur` without one).
extension Taskwarrior {
    /// The tag prefix a taskwarrior `project` is kept under.
    static let projectPrefix = "project:"

    /// `H`, `M` or `L` for a priority's band.
    static func priorityLetter(_ priority: Int) -> String {
        switch PriorityText.band(priority) {
        case .high: "H"
        case .medium: "M"
        case .low: "L"
        }
    }

    /// 1, 5 or 9 for `H`, `M` or `L` (any case); nil for anything else (a UDA's own values).
    static func priority(letter: String) -> Int? {
        switch letter.uppercased() {
        case "H": 1
        case "M": 5
        case "L": 9
        default: nil
        }
    }

    /// The repeat of a `recur` value, nil for one tick does not read (`2h` is hourly, `P1W`
    /// ISO 8601; taskwarrior stores the value as typed, so every spelling of its durations is read).
    static func repeatRule(recur: String) -> SimpleRepeat? {
        let text = recur.trimmed().lowercased()
        switch text {
        case "daily", "day": return SimpleRepeat(.daily)
        case "weekdays": return .everyWeekday
        case "weekly", "week", "wk": return SimpleRepeat(.weekly)
        case "biweekly", "fortnight", "sennight": return SimpleRepeat(.weekly, interval: text == "sennight" ? 1 : 2)
        case "monthly", "month", "mo": return SimpleRepeat(.monthly)
        case "bimonthly": return SimpleRepeat(.monthly, interval: 2)
        case "quarterly", "quarter", "qtr", "q": return SimpleRepeat(.monthly, interval: 3)
        case "semiannual": return SimpleRepeat(.monthly, interval: 6)
        case "yearly", "annual", "year", "yr", "y": return SimpleRepeat(.yearly)
        case "biannual", "biyearly": return SimpleRepeat(.yearly, interval: 2)
        default: break
        }
        if text.hasPrefix("p") { return isoDuration(text.dropFirst()) }
        let digits = text.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count < 5, let count = Int(digits), count > 0 else { return nil }
        let unit = text.dropFirst(digits.count).trimmed()
        let (frequency, factor): (RecurrenceRule.Frequency, Int)
        switch unit {
        case "h", "hr", "hrs", "hour", "hours": (frequency, factor) = (.hourly, 1)
        case "d", "day", "days": (frequency, factor) = (.daily, 1)
        case "w", "wk", "wks", "week", "weeks": (frequency, factor) = (.weekly, 1)
        case "mo", "mos", "mth", "mths", "mnth", "mnths", "month", "months": (frequency, factor) = (.monthly, 1)
        case "q", "qtr", "qtrs", "quarter", "quarters": (frequency, factor) = (.monthly, 3)
        case "y", "yr", "yrs", "year", "years": (frequency, factor) = (.yearly, 1)
        default: return nil
        }
        return SimpleRepeat(frequency, interval: count * factor)
    }

    /// An ISO 8601 duration of one part after its `P`: `1W`, `3D`, `2M`, `1Y`, `T4H`.
    private static func isoDuration(_ text: Substring) -> SimpleRepeat? {
        let hours = text.hasPrefix("t")
        let body = hours ? text.dropFirst() : text
        guard let unit = body.last, let count = Int(body.dropLast()), count > 0, count < 10_000 else { return nil }
        switch (hours, unit) {
        case (true, "h"): return SimpleRepeat(.hourly, interval: count)
        case (false, "d"): return SimpleRepeat(.daily, interval: count)
        case (false, "w"): return SimpleRepeat(.weekly, interval: count)
        case (false, "m"): return SimpleRepeat(.monthly, interval: count)
        case (false, "y"): return SimpleRepeat(.yearly, interval: count)
        default: return nil
        }
    }

    /// The `recur` value taskwarrior reads for a repeat's frequency and interval: `daily`,
    /// `weekly`, `monthly`, `yearly`, `weekdays`, else `3d`, `2w`, `6mo`, `2y`, `4h`.
    static func recur(_ rule: SimpleRepeat) -> String {
        if rule.isEveryWeekday { return "weekdays" }
        let n = rule.interval
        switch rule.frequency {
        case .daily: return n == 1 ? "daily" : "\(n)d"
        case .weekly: return n == 1 ? "weekly" : "\(n)w"
        case .monthly: return n == 1 ? "monthly" : "\(n)mo"
        case .yearly: return n == 1 ? "yearly" : "\(n)y"
        default: return "\(n)h"
        }
    }

    /// What export writes of an item's tags and repeat, and what it cannot.
    struct WrittenFields {
        var project: String?
        var tags: [String] = []
        var recur: String?
        var parent: String?
        /// Why the repeat was not written (or not all of it), nil when it was.
        var repeatLost: RepeatLoss?

        enum RepeatLoss: Hashable { case noDue, notSimple, namedDays, whenDone }

        init(_ item: ToDoItem) {
            for tag in item.tags {
                if project == nil, tag.hasPrefix(Taskwarrior.projectPrefix), tag.count > Taskwarrior.projectPrefix.count {
                    project = String(tag.dropFirst(Taskwarrior.projectPrefix.count))
                } else {
                    tags.append(tag)
                }
            }
            guard let rule = item.recurrence else { return }
            guard item.due != nil else { repeatLost = .noDue; return }
            guard let simple = SimpleRepeat(rule: rule) else { repeatLost = .notSimple; return }
            recur = Taskwarrior.recur(simple)
            parent = simple.taskwarriorParent
            if !simple.isPlain, !simple.isEveryWeekday { repeatLost = .namedDays } else if simple.whenDone { repeatLost = .whenDone }
        }
    }

    /// Says on stderr the repeats export could not write, by why.
    static func noteLostRepeats(_ losses: [WrittenFields.RepeatLoss: Int], in omissions: inout Omissions) {
        omissions.noteRepeats(losses[.noDue] ?? 0, "taskwarrior repeats only a task with a due")
        omissions.noteRepeats(losses[.notSimple] ?? 0, "taskwarrior's recur says only how often: no COUNT, UNTIL or other parts")
        omissions.noteRepeats(losses[.namedDays] ?? 0, "the days the rule names: taskwarrior repeats from the due, how often only")
        omissions.noteRepeats(losses[.whenDone] ?? 0, "\"when done\": taskwarrior repeats from the due")
    }
}

extension Taskwarrior {
    /// What an import could not take of `priority` and `recur` values, counted by value.
    struct UnreadFields {
        var priorities: [String: Int] = [:]
        var recurs: [String: Int] = [:]
        var recursWithoutDue = 0

        func note(in omissions: inout Omissions) {
            for (name, counts) in [("priority", priorities), ("recur", recurs)] {
                for value in counts.keys.sorted() {
                    let count = counts[value] ?? 0
                    omissions.note("\"\(name)\":\"\(value)\" of \(count) task\(count == 1 ? "" : "s") (tick reads \(name == "priority" ? "H, M and L" : "taskwarrior's durations, such as weekly or 2w"); kept for the taskwarrior export)")
                }
            }
            if recursWithoutDue > 0 {
                omissions.note("\"recur\" of \(recursWithoutDue) task\(recursWithoutDue == 1 ? "" : "s") without a due (kept, and written back once the item has a due)")
            }
        }
    }

    /// Reads a task's `priority`, `tags`, `project`, `recur` and `parent` into `item`; a value
    /// of the wrong kind refuses the task (`fail`), one tick does not read is counted in `unread`
    /// and its key put in `kept` (the item keeps it for taskwarrior).
    static func readFields(_ fields: [String: JSONValue], into item: inout ToDoItem, unread: inout UnreadFields,
                           kept: inout Set<String>, fail: (String) -> InterchangeError) throws(InterchangeError) {
        func string(_ key: String) throws(InterchangeError) -> String? {
            switch fields[key] {
            case nil: return nil
            case .string(let text)?: return text
            case let other?: throw fail("\"\(key)\" must be a string, not \(other.kind)")
            }
        }
        if let letter = try string("priority"), !letter.isEmpty {
            if let priority = priority(letter: letter) {
                try? item.setPriority(priority)
            } else {
                unread.priorities[letter, default: 0] += 1
                kept.insert("priority")
            }
        }
        var tags: [String] = []
        if let project = try string("project"), !project.trimmed().isEmpty { tags.append(projectPrefix + project) }
        switch fields["tags"] {
        case nil: break
        case .array(let values, _)?:
            for value in values {
                guard case .string(let tag) = value else { throw fail("\"tags\" must hold strings, not \(value.kind)") }
                tags.append(tag)
            }
        case let other?: throw fail("\"tags\" must be an array, not \(other.kind)")
        }
        if !tags.isEmpty {
            do { try item.setTags(tags) } catch { throw fail(error.description) }
        }
        let parent = try string("parent")
        guard let recur = try string("recur"), !recur.isEmpty else { return }
        guard item.due != nil else { unread.recursWithoutDue += 1; kept.formUnion(["recur", "parent"]); return }
        guard var rule = repeatRule(recur: recur) else {
            unread.recurs[recur, default: 0] += 1
            kept.formUnion(["recur", "parent"])
            return
        }
        // The template export derives from the item's id is not kept: it is derived again.
        if let parent = parent?.lowercased(), parent != templateID(of: item.id).uuidString.lowercased() { rule.taskwarriorParent = parent }
        item.recurrence = rule.ruleText
    }
}
