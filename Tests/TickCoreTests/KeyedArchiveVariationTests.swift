import Foundation
import Testing
@testable import TickCore

/// Builds keyed archives by hand as property-list trees, to write what other archivers
/// write (and what no archiver should).
struct ArchiveTree {
    var objects: [PropertyListValue] = [.string("$null")]

    mutating func add(_ value: PropertyListValue) -> PropertyListValue {
        objects.append(value)
        return .uid(UInt64(objects.count - 1))
    }

    mutating func reserve() -> Int {
        objects.append(.null)
        return objects.count - 1
    }

    mutating func classDescription(_ name: String) -> PropertyListValue {
        add(.dictionary(PropertyListDictionary([("$classname", .string(name)), ("$classes", .array([.string(name), .string("NSObject")]))])))
    }

    static func dictionary(_ entries: [(String, PropertyListValue)]) -> PropertyListValue {
        .dictionary(PropertyListDictionary(entries))
    }

    func bytes(root: PropertyListValue = .uid(1)) -> [UInt8] {
        BinaryPropertyListWriter.encode(Self.dictionary([
            ("$version", .integer(100_000)), ("$objects", .array(objects)),
            ("$archiver", .string("NSKeyedArchiver")), ("$top", Self.dictionary([("root", root)])),
        ]))
    }

    /// A one-item archive whose item (and root and location) entries can be changed.
    static func oneItem(
        root rootEdit: ([(String, PropertyListValue)]) -> [(String, PropertyListValue)] = { $0 },
        item itemEdit: (inout ArchiveTree, [(String, PropertyListValue)]) -> [(String, PropertyListValue)] = { $1 },
        location locationEdit: (inout ArchiveTree, [(String, PropertyListValue)]) -> [(String, PropertyListValue)] = { $1 },
        arrayClass: String = "NSArray"
    ) -> [UInt8] {
        var tree = ArchiveTree()
        let rootIndex = tree.reserve()
        let arrayIndex = tree.reserve()
        let itemIndex = tree.reserve()
        let id = tree.add(.string("6F9619FF-8B86-D011-B42D-00C04FC964FF"))
        let title = tree.add(.string("Title"))
        let locationIndex = tree.reserve()
        let name = tree.add(.string("Place"))
        let locationClass = tree.classDescription("Location")
        tree.objects[locationIndex] = dictionary(locationEdit(&tree, [
            ("name", name), ("latitude", .real(10)), ("longitude", .real(20)), ("$class", locationClass),
        ]))
        let itemClass = tree.classDescription("ToDoItem")
        tree.objects[itemIndex] = dictionary(itemEdit(&tree, [
            ("id", id), ("title", title), ("createdAt", .real(1_000)), ("location", .uid(UInt64(locationIndex))), ("$class", itemClass),
        ]))
        let arrayClassRef = tree.classDescription(arrayClass)
        tree.objects[arrayIndex] = dictionary([("NS.objects", .array([.uid(UInt64(itemIndex))])), ("$class", arrayClassRef)])
        let listClass = tree.classDescription("ToDoList")
        tree.objects[rootIndex] = dictionary(rootEdit([
            ("formatVersion", .integer(1)), ("toDoItems", .uid(UInt64(arrayIndex))), ("doneItems", .uid(0)), ("$class", listClass),
        ]))
        return tree.bytes()
    }

    static func replacing(_ entries: [(String, PropertyListValue)], _ key: String, _ value: PropertyListValue?) -> [(String, PropertyListValue)] {
        var result = entries.filter { $0.0 != key }
        if let value { result.insert((key, value), at: 0) }
        return result
    }
}

@Suite("Keyed archive: what other archivers write, unknown keys, and refusals")
struct KeyedArchiveVariationTests {
    @Test("the hand-built baseline archive reads as one item with a location")
    func baseline() throws {
        let list = try KeyedArchive.decode(ArchiveTree.oneItem())
        let item = try #require(list.toDoItems.first)
        #expect(list.count == 1)
        #expect(item.id.uuidString == "6F9619FF-8B86-D011-B42D-00C04FC964FF")
        #expect(item.title == "Title")
        #expect(item.createdAt == Date(timeIntervalSince1970: 1_000))
        #expect(item.location?.name == "Place")
        #expect(item.location?.coordinate?.latitude == 10)
    }

    @Test("NSMutableArray, NSMutableString objects, numbers by UID and integers for reals are accepted")
    func appleVariations() throws {
        let bytes = ArchiveTree.oneItem(
            item: { tree, entries in
                let stringClass = tree.classDescription("NSMutableString")
                let title = tree.add(ArchiveTree.dictionary([("NS.string", .string("Mutable title")), ("$class", stringClass)]))
                let created = tree.add(.real(2_000.5))
                var result = ArchiveTree.replacing(entries, "title", title)
                result = ArchiveTree.replacing(result, "createdAt", created)
                return ArchiveTree.replacing(result, "timestamp", .integer(1_700_000_000))
            },
            location: { tree, entries in
                let latitude = tree.add(.integer(-45))
                return ArchiveTree.replacing(ArchiveTree.replacing(entries, "latitude", latitude), "longitude", .integer(100))
            },
            arrayClass: "NSMutableArray")
        let item = try #require(try KeyedArchive.decode(bytes).toDoItems.first)
        #expect(item.title == "Mutable title")
        #expect(item.createdAt == Date(timeIntervalSince1970: 2_000.5))
        #expect(item.due == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(item.location?.coordinate?.latitude == -45)
        #expect(item.location?.coordinate?.longitude == 100)
    }

    @Test("nil as UID 0 or an absent key, and unreferenced objects, are accepted")
    func nilsAndStrayObjects() throws {
        let bytes = ArchiveTree.oneItem(item: { tree, entries in
            _ = tree.add(.string("nobody refers to me"))
            _ = tree.add(ArchiveTree.dictionary([("junk", .integer(1))]))
            return ArchiveTree.replacing(ArchiveTree.replacing(entries, "location", .uid(0)), "itemDescription", .uid(0))
        })
        let item = try #require(try KeyedArchive.decode(bytes).toDoItems.first)
        #expect(item.location == nil)
        #expect(item.notes == nil)
        #expect(item.due == nil)
        #expect(item.unknownFields.isEmpty)
    }

    @Test("unknown keys on the root, items and locations survive decode, encode and decode")
    func unknownKeysSurvive() throws {
        let bytes = ArchiveTree.oneItem(
            root: { ArchiveTree.replacing($0, "syncToken", .string("abc")) },
            item: { tree, entries in
                let tagClass = tree.classDescription("Tag")
                let label = tree.add(.string("urgent"))
                let tag = tree.add(ArchiveTree.dictionary([("label", label), ("$class", tagClass)]))
                var result = ArchiveTree.replacing(entries, "effort", .integer(3))
                result = ArchiveTree.replacing(result, "labels", .array([tag, .uid(0)]))
                return result
            },
            location: { _, entries in ArchiveTree.replacing(entries, "altitude", .real(12.5)) })
        let list = try KeyedArchive.decode(bytes)
        let item = try #require(list.toDoItems.first)
        #expect(list.unknownFields.values["syncToken"] == .value(.string("abc")))
        #expect(item.unknownFields.values["effort"] == .value(.integer(3)))
        #expect(item.location?.unknownFields.values["altitude"] == .value(.real(12.5)))
        let tagClass = ArchivedValue.object(.dictionary([
            "$classname": .value(.string("Tag")),
            "$classes": .array([.value(.string("Tag")), .value(.string("NSObject"))]),
        ]))
        #expect(item.unknownFields.values["labels"] == .array([
            .object(.dictionary(["label": .object(.value(.string("urgent"))), "$class": tagClass])),
            .value(.uid(0)),
        ]))

        let again = try KeyedArchive.decode(KeyedArchive.encode(list))
        #expect(again == list)
        #expect(KeyedArchive.encode(again) == KeyedArchive.encode(list))
    }

    @Test("a formatVersion newer than this tick knows is refused with a clear message")
    func newerFormat() {
        let bytes = ArchiveTree.oneItem(root: { ArchiveTree.replacing($0, "formatVersion", .integer(2)) })
        #expect {
            try KeyedArchive.decode(bytes)
        } throws: { error in
            guard let error = error as? ArchiveError else { return false }
            return error.kind == .newerFormat(2) && error.description.contains("written by a newer tick (format 2)")
        }
    }

    @Test("a zero-byte file is an error, not an empty list")
    func emptyFile() {
        #expect {
            try KeyedArchive.decode([])
        } throws: { error in
            (error as? ArchiveError)?.kind == .emptyFile && "\(error)".contains("empty")
        }
    }

    static let malformed: [(String, [UInt8], String)] = [
        ("missing title", ArchiveTree.oneItem(item: { ArchiveTree.replacing($1, "title", nil) }), "no title"),
        ("blank title", ArchiveTree.oneItem(item: { tree, entries in ArchiveTree.replacing(entries, "title", tree.add(.string("  "))) }), "title cannot be empty"),
        ("title is a number", ArchiveTree.oneItem(item: { tree, entries in ArchiveTree.replacing(entries, "title", tree.add(.integer(4))) }), "not a string"),
        ("title is not a UID", ArchiveTree.oneItem(item: { ArchiveTree.replacing($1, "title", .string("inline")) }), "not an object reference"),
        ("latitude out of range", ArchiveTree.oneItem(location: { ArchiveTree.replacing($1, "latitude", .real(91)) }), "latitude 91.0"),
        ("latitude alone", ArchiveTree.oneItem(location: { ArchiveTree.replacing($1, "longitude", nil) }), "both latitude and longitude"),
        ("latitude is a string", ArchiveTree.oneItem(location: { ArchiveTree.replacing($1, "latitude", .string("north")) }), "not a number"),
        ("id is not a UUID", ArchiveTree.oneItem(item: { tree, entries in ArchiveTree.replacing(entries, "id", tree.add(.string("not-a-uuid"))) }), "not a UUID"),
        ("item of another class", ArchiveTree.oneItem(item: { tree, entries in ArchiveTree.replacing(entries, "$class", tree.classDescription("Banana")) }), "class Banana"),
        ("UID past $objects", ArchiveTree.oneItem(item: { ArchiveTree.replacing($1, "location", .uid(999)) }), "refers to object 999"),
        ("no createdAt", ArchiveTree.oneItem(item: { ArchiveTree.replacing($1, "createdAt", nil) }), "no createdAt"),
    ]

    @Test("malformed archives give an ArchiveError that names the problem", arguments: 0..<malformed.count)
    func malformedArchives(_ index: Int) {
        let (name, bytes, message) = Self.malformed[index]
        #expect {
            try KeyedArchive.decode(bytes)
        } throws: { error in
            guard error is ArchiveError else { return false }
            let text = "\(error)"
            if !text.contains(message) { Issue.record("\(name): \(text)") }
            return true
        }
    }

    @Test("a duplicate id is an ArchiveError naming the id")
    func duplicateID() throws {
        let item = try ToDoItem(title: "same", createdAt: Date(timeIntervalSince1970: 1))
        let list = try ToDoList(toDoItems: [item], doneItems: [])
        var bytes = KeyedArchive.encode(list)
        // Point doneItems at the To Do array too: the same item then appears twice.
        var tree = try BinaryPropertyListReader.decode(bytes)
        guard case .dictionary(var top) = tree, case .array(var objects)? = top["$objects"], case .dictionary(var root) = objects[1] else {
            Issue.record("unexpected layout"); return
        }
        root["doneItems"] = root["toDoItems"]
        objects[1] = .dictionary(root)
        top["$objects"] = .array(objects)
        tree = .dictionary(top)
        bytes = BinaryPropertyListWriter.encode(tree)
        #expect {
            try KeyedArchive.decode(bytes)
        } throws: { error in
            (error as? ArchiveError)?.kind == .invalidValue && "\(error)".contains(item.id.uuidString)
        }
    }

    @Test("bytes that are no property list, or a truncated one, give an ArchiveError")
    func notAnArchive() throws {
        let good = KeyedArchive.encode(try KeyedArchiveTests.sampleList())
        for bytes in [Array("hello".utf8), Array(good.prefix(good.count / 2)), Array(good.dropLast(1)),
                      BinaryPropertyListWriter.encode(.array([.string("no archive")]))] {
            #expect(throws: ArchiveError.self) { try KeyedArchive.decode(bytes) }
        }
    }
}
