extension String {
    /// This string's UTF-8, to read while the string stays alive and unchanged, without
    /// retaining it: in place for a string of more than 15 bytes (which has storage of its
    /// own), else copied into `scratch` (16 bytes). Nil for a string whose UTF-8 is not
    /// contiguous (a bridged string, which Linux does not have).
    ///
    /// (`withContiguousStorageIfAvailable` with real work in its closure is not inlined, and
    /// then the string is retained around the call: for a writer that reads every string of
    /// a large list on two threads, a shared reference count per string, written by both.)
    @inline(__always)
    func lentUTF8(scratch: UnsafeMutablePointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let lent = utf8.withContiguousStorageIfAvailable { utf8 -> (base: UnsafePointer<UInt8>?, count: Int, low: UInt64, high: UInt64) in
            guard utf8.count <= 15 else { return (utf8.baseAddress, utf8.count, 0, 0) }
            var low: UInt64 = 0
            var high: UInt64 = 0
            for index in utf8.indices {
                if index < 8 {
                    low |= UInt64(utf8[index]) << (8 * index)
                } else {
                    high |= UInt64(utf8[index]) << (8 * (index - 8))
                }
            }
            return (nil, utf8.count, low, high)
        }
        guard let lent else { return nil }
        if let base = lent.base { return UnsafeBufferPointer(start: base, count: lent.count) }
        UnsafeMutableRawPointer(scratch).storeBytes(of: lent.low.littleEndian, as: UInt64.self)
        UnsafeMutableRawPointer(scratch).storeBytes(of: lent.high.littleEndian, toByteOffset: 8, as: UInt64.self)
        return UnsafeBufferPointer(start: scratch, count: lent.count)
    }
}
