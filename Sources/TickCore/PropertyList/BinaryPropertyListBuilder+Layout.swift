extension BinaryPropertyListBuilder {
    /// The smallest of 1, 2, 4 and 8 bytes that holds `value` (CoreFoundation's rule for
    /// offset sizes and, applied to the object count, for reference sizes).
    static func byteCount(_ value: UInt64) -> Int {
        if value < 1 << 8 { return 1 }
        if value < 1 << 16 { return 2 }
        if value < 1 << 32 { return 4 }
        return 8
    }

    @inline(__always)
    static func uidByteCount(_ value: UInt64) -> Int {
        if value <= 0xFF { return 1 }
        if value <= 0xFFFF { return 2 }
        if value <= 0xFFFF_FFFF { return 4 }
        return 8
    }

    @inline(__always)
    static func headerSize(_ count: Int) -> Int {
        if count < 15 { return 1 }
        return 2 + byteCount(UInt64(count))
    }

    /// Lays out the file: header, objects in reference order, offset table and trailer,
    /// with the smallest reference and offset sizes that fit.
    public func finish(top: Int) -> [UInt8] {
        let objectCount = entries.count
        let referenceSize = Self.byteCount(UInt64(objectCount))
        // First pass: where each object goes.
        var offsets = [Int](repeating: 0, count: objectCount)
        var position = BinaryPropertyListTrailer.headerSize
        for index in 0..<objectCount {
            offsets[index] = position
            let entry = entries[index]
            switch entry.kind {
            case 0: position += entry.count
            case 1:
                let slots = entry.type == 0xD ? 2 * entry.count : entry.count
                position += Self.headerSize(entry.count) + slots * referenceSize
            default: position += 1 + Self.uidByteCount(UInt64(UInt(bitPattern: entry.start)))
            }
        }
        let tableStart = position
        let offsetSize = Self.byteCount(UInt64(tableStart))
        let total = tableStart + objectCount * offsetSize + BinaryPropertyListTrailer.size

        return [UInt8](unsafeUninitializedCapacity: total) { output, initialized in
            var out = 0
            @inline(__always) func put(_ byte: UInt8) {
                output[out] = byte
                out += 1
            }
            @inline(__always) func putBigEndian(_ value: UInt64, _ size: Int) {
                var shift = 8 * (size - 1)
                while shift >= 0 {
                    output[out] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
                    out += 1
                    shift -= 8
                }
            }
            for byte in BinaryPropertyListTrailer.magic { put(byte) }
            do {
                let scalarBytes = scalars
                references.withUnsafeBufferPointer { refs in
                    for entry in entries {
                        switch entry.kind {
                        case 0:
                            if let source = scalarBytes.baseAddress, let target = output.baseAddress {
                                (target + out).update(from: source + entry.start, count: entry.count)
                            }
                            out += entry.count
                        case 1:
                            if entry.count < 15 {
                                put(entry.type << 4 | UInt8(entry.count))
                            } else {
                                put(entry.type << 4 | 0x0F)
                                let size = Self.byteCount(UInt64(entry.count))
                                put(0x10 | UInt8(size.trailingZeroBitCount))
                                putBigEndian(UInt64(entry.count), size)
                            }
                            let slots = entry.type == 0xD ? 2 * entry.count : entry.count
                            switch referenceSize {
                            case 1:
                                for slot in entry.start..<entry.start + slots { put(UInt8(truncatingIfNeeded: refs[slot])) }
                            case 2:
                                for slot in entry.start..<entry.start + slots {
                                    let ref = refs[slot]
                                    output[out] = UInt8(truncatingIfNeeded: ref >> 8)
                                    output[out + 1] = UInt8(truncatingIfNeeded: ref)
                                    out += 2
                                }
                            default:
                                for slot in entry.start..<entry.start + slots { putBigEndian(UInt64(refs[slot]), referenceSize) }
                            }
                        default:
                            let value = UInt64(UInt(bitPattern: entry.start))
                            let size = Self.uidByteCount(value)
                            put(0x80 | UInt8(size - 1))
                            putBigEndian(value, size)
                        }
                    }
                }
            }
            for offset in offsets { putBigEndian(UInt64(offset), offsetSize) }
            for _ in 0..<6 { put(0) }
            put(UInt8(offsetSize))
            put(UInt8(referenceSize))
            putBigEndian(UInt64(objectCount), 8)
            putBigEndian(UInt64(top), 8)
            putBigEndian(UInt64(tableStart), 8)
            initialized = out
        }
    }
}
