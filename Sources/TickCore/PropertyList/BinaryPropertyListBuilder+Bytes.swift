/// The builder's byte-level writing: markers, big-endian numbers and UTF-16BE text, each
/// stored at a pointer into room the builder has made.
extension BinaryPropertyListBuilder {
    /// The bytes of a marker with this count.
    @inline(__always)
    static func headerSize(_ count: Int) -> Int { count < 15 ? 1 : 2 + width(UInt64(count)) }

    /// Writes a marker with a count (``headerSize(_:)`` bytes) at `target`.
    @inline(__always)
    static func storeHeader(_ marker: Marker, count: Int, at target: UnsafeMutablePointer<UInt8>) {
        guard count >= 15 else {
            target.pointee = marker.byte(count)
            return
        }
        let size = width(UInt64(count))
        target[0] = marker.byte(0xF)
        target[1] = Marker.integer.byte(size.trailingZeroBitCount)
        store(UInt64(count), size: size, at: target + 2)
    }

    /// Writes the low `size` (1, 2, 4 or 8) bytes of `value`, big-endian, at `target`.
    @inline(__always)
    static func store(_ value: UInt64, size: Int, at target: UnsafeMutablePointer<UInt8>) {
        let raw = UnsafeMutableRawPointer(target)
        switch size {
        case 1: raw.storeBytes(of: UInt8(truncatingIfNeeded: value), as: UInt8.self)
        case 2: raw.storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: raw.storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        default: raw.storeBytes(of: value.bigEndian, as: UInt64.self)
        }
    }

    /// The UTF-16 code units of valid UTF-8 text: one per lead byte, two for a four-byte
    /// sequence.
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        var units = 0
        for byte in utf8 { units += (byte & 0xC0 != 0x80 ? 1 : 0) + (byte >= 0xF0 ? 1 : 0) }
        return units
    }

    /// Writes valid UTF-8 text as UTF-16BE (2 × ``utf16Count(_:)`` bytes) at `target`.
    static func storeUTF16BigEndian(_ utf8: UnsafeBufferPointer<UInt8>, at target: UnsafeMutablePointer<UInt8>) {
        var out = target
        var index = 0
        @inline(__always) func next(_ offset: Int) -> UInt32 { UInt32(utf8[index + offset] & 0x3F) }
        while index < utf8.count {
            let lead = UInt32(utf8[index])
            var scalar: UInt32
            switch lead {
            case ..<0x80: scalar = lead; index += 1
            case ..<0xE0: scalar = (lead & 0x1F) << 6 | next(1); index += 2
            case ..<0xF0: scalar = (lead & 0x0F) << 12 | next(1) << 6 | next(2); index += 3
            default: scalar = (lead & 0x07) << 18 | next(1) << 12 | next(2) << 6 | next(3); index += 4
            }
            if scalar >= 0x1_0000 {
                // A surrogate pair.
                scalar -= 0x1_0000
                store(UInt64(0xD800 + scalar >> 10), size: 2, at: out)
                scalar = 0xDC00 + scalar & 0x3FF
                out += 2
            }
            store(UInt64(scalar), size: 2, at: out)
            out += 2
        }
    }
}
