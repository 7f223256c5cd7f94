import Foundation
import FoundationBaseline
import Testing
@testable import TickCore

/// Cross-checks with other writers and readers of the same formats: Foundation's
/// `PropertyListSerialization`, `NSKeyedArchiver`/`NSKeyedUnarchiver` and `plutil`, and
/// Python's `plistlib`.
@Suite("Foreign writers and readers")
struct ForeignWriterTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Fixtures"))
        return [UInt8](try Data(contentsOf: url))
    }

    // MARK: - Foundation's PropertyListSerialization

    @Test("Foundation reads what BinaryPropertyListWriter writes, every type and size class")
    func foundationReadsOurBinary() throws {
        let tree = ForeignSamples.everyType()
        let (value, format) = try FoundationPlistBridge.read(BinaryPropertyListWriter.encode(tree))
        #expect(format == .binary)
        #expect(value == tree)
    }

    @Test("we read the binary Foundation writes, every type and size class")
    func weReadFoundationBinary() throws {
        let tree = ForeignSamples.everyType()
        let bytes = try FoundationPlistBridge.write(tree, format: .binary)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyListReader.decode(bytes) == tree)
    }

    @Test("we read the XML Foundation writes, every type and size class")
    func weReadFoundationXML() throws {
        let tree = ForeignSamples.everyType()
        let bytes = try FoundationPlistBridge.write(tree, format: .xml)
        #expect(bytes.starts(with: Array("<?xml".utf8)))
        #expect(try XMLPropertyListReader.parse(bytes) == tree)
    }

    @Test("Foundation and we read the same XML the same way, including UIDs as CF$UID")
    func foundationAndWeAgreeOnXML() throws {
        // Foundation on Linux cannot make UIDs through public API, but it writes the ones it
        // reads; the fixture's UIDs go through Foundation's XML writer and must come back.
        let binary = try Self.fixture("apple-layout.plist")
        let object = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil)
        let xml = [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0))
        #expect(String(decoding: xml, as: UTF8.self).contains("<key>CF$UID</key>"))
        #expect(try XMLPropertyListReader.parse(xml) == BinaryPropertyListReader.decode(binary))
    }

    // MARK: - Python's plistlib

    @Test("plistlib reads what BinaryPropertyListWriter writes, UIDs included")
    func plistlibReadsOurBinary() throws {
        let tree = ForeignSamples.everyType(includeUIDs: true)
        #expect(try PythonPlistlib.loads(BinaryPropertyListWriter.encode(tree)) == tree)
    }

    @Test("we read the binary plistlib writes, UIDs included")
    func weReadPlistlibBinary() throws {
        let tree = ForeignSamples.everyType(includeUIDs: true)
        let bytes = try PythonPlistlib.dumpsBinary(tree)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        #expect(try BinaryPropertyListReader.decode(bytes) == tree)
    }

    @Test("we read the XML plistlib writes, UIDs as CF$UID dictionaries")
    func weReadPlistlibXML() throws {
        let tree = ForeignSamples.everyType(includeUIDs: true)
        let bytes = try PythonPlistlib.dumpsXML(tree)
        #expect(String(decoding: bytes, as: UTF8.self).contains("<key>CF$UID</key>"))
        #expect(try XMLPropertyListReader.parse(bytes) == tree)
    }

    @Test("plistlib reads the fixture as our binary reader does")
    func plistlibReadsFixture() throws {
        let binary = try Self.fixture("apple-layout.plist")
        #expect(try PythonPlistlib.loads(binary) == BinaryPropertyListReader.decode(binary))
    }

    @Test("plistlib reads the archive KeyedArchive.encode writes as our binary reader does")
    func plistlibReadsOurArchive() throws {
        let bytes = KeyedArchive.encode(try ForeignSamples.list())
        #expect(try PythonPlistlib.loads(bytes) == BinaryPropertyListReader.decode(bytes))
    }

    // MARK: - Keyed archives

    @Test("KeyedArchive.decode reads an archive NSKeyedArchiver wrote for equivalent classes")
    func weReadNSKeyedArchiver() throws {
        let list = try ForeignSamples.list()
        let bytes = try FoundationToDoList.archive(list)
        #expect(bytes.starts(with: Array("bplist00".utf8)))
        let decoded = try KeyedArchive.decode(bytes)
        #expect(decoded == list)
        #expect(decoded.toDoItems.map(\.title) == list.toDoItems.map(\.title))
        #expect(decoded.doneItems.map(\.id) == list.doneItems.map(\.id))
    }

    @Test("KeyedArchive.decode reads an NSKeyedArchiver archive whose classes have $classname only")
    func weReadMappedClassNames() throws {
        let list = try ForeignSamples.list()
        #expect(try KeyedArchive.decode(FoundationToDoList.archive(list, naming: .mappedNameOnly)) == list)
    }

    @Test("KeyedArchive.decode reads NSKeyedArchiver's archive of an empty list")
    func weReadEmptyNSKeyedArchive() throws {
        let decoded = try KeyedArchive.decode(FoundationToDoList.archive(ToDoList()))
        #expect(decoded.isEmpty)
    }

    @Test("KeyedArchive.decode reads NSKeyedArchiver's archive converted to XML by Foundation")
    func weReadNSKeyedArchiverAsXML() throws {
        let list = try ForeignSamples.list()
        let binary = try FoundationToDoList.archive(list)
        let object = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil)
        let xml = [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0))
        #expect(try KeyedArchive.decode(xml) == list)
    }

    @Test("NSKeyedUnarchiver reads what KeyedArchive.encode writes, every value right")
    func nsKeyedUnarchiverReadsOurs() throws {
        let list = try ForeignSamples.list()
        let archived = try #require(try FoundationToDoList.unarchive(KeyedArchive.encode(list)), "NSKeyedUnarchiver returned no root object")
        #expect(archived.formatVersion == 1)
        #expect(try archived.list() == list)
        // Optional keys were left out, not written as zero or empty.
        let third = try #require(archived.toDoItems.dropFirst(2).first)
        #expect(third.timestamp == nil)
        #expect(third.location?.latitude == nil)
        #expect(archived.doneItems.last?.itemDescription == nil)
    }

    @Test("NSKeyedUnarchiver reads the fixture after our decode and encode, every value right")
    func nsKeyedUnarchiverReadsFixtureRoundTrip() throws {
        let list = try KeyedArchive.decode(Self.fixture("apple-layout.plist"))
        let archived = try #require(try FoundationToDoList.unarchive(KeyedArchive.encode(list)))
        #expect(try archived.list() == list)
    }

    // MARK: - XML conversions of the fixture

    @Test("the fixture converted to XML by Foundation decodes to the same list as the binary")
    func fixtureAsFoundationXML() throws {
        let binary = try Self.fixture("apple-layout.plist")
        let object = try PropertyListSerialization.propertyList(from: Data(binary), options: [], format: nil)
        let xml = [UInt8](try PropertyListSerialization.data(fromPropertyList: object, format: .xml, options: 0))
        #expect(try KeyedArchive.decode(xml) == KeyedArchive.decode(binary))
    }

    @Test("the fixture converted to XML by plistlib decodes to the same list as the binary")
    func fixtureAsPlistlibXML() throws {
        let binary = try Self.fixture("apple-layout.plist")
        let xml = try PythonPlistlib.convertToXML(binary)
        #expect(xml.starts(with: Array("<?xml".utf8)))
        #expect(try KeyedArchive.decode(xml) == KeyedArchive.decode(binary))
    }

    @Test("the fixture converted with plutil -convert xml1 decodes to the same list, or plutil refuses UIDs as Linux's does")
    func fixtureThroughPlutil() throws {
        let binary = try Self.fixture("apple-layout.plist")
        let result = try Plutil.convertToXML(binary)
        switch result {
        case .converted(let xml):
            #expect(try KeyedArchive.decode(xml) == KeyedArchive.decode(binary))
        case .refused(let message):
            // swift-corelibs-foundation's plutil cannot write keyed-archive UIDs; this is
            // the one refusal accepted, and the Foundation and plistlib conversions above
            // stand in for it.
            #expect(message.contains("Dictionaries are required to have string keys"), "\(message)")
        }
    }

    @Test("we read what plutil -convert xml1 writes for every type")
    func weReadPlutilXML() throws {
        let tree = ForeignSamples.everyType()
        let binary = BinaryPropertyListWriter.encode(tree)
        guard case .converted(let xml) = try Plutil.convertToXML(binary) else {
            Issue.record("plutil refused a property list without UIDs")
            return
        }
        #expect(try XMLPropertyListReader.parse(xml) == tree)
    }
}

/// Runs `plutil -convert xml1` on bytes.
enum Plutil {
    enum Result {
        case converted([UInt8])
        case refused(String)
    }

    struct NotFound: Error, CustomStringConvertible {
        let description: String
    }

    static func convertToXML(_ bytes: [UInt8]) throws -> Result {
        let candidates = ["/opt/swift/usr/bin/plutil", "/usr/bin/plutil"]
        guard let path = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            throw NotFound(description: "plutil is not at \(candidates.joined(separator: " or ")); it ships with the Swift toolchain")
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("tick-plutil-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let source = directory.appendingPathComponent("in.plist")
        let target = directory.appendingPathComponent("out.xml")
        let output = directory.appendingPathComponent("output")
        try Data(bytes).write(to: source)
        _ = FileManager.default.createFile(atPath: output.path, contents: nil)
        let handle = try FileHandle(forWritingTo: output)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = ["-convert", "xml1", "-o", target.path, source.path]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        let message = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard process.terminationStatus == 0 else { return .refused(message) }
        return .converted([UInt8](try Data(contentsOf: target)))
    }
}
