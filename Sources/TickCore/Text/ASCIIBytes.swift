/// Whether bytes are all ASCII, looked at eight at a time: the one such scan, for the
/// property list's check of its ASCII strings and the iCalendar reader's lines.
public enum ASCIIBytes {
    /// True when every byte is below 0x80 (also when there are none).
    @inline(__always)
    public static func all(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let raw = UnsafeRawBufferPointer(bytes)
        var combined: UInt64 = 0
        var index = 0
        while index + 8 <= bytes.count {
            combined |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < bytes.count {
            combined |= UInt64(bytes[index])
            index += 1
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }
}
