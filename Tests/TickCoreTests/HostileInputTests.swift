import Foundation
import Testing
@testable import TickCore

/// Hostile input: every case ends in a typed error or a correct decode, never a trap or
/// a hang. (A trap would end the test process; the time limit catches a hang.)
@Suite("Hostile input", .timeLimit(.minutes(2)))
struct HostileInputTests {
    static func fixture() throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: "apple-layout.plist", withExtension: nil, subdirectory: "Fixtures"))
        return [UInt8](try Data(contentsOf: url))
    }

    /// The error decoding throws, or nil when it decodes.
    static func archiveError(_ bytes: [UInt8]) -> ArchiveError? {
        do {
            _ = try KeyedArchive.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func plistError(_ bytes: [UInt8]) -> PropertyListError? {
        do {
            _ = try BinaryPropertyListReader.decode(bytes)
            return nil
        } catch {
            return error
        }
    }

    static func plistKind(_ error: ArchiveError?) -> PropertyListError.Kind? {
        if case .propertyList(let inner)? = error?.kind { return inner.kind }
        return nil
    }

    // MARK: - Truncation

    @Test("every truncation of the fixture is a typed error")
    func truncations() throws {
        let bytes = try Self.fixture()
        for length in 0..<bytes.count {
            let error = Self.archiveError(Array(bytes.prefix(length)))
            #expect(error != nil, "a prefix of \(length) bytes decoded")
            #expect(Self.plistError(Array(bytes.prefix(length))) != nil, "the generic reader read a prefix of \(length) bytes")
        }
        #expect(Self.archiveError([])?.kind == .emptyFile)
    }

    @Test("every truncation of the fixture as XML is a typed error")
    func xmlTruncations() throws {
        let xml = try Self.fixtureAsXML()
        // Cutting at every byte of a 12 KB file is quadratic work; every 11th byte and the
        // last 64 cover every kind of cut.
        var lengths = Array(stride(from: 0, to: xml.count, by: 11))
        lengths += (max(0, xml.count - 64)..<xml.count)
        for length in lengths {
            let prefix = Array(xml.prefix(length))
            // Whitespace after </plist> is optional, so the one-byte-short file is complete.
            if String(decoding: prefix, as: UTF8.self).hasSuffix("</plist>") { continue }
            #expect(Self.archiveError(prefix) != nil, "an XML prefix of \(length) bytes decoded")
        }
    }

    // MARK: - Offsets and references

    @Test("an offset-table entry past the end of the file is offsetOutOfRange")
    func offsetPastEnd() throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([1]))
        plist.add([0x09])
        let error = try #require(Self.plistError(plist.bytes(offsetOverrides: [1: 5_000])))
        #expect(error.kind == .offsetOutOfRange)
    }

    @Test("an offset into the header, the offset table or the trailer is an error", arguments: [0, 3, 7])
    func offsetIntoHeader(offset: Int) throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([1]))
        plist.add([0x09])
        let bytes = plist.bytes(offsetOverrides: [1: UInt64(offset)])
        #expect(Self.plistError(bytes) != nil)
        let intoTrailer = plist.bytes(offsetOverrides: [1: UInt64(bytes.count - 10)])
        #expect(Self.plistError(intoTrailer) != nil)
    }

    @Test("a reference to an object number past the count is referenceOutOfRange")
    func referencePastCount() throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([1, 7]))
        plist.add([0x09])
        let error = try #require(Self.plistError(plist.bytes()))
        #expect(error.kind == .referenceOutOfRange || error.kind == .offsetOutOfRange)
    }

    @Test("a top object past the count, an offset table outside the file, or a lying object count is an error")
    func trailerLies() throws {
        var plist = HandBuiltPlist()
        plist.add(plist.array([1]))
        plist.add([0x09])
        let good = plist.bytes()
        #expect(try BinaryPropertyListReader.decode(good) == .array([.bool(true)]))
        let cases: [[UInt8]] = [
            plist.bytes(topObject: 2),
            plist.bytes(topObject: UInt64.max),
            plist.bytes(offsetTableStart: 1 << 40),
            plist.bytes(offsetTableStart: UInt64(good.count)),
            plist.bytes(offsetTableStart: 0),
            plist.bytes(objectCount: 1 << 62),
            plist.bytes(objectCount: UInt64.max),
            plist.bytes(objectCount: 0),
        ]
        for (index, bytes) in cases.enumerated() {
            #expect(Self.plistError(bytes) != nil, "case \(index) decoded")
            #expect(Self.archiveError(bytes) != nil, "case \(index) decoded as an archive")
        }
    }

    @Test("offset and reference sizes of 0, 3, 9 or 255 bytes are errors", arguments: [(0, 1), (1, 0), (3, 1), (9, 1), (1, 9), (255, 255)])
    func badSizes(offsetSize: Int, referenceSize: Int) throws {
        var plist = HandBuiltPlist()
        plist.add([0x09])
        var bytes = plist.bytes()
        bytes[bytes.count - 26] = UInt8(offsetSize)
        bytes[bytes.count - 25] = UInt8(referenceSize)
        #expect(Self.plistError(bytes) != nil)
    }

    @Test("a UID past the end of $objects is a typed error")
    func uidPastObjects() throws {
        var tree = try ArchiveSurgery.fixtureTree()
        tree = try ArchiveSurgery.settingTop(tree, .dictionary(PropertyListDictionary([("root", .uid(10_000))])))
        #expect(Self.archiveError(BinaryPropertyListWriter.encode(tree)) != nil)
        var items = try ArchiveSurgery.fixtureTree()
        items = try ArchiveSurgery.replacingInFirstItem(items, key: "title", with: .uid(UInt64(UInt32.max)))
        #expect(Self.archiveError(BinaryPropertyListWriter.encode(items)) != nil)
    }

    // MARK: - Huge counts

    @Test("a count of 2^62 (or more) is an error, not an allocation", arguments: [0x5, 0x6, 0x4, 0xA, 0xC, 0xD] as [UInt8])
    func hugeCounts(type: UInt8) throws {
        for count in [UInt64(1) << 62, UInt64(1) << 63, UInt64.max, UInt64(Int.max)] {
            var plist = HandBuiltPlist()
            plist.add([type << 4 | 0xF, 0x13] + HandBuiltPlist.bigEndian(count, size: 8) + [0, 0, 0, 0])
            let error = try #require(Self.plistError(plist.bytes()), "type \(type) with count \(count) decoded")
            #expect([.invalidCount, .truncated, .offsetOutOfRange, .referenceOutOfRange].contains(error.kind), "\(error)")
        }
    }

    @Test("a count just past what the file holds is an error", arguments: [0x5, 0x6, 0x4, 0xA, 0xD] as [UInt8])
    func countJustTooBig(type: UInt8) throws {
        var plist = HandBuiltPlist()
        plist.add([type << 4 | 0xF, 0x10, 200, 0x41, 0x41])
        #expect(Self.plistError(plist.bytes()) != nil)
    }

    @Test("an integer, real or UID with a size code past 16, 8 or 8 bytes is an error", arguments: [0x15, 0x17, 0x1F, 0x24, 0x27, 0x2F, 0x88, 0x8F] as [UInt8])
    func badScalarSizes(marker: UInt8) throws {
        var plist = HandBuiltPlist()
        plist.add([marker] + [UInt8](repeating: 0, count: 16))
        #expect(Self.plistError(plist.bytes()) != nil)
    }

    @Test("the check of every object refuses those sizes itself, before any reader looks", arguments: [0x15, 0x17, 0x1F, 0x24, 0x27, 0x2F, 0x88, 0x8F] as [UInt8])
    func badScalarSizesFailTheCheck(marker: UInt8) throws {
        var plist = HandBuiltPlist()
        plist.add([marker] + [UInt8](repeating: 0, count: 40))
        plist.add([0x50])
        let bytes = plist.bytes()
        let refused = bytes.withUnsafeBufferPointer { base in
            do {
                _ = try BinaryPropertyListView(base)
                return false
            } catch {
                return true
            }
        }
        #expect(refused)
    }

    // MARK: - Deep nesting

    @Test("10,000 nested arrays in binary are tooDeep, not a stack overflow")
    func deepBinary() throws {
        let bytes = Self.deepBinaryArrays(depth: 10_000)
        let error = try #require(Self.plistError(bytes))
        #expect(error.kind == .tooDeep)
        #expect(Self.archiveError(bytes) != nil)
    }

    @Test("10,000 nested arrays in XML are tooDeep, not a stack overflow")
    func deepXML() throws {
        let text = "<plist>" + String(repeating: "<array>", count: 10_000) + String(repeating: "</array>", count: 10_000) + "</plist>"
        let error = try #require(Self.xmlError(Array(text.utf8)))
        #expect(error.kind == .tooDeep)
        #expect(Self.archiveError(Array(text.utf8)) != nil)
        // Unclosed, too: the depth check comes before the end of the file.
        let unclosed = String(repeating: "<array>", count: 100_000)
        #expect(Self.xmlError(Array(unclosed.utf8))?.kind == .tooDeep)
    }

    @Test("an archive with 10,000-deep nesting in an unknown key is a typed error or a correct decode")
    func deepUnknownFieldInArchive() throws {
        let tree = try ArchiveSurgery.withDeepUnknownChain(depth: 10_000)
        let bytes = BinaryPropertyListWriter.encode(tree)
        do {
            let list = try KeyedArchive.decode(bytes)
            #expect(list.count == 12)
        } catch {
            #expect(!error.detail.isEmpty)
        }
    }

    static func deepBinaryArrays(depth: Int) -> [UInt8] {
        var plist = HandBuiltPlist()
        for index in 0..<depth { plist.add(plist.array([index + 1])) }
        plist.add(plist.array([]))
        return plist.bytes()
    }

    // MARK: - Wrong types in the archive

    @Test("archive positions holding the wrong type are typed errors", arguments: ArchiveSurgery.WrongType.allCases)
    func wrongTypes(wrong: ArchiveSurgery.WrongType) throws {
        let tree = try ArchiveSurgery.applying(wrong)
        let error = try #require(Self.archiveError(BinaryPropertyListWriter.encode(tree)), "\(wrong) decoded")
        #expect(!error.description.isEmpty)
        switch wrong {
        case .formatVersionNewer:
            #expect(error.kind == .newerFormat(2), "\(error)")
        case .emptyTitle, .latitudeOutOfRange, .latitudeWithoutLongitude, .duplicateID:
            #expect(error.kind == .invalidValue, "\(error)")
        case .titleMissing, .idIsNotAUUID:
            // A missing title reads as an empty one; a bad id is a bad value: either kind.
            #expect(error.kind == .malformed || error.kind == .invalidValue, "\(error)")
        default:
            #expect(error.kind == .malformed, "\(error)")
        }
    }

    @Test("a property list that is not an archive at all is a typed error", arguments: [
        PropertyListValue.string("hello"), .array([]), .dictionary(PropertyListDictionary()), .integer(1), .uid(0),
    ])
    func notAnArchive(value: PropertyListValue) throws {
        #expect(Self.archiveError(BinaryPropertyListWriter.encode(value))?.kind == .malformed)
    }

    // MARK: - Strings

    @Test("UTF-16 strings with lone or reversed surrogates are invalidString", arguments: [
        [0xD800] as [UInt16], [0xDC00], [0x0041, 0xD83D], [0xDE00, 0xD83D], [0xD83D, 0x0041], [0xD800, 0xD800],
    ])
    func loneSurrogates(units: [UInt16]) throws {
        var plist = HandBuiltPlist()
        plist.add(HandBuiltPlist.utf16String(units))
        let error = try #require(Self.plistError(plist.bytes()))
        #expect(error.kind == .invalidString)
    }

    @Test("a title with a lone surrogate in the archive is a typed error")
    func loneSurrogateInArchive() throws {
        var bytes = try Self.fixture()
        // The fixture's "Überweisungsbel" is UTF-16: 0x6F 0x10 0x0F, then 0x00 0xDC for Ü.
        let marker: [UInt8] = [0x6F, 0x10, 0x0F, 0x00, 0xDC]
        let index = try #require(Self.firstIndex(of: marker, in: bytes))
        bytes[index + 3] = 0xD8
        bytes[index + 4] = 0x00
        let error = try #require(Self.archiveError(bytes))
        #expect(Self.plistKind(error) == .invalidString, "\(error)")
    }

    @Test("an ASCII string with bytes above 0x7F is invalidString")
    func nonASCIIInASCIIString() throws {
        var plist = HandBuiltPlist()
        plist.add([0x52, 0x41, 0xC3])
        #expect(Self.plistError(plist.bytes())?.kind == .invalidString)
    }

    // MARK: - XML attacks

    @Test("a billion-laughs entity bomb is refused at the DOCTYPE")
    func billionLaughs() throws {
        var text = "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [\n <!ENTITY lol \"lol\">\n"
        for level in 1...9 {
            let previous = level == 1 ? "lol" : "lol\(level - 1)"
            text += " <!ENTITY lol\(level) \"" + String(repeating: "&\(previous);", count: 10) + "\">\n"
        }
        text += "]>\n<plist version=\"1.0\"><string>&lol9;</string></plist>\n"
        let error = try #require(Self.xmlError(Array(text.utf8)))
        #expect(error.kind == .invalidXML)
        #expect(error.detail.contains("internal subset"))
        #expect(Self.plistKind(Self.archiveError(Array(text.utf8))) == .invalidXML)
    }

    @Test("external entities are never resolved", arguments: [
        "<!DOCTYPE plist [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]><plist><string>&xxe;</string></plist>",
        "<!DOCTYPE plist [<!ENTITY % p SYSTEM \"http://example.invalid/x.dtd\"> %p;]><plist><true/></plist>",
        "<!DOCTYPE plist SYSTEM \"file:///etc/passwd\"><plist><string>&xxe;</string></plist>",
        "<plist><string>&xxe;</string></plist>",
        "<plist><!ENTITY xxe SYSTEM \"file:///etc/passwd\"><string>&xxe;</string></plist>",
    ])
    func externalEntities(text: String) throws {
        let error = try #require(Self.xmlError(Array(text.utf8)))
        #expect(error.kind == .invalidXML)
        #expect(!error.detail.contains("root:"))
    }

    @Test("a huge XML document of one repeated character reference is read in linear time")
    func manyReferences() throws {
        let text = "<plist><string>" + String(repeating: "&#x41;", count: 200_000) + "</string></plist>"
        #expect(try XMLPropertyListReader.parse(Array(text.utf8)) == .string(String(repeating: "A", count: 200_000)))
    }

    @Test("a dictionary with 100,000 keys is read in linear time")
    func manyKeys() throws {
        var text = "<plist><dict>"
        for index in 0..<100_000 { text += "<key>k\(index)</key><true/>" }
        text += "</dict></plist>"
        guard case .dictionary(let dictionary) = try XMLPropertyListReader.parse(Array(text.utf8)) else {
            Issue.record("not a dictionary")
            return
        }
        #expect(dictionary.count == 100_000)
    }

    static func xmlError(_ bytes: [UInt8]) -> PropertyListError? {
        do {
            _ = try XMLPropertyListReader.parse(bytes)
            return nil
        } catch {
            return error
        }
    }

    // MARK: - Mutation sweeps

    @Test("2,000 seeded single-byte mutations of the fixture each decode or throw a typed error")
    func binaryMutationSweep() throws {
        let original = try Self.fixture()
        var generator = SeededGenerator(seed: 0x7_1C_4)
        var errors = 0
        var decoded = 0
        for _ in 0..<2_000 {
            var bytes = original
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = UInt8.random(in: 0...255, using: &generator)
            do {
                let list = try KeyedArchive.decode(bytes)
                decoded += 1
                // What decodes must survive its own round trip.
                #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
            } catch {
                errors += 1
                #expect(!error.description.isEmpty)
            }
        }
        #expect(errors + decoded == 2_000)
        // Most single-byte changes land in object data or the offset table and break
        // something; if none did, the reader is not checking anything.
        #expect(errors > 100)
    }

    @Test("1,000 seeded mutations of the fixture as XML each decode or throw a typed error")
    func xmlMutationSweep() throws {
        let original = try Self.fixtureAsXML()
        var generator = SeededGenerator(seed: 0x0D0C_7E5)
        let interesting = Array("<>/&;#[]!-?\"'=x0 \n".utf8)
        var errors = 0
        for _ in 0..<1_000 {
            var bytes = original
            let index = Int.random(in: 0..<bytes.count, using: &generator)
            bytes[index] = Bool.random(using: &generator)
                ? UInt8.random(in: 0...255, using: &generator)
                : interesting[Int.random(in: 0..<interesting.count, using: &generator)]
            if Self.archiveError(bytes) != nil { errors += 1 }
        }
        #expect(errors > 100)
    }

    // MARK: - Helpers

    /// The fixture converted to XML (UIDs as CF$UID) by Foundation's writer, the one
    /// `plutil -convert xml1` uses on macOS.
    static func fixtureAsXML() throws -> [UInt8] {
        let object = try PropertyListSerialization.propertyList(from: Data(try fixture()), options: [], format: nil)
        return [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0))
    }

    static func firstIndex(of pattern: [UInt8], in bytes: [UInt8]) -> Int? {
        guard bytes.count >= pattern.count else { return nil }
        for start in 0...(bytes.count - pattern.count) where bytes[start..<(start + pattern.count)].elementsEqual(pattern) {
            return start
        }
        return nil
    }
}
