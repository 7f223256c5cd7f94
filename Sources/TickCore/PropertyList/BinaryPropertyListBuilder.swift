import Glibc

/// Writes a binary property list into one byte array, object by object, each container
/// after the objects it holds.
///
/// Strings, numbers, dates and data are stored once: after such a scalar's bytes
/// are appended they are looked up among the scalars written so far (an open-addressing
/// table of hashes (of a string's text, of any other scalar's bytes) and references), and
/// when an equal one exists the new bytes are dropped and its reference returned. Containers, booleans and UIDs (each UID of an archive is
/// mostly used once) are never merged. The reference size is fixed
/// when the builder is made, from an upper bound of the object count (``referenceSize(for:)``);
/// ``finish(top:)`` adds the offset table with the smallest offset size, and the trailer.
struct BinaryPropertyListBuilder {
    /// The file so far (the magic, then the objects) is `bytes[0..<length]`; the rest is
    /// room, zeros, that the next objects are written into.
    private var bytes: [UInt8]
    private var length = 0
    /// Where each object starts, by reference.
    private(set) var offsets: [Int] = []
    /// Bytes per reference inside containers.
    let referenceSize: Int
    /// The scalar table: per slot the top 8 bits of the hash and reference + 1 in the low
    /// 24 bits (0: empty). Objects past 2^24 − 2 are not entered: stored as they come.
    private var slots: [UInt32]
    private var used = 0
    /// How many scalars were looked up among those stored once and not found (a table
    /// for that many holds them all), and whether any of them found the table full.
    private(set) var storedOnceNew = 0
    private(set) var tableWasFull = false

    /// A builder whose references can address `objectBound` objects; `byteCapacity` is a
    /// guess of the file's size, `storedOnceBound` a bound of how many scalars will be
    /// looked up among those stored once (a small table stays in the cache; scalars past
    /// the bound are stored as they come).
    init(objectBound: Int, byteCapacity: Int = 0, storedOnceBound: Int? = nil) {
        referenceSize = Self.referenceSize(for: objectBound)
        bytes = [UInt8](repeating: 0, count: max(byteCapacity, 256))
        offsets.reserveCapacity(objectBound)
        var size = 64
        while size < 3 * (storedOnceBound ?? objectBound) / 2 { size <<= 1 }
        slots = [UInt32](repeating: 0, count: size)
        appendBytes(Array("bplist00".utf8))
    }

    /// The reference size CoreFoundation uses for `count` objects: the fewest bytes of 1,
    /// 2, 4 and 8 that hold the count.
    static func referenceSize(for count: Int) -> Int { width(UInt64(max(count, 0))) }

    /// The fewest bytes of 1, 2, 4 and 8 that hold `value`.
    static func width(_ value: UInt64) -> Int {
        switch value {
        case ..<0x100: 1
        case ..<0x1_0000: 2
        case ..<0x1_0000_0000: 4
        default: 8
        }
    }

    var objectCount: Int { offsets.count }

    // MARK: - Scalars

    mutating func null() -> Int { scalar { $0.appendByte(Marker.null) } }

    mutating func bool(_ value: Bool) -> Int {
        let ref = newObject()
        append(1) { $0.pointee = value ? Marker.trueByte : Marker.falseByte }
        return ref
    }

    /// Non-negative integers in the fewest of 1, 2, 4 or 8 bytes, negative ones in 8.
    mutating func integer(_ value: Int64) -> Int {
        scalar { builder in
            let size = value < 0 ? 8 : Self.width(UInt64(value))
            builder.appendByte(Marker.integer.byte(size.trailingZeroBitCount))
            builder.appendBigEndian(UInt64(bitPattern: value), size: size)
        }
    }

    /// An unsigned integer; above `Int64.max` it takes 16 bytes, as CoreFoundation writes it.
    mutating func unsignedInteger(_ value: UInt64) -> Int {
        guard value > UInt64(Int64.max) else { return integer(Int64(value)) }
        return scalar { builder in
            builder.appendByte(Marker.integer.byte(4))
            builder.appendBigEndian(0, size: 8)
            builder.appendBigEndian(value, size: 8)
        }
    }

    /// A real; with `storedOnce` false, not looked up among earlier scalars (for the
    /// archive's reals, which are mostly times of their own: looking each up would cost
    /// more than the few bytes it saves).
    mutating func real(_ value: Double, storedOnce: Bool = true) -> Int {
        func append(_ builder: inout Self) {
            builder.append(9) { target in
                target.pointee = Marker.real.byte(3)
                Self.store(value.bitPattern, size: 8, at: target + 1)
            }
        }
        guard storedOnce else {
            let ref = newObject()
            append(&self)
            return ref
        }
        return scalar(append)
    }

    /// A date: seconds since 2001-01-01 UTC.
    mutating func date(_ seconds: Double) -> Int {
        scalar { builder in
            builder.appendByte(Marker.date.byte(3))
            builder.appendBigEndian(seconds.bitPattern, size: 8)
        }
    }

    mutating func data(_ value: [UInt8]) -> Int {
        scalar { builder in
            builder.appendHeader(.data, count: value.count)
            builder.appendBytes(value)
        }
    }

    /// ASCII text as type 0x5, any other as UTF-16BE (type 0x6).
    mutating func string(_ text: String) -> Int {
        if let ref = text.utf8.withContiguousStorageIfAvailable({ string(utf8: $0) }) { return ref }
        var copy = text
        return copy.withUTF8 { string(utf8: $0) }
    }

    /// A string of valid UTF-8 text, stored once. It is hashed by its text (equal strings
    /// have equal text), so that its slot of the table, which is large and seldom in the
    /// cache, is loaded before the text is appended: the appending hides part of the wait.
    private mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(UnsafeRawBufferPointer(utf8), 0, utf8.count)
        let entry = slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)]
        let start = length
        appendString(utf8)
        return storedOnce(from: start, hash: hash, entry: entry)
    }

    /// Appends a string object of valid UTF-8 text in one piece: ASCII as it is, any other
    /// text transcoded to UTF-16BE.
    private mutating func appendString(_ utf8: UnsafeBufferPointer<UInt8>) {
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            let header = Self.headerSize(utf8.count)
            append(header + utf8.count) { target in
                Self.storeHeader(.asciiString, count: utf8.count, at: target)
                if let base = utf8.baseAddress { (target + header).update(from: base, count: utf8.count) }
            }
            return
        }
        let units = Self.utf16Count(utf8)
        let header = Self.headerSize(units)
        append(header + 2 * units) { target in
            Self.storeHeader(.utf16String, count: units, at: target)
            Self.storeUTF16BigEndian(utf8, at: target + header)
        }
    }

    /// An ASCII string of `count` bytes that `write` fills in (with bytes below 0x80);
    /// not looked up among earlier strings (for text known to be unique).
    mutating func asciiString(count: Int, _ write: (UnsafeMutableBufferPointer<UInt8>) -> Void) -> Int {
        let ref = newObject()
        let header = Self.headerSize(count)
        append(header + count) { target in
            Self.storeHeader(.asciiString, count: count, at: target)
            write(UnsafeMutableBufferPointer(start: target + header, count: count))
        }
        return ref
    }

    /// A keyed-archive reference, in the fewest of 1, 2, 4 or 8 bytes.
    mutating func uid(_ value: UInt64) -> Int {
        let ref = newObject()
        let size = Self.width(value)
        append(1 + size) { target in
            target.pointee = Marker.uid.byte(size - 1)
            Self.store(value, size: size, at: target + 1)
        }
        return ref
    }

    // MARK: - Containers

    /// The reference of an object about to be appended (or appended from `start`).
    private mutating func newObject(at start: Int? = nil) -> Int {
        offsets.append(start ?? length)
        return offsets.count - 1
    }

    mutating func array(_ references: [Int]) -> Int { container(.array, count: references.count, references) }

    mutating func set(_ references: [Int]) -> Int { container(.set, count: references.count, references) }

    /// A dictionary of `keys.count` entries: `keys` and `values` are references, in the same order.
    mutating func dictionary(keys: [Int], values: [Int]) -> Int {
        let ref = newObject()
        appendHeader(.dictionary, count: keys.count)
        appendReferences(keys)
        appendReferences(values)
        return ref
    }

    /// A dictionary of `pairs.count / 2` entries, given as key and value references in turn.
    mutating func dictionary(pairs: ArraySlice<Int>) -> Int {
        let ref = newObject()
        let count = pairs.count / 2
        let size = referenceSize
        let header = Self.headerSize(count)
        append(header + 2 * count * size) { target in
            Self.storeHeader(.dictionary, count: count, at: target)
            let keys = target + header, values = keys + count * size
            // Keys (even places) first, then values (odd places).
            pairs.withUnsafeBufferPointer { pairs in
                for index in 0..<count {
                    Self.store(UInt64(truncatingIfNeeded: pairs[2 * index]), size: size, at: keys + index * size)
                    Self.store(UInt64(truncatingIfNeeded: pairs[2 * index + 1]), size: size, at: values + index * size)
                }
            }
        }
        return ref
    }

    private mutating func container(_ marker: Marker, count: Int, _ references: [Int]) -> Int {
        let ref = newObject()
        appendHeader(marker, count: count)
        appendReferences(references)
        return ref
    }

    // MARK: - The end of the file

    /// The whole file, with `top` as its top object (the builder is left empty).
    mutating func finish(top: Int) -> [UInt8] {
        slots = []
        let tableStart = length
        let offsetSize = Self.width(UInt64(offsets.last ?? 0))
        let offsets = self.offsets
        append(offsets.count * offsetSize) { target in
            offsets.withUnsafeBufferPointer { offsets in
                for index in offsets.indices {
                    Self.store(UInt64(truncatingIfNeeded: offsets[index]), size: offsetSize, at: target + index * offsetSize)
                }
            }
        }
        appendBytes([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(offsets.count), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableStart), size: 8)
        var file: [UInt8] = []
        swap(&file, &bytes)
        file.removeSubrange(length...)
        return file
    }

    // MARK: - Bytes

    /// A marker with a count, the count as an integer object after it when it is 15 or more.
    private mutating func appendHeader(_ marker: Marker, count: Int) {
        append(Self.headerSize(count)) { Self.storeHeader(marker, count: count, at: $0) }
    }

    /// Appends `count` bytes that `fill` writes from the pointer it is given.
    @inline(__always)
    private mutating func append(_ count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        if length + count > bytes.count {
            bytes.append(contentsOf: repeatElement(0, count: max(bytes.count, count)))
        }
        let start = length
        length += count
        bytes.withUnsafeMutableBufferPointer { buffer in
            if let base = buffer.baseAddress { fill(base + start) }
        }
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        append(1) { $0.pointee = byte }
    }

    private mutating func appendBytes(_ source: UnsafeBufferPointer<UInt8>) {
        append(source.count) { target in
            if let base = source.baseAddress { target.update(from: base, count: source.count) }
        }
    }

    private mutating func appendBytes(_ source: [UInt8]) {
        source.withUnsafeBufferPointer { appendBytes($0) }
    }

    @inline(__always)
    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        append(size) { Self.store(value, size: size, at: $0) }
    }

    /// Appends references, each in `referenceSize` big-endian bytes.
    private mutating func appendReferences(_ references: some Collection<Int>) {
        let size = referenceSize
        append(references.count * size) { target in
            var position = 0
            for reference in references {
                Self.store(UInt64(truncatingIfNeeded: reference), size: size, at: target + position)
                position += size
            }
        }
    }

    // MARK: - Storing scalars once

    /// Appends a scalar with `write`, then returns the reference of an equal scalar written
    /// before (dropping the new bytes) or of the new one.
    @inline(__always)
    private mutating func scalar(_ write: (inout Self) -> Void) -> Int {
        let start = self.length
        write(&self)
        let hash = bytes.withUnsafeBytes { Self.hash($0, start, self.length - start) }
        return storedOnce(from: start, hash: hash, entry: slots[Int(truncatingIfNeeded: hash) & (slots.count - 1)])
    }

    /// The reference of a scalar written before whose bytes equal those from `start` on
    /// (dropping these), or of the new one; `entry` is the table's slot for `hash`.
    private mutating func storedOnce(from start: Int, hash: UInt64, entry first: UInt32) -> Int {
        let length = self.length - start
        let tag = UInt32(truncatingIfNeeded: hash >> 56)
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        var entry = first
        while entry != 0 {
            if entry >> 24 == tag {
                let earlier = Int(entry & Self.referenceMask) - 1
                if bytesEqual(offsets[earlier], start, length) {
                    self.length = start
                    return earlier
                }
            }
            slot = (slot + 1) & mask
            entry = slots[slot]
        }
        storedOnceNew += 1
        let ref = newObject(at: start)
        // Past what the table was made for (it stays at most two-thirds full, so that a
        // look-up always meets an empty slot) or past its references' reach: stored as it is.
        guard ref + 1 < Self.referenceMask else { return ref }
        guard (used + 1) * 3 <= slots.count * 2 else {
            tableWasFull = true
            return ref
        }
        slots[slot] = tag << 24 | UInt32(ref + 1)
        used += 1
        return ref
    }

    private static let referenceMask: UInt32 = 0xFF_FFFF

    /// Whether the `length` bytes at `first` equal those at `second`. Scalars carry their
    /// length in their marker, so equal leading bytes mean equal objects.
    private func bytesEqual(_ first: Int, _ second: Int, _ length: Int) -> Bool {
        guard first + length <= second else { return false }
        return bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            return memcmp(base + first, base + second, length) == 0
        }
    }

    /// A 64-bit hash of `length` bytes at `start`, eight at a time.
    private static func hash(_ raw: UnsafeRawBufferPointer, _ start: Int, _ length: Int) -> UInt64 {
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        var position = start
        let end = start + length
        while position + 8 <= end {
            hash = (hash ^ raw.loadUnaligned(fromByteOffset: position, as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 32
            position += 8
        }
        var tail: UInt64 = 0
        while position < end {
            tail = tail << 8 | UInt64(raw[position])
            position += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ hash >> 29
    }
}
