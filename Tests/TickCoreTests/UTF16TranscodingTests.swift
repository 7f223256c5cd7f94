import Testing
@testable import TickCore

@Suite("Strings with non-ASCII text are written as UTF-16, ASCII runs eight bytes at a time")
struct UTF16TranscodingTests {
    /// Strings with one- to four-byte characters at every position and alignment among
    /// ASCII runs shorter and longer than eight bytes.
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

    @Test("the unit count and the big-endian units are Swift's own UTF-16 of the string")
    func sameAsSwift() {
        for sample in Self.samples {
            let utf8 = Array(sample.utf8)
            let expected = sample.utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            utf8.withUnsafeBufferPointer { utf8 in
                #expect(BinaryPropertyListBuilder.utf16Count(utf8) == sample.utf16.count, "\(sample)")
                // A little room past the end: a write beyond the units would show there.
                var written = [UInt8](repeating: 0xEE, count: expected.count + 16)
                written.withUnsafeMutableBufferPointer { target in
                    if let base = target.baseAddress { BinaryPropertyListBuilder.writeUTF16BigEndian(utf8, base) }
                }
                #expect(Array(written[..<expected.count]) == expected, "\(sample)")
                #expect(written[expected.count...].allSatisfy { $0 == 0xEE }, "\(sample)")
            }
        }
    }
}
