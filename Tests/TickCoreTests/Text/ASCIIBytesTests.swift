import Testing
@testable import TickCore

@Suite("ASCIIBytes")
struct ASCIIBytesTests {
    static func all(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { ASCIIBytes.all($0) }
    }

    @Test("one byte above 0x7F is found at every position of every length up to 40, head, body or tail")
    func everyPosition() {
        for length in 0...40 {
            let ascii = (0..<length).map { UInt8(0x20 + $0 % 0x5F) }
            #expect(Self.all(ascii), "length \(length)")
            for position in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = ascii
                    bytes[position] = high
                    #expect(!Self.all(bytes), "0x\(String(high, radix: 16)) at \(position) of \(length)")
                }
            }
        }
    }

    @Test("a scan of a slice does not look past its ends")
    func slices() {
        // High bytes just outside the slice: a read past either end would see them.
        for length in 0...24 {
            let bytes = [0xFF] + [UInt8](repeating: 0x61, count: length) + [0xFF]
            let inside = bytes.withUnsafeBufferPointer { ASCIIBytes.all(UnsafeBufferPointer(rebasing: $0[1..<(length + 1)])) }
            #expect(inside, "length \(length)")
        }
    }
}
