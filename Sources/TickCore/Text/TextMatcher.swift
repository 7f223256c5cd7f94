/// Finds a query in text the way search boxes do: ignoring case and accents, so `cafe`
/// finds "Café", `strasse` finds "Straße" and `EMILE` finds "Émile".
///
/// Both sides are folded (``folded(_:)``) and the query is looked for as a run of scalars.
/// Used by the full-screen app's `/` filter and by `tick list TEXT`.
public struct TextMatcher: Sendable, Hashable {
    /// The query as typed.
    public let query: String
    private let needle: [Unicode.Scalar]
    /// The folded query as bytes when it is all ASCII (the common case): searched in ASCII
    /// text without folding the text first.
    private let asciiNeedle: [UInt8]?
    /// For a query that is one `#tag` (no space in it): the tag it names, which a tag must be
    /// whole, as taskwarrior's `+home` and `tick list --tag home` are (`#home` is not
    /// `#homework`).
    private let tag: TagName?

    public init(_ query: String) {
        self.query = query
        needle = Array(Self.folded(query).unicodeScalars)
        asciiNeedle = needle.allSatisfy(\.isASCII) ? needle.map { UInt8($0.value) } : nil
        tag = needle.first == "#" && needle.count > 1 && !needle.contains(where: \.properties.isWhitespace) ? TagName(query) : nil
    }

    /// True when the query folds to nothing, so that everything matches.
    public var matchesEverything: Bool { needle.isEmpty }

    /// True when `text` contains the query, ignoring case and accents.
    public func matches(_ text: String) -> Bool {
        if needle.isEmpty { return true }
        if let asciiNeedle, let found = Self.asciiSearch(asciiNeedle, in: text) { return found }
        return Self.contains(Array(Self.folded(text).unicodeScalars), needle)
    }

    /// True when the item's title, notes or location name contains the query, or one of its
    /// tags (as `#tag`, so that `#home` finds the tag and not the word) does; a query that
    /// is one `#tag` finds that tag whole, ignoring case and accents (`#home` finds `#Home`,
    /// not `#homework`).
    public func matches(_ item: ToDoItem) -> Bool {
        if needle.isEmpty { return true }
        if matches(item.title) { return true }
        if let notes = item.notes, matches(notes) { return true }
        if let name = item.location?.name, matches(name) { return true }
        if let tag { return item.tags.contains(where: tag.matches) }
        for tag in item.tags where matches("#" + tag) { return true }
        return false
    }

    /// A tag as a person names it (`home` or `#home`, as tick shows tags), folded once for
    /// the many tags it is held against: the one rule of `/#tag` and `tick list --tag`.
    public struct TagName: Sendable, Hashable {
        private let plain: String, written: String

        public init(_ query: String) {
            plain = TextMatcher.folded(TagInput.tag(query))
            written = TextMatcher.folded(query.trimmed())
        }

        /// Whether `tag` is the tag named, ignoring case and accents; a tag another app wrote
        /// with a `#` is also found as written (`#work`).
        public func matches(_ tag: String) -> Bool {
            let folded = TextMatcher.folded(tag)
            return folded == plain || folded == written
        }
    }

    /// Whether `tag` is the tag `query` names (see ``TagName``).
    public static func isTag(_ tag: String, named query: String) -> Bool { TagName(query).matches(tag) }

    /// True when every text this matcher matches is also matched by `other` (its folded
    /// query contains `other`'s): a filter that only grew can search within the last matches.
    /// Never after a whole `#tag` (`#home` then `#homew` finds what `#home` did not).
    public func narrows(_ other: TextMatcher) -> Bool {
        other.tag == nil && Self.contains(needle, other.needle)
    }

    /// `text` lower-cased, with accents and other combining marks taken off Latin letters
    /// (é → e, ł → l, ø → o), ß as ss, æ as ae, œ as oe; every space (a no-break one too) as
    /// the space, and the invisible characters (a soft hyphen, a zero-width space) left out.
    public static func folded(_ text: String) -> String {
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar.isASCII {
                let v = scalar.value
                out.append((0x41...0x5A).contains(v) ? Unicode.Scalar(UInt8(v + 0x20)) : scalar)
            } else if let replacement = latinFolding[scalar.value] {
                out.append(contentsOf: replacement.unicodeScalars)
            } else if scalar.properties.generalCategory == .nonspacingMark || scalar.properties.isDefaultIgnorableCodePoint {
                continue  // (also the soft hyphen and zero-width spaces of text copied from the web)
            } else if scalar.properties.generalCategory == .spaceSeparator {
                out.append(" ")  // a no-break or other wide space, as the space typed
            } else {
                out.append(contentsOf: scalar.properties.lowercaseMapping.unicodeScalars)
            }
        }
        return String(out)
    }

    /// Latin letters with diacritics (Latin-1 Supplement, Extended-A and -B, Extended
    /// Additional) to their plain lower-case letter, read once from the Unicode names
    /// ("LATIN CAPITAL LETTER E WITH ACUTE" → e), plus the letters that are two.
    static let latinFolding: [UInt32: String] = {
        var table: [UInt32: String] = [0xDF: "ss", 0x1E9E: "ss", 0xC6: "ae", 0xE6: "ae", 0x152: "oe", 0x153: "oe", 0x131: "i"]
        for range in [0xC0...0x24F, 0x1E00...0x1EFF] as [ClosedRange<UInt32>] {
            for value in range {
                guard table[value] == nil, let scalar = Unicode.Scalar(value), let name = scalar.properties.name,
                      name.hasPrefix("LATIN "), let with = name.firstRange(of: " WITH ")
                else { continue }
                let base = name[..<with.lowerBound]
                guard let letterRange = base.firstRange(of: " LETTER ") else { continue }
                let letter = base[letterRange.upperBound...]
                guard letter.count == 1, let character = letter.first, character.isASCII, character.isLetter else { continue }
                table[value] = character.lowercased()
            }
        }
        return table
    }()

    /// Looks for an ASCII needle in `text` ignoring ASCII case; nil when `text` is not all
    /// ASCII (it must be folded first).
    private static func asciiSearch(_ needle: [UInt8], in text: String) -> Bool? {
        return text.withUTF8Bytes { bytes -> Bool? in
            if bytes.contains(where: { $0 >= 0x80 }) { return nil }
            guard bytes.count >= needle.count else { return false }
            for start in 0...(bytes.count - needle.count) {
                var index = 0
                while index < needle.count {
                    var byte = bytes[start + index]
                    if (0x41...0x5A).contains(byte) { byte += 0x20 }
                    if byte != needle[index] { break }
                    index += 1
                }
                if index == needle.count { return true }
            }
            return false
        }
    }

    private static func contains(_ haystack: [Unicode.Scalar], _ needle: [Unicode.Scalar]) -> Bool {
        if needle.isEmpty { return true }
        guard haystack.count >= needle.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
        }
        return false
    }
}
