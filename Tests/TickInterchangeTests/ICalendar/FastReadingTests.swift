import FoundationEssentials
import Testing
import TickCore
@testable import TickInterchange

/// The byte-level shortcuts of the iCalendar reader say what the slower, general code they
/// replace said, on the inputs where they differ in path.
@Suite("Fast iCalendar reading")
struct FastReadingTests {
    @Test("a UID is read as a UUID exactly when Foundation reads it as one, and kept unless written in upper case",
          arguments: [
              "E96995EE-2282-4A90-A421-E139BD7A15F4", "e96995ee-2282-4a90-a421-e139bd7a15f4", "E96995ee-2282-4A90-a421-E139BD7A15F4",
              "E96995EE-2282-4A90-A421-E139BD7A15F", "E96995EE-2282-4A90-A421-E139BD7A15F45", "E96995EE22824A90A421E139BD7A15F4",
              "G96995EE-2282-4A90-A421-E139BD7A15F4", "E96995EE-2282-4A90-A421_E139BD7A15F4", "E96995EE-2282-4A90-A421-E139BD7A15É",
              "{E96995EE-2282-4A90-A421-E139BD7A15F4", "E96995EE-2282-4A90-A421-E139BD7A15F\u{0}", "", "todo-1@example.com",
          ])
    func uuidUIDs(uid: String) {
        let identity = UIDProperty.identity(of: ICalComponent(name: "VTODO", properties: [ICalProperty("UID", value: uid)]), derivedID: nil)
        let foundation = UUID(uuidString: uid)
        if uid.isEmpty { return }
        #expect(identity.id == foundation ?? NameBasedUUID.make(uid.utf8))
        #expect(identity.externalUID == (foundation?.uuidString == uid ? nil : uid))
        #expect(UIDProperty.id(ofUID: uid) == identity.id)
    }

    @Test("trimming keeps what Character's white space trims, ASCII or not",
          arguments: ["", " ", "a", " a", "a ", "\ta\r\n", "\u{0B}a\u{0C}", "\u{A0}a", "a\u{2028}", "\u{3000}東京\u{3000}", "é", "e\u{301}",
                      "a\u{1C}", "\u{85}a", "a b", "\r\n"])
    func trimming(text: String) {
        var scalars = Substring(text)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        #expect(text.trimmingWhitespace == String(scalars))
    }

    @Test("a folded line keeps its physical lines, CR LF and CR as LF, a character cut by the fold repaired")
    func foldedText() throws {
        let bytes: [UInt8] = Array("BEGIN:VCALENDAR\r\nX-A:ab".utf8) + [0xC3, 0x0D, 0x0A, 0x20, 0xA9] + Array("c\r\n\tde\rEND:VCALENDAR\r\n".utf8)
        let property = try #require(try ICalComponent.parse(bytes, source: "t.ics").first?.property("X-A"))
        #expect(property.value == "abécde")
        #expect(property.foldedText == "X-A:ab\u{FFFD}\n \u{FFFD}c\n\tde")
    }
}
