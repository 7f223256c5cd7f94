import Testing
@testable import TickCore

/// Parses XML text; a failure to parse is recorded and rethrown.
private func parse(_ text: String) throws -> PropertyListValue {
    try XMLPropertyListReader.parse(Array(text.utf8))
}

/// Wraps a value's XML in the header Apple's writers put in front of it.
private func plist(_ body: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    \(body)
    </plist>
    """
}

/// The error parsing the text throws, or nil when it parses.
private func parseError(_ text: String) -> PropertyListError? {
    parseError(Array(text.utf8))
}

private func parseError(_ bytes: [UInt8]) -> PropertyListError? {
    do {
        _ = try XMLPropertyListReader.parse(bytes)
        return nil
    } catch {
        return error
    }
}

@Suite("XML property list reader")
struct XMLPropertyListReaderTests {
    // MARK: - Values

    @Test("reads a dictionary of every value type as Apple writes it")
    func everyType() throws {
        let text = plist("""
        <dict>
        \t<key>array</key>
        \t<array>
        \t\t<string>one</string>
        \t\t<integer>2</integer>
        \t</array>
        \t<key>data</key>
        \t<data>
        \tAAEC/w==
        \t</data>
        \t<key>date</key>
        \t<date>2026-12-01T09:30:00Z</date>
        \t<key>no</key>
        \t<false/>
        \t<key>real</key>
        \t<real>-2.5</real>
        \t<key>yes</key>
        \t<true/>
        </dict>
        """)
        let expected = PropertyListValue.dictionary(PropertyListDictionary([
            ("array", .array([.string("one"), .integer(2)])),
            ("data", .data([0, 1, 2, 255])),
            // 2026-12-01T09:30:00Z is 1796117400 s after 1970; the plist epoch is 978307200.
            ("date", .date(1_796_117_400 - 978_307_200)),
            ("no", .bool(false)),
            ("real", .real(-2.5)),
            ("yes", .bool(true)),
        ]))
        #expect(try parse(text) == expected)
    }

    @Test("keeps dictionary keys in file order")
    func keyOrder() throws {
        let value = try parse(plist("<dict><key>z</key><true/><key>a</key><false/><key>m</key><string/></dict>"))
        guard case .dictionary(let dictionary) = value else {
            Issue.record("not a dictionary: \(value)")
            return
        }
        #expect(dictionary.entries.map(\.key) == ["z", "a", "m"])
    }

    @Test("a repeated key keeps its last value, as CoreFoundation does")
    func repeatedKey() throws {
        let value = try parse(plist("<dict><key>a</key><integer>5</integer><key>a</key><integer>6</integer></dict>"))
        #expect(value == .dictionary(PropertyListDictionary([("a", .integer(6))])))
    }

    @Test("reads empty-element forms of strings, keys, data and containers")
    func emptyElements() throws {
        let value = try parse(plist("<array><string/><data/><dict/><array/><dict><key/><string></string></dict><true></true></array>"))
        #expect(value == .array([
            .string(""), .data([]), .dictionary(PropertyListDictionary()), .array([]),
            .dictionary(PropertyListDictionary([("", .string(""))])), .bool(true),
        ]))
    }

    @Test("a CF$UID dictionary is a UID", arguments: [
        ("<integer>0</integer>", PropertyListValue.uid(0)),
        ("<integer>42</integer>", .uid(42)),
        ("<integer>0x10</integer>", .uid(16)),
        ("<integer>18446744073709551615</integer>", .uid(UInt64.max)),
    ])
    func uid(body: String, expected: PropertyListValue) throws {
        #expect(try parse(plist("<dict><key>CF$UID</key>\(body)</dict>")) == expected)
    }

    @Test("a CF$UID dictionary with more keys, a negative number or a string stays a dictionary")
    func notAUID() throws {
        #expect(try parse(plist("<dict><key>CF$UID</key><integer>1</integer><key>x</key><true/></dict>"))
            == .dictionary(PropertyListDictionary([("CF$UID", .integer(1)), ("x", .bool(true))])))
        #expect(try parse(plist("<dict><key>CF$UID</key><integer>-1</integer></dict>"))
            == .dictionary(PropertyListDictionary([("CF$UID", .integer(-1))])))
        #expect(try parse(plist("<dict><key>CF$UID</key><string>1</string></dict>"))
            == .dictionary(PropertyListDictionary([("CF$UID", .string("1"))])))
    }

    @Test("reads integers in decimal, negative, hex and up to UInt64.max", arguments: [
        ("0", PropertyListValue.integer(0)),
        ("-0", .integer(0)),
        ("+7", .integer(7)),
        ("007", .integer(7)),
        ("-42", .integer(-42)),
        ("0x1F", .integer(31)),
        ("0XfF", .integer(255)),
        ("-0x10", .integer(-16)),
        (" 12\n", .integer(12)),
        ("9223372036854775807", .integer(Int64.max)),
        ("-9223372036854775808", .integer(Int64.min)),
        ("9223372036854775808", .unsignedInteger(UInt64(Int64.max) + 1)),
        ("18446744073709551615", .unsignedInteger(UInt64.max)),
        ("0xFFFFFFFFFFFFFFFF", .unsignedInteger(UInt64.max)),
    ])
    func integers(text: String, expected: PropertyListValue) throws {
        #expect(try parse(plist("<integer>\(text)</integer>")) == expected)
    }

    @Test("refuses integers that are malformed or out of range", arguments: [
        "", "-", "0x", "1.5", "12a", "1 2", "0x1G", "18446744073709551616", "-9223372036854775809", "--1", "١٢",
    ])
    func badIntegers(text: String) throws {
        let error = try #require(parseError(plist("<integer>\(text)</integer>")))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("integer"))
    }

    @Test("refuses an empty integer, real and date", arguments: ["integer", "real", "date"])
    func emptyScalars(name: String) throws {
        let error = try #require(parseError(plist("<\(name)/>")))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("empty <\(name)>"))
    }

    @Test("reads reals, including the nan and infinity spellings CF and Python write", arguments: [
        ("1", 1.0), ("-2.5", -2.5), (".5", 0.5), ("5.", 5.0), ("1e3", 1000.0), ("-1.25E-2", -0.0125),
        ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("+infinity", Double.infinity), ("-infinity", -Double.infinity), ("inf", Double.infinity),
        ("-inf", -Double.infinity), ("+inf", Double.infinity), ("Infinity", Double.infinity), ("INF", Double.infinity),
    ])
    func reals(text: String, expected: Double) throws {
        #expect(try parse(plist("<real>\(text)</real>")) == .real(expected))
    }

    @Test("reads nan as a NaN real")
    func nan() throws {
        for spelling in ["nan", "NaN", "-nan"] {
            let value = try parse(plist("<real>\(spelling)</real>"))
            guard case .real(let number) = value else {
                Issue.record("\(spelling) gave \(value)")
                continue
            }
            #expect(number.isNaN)
        }
    }

    @Test("refuses malformed reals", arguments: ["", "e5", "1e", "1.2.3", "0x1p3", "nan(1)", "1,5", "- 1", "infinite"])
    func badReals(text: String) throws {
        let error = try #require(parseError(plist("<real>\(text)</real>")))
        #expect(error.kind == .invalidXML)
    }

    @Test("reads ISO 8601 dates as seconds since 2001", arguments: [
        ("2001-01-01T00:00:00Z", 0.0),
        ("2000-12-31T23:59:59Z", -1.0),
        ("1970-01-01T00:00:00Z", -978_307_200.0),
        ("2026-12-01T09:30:00Z", 1_796_117_400.0 - 978_307_200),
        ("2024-02-29T12:00:00Z", 1_709_208_000.0 - 978_307_200),
        ("1900-03-01T00:00:00Z", -2_203_891_200.0 - 978_307_200),
        ("2001-01-01T00:00:00.5Z", 0.5),
        ("2001-01-02Z", 86_400.0),
        ("2001Z", 0.0),
    ])
    func dates(text: String, expected: Double) throws {
        #expect(try parse(plist("<date>\(text)</date>")) == .date(expected))
    }

    @Test("refuses impossible or malformed dates", arguments: [
        "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-01T24:00:00Z",
        "2026-12-01T09:60:00Z", "2026-12-01T09:30:00", "2026-12-01 09:30:00Z", "26-12-01T09:30:00Z",
        "2026-12-01T09:30:00+01:00", "tomorrow",
    ])
    func badDates(text: String) throws {
        let error = try #require(parseError(plist("<date>\(text)</date>")))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("date"))
    }

    @Test("reads base64 data with whitespace and with or without padding", arguments: [
        ("", [UInt8]()), ("AA==", [0]), ("AA", [0]), ("AAE=", [0, 1]), ("AAE", [0, 1]), ("AAEC", [0, 1, 2]),
        ("\n\tAA\n\tEC\n", [0, 1, 2]), ("////", [255, 255, 255]), ("+/+/", [0xFB, 0xFF, 0xBF]),
    ])
    func data(text: String, expected: [UInt8]) throws {
        #expect(try parse(plist("<data>\(text)</data>")) == .data(expected))
    }

    @Test("refuses malformed base64", arguments: ["A", "AAAAA", "AA=A", "AA*A", "A===", "AAAA=", "AA==="])
    func badData(text: String) throws {
        let error = try #require(parseError(plist("<data>\(text)</data>")))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("base64"))
    }

    // MARK: - Text

    @Test("replaces the five predefined entities and numeric character references")
    func entities() throws {
        let value = try parse(plist("<string>&lt;a&gt; &amp; &quot;b&quot; &apos;c&apos; &#65;&#x42;&#x1F600;&#233;</string>"))
        #expect(value == .string("<a> & \"b\" 'c' AB😀é"))
    }

    @Test("unwraps CDATA sections and drops comments inside text")
    func cdataAndComments() throws {
        let value = try parse(plist("<string>a<![CDATA[<b>&amp;]]>c<!-- not text -->d</string>"))
        #expect(value == .string("a<b>&amp;cd"))
    }

    @Test("keeps non-ASCII text and line endings as written")
    func unicodeAndLineEndings() throws {
        let value = try parse(plist("<string>Ñandú 東京 👍🏽\r\nline\rtwo\n\tthree</string>"))
        #expect(value == .string("Ñandú 東京 👍🏽\r\nline\rtwo\n\tthree"))
    }

    @Test("refuses character references that are not Unicode scalars", arguments: [
        "&#0;", "&#xD800;", "&#xDFFF;", "&#55296;", "&#x110000;", "&#xFFFFFFFFF;", "&#;", "&#x;", "&#12a;", "&#-1;",
    ])
    func badCharacterReferences(reference: String) throws {
        let error = try #require(parseError(plist("<string>\(reference)</string>")))
        #expect(error.kind == .invalidXML)
    }

    @Test("refuses unknown entities and a bare ampersand", arguments: ["&nbsp;", "&xxe;", "a & b", "&amp", "&;"])
    func badEntities(text: String) throws {
        let error = try #require(parseError(plist("<string>\(text)</string>")))
        #expect(error.kind == .invalidXML)
    }

    @Test("refuses text that is not UTF-8")
    func invalidUTF8() throws {
        var bytes = Array(plist("<string>ab</string>").utf8)
        let index = try #require(bytes.firstIndex(of: UInt8(ascii: "b")))
        bytes[index] = 0xFF
        let error = try #require(parseError(bytes))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("UTF-8"))
    }

    // MARK: - Document structure

    @Test("accepts a byte order mark, no declaration, comments and processing instructions around the root")
    func prologAndEpilog() throws {
        let text = "\u{FEFF}<!-- hand edited --><?editor x?>\n<plist><!-- inside --><integer>1</integer></plist>\n<!-- after -->\n"
        #expect(try parse(text) == .integer(1))
    }

    @Test("accepts a bare value without a plist element")
    func bareRoot() throws {
        #expect(try parse("<array><true/></array>") == .array([.bool(true)]))
    }

    @Test("accepts attributes in single or double quotes, with spaces around =")
    func attributes() throws {
        #expect(try parse("<plist version = '1.0' x=\"a>b\"><string >s</string ></plist >") == .string("s"))
    }

    @Test("refuses documents that are not property lists", arguments: [
        ("", "no root element"),
        ("   \n", "no root element"),
        ("hello", "expected '<'"),
        ("<plist></plist>", "empty"),
        ("<plist/>", "empty"),
        ("<plist><true/><false/></plist>", "second"),
        ("<plist><string>a</plist>", "</plist> where </string> was expected"),
        ("<plist><string>a</string>", "ends inside the <plist>"),
        ("<plist><string>a", "ends inside <string>"),
        ("<plist><foo/></plist>", "unknown element <foo>"),
        ("<plist><dict><key>a</key></dict></plist>", "has no value"),
        ("<plist><dict><true/></dict></plist>", "without a <key>"),
        ("<plist><dict><key>a</key><key>b</key><true/></dict></plist>", "has no value"),
        ("<plist><array><key>a</key></array></plist>", "<key> outside a <dict>"),
        ("<plist><array>text</array></plist>", "unexpected text"),
        ("<plist><string>a<b/></string></plist>", "element inside <string>"),
        ("<plist><true>yes</true></plist>", "must be empty"),
        ("<plist><true/></plist><plist/>", "after the root element"),
        ("<plist><plist><true/></plist></plist>", "inside another element"),
        ("<plist version=\"1.0><true/></plist>", "'<' inside an attribute value"),
        ("<plist version><true/></plist>", "without a value"),
        ("<plist><!-- open <true/></plist>", "ends inside a comment"),
        ("<plist><string><![CDATA[x</string></plist>", "ends inside a CDATA section"),
        ("<?xml version=\"1.0\" encoding=\"UTF-16\"?><plist><true/></plist>", "UTF-16"),
        ("<?xml version=\"1.0\"?><!DOCTYPE plist><!DOCTYPE plist><plist><true/></plist>", "second DOCTYPE"),
        ("<plist></true></plist>", "</true> where </plist> was expected"),
        ("</plist>", "end tag without a start tag"),
        ("<plist><array></array ></plist x>", "malformed end tag"),
        ("< plist/>", "tag without a name"),
    ])
    func malformed(text: String, expectedMessage: String) throws {
        let error = try #require(parseError(text))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains(expectedMessage), "\(error.detail)")
    }

    @Test("refuses UTF-16 documents by their byte order mark")
    func utf16() throws {
        let error = try #require(parseError([0xFE, 0xFF, 0, UInt8(ascii: "<")]))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("UTF-16"))
    }

    @Test("an error names the byte offset and the line of the problem")
    func errorLocation() throws {
        let text = "<plist>\n<dict>\n\t<key>a</key>\n\t<integer>x</integer>\n</dict>\n</plist>"
        let error = try #require(parseError(text))
        let offset = try #require(error.offset)
        #expect(Array(text.utf8)[offset...].starts(with: "<integer>".utf8))
        #expect(error.detail.contains("line 4"))
        #expect(error.description.contains("at byte \(offset)"))
    }

    @Test("refuses a DOCTYPE with an internal subset: entity declarations never take effect")
    func doctypeWithInternalSubset() throws {
        let text = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [<!ENTITY a "b">]>
        <plist><string>&a;</string></plist>
        """
        let error = try #require(parseError(text))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("internal subset"))
        #expect(error.detail.contains("line 2"))
    }

    @Test("a quoted ] or > in an external DOCTYPE is not taken for the end")
    func doctypeQuotes() throws {
        #expect(try parse("<!DOCTYPE plist SYSTEM \"a]>b\"><plist><true/></plist>") == .bool(true))
    }

    @Test("nesting up to the depth limit parses; one deeper is tooDeep")
    func depthLimit() throws {
        let depth = XMLPropertyListReader.maximumDepth
        let atLimit = String(repeating: "<array>", count: depth) + String(repeating: "</array>", count: depth)
        var value = try parse(atLimit)
        var levels = 0
        while case .array(let children) = value {
            levels += 1
            guard let first = children.first else { break }
            value = first
        }
        #expect(levels == depth)
        let tooDeep = "<array>" + atLimit + "</array>"
        let error = try #require(parseError(tooDeep))
        #expect(error.kind == .tooDeep)
    }

    @Test("looksLikeXML tells XML from binary")
    func looksLikeXML() {
        #expect(XMLPropertyListReader.looksLikeXML(Array("\u{FEFF}  <?xml".utf8)))
        #expect(XMLPropertyListReader.looksLikeXML(Array("\n<plist>".utf8)))
        #expect(!XMLPropertyListReader.looksLikeXML(Array("bplist00".utf8)))
        #expect(!XMLPropertyListReader.looksLikeXML([]))
    }
}
