/// Whether bytes are all ASCII, looked at eight at a time: the one such scan, for the
/// property list's check of its ASCII strings, its builder's choice of a string's form and
/// the iCalendar reader's lines.
public enum ASCIIBytes {
    /// True when every byte is below 0x80 (also when there are none).
    @inline(__always)
    public static func all(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = bytes.count
        guard count >= 8 else {
            var combined: UInt8 = 0
            for byte in bytes { combined |= byte }
            return combined < 0x80
        }
        let raw = UnsafeRawBufferPointer(bytes)
        // The last eight bytes first, then eight at a time up to them (the two may overlap).
        var combined = raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
        var index = 0
        while index + 8 < count {
            combined |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }
}
