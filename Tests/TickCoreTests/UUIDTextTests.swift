import Foundation
import Testing
@testable import TickCore

@Suite("UUID text: parsing agrees with Foundation")
struct UUIDTextTests {
    static func parse(_ text: [UInt8]) -> UUID? {
        text.withUnsafeBufferPointer { UUIDText.parse($0) }
    }

    @Test("ids are written as Foundation's uppercase text, for random ids and every digit")
    func writing() throws {
        var ids = (0..<2_000).map { _ in UUID() }
        for text in ["00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
                     "01234567-89AB-CDEF-0123-456789ABCDEF", "FEDCBA98-7654-3210-FEDC-BA9876543210",
                     "9A0A9F0F-A9AF-09FA-F90A-0123456789AF"] {
            ids.append(try #require(UUID(uuidString: text)))
        }
        for id in ids {
            var buffer = [UInt8](repeating: 0, count: 36)
            buffer.withUnsafeMutableBufferPointer { if let base = $0.baseAddress { UUIDText.write(id, into: base) } }
            #expect(String(decoding: buffer, as: UTF8.self) == id.uuidString)
        }
    }

    @Test("random ids in upper and lower case parse to the same UUID as Foundation's")
    func randomIDs() throws {
        for _ in 0..<500 {
            let id = UUID()
            #expect(Self.parse(Array(id.uuidString.utf8)) == id)
            #expect(Self.parse(Array(id.uuidString.lowercased().utf8)) == id)
        }
        let edges = ["00000000-0000-0000-0000-000000000000", "FFFFFFFF-FFFF-FFFF-FFFF-FFFFFFFFFFFF",
                     "ffffffff-ffff-ffff-ffff-ffffffffffff", "01234567-89AB-CDEF-0123-456789abcdef"]
        for text in edges {
            #expect(Self.parse(Array(text.utf8)) == UUID(uuidString: text))
        }
    }

    @Test("every byte value at every position is accepted exactly when it is a hex digit (or the dash), with Foundation's value")
    func everyByteEverywhere() throws {
        let base = Array("6F9619FF-8B86-D011-B42D-00C04FC964FF".utf8)
        let hexDigits = Set("0123456789ABCDEFabcdef".utf8)
        for position in 0..<36 {
            let isDash = [8, 13, 18, 23].contains(position)
            for byte in 0...255 {
                var text = base
                text[position] = UInt8(byte)
                let valid = isDash ? byte == Int(UInt8(ascii: "-")) : hexDigits.contains(UInt8(byte))
                if valid {
                    // (Foundation is laxer than tick, so it is the oracle only for the value.)
                    let expected = try #require(UUID(uuidString: String(decoding: text, as: UTF8.self)))
                    #expect(Self.parse(text) == expected, "byte \(byte) at \(position)")
                } else {
                    #expect(Self.parse(text) == nil, "byte \(byte) at \(position)")
                }
            }
        }
    }

    @Test("wrong lengths are not ids")
    func wrongLengths() {
        let text = Array("6F9619FF-8B86-D011-B42D-00C04FC964FF".utf8)
        #expect(Self.parse(Array(text.dropLast())) == nil)
        #expect(Self.parse(text + [UInt8(ascii: "0")]) == nil)
        #expect(Self.parse([]) == nil)
    }
}
