/// A random-access view of a binary property list's bytes: finds any object by its
/// reference number and reads it in place, without building a tree.
///
/// Valid only inside the `withUnsafeBufferPointer` call that made it. Making one checks
/// every object of the file (``validateAll()``), so what the view reads later is known to
/// be well formed: strings are ASCII or paired UTF-16, containers refer to objects of the
/// file; offsets and counts are still checked where they are read.
struct BinaryPropertyListView {
    let base: UnsafeBufferPointer<UInt8>
    let trailer: BinaryPropertyListTrailer
    /// Objects must end before the offset table.
    let objectsEnd: Int

    init(_ base: UnsafeBufferPointer<UInt8>) throws(PropertyListError) {
        self.base = base
        trailer = try BinaryPropertyListTrailer(base)
        objectsEnd = trailer.offsetTableStart
        try validateAll()
    }

    /// A view of bytes that a view made before has checked, with that view's trailer
    /// (``ArchivedItems`` keeps both, unchanged, to read the bytes again).
    init(alreadyChecked base: UnsafeBufferPointer<UInt8>, trailer: BinaryPropertyListTrailer) {
        self.base = base
        self.trailer = trailer
        objectsEnd = trailer.offsetTableStart
    }

    var objectCount: Int { trailer.objectCount }

    /// The byte offset of an object.
    @inline(__always)
    func offset(of ref: Int) throws(PropertyListError) -> Int {
        guard ref >= 0, ref < trailer.objectCount else {
            throw PropertyListError(.referenceOutOfRange, "reference \(ref) is outside the \(trailer.objectCount) objects")
        }
        let position = trailer.offsetTableStart + ref * trailer.offsetSize
        let raw = unsigned(at: position, size: trailer.offsetSize)
        // (An 8-byte offset past Int.max becomes -1: the range check below refuses it.)
        let value = raw > UInt64(Int.max) ? -1 : Int(raw)
        guard value >= BinaryPropertyListTrailer.headerSize, value < objectsEnd else {
            throw PropertyListError(.offsetOutOfRange, at: position, "object \(ref) has offset \(raw), outside the object area 8..<\(objectsEnd)")
        }
        return value
    }

    /// Reads a big-endian unsigned integer of `size` bytes (1–8) at a checked position.
    @inline(__always)
    func unsigned(at position: Int, size: Int) -> UInt64 {
        Self.unsigned(in: base, at: position, size: size)
    }

    /// A big-endian unsigned integer of `size` bytes (1–8) at `position` of `base`, with one
    /// unaligned load of the eight bytes that end where it ends and the bytes before it
    /// masked off: every position read lies past the 8-byte header (objects, offset table).
    /// (The view's and ``CheckedPropertyList``'s one reader of numbers.)
    @inline(__always)
    static func unsigned(in base: UnsafeBufferPointer<UInt8>, at position: Int, size: Int) -> UInt64 {
        assert((1...8).contains(size) && position + size >= 8, "an integer of 1–8 bytes past the header")
        let word = UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: position &+ size &- 8, as: UInt64.self)
        return UInt64(bigEndian: word) & (UInt64.max &>> (64 &- 8 &* UInt64(truncatingIfNeeded: size)))
    }

    /// The header of the object with this reference number.
    @inline(__always)
    func header(of ref: Int) throws(PropertyListError) -> BinaryObjectHeader {
        try header(at: offset(of: ref))
    }

    /// Parses the marker (and extended count) of the object at an offset and checks that
    /// its content lies inside the object area.
    func header(at offset: Int) throws(PropertyListError) -> BinaryObjectHeader {
        let marker = base[offset]
        let low = Int(marker & 0x0F)
        let available = objectsEnd - offset - 1
        guard let kind = Marker(marker: marker) else {
            throw PropertyListError(.unknownObjectType, at: offset, "unknown object marker 0x\(hex(marker))")
        }
        switch kind {
        case .simple:
            guard marker == Marker.null || marker == Marker.falseByte || marker == Marker.trueByte else {
                throw PropertyListError(.unknownObjectType, at: offset, "unknown object marker 0x\(hex(marker))")
            }
            return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: 0, content: offset + 1)
        case .integer:
            guard low <= 4 else {
                throw PropertyListError(.unknownObjectType, at: offset, "an integer of 2^\(low) bytes is not supported")
            }
            return try fixed(kind, marker, offset, 1 << low, available)
        case .real:
            guard low == 2 || low == 3 else {
                throw PropertyListError(.unknownObjectType, at: offset, "a real of 2^\(low) bytes is not supported")
            }
            return try fixed(kind, marker, offset, 1 << low, available)
        case .date:
            guard low == 3 else {
                throw PropertyListError(.unknownObjectType, at: offset, "unknown object marker 0x\(hex(marker))")
            }
            return try fixed(kind, marker, offset, 8, available)
        case .uid:
            guard low <= 7 else {
                throw PropertyListError(.unknownObjectType, at: offset, "a UID of \(low + 1) bytes is not supported (at most 8)")
            }
            return try fixed(kind, marker, offset, low + 1, available)
        case .data, .asciiString, .utf16String, .array, .set, .dictionary:
            var count = low
            var content = offset + 1
            if low == 0xF {
                guard content < objectsEnd else {
                    throw PropertyListError(.truncated, at: offset, "the object's length runs past the object area")
                }
                let intMarker = base[content]
                guard intMarker >> 4 == Marker.integer.rawValue, intMarker & 0x0F <= 3 else {
                    throw PropertyListError(.invalidCount, at: content, "the length of the object at \(offset) is not an integer of 1–8 bytes")
                }
                let size = 1 << Int(intMarker & 0x0F)
                guard content + 1 + size <= objectsEnd else {
                    throw PropertyListError(.truncated, at: content, "the object's length runs past the object area")
                }
                let value = unsigned(at: content + 1, size: size)
                guard value <= UInt64(objectsEnd) else {
                    throw PropertyListError(.invalidCount, at: offset, "a count of \(value) cannot fit in the file")
                }
                count = Int(value)
                content += 1 + size
            }
            let unit: Int
            switch kind {
            case .utf16String: unit = 2
            case .array, .set: unit = trailer.referenceSize
            case .dictionary: unit = 2 * trailer.referenceSize
            default: unit = 1
            }
            // (count ≤ the file's size and unit ≤ 16: the product cannot overflow.)
            guard count &* unit <= objectsEnd - content else {
                throw PropertyListError(.invalidCount, at: offset, "an object of \(count) elements of \(unit) bytes cannot fit in the file")
            }
            return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: count, content: content)
        }
    }

    @inline(__always)
    private func fixed(_ kind: Marker, _ marker: UInt8, _ offset: Int, _ size: Int, _ available: Int) throws(PropertyListError) -> BinaryObjectHeader {
        guard size <= available else {
            throw PropertyListError(.truncated, at: offset, "the object needs \(size) bytes but the object area ends first")
        }
        return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: size, content: offset + 1)
    }

    /// The `index`th reference of an array, set or dictionary (dictionary values follow
    /// the keys: index `count + i` is the value of key `i`).
    @inline(__always)
    func reference(_ header: BinaryObjectHeader, _ index: Int) -> Int {
        let size = trailer.referenceSize
        let value = unsigned(at: header.content + index * size, size: size)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    /// Checks that `count` big-endian UTF-16 units from byte `start` pair every surrogate.
    func checkUTF16(start: Int, count: Int) throws(PropertyListError) {
        let raw = UnsafeRawBufferPointer(base)
        var index = 0
        while index < count {
            // Four units at a time while none is a surrogate (most text); unit by unit
            // from four that hold one.
            if index + 4 <= count, !Self.holdsSurrogate(raw.loadUnaligned(fromByteOffset: start + 2 * index, as: UInt64.self)) {
                index += 4
                continue
            }
            let position = start + 2 * index
            let unit = UInt16(base[position]) << 8 | UInt16(base[position + 1])
            index += 1
            guard unit & 0xF800 == 0xD800 else { continue }
            guard unit < 0xDC00, index < count, base[position + 2] & 0xFC == 0xDC else {
                throw PropertyListError(.invalidString, at: position, "a UTF-16 string holds an unpaired surrogate")
            }
            index += 1
        }
    }

    /// Whether any of the four big-endian UTF-16 units in eight bytes (as loaded from
    /// memory, on a little-endian machine) is a surrogate, 0xD800–0xDFFF: a unit's first
    /// byte, the low byte of its lane, is 0xD8–0xDF.
    @inline(__always)
    static func holdsSurrogate(_ word: UInt64) -> Bool {
        // Zero in a lane exactly where the unit is a surrogate; every lane below 0x100.
        let differences = (UInt64(littleEndian: word) & 0x00F8_00F8_00F8_00F8) ^ 0x00D8_00D8_00D8_00D8
        return (differences &- 0x0001_0001_0001_0001) & ~differences & 0x8000_8000_8000_8000 != 0
    }
}

/// Where an object is and what it holds, as its marker says.
struct BinaryObjectHeader {
    /// The object's type (the marker's high nibble).
    let kind: Marker
    /// The marker byte.
    let marker: UInt8
    /// Where the object starts.
    let offset: Int
    /// Element count for strings, data and containers; byte size for scalars.
    let count: Int
    /// Where the object's content (after marker and extended count) starts.
    let content: Int
}

func hex(_ byte: UInt8) -> String {
    let digits = Array("0123456789ABCDEF")
    return String([digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
}

/// Big-endian UTF-16 text as a property list stores it.
enum UTF16Text {
    /// The text of big-endian UTF-16 units that pair every surrogate
    /// (``BinaryPropertyListView/validateAll()`` checked it), transcoded straight to UTF-8.
    static func string(_ units: UnsafeBufferPointer<UInt8>) -> String {
        let count = units.count / 2
        let base = units
        return String(unsafeUninitializedCapacity: 3 * count) { output in
            var out = 0
            var position = 0
            let end = 2 * count
            while position < end {
                let unit = UInt32(base[position]) << 8 | UInt32(base[position + 1])
                position += 2
                if unit < 0x80 {
                    output[out] = UInt8(unit)
                    out += 1
                } else if unit < 0x800 {
                    output[out] = UInt8(0xC0 | unit >> 6)
                    output[out + 1] = UInt8(0x80 | unit & 0x3F)
                    out += 2
                } else if unit & 0xF800 != 0xD800 {
                    output[out] = UInt8(0xE0 | unit >> 12)
                    output[out + 1] = UInt8(0x80 | (unit >> 6) & 0x3F)
                    output[out + 2] = UInt8(0x80 | unit & 0x3F)
                    out += 3
                } else {
                    let low = UInt32(base[position]) << 8 | UInt32(base[position + 1])
                    position += 2
                    let scalar = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                    output[out] = UInt8(0xF0 | scalar >> 18)
                    output[out + 1] = UInt8(0x80 | (scalar >> 12) & 0x3F)
                    output[out + 2] = UInt8(0x80 | (scalar >> 6) & 0x3F)
                    output[out + 3] = UInt8(0x80 | scalar & 0x3F)
                    out += 4
                }
            }
            return out
        }
    }
}
