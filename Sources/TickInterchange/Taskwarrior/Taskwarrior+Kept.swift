import TickCore

/// The members of a task that tick does not map, kept in the item's `taskwarriorExtras`
/// as the text of one JSON object and written back by a taskwarrior export.
///
/// Kept: every member but those tick reads into its fields and those taskwarrior computes
/// (`id`, `urgency`): `wait`, `scheduled`, `until`, `start`, `depends`, UDAs, the
/// annotations with their dates, an instance's `imask` and `rtype`; and the mapped members
/// tick could not read (a `priority` other than H, M, L, a `recur` it does not know with its
/// `parent`, the `end` of a task not completed). On export a member tick writes itself wins
/// over a kept one, so a field changed in tick is written as tick has it.
extension Taskwarrior {
    /// The members tick reads into fields of its own.
    static let mappedKeys: Set<String> = ["uuid", "description", "status", "entry", "end", "due", "modified",
                                          "priority", "project", "tags", "recur", "parent"]

    /// The members taskwarrior computes or numbers itself: not kept.
    static let computedKeys: Set<String> = ["id", "urgency"]

    /// The members that belong to a series: written back only with the `recur` they go with.
    static let seriesKeys: Set<String> = ["mask", "imask", "rtype"]

    /// The text kept of a task's `members`: those tick does not map but for `skipped`, and
    /// the mapped ones named in `unread`; nil when there are none.
    static func keptText(of members: [(key: String, value: JSONValue)], unread: Set<String>, skipped: Set<String> = []) -> String? {
        var writer = ByteWriter()
        var count = 0
        for (key, value) in members where !computedKeys.contains(key) && !skipped.contains(key)
            && (!mappedKeys.contains(key) || unread.contains(key)) {
            writer.byte(UInt8(ascii: count == 0 ? "{" : ","))
            writer.jsonString(key)
            writer.byte(UInt8(ascii: ":"))
            writer.json(value)
            count += 1
        }
        guard count > 0 else { return nil }
        writer.byte(UInt8(ascii: "}"))
        return String(decoding: writer.bytes, as: UTF8.self)
    }

    /// The members of kept text, in order; none for text that is not a JSON object.
    static func keptMembers(_ text: String?) -> [(key: String, value: JSONValue)] {
        guard let text, case .object(let members, _)? = try? JSONParser.parse(Array(text.utf8), source: "taskwarriorExtras") else { return [] }
        return members
    }

    /// Whether `text` may be kept as an item's taskwarrior extras: one JSON object.
    static func isKeptText(_ text: String) -> Bool {
        guard case .object? = try? JSONParser.parse(Array(text.utf8), source: "taskwarriorExtras") else { return false }
        return true
    }

    /// The texts of kept annotations, joined as the notes show them; nil when they are not
    /// an array of annotations with descriptions.
    static func notes(ofAnnotations value: JSONValue) -> String? {
        guard case .array(let annotations, _) = value else { return nil }
        var texts: [String] = []
        for case .object(let parts, _) in annotations {
            guard case .string(let text)? = parts.first(where: { $0.key == "description" })?.value else { return nil }
            texts.append(text)
        }
        return texts.count == annotations.count ? texts.joined(separator: "\n") : nil
    }

    /// Of an item's kept `members`, those to write: not those tick writes itself (`written`),
    /// the annotations only while the notes are their texts, a `recur` only with a due,
    /// and the series members only with a `recur` from taskwarrior (`series`).
    static func keptToWrite(_ members: [(key: String, value: JSONValue)], of item: ToDoItem, written: Set<String>,
                            series: Bool) -> [(key: String, value: JSONValue)] {
        let keptRecur = !written.contains("recur") && item.due != nil && members.contains { $0.key == "recur" }
        return members.filter { member in
            if written.contains(member.key) { return false }
            switch member.key {
            case "annotations": return notes(ofAnnotations: member.value) == (item.notes ?? "")
            case "recur", "parent": return keptRecur
            default: return !seriesKeys.contains(member.key) || series || keptRecur
            }
        }
    }
}

extension ByteWriter {
    /// A parsed JSON value as JSON text: numbers as written, members in order.
    mutating func json(_ value: JSONValue) {
        switch value {
        case .null: ascii("null")
        case .bool(let flag): ascii(flag ? "true" : "false")
        case .number(let text): text.isEmpty ? ascii("0") : self.text(text)
        case .string(let text): jsonString(text)
        case .array(let elements, _):
            byte(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                json(element)
            }
            byte(UInt8(ascii: "]"))
        case .object(let members, _):
            byte(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { byte(UInt8(ascii: ",")) }
                jsonString(member.key)
                byte(UInt8(ascii: ":"))
                json(member.value)
            }
            byte(UInt8(ascii: "}"))
        }
    }
}
