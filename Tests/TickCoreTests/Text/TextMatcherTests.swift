import Testing
import TickCore

@Suite("TextMatcher")
struct TextMatcherTests {
    @Test("matching ignores case and accents on both sides", arguments: [
        ("cafe", "Café au lait", true), ("CAFÉ", "cafe", true), ("emile", "Émile", true), ("strasse", "Hauptstraße 5", true),
        ("lodz", "Łódź", true), ("sao", "São Paulo", true), ("cafe", "Cafe\u{301}", true), ("zurich", "Zürich", true),
        ("milk", "Buy MILK", true), ("milk", "Buy mlik", false), ("café", "cafeteria", true), ("日本", "日本語", true),
        ("", "anything", true), ("ae", "Æsir", true), ("x", "Café", false),
        // Text copied from the web: a no-break space, a soft hyphen, a zero-width space.
        ("buy milk", "Buy\u{A0}milk", true), ("report", "Re\u{AD}port due", true), ("zerowidth", "zero\u{200B}width", true),
        ("buy\u{A0}milk", "buy milk", true), ("buy milk", "buymilk", false),
    ])
    func matches(query: String, text: String, expected: Bool) {
        #expect(TextMatcher(query).matches(text) == expected)
    }

    @Test("an item matches on its title, notes or location name")
    func items() throws {
        let item = try ToDoItem(title: "Call", notes: "about the Café", location: Location(name: "Köln"))
        #expect(TextMatcher("cafe").matches(item))
        #expect(TextMatcher("koln").matches(item))
        #expect(!TextMatcher("bonn").matches(item))
    }

    @Test("a query that grew narrows the shorter one, ignoring case and accents; never a whole #tag")
    func narrows() {
        #expect(TextMatcher("Café").narrows(TextMatcher("caf")))
        #expect(!TextMatcher("caf").narrows(TextMatcher("cafe")))
        #expect(!TextMatcher("#homew").narrows(TextMatcher("#home")))
        #expect(TextMatcher("#home").narrows(TextMatcher("home")))
    }

    @Test("a query that is one #tag finds that tag whole, ignoring case and accents, or the text #tag in a title")
    func wholeTags() throws {
        func item(_ title: String, _ tags: [String]) throws -> ToDoItem {
            var item = try ToDoItem(title: title)
            try item.setTags(tags)
            return item
        }
        let home = try item("Sweep", ["Home"]), homework = try item("Essay", ["homework"])
        let accented = try item("Call", ["café"]), inTitle = try item("Fix the #home page", [])
        #expect(TextMatcher("#home").matches(home))
        #expect(!TextMatcher("#home").matches(homework))
        #expect(TextMatcher("#homework").matches(homework))
        #expect(TextMatcher("#cafe").matches(accented))
        #expect(TextMatcher("#home").matches(inTitle))
        // A tag another app wrote with a # is found as written, and by its name.
        let hashed = try item("Plan", ["#work"])
        #expect(TextMatcher("#work").matches(hashed) && TextMatcher.isTag("#work", named: "#WORK") && TextMatcher.isTag("Café", named: "#cafe"))
        #expect(!TextMatcher.isTag("homework", named: "home"))
        // More than a tag: the text is found as before, tags as "#tag".
        #expect(TextMatcher("hom").matches(homework))
        #expect(TextMatcher("#home page").matches(inTitle))
    }
}
