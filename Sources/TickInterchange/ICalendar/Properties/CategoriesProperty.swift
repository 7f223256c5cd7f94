import FoundationEssentials
import TickCore

/// `CATEGORIES` ↔ tags: a TEXT list. Every CATEGORIES line is read (a VTODO may hold
/// several) and each comma-separated value, an escaped comma (`\,`) staying in its tag;
/// written as one line of escaped values. Lines with parameters (LANGUAGE …) are kept and
/// written back as read while the tags are what they say.
enum CategoriesProperty: VTodoProperty {
    static let mapping: [VTodoPropertyMapping] = [
        .init(property: "CATEGORIES", field: "tags",
              rule: "a TEXT list: every CATEGORIES line and every comma-separated value is read (an escaped comma stays in its tag), each tag once; written as one line of escaped values; parameters kept as for SUMMARY"),
    ]

    static func repeats(_ key: String) -> Bool { true }

    static func read(_ property: ICalProperty, into state: inout VTodoReadState, resolver: inout TimeZoneResolver) throws(InterchangeError) {
        do {
            try state.item.setTags(state.item.tags + tags(of: property.value))
        } catch {
            throw state.fail(property.line, "CATEGORIES: \(error)")
        }
        if !property.parameters.isEmpty { state.extras.add(property) }
    }

    static func write(_ context: inout VTodoWriteContext, to writer: inout ICalWriter) {
        let tags = context.item.tags
        guard !tags.isEmpty else { return }
        // The lines as read, parameters and all, while they still say these tags.
        if let asRead = context.extras?.categoriesAsRead, !asRead.isEmpty,
           asRead.flatMap({ Self.tags(of: String(ICalendarExtras.value(of: $0))) }).uniqued() == tags {
            for line in asRead { writer.contentLine(line) }
            return
        }
        writer.start("CATEGORIES")
        for (index, tag) in tags.enumerated() {
            if index > 0 { writer.byte(UInt8(ascii: ",")) }
            writer.text(tag)
        }
        writer.end()
    }

    static func patch(_ state: inout VTodoPatchState, resolver: inout TimeZoneResolver) {
        let tags = state.item.tags
        guard state.old.item.tags != tags else { return }
        state.set("CATEGORIES", tags.isEmpty ? [] : [ICalProperty("CATEGORIES", value: tags.map(ICalText.escape).joined(separator: ","))])
    }

    /// Kept when it has parameters (see ``ICalendarExtras``).
    static func mayBeKept(_ property: ICalProperty) -> Bool { !property.parameters.isEmpty }

    /// A TEXT list's values: split at commas that are not escaped, each unescaped and trimmed, empty ones left out.
    static func tags(of value: String) -> [String] {
        var tags: [String] = []
        var current = String.UnicodeScalarView()
        var escaped = false
        func close() {
            let tag = ICalText.unescape(String(current)).trimmingWhitespace
            if !tag.isEmpty { tags.append(tag) }
            current = String.UnicodeScalarView()
        }
        for scalar in value.unicodeScalars {
            if escaped {
                escaped = false
            } else if scalar == "\\" {
                escaped = true
            } else if scalar == "," {
                close()
                continue
            }
            current.append(scalar)
        }
        close()
        return tags
    }
}

extension Array where Element == String {
    /// Each text once, in the order of its first place (as an item keeps its tags).
    func uniqued() -> [String] {
        var seen: Set<String> = []
        return filter { seen.insert($0).inserted }
    }
}
