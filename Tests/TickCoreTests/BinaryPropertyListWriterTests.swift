import Foundation
import Testing
@testable import TickCore

@Suite("Binary property-list writer: layout and round trips")
struct BinaryPropertyListWriterTests {
    static func trailer(_ bytes: [UInt8]) -> (offsetSize: Int, referenceSize: Int, objectCount: Int) {
        let start = bytes.count - 32
        let count = bytes[(start + 8)..<(start + 16)].reduce(0) { $0 << 8 | Int($1) }
        return (Int(bytes[start + 6]), Int(bytes[start + 7]), count)
    }

    @Test("every object type survives encode and decode")
    func everyType() throws {
        let tree = PropertyListValue.dictionary(PropertyListDictionary([
            ("null", .null), ("true", .bool(true)), ("false", .bool(false)),
            ("ints", .array([.integer(0), .integer(255), .integer(256), .integer(65_535), .integer(65_536),
                             .integer(4_294_967_295), .integer(4_294_967_296), .integer(Int64.max), .integer(-1),
                             .integer(Int64.min), .unsignedInteger(UInt64(Int64.max) + 1), .unsignedInteger(UInt64.max)])),
            ("reals", .array([.real(0), .real(-0.5), .real(1e300), .real(.infinity), .real(Double.leastNonzeroMagnitude)])),
            ("date", .date(-978_307_200)),
            ("data", .data(Array(0...255))), ("empty data", .data([])),
            ("strings", .array([.string(""), .string("ascii"), .string("Grüße"), .string("😀 emoji"),
                                .string(String(repeating: "long ", count: 100)), .string("日本語テキスト")])),
            ("uids", .array([.uid(0), .uid(255), .uid(256), .uid(65_536), .uid(UInt64(UInt32.max) + 1)])),
            ("set", .set([.integer(1), .string("x")])),
            ("nested", .array([.dictionary(PropertyListDictionary([("deep", .array([.array([])]))]))])),
        ]))
        #expect(try BinaryPropertyListReader.decode(BinaryPropertyListWriter.encode(tree)) == tree)
    }

    @Test("every value is an object of its own: exact bytes of a small array")
    func exactBytes() {
        let bytes = BinaryPropertyListWriter.encode(.array([.string("abc"), .string("abc")]))
        let expected: [UInt8] = Array("bplist00".utf8)
            + [0x53, 0x61, 0x62, 0x63]           // "abc": object 0
            + [0x53, 0x61, 0x62, 0x63]           // "abc" again: object 1
            + [0xA2, 0x00, 0x01]                 // array object 2 → objects 0 and 1
            + [0x08, 0x0C, 0x10]                 // offset table, 1-byte offsets
            + [0, 0, 0, 0, 0, 0, 1, 1]           // sizes
            + [0, 0, 0, 0, 0, 0, 0, 3]           // three objects
            + [0, 0, 0, 0, 0, 0, 0, 2]           // top object 2
            + [0, 0, 0, 0, 0, 0, 0, 19]          // offset table at 19
        #expect(bytes == expected)
    }

    @Test("equal values are not merged, and read back equal")
    func noMerging() throws {
        let tree = PropertyListValue.dictionary(PropertyListDictionary([
            ("name", .array([.string("name"), .real(2.5), .real(2.5), .integer(7), .integer(7),
                             .date(1), .date(1), .data([1]), .data([1]), .string("é"), .string("é"),
                             .array([]), .array([]), .uid(1), .uid(1), .bool(true), .bool(true)])),
        ]))
        let bytes = BinaryPropertyListWriter.encode(tree)
        // dict, "name", array, its 17 values
        #expect(Self.trailer(bytes).objectCount == 20)
        #expect(try BinaryPropertyListReader.decode(bytes) == tree)
    }

    @Test("non-ASCII strings are UTF-16 big-endian, ASCII ones one byte per character")
    func stringEncodings() {
        let ascii = BinaryPropertyListWriter.encode(.string("hi"))
        #expect(Array(ascii[8..<11]) == [0x52, 0x68, 0x69])
        let accented = BinaryPropertyListWriter.encode(.string("é😀"))
        #expect(Array(accented[8..<15]) == [0x63, 0x00, 0xE9, 0xD8, 0x3D, 0xDE, 0x00])
    }

    @Test("integers take the smallest width CoreFoundation uses")
    func integerWidths() {
        let cases: [(PropertyListValue, [UInt8])] = [
            (.integer(255), [0x10, 0xFF]),
            (.integer(256), [0x11, 0x01, 0x00]),
            (.integer(65_536), [0x12, 0x00, 0x01, 0x00, 0x00]),
            (.integer(1 << 32), [0x13, 0, 0, 0, 1, 0, 0, 0, 0]),
            (.integer(-1), [0x13] + [UInt8](repeating: 0xFF, count: 8)),
            (.unsignedInteger(UInt64.max), [0x14] + [UInt8](repeating: 0, count: 8) + [UInt8](repeating: 0xFF, count: 8)),
            (.uid(300), [0x81, 0x01, 0x2C]),
        ]
        for (value, marker) in cases {
            let bytes = BinaryPropertyListWriter.encode(value)
            #expect(Array(bytes[8..<(8 + marker.count)]) == marker, "\(value)")
        }
    }

    @Test("counts of 15 and more use the 0xF extension")
    func countExtension() throws {
        let tree = PropertyListValue.array((0..<15).map { .integer(Int64($0)) })
        let bytes = BinaryPropertyListWriter.encode(tree)
        // The array comes after its 15 one-byte integers (2 bytes each).
        #expect(Array(bytes[38..<41]) == [0xAF, 0x10, 0x0F])
        #expect(try BinaryPropertyListReader.decode(bytes) == tree)
    }

    @Test("reference and offset sizes grow to 2 past 255 objects and 4 past 65,535")
    func sizesGrow() throws {
        let small = BinaryPropertyListWriter.encode(.array((0..<10).map { .integer(Int64($0)) }))
        #expect(Self.trailer(small).referenceSize == 1)
        #expect(Self.trailer(small).offsetSize == 1)

        let medium = PropertyListValue.array((0..<300).map { .integer(Int64($0)) })
        let mediumBytes = BinaryPropertyListWriter.encode(medium)
        #expect(Self.trailer(mediumBytes).referenceSize == 2)
        #expect(Self.trailer(mediumBytes).offsetSize == 2)
        #expect(try BinaryPropertyListReader.decode(mediumBytes) == medium)

        let large = PropertyListValue.array((0..<70_000).map { .integer(Int64($0) * 1_000) })
        let largeBytes = BinaryPropertyListWriter.encode(large)
        #expect(Self.trailer(largeBytes).referenceSize == 4)
        #expect(Self.trailer(largeBytes).offsetSize == 4)
        #expect(try BinaryPropertyListReader.decode(largeBytes) == large)
    }

    @Test("each container is written after the objects it holds")
    func childrenFirst() throws {
        let bytes = BinaryPropertyListWriter.encode(.dictionary(PropertyListDictionary([("k", .array([.string("v")]))])))
        // 0: "k", 1: "v", 2: array, 3: dict (the top object)
        #expect(Array(bytes[8..<10]) == [0x51, 0x6B])
        #expect(Array(bytes[10..<12]) == [0x51, 0x76])
        #expect(Array(bytes[12..<14]) == [0xA1, 0x01])
        #expect(Array(bytes[14..<17]) == [0xD1, 0x00, 0x02])
        #expect(bytes[bytes.count - 9] == 3)
    }
}
