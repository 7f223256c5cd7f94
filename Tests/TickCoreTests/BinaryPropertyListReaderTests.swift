import Foundation
import Testing
@testable import TickCore

@Suite("Binary property-list reader: object types and size classes")
struct BinaryPropertyListReaderTests {
    /// A file whose top object is an array holding the given objects.
    static func file(_ objects: [[UInt8]], referenceSize: Int = 0, offsetSize: Int = 0) -> [UInt8] {
        var plist = HandBuiltPlist()
        plist.referenceSize = referenceSize
        plist.offsetSize = offsetSize
        let refs = objects.indices.map { $0 + 1 }
        plist.add(plist.array(refs, referenceSize: referenceSize == 0 ? nil : referenceSize))
        for object in objects { plist.add(object) }
        return plist.bytes()
    }

    static func decodeArray(_ objects: [[UInt8]]) throws -> [PropertyListValue] {
        guard case .array(let values) = try BinaryPropertyListReader.decode(file(objects)) else {
            Issue.record("top is not an array")
            return []
        }
        return values
    }

    @Test("integers of 1, 2, 4, 8 and 16 bytes, signed where the format says so")
    func integers() throws {
        let values = try Self.decodeArray([
            [0x10, 0xFF],
            [0x11, 0x12, 0x34],
            [0x12, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x13, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFE],
            [0x14] + [UInt8](repeating: 0, count: 8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF],
            [0x14] + [UInt8](repeating: 0xFF, count: 8) + [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x85],
            [0x14] + [UInt8](repeating: 0, count: 8) + [0, 0, 0, 0, 0, 0, 0, 42],
        ])
        #expect(values == [
            .integer(255), .integer(0x1234), .integer(0xFFFF_FFFF), .integer(-2),
            .unsignedInteger(UInt64.max), .integer(-123), .integer(42),
        ])
    }

    @Test("a 16-byte integer beyond 64 bits is a typed error")
    func hugeInteger() {
        let bytes = Self.file([[0x14, 0, 0, 0, 0, 0, 0, 0, 1] + [UInt8](repeating: 0, count: 8)])
        #expect(throws: PropertyListError.self) { try BinaryPropertyListReader.decode(bytes) }
    }

    @Test("reals of 4 and 8 bytes, dates, booleans, null and data")
    func scalars() throws {
        let values = try Self.decodeArray([
            [0x22] + withUnsafeBytes(of: Float(1.5).bitPattern.bigEndian, Array.init),
            [0x23] + withUnsafeBytes(of: (-0.25).bitPattern.bigEndian, Array.init),
            [0x33] + withUnsafeBytes(of: 1e9.bitPattern.bigEndian, Array.init),
            [0x08], [0x09], [0x00],
            [0x43, 1, 2, 3],
        ])
        #expect(values == [.real(1.5), .real(-0.25), .date(1e9), .bool(false), .bool(true), .null, .data([1, 2, 3])])
    }

    @Test("UIDs of 1 to 8 bytes")
    func uids() throws {
        var objects: [[UInt8]] = []
        var expected: [PropertyListValue] = []
        for size in 1...8 {
            let value = UInt64(0x81) << (8 * UInt64(size - 1)) | 1
            objects.append([0x80 | UInt8(size - 1)] + HandBuiltPlist.bigEndian(value, size: size))
            expected.append(.uid(value))
        }
        #expect(try Self.decodeArray(objects) == expected)
    }

    @Test("ASCII and UTF-16 strings, with surrogate pairs and the 0xF count extension")
    func strings() throws {
        let long = String(repeating: "x", count: 300)
        let values = try Self.decodeArray([
            HandBuiltPlist.asciiString("short"),
            HandBuiltPlist.asciiString("exactly 15 char"),
            HandBuiltPlist.asciiString(long),
            HandBuiltPlist.utf16String(Array("Ça va 😀".utf16)),
            HandBuiltPlist.utf16String(Array(String(repeating: "ü", count: 20).utf16)),
        ])
        #expect(values == [
            .string("short"), .string("exactly 15 char"), .string(long), .string("Ça va 😀"),
            .string(String(repeating: "ü", count: 20)),
        ])
    }

    @Test("UTF-16 strings with runs of ASCII of every length around non-ASCII units decode exactly")
    func utf16ASCIIRuns() throws {
        let specials = ["é", "😀", "\u{7F}", "\u{80}", "\u{0}", "\u{FF}", "\u{100}", "\u{7FF}", "\u{800}", "東", "\u{FFFD}"]
        var objects: [[UInt8]] = []
        var expected: [PropertyListValue] = []
        for length in 0..<13 {
            for position in 0...length {
                for special in specials {
                    var text = String(repeating: "a", count: length)
                    text.insert(contentsOf: special, at: text.index(text.startIndex, offsetBy: position))
                    text += String(repeating: "z", count: length % 5)
                    objects.append(HandBuiltPlist.utf16String(Array(text.utf16)))
                    expected.append(.string(text))
                }
            }
        }
        #expect(try Self.decodeArray(objects) == expected)
    }

    @Test("a lone or reversed surrogate after a run of ASCII is still an invalid string")
    func loneSurrogateAfterASCIIRun() {
        // A high one alone, a low one alone or twice, a pair reversed: at every place of a word,
        // followed by text or last.
        for bad: [UInt16] in [[0xD800], [0xDC00], [0xDC00, 0xDC00], [0xDE00, 0xD83D]] {
            for prefix in 0..<10 {
                for suffix in [Array("cdefgh".utf16), []] {
                    let units = Array(String(repeating: "b", count: prefix).utf16) + bad + suffix
                    #expect {
                        try BinaryPropertyListReader.decode(Self.file([HandBuiltPlist.utf16String(units)]))
                    } throws: { ($0 as? PropertyListError)?.kind == .invalidString }
                }
            }
        }
    }

    @Test("four UTF-16 units at a time: a surrogate is found in any lane, and only a surrogate")
    func surrogateLanes() {
        // Every unit in every lane, the other lanes holding "a" (0x0061): as loaded from
        // memory, a big-endian unit's bytes are swapped in its lane.
        for lane in 0..<4 {
            for unit in 0...UInt16.max {
                var word: UInt64 = 0x6100_6100_6100_6100
                word &= ~(0xFFFF << (16 * UInt64(lane)))
                word |= UInt64(unit.byteSwapped) << (16 * UInt64(lane))
                let expected = (0xD800...0xDFFF).contains(unit)
                if BinaryPropertyListView.holdsSurrogate(word) != expected {
                    Issue.record("unit 0x\(String(unit, radix: 16)) in lane \(lane): \(!expected)")
                    return
                }
            }
        }
        // Random words against a look at each lane.
        var random = SeededGenerator(seed: 29)
        for _ in 0..<100_000 {
            let word = random.next()
            let expected = (0..<4).contains { lane in
                (0xD800...0xDFFF).contains(UInt16(truncatingIfNeeded: word >> (16 * UInt64(lane))).byteSwapped)
            }
            #expect(BinaryPropertyListView.holdsSurrogate(word) == expected, "0x\(String(word, radix: 16))")
        }
    }

    @Test("an offset into the header or past the objects is refused at every offset size")
    func offsetOutsideAtEachSize() throws {
        for size in [1, 2, 3, 4, 8] {
            var plist = HandBuiltPlist()
            plist.offsetSize = size
            plist.add(plist.array([1]))
            plist.add([0x09])
            let good = plist.bytes()
            #expect(try BinaryPropertyListReader.decode(good) == .array([.bool(true)]))
            // The offset table starts where the objects end.
            let tableStart = good.suffix(8).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
            for offset in [0, 7, tableStart, tableStart + 1] {
                #expect {
                    try BinaryPropertyListReader.decode(plist.bytes(offsetOverrides: [1: offset]))
                } throws: { ($0 as? PropertyListError)?.kind == .offsetOutOfRange }
            }
        }
    }

    @Test("a lone surrogate or a byte above 0x7F in an ASCII string is an invalid string")
    func badStrings() {
        for object in [HandBuiltPlist.utf16String([0x61, 0xD800]), HandBuiltPlist.utf16String([0xDC00, 0x61]), [0x52, 0x61, 0xE9]] {
            #expect {
                try BinaryPropertyListReader.decode(Self.file([object]))
            } throws: { ($0 as? PropertyListError)?.kind == .invalidString }
        }
    }

    @Test("reference and offset sizes of 1, 2, 4 and 8 bytes")
    func sizes() throws {
        for size in [1, 2, 4, 8] {
            let bytes = Self.file([HandBuiltPlist.asciiString("a"), [0x10, 7]], referenceSize: size, offsetSize: size)
            #expect(bytes[bytes.count - 26] == UInt8(size))
            #expect(bytes[bytes.count - 25] == UInt8(size))
            #expect(try BinaryPropertyListReader.decode(bytes) == .array([.string("a"), .integer(7)]))
        }
    }

    @Test("sets and dictionaries, in file order")
    func containers() throws {
        var plist = HandBuiltPlist()
        plist.referenceSize = 1
        plist.add([0xD2, 1, 2, 3, 4])
        plist.add(HandBuiltPlist.asciiString("b"))
        plist.add(HandBuiltPlist.asciiString("a"))
        plist.add([0xC2, 5, 5])
        plist.add([0x09])
        plist.add([0x10, 1])
        #expect(try BinaryPropertyListReader.decode(plist.bytes()) == .dictionary(PropertyListDictionary([
            ("b", .set([.integer(1), .integer(1)])), ("a", .bool(true)),
        ])))
    }

    @Test("a container shared many times is read once, not exponentially")
    func sharedContainers() throws {
        // Object k is an array of two references to object k+1: 2^40 paths, 41 objects.
        var plist = HandBuiltPlist()
        plist.referenceSize = 1
        for index in 0..<40 { plist.add([0xA2, UInt8(index + 1), UInt8(index + 1)]) }
        plist.add([0x10, 1])
        let value = try BinaryPropertyListReader.decode(plist.bytes())
        var depth = 0
        var current = value
        while case .array(let elements) = current { depth += 1; current = elements[1] }
        #expect(depth == 40)
    }

    @Test("an array that contains itself is a cycle error")
    func cycle() {
        var plist = HandBuiltPlist()
        plist.referenceSize = 1
        plist.add([0xA1, 1])
        plist.add([0xA1, 0])
        #expect {
            try BinaryPropertyListReader.decode(plist.bytes())
        } throws: { ($0 as? PropertyListError)?.kind == .cycle }
    }

    @Test("with references of 1, 2, 3, 4 and 8 bytes, a container after its children is checked alike: keys strings, no cycle, references in range",
          arguments: [1, 2, 3, 4, 8])
    func containersAfterTheirChildren(referenceSize size: Int) throws {
        func file(_ dictionaryKey: Int, _ extra: [UInt8]? = nil) -> [UInt8] {
            // 0 "k", 1 the integer 7, 2 an array of both, 3 a dictionary {key: the array}.
            var plist = HandBuiltPlist()
            plist.referenceSize = size
            plist.add(HandBuiltPlist.asciiString("k"))
            plist.add([0x10, 7])
            plist.add(plist.array([0, 1], referenceSize: size))
            plist.add([0xD1] + HandBuiltPlist.bigEndian(UInt64(dictionaryKey), size: size) + HandBuiltPlist.bigEndian(2, size: size))
            if let extra { plist.add(extra) }
            plist.top = 3
            return plist.bytes()
        }
        #expect(try BinaryPropertyListReader.decode(file(0)) == .dictionary(PropertyListDictionary([("k", .array([.string("k"), .integer(7)]))])))
        #expect {
            try BinaryPropertyListReader.decode(file(1))
        } throws: { ($0 as? PropertyListError)?.kind == .invalidKey }
        // An array after the dictionary that holds itself, one that names object 9 of 5, and
        // one whose reference has every bit set.
        let arrays: [([UInt8], PropertyListError.Kind)] = [
            ([0xA1] + HandBuiltPlist.bigEndian(4, size: size), .cycle),
            ([0xA1] + HandBuiltPlist.bigEndian(9, size: size), .referenceOutOfRange),
            ([0xA1] + [UInt8](repeating: 0xFF, count: size), .referenceOutOfRange),
        ]
        for (array, kind) in arrays {
            #expect {
                try BinaryPropertyListReader.decode(file(0, array))
            } throws: { ($0 as? PropertyListError)?.kind == kind }
        }
    }

    @Test("an ASCII string of 15–255 characters (its count in a 1-byte integer) is read whole; one whose count runs past the objects is refused")
    func countedASCIIStrings() throws {
        for length in [15, 36, 200, 255] {
            let text = String(repeating: "a", count: length)
            #expect(try BinaryPropertyListReader.decode(Self.file([HandBuiltPlist.asciiString(text)])) == .array([.string(text)]))
        }
        for (count, content) in [(255, 20), (21, 20), (3, 0)] {
            let object: [UInt8] = [0x5F, 0x10, UInt8(count)] + [UInt8](repeating: 0x61, count: content)
            #expect {
                try BinaryPropertyListReader.decode(Self.file([object]))
            } throws: { ($0 as? PropertyListError)?.kind == .invalidCount }
        }
    }
}
