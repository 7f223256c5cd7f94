import Foundation
import Testing
@testable import TickCore

/// Files broken only in objects that no item refers to: a reader that visits only what
/// the list uses loads them; tick checks every object, as Apple's reader does, and refuses
/// them with an error that names the problem and its byte offset.
@Suite("Strict reading: every object of the file is checked")
struct StrictReadingTests {
    /// The fixture's archive with `object` appended to `$objects`, where no UID refers to
    /// it, written by our writer; and where the mark string's text starts.
    static func withUnreferenced(_ object: PropertyListValue) throws -> (bytes: [UInt8], text: Int) {
        let (grown, _) = try ArchiveSurgery.appending(try ArchiveSurgery.fixtureTree(), object)
        let bytes = BinaryPropertyListWriter.encode(grown)
        let text = try #require(HostileInputTests.firstIndex(of: Array(mark.utf8), in: bytes))
        // The object is whole and unused: the list loads as the fixture's.
        #expect(try KeyedArchive.decode(bytes) == KeyedArchive.decode(HostileInputTests.fixture()))
        return (bytes, text)
    }

    /// 17 ASCII bytes, so that its string object is `0x5F 0x10 0x11` and the text.
    static let mark = "UNREFERENCED-MARK"

    static func trailer(_ bytes: [UInt8]) -> (offsetSize: Int, referenceSize: Int, objectCount: Int, table: Int) {
        let start = bytes.count - 32
        func number(_ at: Int) -> Int { bytes[at..<(at + 8)].reduce(0) { $0 << 8 | Int($1) } }
        return (Int(bytes[start + 6]), Int(bytes[start + 7]), number(start + 8), number(start + 24))
    }

    /// The reference number of the object that starts at `offset`.
    static func reference(at offset: Int, in bytes: [UInt8]) throws -> Int {
        let trailer = trailer(bytes)
        let offsets = (0..<trailer.objectCount).map { index in
            bytes[(trailer.table + index * trailer.offsetSize)..<(trailer.table + (index + 1) * trailer.offsetSize)].reduce(0) { $0 << 8 | Int($1) }
        }
        return try #require(offsets.firstIndex(of: offset))
    }

    static func setReference(_ value: Int, at position: Int, in bytes: inout [UInt8]) {
        let size = trailer(bytes).referenceSize
        for index in 0..<size { bytes[position + index] = UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - index))) }
    }

    /// The error decoding throws; records an issue when it decodes.
    static func error(_ bytes: [UInt8]) throws -> ArchiveError {
        try #require(HostileInputTests.archiveError(bytes), "the file loaded")
    }

    static func expect(_ error: ArchiveError, _ kind: PropertyListError.Kind, at offset: Int, saying words: String) {
        #expect(HostileInputTests.plistKind(error) == kind, "\(error)")
        #expect(error.offset == offset, "\(error)")
        #expect(error.description.contains(words), "\(error)")
        #expect(error.description.contains("(at byte \(offset))"), "\(error)")
    }

    @Test("an unused array referring past the last object is referenceOutOfRange")
    func referencePastTheEnd() throws {
        var (bytes, text) = try Self.withUnreferenced(.array([.string(Self.mark)]))
        let array = text + Self.mark.utf8.count
        #expect(bytes[array] == 0xA1)
        Self.setReference(Self.trailer(bytes).objectCount + 3, at: array + 1, in: &bytes)
        Self.expect(try Self.error(bytes), .referenceOutOfRange, at: array, saying: "refers to object")
    }

    @Test("an unused array that contains itself is a cycle")
    func unusedCycle() throws {
        var (bytes, text) = try Self.withUnreferenced(.array([.string(Self.mark)]))
        let array = text + Self.mark.utf8.count
        Self.setReference(try Self.reference(at: array, in: bytes), at: array + 1, in: &bytes)
        Self.expect(try Self.error(bytes), .cycle, at: array, saying: "contains itself")
    }

    @Test("an unused ASCII string with a byte above 0x7F is invalidString")
    func unusedBadString() throws {
        var (bytes, text) = try Self.withUnreferenced(.string(Self.mark))
        bytes[text + 4] = 0xC3
        Self.expect(try Self.error(bytes), .invalidString, at: text - 3, saying: "above 0x7F")
    }

    @Test("an unused object with an unknown marker is unknownObjectType")
    func unusedUnknownMarker() throws {
        var (bytes, text) = try Self.withUnreferenced(.string(Self.mark))
        bytes[text - 3] = 0x7F
        Self.expect(try Self.error(bytes), .unknownObjectType, at: text - 3, saying: "unknown object marker 0x7F")
    }

    @Test("an unused string whose length runs past the file is invalidCount")
    func unusedCountPastTheEnd() throws {
        var (bytes, text) = try Self.withUnreferenced(.string(Self.mark))
        // The length becomes an 8-byte integer: 0x11 and the first seven letters.
        bytes[text - 2] = 0x13
        Self.expect(try Self.error(bytes), .invalidCount, at: text - 3, saying: "cannot fit in the file")
    }

    @Test("an unused dictionary whose key is not a string is invalidKey")
    func unusedNonStringKey() throws {
        var (bytes, text) = try Self.withUnreferenced(.dictionary(PropertyListDictionary([(Self.mark, .integer(0x0102_0304))])))
        // After the key: the integer (0x12 and 4 bytes), then the dictionary.
        let integer = text + Self.mark.utf8.count
        let dictionary = integer + 5
        #expect(bytes[integer] == 0x12 && bytes[dictionary] == 0xD1)
        Self.setReference(try Self.reference(at: integer, in: bytes), at: dictionary + 1, in: &bytes)
        Self.expect(try Self.error(bytes), .invalidKey, at: dictionary, saying: "is not a string")
    }

    @Test("an unused object whose offset lies outside the object area is offsetOutOfRange")
    func unusedOffsetOutside() throws {
        var (bytes, text) = try Self.withUnreferenced(.string(Self.mark))
        let trailer = Self.trailer(bytes)
        let entry = trailer.table + trailer.offsetSize * (try Self.reference(at: text - 3, in: bytes))
        for index in 0..<trailer.offsetSize { bytes[entry + index] = 0xFF }
        Self.expect(try Self.error(bytes), .offsetOutOfRange, at: entry, saying: "outside the object area")
    }

    @Test("a keyed archive written by another archiver, or by none, is refused naming it", arguments: ["NSArchiver", "MyArchiver", nil])
    func otherArchiver(archiver: String?) throws {
        var top = try ArchiveSurgery.top(try ArchiveSurgery.fixtureTree())
        top["$archiver"] = archiver.map { .string($0) }
        let error = try Self.error(BinaryPropertyListWriter.encode(.dictionary(top)))
        #expect(error.kind == .malformed, "\(error)")
        #expect(error.description.contains(archiver.map { "written by \($0), not by NSKeyedArchiver" } ?? "written without an $archiver"), "\(error)")
        #expect(error.offset != nil)
    }

    @Test("the store refuses such a file with the error, naming the file, and leaves it as it was")
    func storeRefuses() throws {
        var (bytes, text) = try Self.withUnreferenced(.array([.string(Self.mark)]))
        let array = text + Self.mark.utf8.count
        Self.setReference(try Self.reference(at: array, in: bytes), at: array + 1, in: &bytes)
        let directory = try TemporaryDirectory()
        try Data(bytes).write(to: directory.file())
        let store = ToDoStore(fileURL: directory.file())
        let error = #expect(throws: StoreError.self) { try store.apply([.insert(try ToDoItem(title: "new"), .toDo, at: 0)]) }
        #expect(error?.description.contains(directory.file().path) == true, "\(String(describing: error))")
        #expect(error?.description.contains("contains itself (at byte \(array))") == true, "\(String(describing: error))")
        #expect(try [UInt8](Data(contentsOf: directory.file())) == bytes)
    }
}
