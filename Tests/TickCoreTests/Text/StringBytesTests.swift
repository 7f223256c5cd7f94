import Testing
@testable import TickCore

@Suite("A string's bytes are read a word at a time: lent, hashed, checked for ASCII")
struct StringBytesTests {
    /// Strings of every length from 0 to 40 bytes (Swift keeps up to 15 in the string
    /// itself), ASCII and not, with the non-ASCII bytes at every position.
    static var samples: [String] {
        var samples: [String] = []
        let ascii = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGH")
        for length in 0...40 {
            samples.append(String(ascii[..<length]))
        }
        for other in ["é", "東", "🍕"] {
            for position in 0...20 {
                samples.append(String(ascii[..<position]) + other)
                samples.append(String(ascii[..<position]) + other + String(ascii[..<(position % 9)]))
            }
        }
        return samples
    }

    @Test("a string lends exactly its UTF-8, whether it is short enough to live in the string or not")
    func lentBytesAreTheUTF8() {
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 16)
        defer { scratch.deallocate() }
        for sample in Self.samples {
            let lent = sample.lentUTF8(scratch: scratch)
            #expect(lent.map(Array.init) == Array(sample.utf8), "\(sample)")
        }
    }

    @Test("the tail word holds the last bytes in order, at every length and offset")
    func tailWordIsTheLastBytesLittleEndian() {
        let bytes: [UInt8] = (0..<24).map { UInt8(truncatingIfNeeded: 0xA0 + $0 * 7) }
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            for length in 0...24 {
                for offset in max(0, length - 7)...length {
                    var expected: UInt64 = 0
                    for index in offset..<length { expected |= UInt64(bytes[index]) << (8 * (index - offset)) }
                    #expect(UniquingHash.tailWord(base, offset, length) == expected, "length \(length), offset \(offset)")
                }
            }
        }
    }

    @Test("a string is all ASCII exactly when no byte is above 0x7F, wherever that byte is")
    func asciiFlagSeesEveryByte() {
        for sample in Self.samples {
            let utf8 = Array(sample.utf8)
            let flag = utf8.withUnsafeBufferPointer { UniquingHash.stringAndASCII($0).ascii }
            #expect(flag == utf8.allSatisfy { $0 < 0x80 }, "\(sample)")
        }
    }

    @Test("equal strings hash alike; changing any one byte changes the hash")
    func hashCoversEveryByte() {
        for sample in Self.samples where !sample.isEmpty {
            let utf8 = Array(sample.utf8)
            let hash = utf8.withUnsafeBufferPointer(UniquingHash.string)
            #expect(Array(sample.utf8).withUnsafeBufferPointer(UniquingHash.string) == hash)
            for index in utf8.indices {
                var changed = utf8
                changed[index] ^= 0x01
                #expect(changed.withUnsafeBufferPointer(UniquingHash.string) != hash, "\(sample), byte \(index)")
            }
        }
    }

    @Test("a date's hash from its bits is the hash of its nine staged bytes")
    func hashNineMatchesTheStagedBytes() {
        for value in [0.0, -1.5, 1_790_000_000.25, .pi, 1e300, -0.0] {
            let bits = value.bitPattern
            var staged: [UInt8] = [0x23]
            for shift in stride(from: 56, through: 0, by: -8) { staged.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
            let fromBytes = staged.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { UniquingHash.hash($0, buffer.count) } }
            #expect(UniquingHash.hashNine(marker: 0x23, bits) == fromBytes, "\(value)")
        }
    }
}
