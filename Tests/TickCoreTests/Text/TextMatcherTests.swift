import Testing
import TickCore

@Suite("TextMatcher")
struct TextMatcherTests {
    @Test("matching ignores case and accents on both sides", arguments: [
        ("cafe", "Café au lait", true), ("CAFÉ", "cafe", true), ("emile", "Émile", true), ("strasse", "Hauptstraße 5", true),
        ("lodz", "Łódź", true), ("sao", "São Paulo", true), ("cafe", "Cafe\u{301}", true), ("zurich", "Zürich", true),
        ("milk", "Buy MILK", true), ("milk", "Buy mlik", false), ("café", "cafeteria", true), ("日本", "日本語", true),
        ("", "anything", true), ("ae", "Æsir", true), ("x", "Café", false),
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

    @Test("a query that grew narrows the shorter one, ignoring case and accents")
    func narrows() {
        #expect(TextMatcher("Café").narrows(TextMatcher("caf")))
        #expect(!TextMatcher("caf").narrows(TextMatcher("cafe")))
    }
}
