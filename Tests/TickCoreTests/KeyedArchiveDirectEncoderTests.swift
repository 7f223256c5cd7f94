import Foundation
import Testing
@testable import TickCore

@Suite("Keyed archive: the direct writer matches the general one byte for byte")
struct KeyedArchiveDirectEncoderTests {
    static func direct(_ list: ToDoList, chunkSize: Int = 1 << 20,
                       uniquing: KeyedArchiveDirectEncoder<ArchiveBytes>.Uniquing = .automatic) -> [UInt8]? {
        KeyedArchiveDirectEncoder<ArchiveBytes>.encode(list, chunkSize: chunkSize, uniquing: uniquing)
    }

    /// Every way the uniquing pass can run: first, and alongside through rings from the
    /// smallest (each ordinal waits for the writer to take the one before) up.
    static let uniquingModes: [KeyedArchiveDirectEncoder<ArchiveBytes>.Uniquing] = [
        .first, .alongside(ringCapacity: 2), .alongside(ringCapacity: 7), .alongside(ringCapacity: 256),
    ]

    static func general(_ list: ToDoList) -> [UInt8] {
        var encoder = KeyedArchiveGeneralEncoder(list)
        return encoder.encode()
    }

    /// `count` items with repeated titles, notes and dates (so uniquing matters).
    static func list(_ count: Int, firstTitle: String? = nil) throws -> ToDoList {
        var toDo: [ToDoItem] = []
        var done: [ToDoItem] = []
        for index in 0..<count {
            let location: Location? = switch index % 4 {
            case 0: nil
            case 1: try Location(name: "Place \(index % 7)")
            case 2: try Location(name: "Ort \(index % 5) ü", latitude: Double(index % 9), longitude: -Double(index % 11))
            default: try Location(name: "Home", latitude: 0, longitude: 0)
            }
            let title = index == 0 ? (firstTitle ?? "first") : "Task \(index % 13)" + (index % 5 == 0 ? " 😀" : "")
            let item = try ToDoItem(
                title: title, notes: index % 3 == 0 ? nil : "note \(index % 17)",
                due: index % 2 == 0 ? nil : Date(timeIntervalSince1970: Double(index % 23) * 3_600),
                location: location, createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index % 31)))
            if index % 3 == 1 { done.append(item) } else { toDo.append(item) }
        }
        return try ToDoList(toDoItems: toDo, doneItems: done)
    }

    @Test("small, medium and large lists (1-, 2- and 4-byte references) encode to the same bytes")
    func sameBytes() throws {
        for count in [0, 1, 2, 5, 20, 300, 9_000] {
            let list = try Self.list(count)
            let direct = try #require(Self.direct(list), "\(count)")
            #expect(direct == Self.general(list), "\(count) items")
            #expect(try KeyedArchive.decode(direct) == list)
        }
        let sample = try KeyedArchiveTests.sampleList()
        #expect(Self.direct(sample) == Self.general(sample))
        let onlyDone = try ToDoList(toDoItems: [], doneItems: Self.list(40).allItems)
        #expect(Self.direct(onlyDone) == Self.general(onlyDone))
    }

    @Test("with the uniquing pass on its own thread, through rings of any size, the bytes are the same")
    func uniquingAlongside() throws {
        for count in [0, 1, 7, 300, 2_000] {
            let list = try Self.list(count)
            let general = Self.general(list)
            for uniquing in Self.uniquingModes {
                for chunkSize in [64, 65_536] {
                    #expect(Self.direct(list, chunkSize: chunkSize, uniquing: uniquing) == general, "\(count) items, \(uniquing), \(chunkSize)-byte pieces")
                }
            }
        }
        // Empty notes, long and non-ASCII strings, negative and fractional dates.
        let sample = try KeyedArchiveTests.sampleList()
        // Titles equal to strings the archive writes only after every item.
        let late = try ToDoList(toDoItems: ["NSKeyedArchiver", "root", "ToDoList", "doneItems", "root"].map {
            try ToDoItem(title: $0, notes: "NSKeyedArchiver", createdAt: Date(timeIntervalSince1970: 9))
        }, doneItems: [ToDoItem(title: "$classes", location: Location(name: "root"), createdAt: Date(timeIntervalSince1970: 9))])
        // Thousands of distinct values, so that values with the same hash tag meet in the
        // table and must be told apart by their bytes.
        let distinct = try ToDoList(toDoItems: (0..<5_000).map { index in
            try ToDoItem(title: "Distinct title \(index)", notes: index % 2 == 0 ? "n\(index)" : nil,
                         createdAt: Date(timeIntervalSince1970: 1_700_000_000 + Double(index)))
        }, doneItems: [])
        for uniquing in Self.uniquingModes {
            #expect(Self.direct(sample, uniquing: uniquing) == Self.general(sample), "\(uniquing)")
            #expect(Self.direct(late, uniquing: uniquing) == Self.general(late), "\(uniquing)")
            #expect(Self.direct(distinct, uniquing: uniquing) == Self.general(distinct), "\(uniquing)")
        }
    }

    @Test("the fixture's list encodes to the same bytes either way")
    func fixture() throws {
        let list = try KeyedArchive.decode([UInt8](KeyedArchiveFixtureTests.fixture("apple-layout.plist")))
        #expect(Self.direct(list) == Self.general(list))
    }

    @Test("a list whose uniquing shrinks the reference size is written with the smaller size")
    func referenceSizeBoundary() throws {
        // Near 256 objects the bound says 2-byte references, the real count needs 1.
        for count in 8...40 {
            let list = try ToDoList(toDoItems: (0..<count).map { index in
                try ToDoItem(title: "same", notes: "same", createdAt: Date(timeIntervalSince1970: 5))
            }, doneItems: [])
            for uniquing in Self.uniquingModes {
                let direct = try #require(Self.direct(list, uniquing: uniquing))
                #expect(direct == Self.general(list), "\(count) items, \(uniquing)")
            }
        }
    }

    @Test("a title that looks like an id, or unknown fields, take the general path")
    func fallbacks() throws {
        let list = try Self.list(10, firstTitle: "9275DC84-C7FB-4F2C-A6A2-FFA0C60F8FE0")
        #expect(Self.direct(list) == nil)
        #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
        // In the second half, which the uniquing thread bounds, for each kind of item value.
        let base = try Self.list(40)
        let id = "9275DC84-C7FB-4F2C-A6A2-FFA0C60F8FE0"
        let late = try [
            ToDoItem(title: id),
            ToDoItem(title: "t", notes: id),
            ToDoItem(title: "t", location: Location(name: id)),
            ToDoItem(title: "t", unknownFields: UnknownFields(["newer": .value(.string("x"))])),
            ToDoItem(title: "t", location: Location(name: "n", unknownFields: UnknownFields(["altitude": .value(.real(1))]))),
        ]
        for item in late {
            let list = try ToDoList(toDoItems: base.toDoItems, doneItems: base.doneItems + [item])
            for uniquing in Self.uniquingModes {
                #expect(Self.direct(list, uniquing: uniquing) == nil, "\(uniquing)")
            }
            #expect(try KeyedArchive.decode(KeyedArchive.encode(list)) == list)
        }
    }

    @Test("written in small pieces, an archive has the same bytes, so uniquing finds values whose bytes have left")
    func smallPieces() throws {
        for count in [0, 1, 7, 300, 2_000] {
            let list = try Self.list(count)
            for chunkSize in [64, 1_000, 65_536] {
                #expect(Self.direct(list, chunkSize: chunkSize) == Self.general(list), "\(count) items in \(chunkSize)-byte pieces")
            }
        }
        // One item larger than the pieces.
        let long = try ToDoList(toDoItems: [ToDoItem(title: String(repeating: "long ", count: 5_000), notes: "n")], doneItems: [])
        #expect(Self.direct(long, chunkSize: 64) == Self.general(long))
    }

    @Test("strings equal to the archive's own keys and class names, and equal numbers, are stored once as the general writer stores them")
    func sharedValues() throws {
        let created = Date(timeIntervalSince1970: 1_700_000_000)
        let items = try [
            ToDoItem(title: "title", notes: "$class", due: created, location: Location(name: "NSArray", latitude: 0, longitude: -0.0), createdAt: created),
            ToDoItem(title: "NSObject", notes: "title", due: Date(timeIntervalSince1970: 0), location: Location(name: "$null"), createdAt: created),
            ToDoItem(title: "caf\u{E9}", notes: "cafe\u{301}", location: Location(name: "title", latitude: 45, longitude: 45), createdAt: Date(timeIntervalSince1970: 45)),
            ToDoItem(title: "cafe\u{301}", notes: "caf\u{E9}", createdAt: Date(timeIntervalSince1970: 100_000)),
        ]
        let list = try ToDoList(toDoItems: Array(items[0..<2]), doneItems: Array(items[2...]))
        for chunkSize in [64, 1 << 20] {
          for uniquing in Self.uniquingModes {
            let direct = try #require(Self.direct(list, chunkSize: chunkSize, uniquing: uniquing))
            #expect(direct == Self.general(list))
            let decoded = try KeyedArchive.decode(direct)
            #expect(decoded == list)
            // "café" in its two spellings stays two strings.
            #expect(decoded.doneItems.map { Array($0.title.utf8) } == [Array("caf\u{E9}".utf8), Array("cafe\u{301}".utf8)])
          }
        }
    }

    @Test("pieces cover the archive once at their offsets: objects in order, the $objects slots as they fill, the first bytes last")
    func pieceOrder() throws {
        struct Recorder: ArchiveSink {
            var pieces: [(offset: Int, bytes: [UInt8])] = []
            mutating func expect(_ bytes: Int) {}
            mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
                pieces.append((offset, Array(bytes)))
                return true
            }
            mutating func reset() -> Bool { pieces.removeAll(); return true }
        }
        let list = try Self.list(3_000)
        var recorder = Recorder()
        guard case .written(let length) = KeyedArchiveDirectEncoder.write(list, to: &recorder, chunkSize: 4_096) else {
            Issue.record("not written")
            return
        }
        let pieces = recorder.pieces
        let header = try #require(pieces.last)
        #expect(header.offset == 0)
        // The slots lie between the first bytes and the first object piece.
        let objectsStart = try #require(pieces.first).offset
        let slots = pieces.filter { $0.offset > 0 && $0.offset < objectsStart }
        #expect(slots.count >= 3, "the slots went out in segments")
        #expect(slots.map(\.offset) == slots.map(\.offset).sorted())
        let objects = pieces.filter { $0.offset >= objectsStart }
        #expect(objects.count >= 10)
        #expect(objects.map(\.offset) == objects.map(\.offset).sorted())
        // Together they tile the archive: no gap, no overlap.
        var expected = 0
        for piece in pieces.sorted(by: { $0.offset < $1.offset }) {
            #expect(piece.offset == expected)
            expected += piece.bytes.count
        }
        #expect(expected == length)
        var assembled = [UInt8](repeating: 0, count: length)
        for piece in pieces { assembled.replaceSubrange(piece.offset..<piece.offset + piece.bytes.count, with: piece.bytes) }
        #expect(assembled == Self.general(list))
    }

    @Test("after a piece larger than the usual (a section's array of item UIDs), pieces are back to the usual size")
    func windowShrinksBack() throws {
        struct Sizes: ArchiveSink {
            var sizes: [Int] = []
            mutating func expect(_ bytes: Int) {}
            mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool {
                if offset > 0 { sizes.append(bytes.count) }
                return true
            }
            mutating func reset() -> Bool { sizes.removeAll(); return true }
        }
        // 3,000 UIDs of 2 bytes and their slots do not fit in 4 KiB.
        var sink = Sizes()
        guard case .written = KeyedArchiveDirectEncoder.write(try Self.list(3_000), to: &sink, chunkSize: 4_096) else {
            Issue.record("not written")
            return
        }
        let larger = sink.sizes.filter { $0 > 4_096 }
        #expect(larger.count == 2, "one grown piece per section: \(larger)")
        #expect(sink.sizes.filter { $0 <= 4_096 }.count > 50)
    }

    @Test("a sink that fails ends the write as failed")
    func failingSink() throws {
        struct Failing: ArchiveSink {
            var calls = 0
            mutating func expect(_ bytes: Int) {}
            mutating func put(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> Bool { calls += 1; return false }
            mutating func reset() -> Bool { true }
        }
        var sink = Failing()
        let outcome = KeyedArchiveDirectEncoder.write(try Self.list(300), to: &sink, chunkSize: 1_024)
        guard case .failed = outcome else {
            Issue.record("expected a failure, got \(outcome)")
            return
        }
        #expect(sink.calls == 1)
    }
}
