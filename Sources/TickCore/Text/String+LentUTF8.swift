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
            guard let base = utf8.baseAddress else { return (nil, 0, 0, 0) }
            // (Word loads, overlapping within the string's bytes, instead of a loop per byte.)
            let raw = UnsafeRawPointer(base)
            let count = utf8.count
            if count < 8 { return (nil, count, UniquingHash.tailWord(raw, 0, count), 0) }
            return (nil, count, raw.loadUnaligned(as: UInt64.self), UniquingHash.tailWord(raw, 8, count))
        }
        guard let lent else { return nil }
        if let base = lent.base { return UnsafeBufferPointer(start: base, count: lent.count) }
        UnsafeMutableRawPointer(scratch).storeBytes(of: lent.low.littleEndian, as: UInt64.self)
        UnsafeMutableRawPointer(scratch).storeBytes(of: lent.high.littleEndian, toByteOffset: 8, as: UInt64.self)
        return UnsafeBufferPointer(start: scratch, count: lent.count)
    }
}
