import Testing
@testable import TickCore

@Suite("Strings with non-ASCII text are written as UTF-16")
struct UTF16TranscodingTests {
    /// Strings with one- to four-byte characters at every position among ASCII runs.
    static var samples: [String] {
        var samples = ["é", "東京", "🍕", "👍🏽", "a\u{7F}é", String(repeating: "x", count: 17) + "ü"]
        for other in ["é", "€", "東", "🍕"] {
            for position in 0...20 {
                let ascii = Array("The quick brown fox jumps!")
                samples.append(String(ascii[..<position]) + other + String(ascii[position...]))
                samples.append(String(repeating: "a", count: position) + other + String(repeating: other, count: position % 3))
            }
        }
        return samples
    }

    @Test("the unit count and the big-endian units are Swift's own UTF-16 of the string, and read back the same")
    func sameAsSwift() throws {
        for sample in Self.samples {
            let units = sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            let bytes = BinaryPropertyListWriter.encode(.string(sample))
            // The object sits right after the 8-byte magic: its marker, its count, its units.
            let count = sample.utf16.count
            let header: [UInt8] = count < 15 ? [0x60 | UInt8(count)] : [0x6F, 0x10, UInt8(count)]
            #expect(Array(bytes[8..<(8 + header.count + units.count)]) == header + units, "\(sample)")
            #expect(try BinaryPropertyListReader.decode(bytes) == .string(sample))
        }
    }
}
