import FoundationEssentials
import Glibc

/// Builds a binary property list object by object, in the order references are first
/// made, as CoreFoundation numbers them.
///
/// Scalars (strings, numbers, dates, data) are stored once: adding an equal one returns
/// the existing reference. Containers and UIDs are never merged. Containers are reserved
/// first (taking the next reference number) and their element references filled in as the
/// elements are added, so a tree can be written top-down. ``finish(top:)`` picks the
/// smallest reference and offset sizes and lays the file out.
///
/// Not copyable: it owns the memory its bytes are staged in.
public struct BinaryPropertyListBuilder: ~Copyable {
    struct Entry: Sendable {
        /// 0: scalar bytes in `scalars`; 1: container with references in `references`; 2: UID.
        var kind: UInt8
        /// For containers, the marker's type nibble (0xA, 0xC, 0xD).
        var type: UInt8
        /// Scalars: where the bytes start; containers: the first reference slot; UIDs: the value.
        var start: Int
        /// Scalars: byte length; containers: element (or pair) count.
        var count: Int
    }

    var entries: [Entry] = []
    /// Staged bytes of scalar objects (marker included), `scalarCount` of `scalarCapacity` used.
    var scalarBase: UnsafeMutablePointer<UInt8>
    var scalarCount = 0
    var scalarCapacity: Int
    var references: [UInt32] = []
    // The uniquing table: open addressing; each slot holds the upper 32 hash bits and
    // object reference + 1 (0 is empty) in one word, so a probe touches one cache line.
    private var slots: UnsafeMutablePointer<UInt64>
    private var slotCount: Int
    private var mask: Int
    private var used = 0
    /// Where ``prefetchReal(_:)`` folds the slots it reads, so the loads are kept.
    private var prefetchSink: UInt64 = 0

    /// An empty builder; `capacity` is a guess of the object count, `byteCapacity` of the
    /// bytes of its scalars, `uniqueCapacity` of how many distinct scalars it will hold.
    public init(capacity: Int = 16, byteCapacity: Int? = nil, uniqueCapacity: Int? = nil) {
        entries.reserveCapacity(capacity)
        scalarCapacity = max(64, byteCapacity ?? capacity * 24)
        scalarBase = .allocate(capacity: scalarCapacity)
        references.reserveCapacity(capacity)
        var size = 16
        while size < (uniqueCapacity ?? capacity) * 2 { size <<= 1 }
        slots = Self.allocateSlots(size)
        slotCount = size
        mask = size - 1
    }

    deinit {
        scalarBase.deallocate()
        free(slots)
    }

    private static func allocateSlots(_ count: Int) -> UnsafeMutablePointer<UInt64> {
        allocateHashTable(words: count)
    }

    /// The staged scalar bytes.
    var scalars: UnsafeBufferPointer<UInt8> { UnsafeBufferPointer(start: scalarBase, count: scalarCount) }

    /// Makes room for `extra` more staged bytes; returns where they go.
    @inline(__always)
    private mutating func room(_ extra: Int) -> UnsafeMutablePointer<UInt8> {
        if scalarCount + extra > scalarCapacity { grow(scalarCount + extra) }
        return scalarBase + scalarCount
    }

    private mutating func grow(_ needed: Int) {
        var capacity = scalarCapacity * 2
        while capacity < needed { capacity *= 2 }
        let base = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
        base.update(from: scalarBase, count: scalarCount)
        scalarBase.deallocate()
        scalarBase = base
        scalarCapacity = capacity
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        room(1).pointee = byte
        scalarCount += 1
    }

    /// How many objects have been added.
    public var objectCount: Int { entries.count }

    // MARK: - Scalars

    /// Adds a string (ASCII as type 0x5, anything else as UTF-16BE type 0x6), stored once.
    @inline(__always)
    public mutating func string(_ text: String) -> Int {
        var text = text
        return text.withUTF8 { (utf8) -> Int in stringFromUTF8(utf8) }
    }

    /// Adds a string from its UTF-8 bytes (which must be valid UTF-8). With `unique` false
    /// the string is not looked up or recorded for merging (for strings known to be unique,
    /// such as ids).
    public mutating func stringFromUTF8(_ utf8: UnsafeBufferPointer<UInt8>, unique: Bool = true) -> Int {
        let start = scalarCount
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            appendHeader(0x5, utf8.count)
            if let source = utf8.baseAddress { room(utf8.count).update(from: source, count: utf8.count) }
            scalarCount += utf8.count
        } else {
            let units = Self.utf16Count(utf8)
            appendHeader(0x6, units)
            let target = room(2 * units)
            appendUTF16BigEndian(utf8, target)
            scalarCount += 2 * units
        }
        if !unique {
            entries.append(Entry(kind: 0, type: 0, start: start, count: scalarCount - start))
            return entries.count - 1
        }
        return commitScalar(from: start, hash: UniquingHash.string(utf8))
    }

    /// Reads the uniquing slot a string will probe first (see ``prefetchReal(_:)``).
    @inline(__always)
    public mutating func prefetchString(_ text: String) {
        var text = text
        let hash = text.withUTF8 { UniquingHash.string($0) }
        prefetchSink &+= slots[home(hash & 0xFFFF_FFFF_0000_0000)]
    }

    /// Adds an integer in the smallest width CoreFoundation uses (negative: 8 bytes), stored once.
    public mutating func integer(_ value: Int64) -> Int {
        let start = scalarCount
        if value < 0 {
            appendBigEndian(0x13, UInt64(bitPattern: value), bytes: 8)
        } else {
            appendUnsigned(UInt64(value))
        }
        return commitScalar(from: start)
    }

    /// Adds an unsigned integer; values above `Int64.max` take 16 bytes, as CoreFoundation writes them.
    public mutating func unsignedInteger(_ value: UInt64) -> Int {
        let start = scalarCount
        if value > UInt64(Int64.max) {
            appendBigEndian(0x14, 0, bytes: 8)
            appendBigEndian(nil, value, bytes: 8)
        } else {
            appendUnsigned(value)
        }
        return commitScalar(from: start)
    }

    /// Reads the uniquing slot a real will probe first, so that the cache misses of several
    /// reals added soon after overlap instead of following one another. No effect otherwise.
    @inline(__always)
    public mutating func prefetchReal(_ value: Double) {
        prefetchSink &+= slots[home(UniquingHash.hashNine(marker: 0x23, value.bitPattern) & 0xFFFF_FFFF_0000_0000)]
    }

    /// Adds an 8-byte real, stored once (by bit pattern).
    public mutating func real(_ value: Double) -> Int {
        let start = scalarCount
        let bits = value.bitPattern
        let target = room(9)
        target.pointee = 0x23
        UnsafeMutableRawPointer(target + 1).storeBytes(of: bits.bigEndian, as: UInt64.self)
        scalarCount += 9
        return commitScalar(from: start, hash: UniquingHash.hashNine(marker: 0x23, bits))
    }

    /// Adds a date (seconds since 2001-01-01), stored once.
    public mutating func date(_ secondsSince2001: Double) -> Int {
        let start = scalarCount
        appendBigEndian(0x33, secondsSince2001.bitPattern, bytes: 8)
        return commitScalar(from: start)
    }

    /// Adds data, stored once.
    public mutating func data(_ bytes: [UInt8]) -> Int {
        let start = scalarCount
        appendHeader(0x4, bytes.count)
        let target = room(bytes.count)
        for (index, byte) in bytes.enumerated() { target[index] = byte }
        scalarCount += bytes.count
        return commitScalar(from: start)
    }

    /// Adds a boolean (not merged, as CoreFoundation does not merge them).
    public mutating func bool(_ value: Bool) -> Int {
        appendPlain([value ? 0x09 : 0x08])
    }

    /// Adds the `null` object.
    public mutating func null() -> Int {
        appendPlain([0x00])
    }

    /// Adds a UID object (never merged); its value may be changed later with ``setUID(_:_:)``.
    @inline(__always)
    public mutating func uid(_ value: UInt64) -> Int {
        entries.append(Entry(kind: 2, type: 0x8, start: Int(truncatingIfNeeded: value), count: 0))
        return entries.count - 1
    }

    /// Changes the value of a UID object added earlier.
    @inline(__always)
    public mutating func setUID(_ ref: Int, _ value: UInt64) {
        entries[ref].start = Int(truncatingIfNeeded: value)
    }

    // MARK: - Containers

    /// Reserves an array of `count` elements: returns its reference and the first of its
    /// `count` reference slots, to be filled with ``setReference(_:_:)``.
    @inline(__always)
    public mutating func reserveArray(count: Int) -> (ref: Int, slot: Int) {
        reserve(type: 0xA, count: count, slots: count)
    }

    /// Reserves a set of `count` elements (see ``reserveArray(count:)``).
    public mutating func reserveSet(count: Int) -> (ref: Int, slot: Int) {
        reserve(type: 0xC, count: count, slots: count)
    }

    /// Reserves a dictionary of `count` pairs: slots `slot ..< slot+count` take the keys,
    /// `slot+count ..< slot+2*count` the values.
    @inline(__always)
    public mutating func reserveDictionary(count: Int) -> (ref: Int, slot: Int) {
        reserve(type: 0xD, count: count, slots: 2 * count)
    }

    /// Fills a reference slot of a reserved container.
    @inline(__always)
    public mutating func setReference(_ slot: Int, _ ref: Int) {
        references[slot] = UInt32(truncatingIfNeeded: ref)
    }

    @inline(__always)
    private mutating func reserve(type: UInt8, count: Int, slots: Int) -> (ref: Int, slot: Int) {
        let slot = references.count
        references.append(contentsOf: repeatElement(0, count: slots))
        entries.append(Entry(kind: 1, type: type, start: slot, count: count))
        return (entries.count - 1, slot)
    }

    // MARK: - Byte staging

    @inline(__always)
    private mutating func appendPlain(_ bytes: [UInt8]) -> Int {
        let start = scalarCount
        for byte in bytes { appendByte(byte) }
        entries.append(Entry(kind: 0, type: 0, start: start, count: bytes.count))
        return entries.count - 1
    }

    @inline(__always)
    private mutating func appendHeader(_ type: UInt8, _ count: Int) {
        if count < 15 {
            appendByte(type << 4 | UInt8(count))
        } else {
            appendByte(type << 4 | 0x0F)
            appendUnsigned(UInt64(count))
        }
    }

    /// An integer object of 1, 2, 4 or 8 bytes, the smallest that holds the value.
    @inline(__always)
    private mutating func appendUnsigned(_ value: UInt64) {
        if value <= 0xFF {
            appendByte(0x10)
            appendByte(UInt8(value))
        } else if value <= 0xFFFF {
            appendBigEndian(0x11, value, bytes: 2)
        } else if value <= 0xFFFF_FFFF {
            appendBigEndian(0x12, value, bytes: 4)
        } else {
            appendBigEndian(0x13, value, bytes: 8)
        }
    }

    @inline(__always)
    private mutating func appendBigEndian(_ marker: UInt8?, _ value: UInt64, bytes: Int) {
        if let marker { appendByte(marker) }
        let target = room(bytes)
        var shift = 8 * (bytes - 1)
        for index in 0..<bytes {
            target[index] = UInt8(truncatingIfNeeded: value >> UInt64(shift))
            shift -= 8
        }
        scalarCount += bytes
    }

    @inline(__always)
    private mutating func appendUTF16BigEndian(_ utf8: UnsafeBufferPointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>) {
        Self.writeUTF16BigEndian(utf8, target)
    }

    /// How many UTF-16 units valid UTF-8 takes: one per byte that starts a scalar, two for
    /// a scalar of four bytes; eight bytes at a time in a 64-bit word.
    @inline(__always)
    static func utf16Count(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = utf8.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base)
        let count = utf8.count
        let lows: UInt64 = 0x0101_0101_0101_0101
        var units = 0
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            // Bit 0 of each byte: a continuation byte (10xxxxxx); a four-byte lead (11110xxx).
            let continuation = (word >> 7) & ~(word >> 6) & lows
            let fourByteLead = (word >> 7) & (word >> 6) & (word >> 5) & (word >> 4) & lows
            units &+= 8 &- continuation.nonzeroBitCount &+ fourByteLead.nonzeroBitCount
            index &+= 8
        }
        while index < count {
            let byte = base[index]
            if byte & 0xC0 != 0x80 { units &+= 1 }
            if byte >= 0xF0 { units &+= 1 }
            index &+= 1
        }
        return units
    }

    /// Transcodes valid UTF-8 to UTF-16 big-endian at `target`. Runs of ASCII go eight
    /// bytes at a time (a title with one accented word is mostly ASCII).
    static func writeUTF16BigEndian(_ utf8: UnsafeBufferPointer<UInt8>, _ target: UnsafeMutablePointer<UInt8>) {
        guard let base = utf8.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        let output = UnsafeMutableRawPointer(target)
        var out = 0
        var index = 0
        let count = utf8.count
        while index < count {
            if index &+ 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if word & 0x8080_8080_8080_8080 == 0 {
                    // Each byte to the low byte of a big-endian unit: bytes k → 2k + 1.
                    output.storeBytes(of: Self.spreadASCII(UInt32(truncatingIfNeeded: word)), toByteOffset: out, as: UInt64.self)
                    output.storeBytes(of: Self.spreadASCII(UInt32(truncatingIfNeeded: word >> 32)), toByteOffset: out &+ 8, as: UInt64.self)
                    index &+= 8
                    out &+= 16
                    continue
                }
            }
            let lead = UInt32(base[index])
            var scalar: UInt32
            if lead < 0x80 {
                scalar = lead
                index &+= 1
            } else if lead < 0xE0 {
                scalar = (lead & 0x1F) << 6 | UInt32(base[index &+ 1] & 0x3F)
                index &+= 2
            } else if lead < 0xF0 {
                scalar = (lead & 0x0F) << 12 | UInt32(base[index &+ 1] & 0x3F) << 6 | UInt32(base[index &+ 2] & 0x3F)
                index &+= 3
            } else {
                scalar = (lead & 0x07) << 18 | UInt32(base[index &+ 1] & 0x3F) << 12
                    | UInt32(base[index &+ 2] & 0x3F) << 6 | UInt32(base[index &+ 3] & 0x3F)
                index &+= 4
            }
            if scalar >= 0x10000 {
                scalar -= 0x10000
                let high = 0xD800 + (scalar >> 10)
                let low = 0xDC00 + (scalar & 0x3FF)
                target[out] = UInt8(high >> 8); target[out &+ 1] = UInt8(high & 0xFF)
                target[out &+ 2] = UInt8(low >> 8); target[out &+ 3] = UInt8(low & 0xFF)
                out &+= 4
            } else {
                target[out] = UInt8(scalar >> 8); target[out &+ 1] = UInt8(scalar & 0xFF)
                out &+= 2
            }
        }
    }

    /// Four ASCII bytes (the first in the low byte) as four big-endian UTF-16 units, laid
    /// out for a little-endian store.
    @inline(__always)
    private static func spreadASCII(_ bytes: UInt32) -> UInt64 {
        var spread = UInt64(bytes)
        spread = (spread | spread << 16) & 0x0000_FFFF_0000_FFFF
        spread = (spread | spread << 8) & 0x00FF_00FF_00FF_00FF
        return spread << 8
    }

    /// The first slot probed for a tag (a hash's upper 32 bits, as slots keep it): derived
    /// from the tag alone, so the table can grow without hashing its objects again, and
    /// strings can be hashed by their UTF-8 rather than their staged bytes.
    @inline(__always)
    private func home(_ tag: UInt64) -> Int {
        Int(truncatingIfNeeded: ((tag >> 32) &* 0x9E37_79B9_7F4A_7C15) >> 24) & mask
    }

    /// Makes the bytes from `start` to the end of `scalars` an object, unless an equal
    /// object exists: then drops them and returns the existing reference.
    @inline(__always)
    private mutating func commitScalar(from start: Int) -> Int {
        commitScalar(from: start, hash: UniquingHash.hash(scalarBase + start, scalarCount - start))
    }

    /// As ``commitScalar(from:)``, with the staged bytes' ``UniquingHash`` already known.
    @inline(__always)
    private mutating func commitScalar(from start: Int, hash: UInt64) -> Int {
        let length = scalarCount - start
        if (used + 1) * 2 > slotCount { growTable() }
        let short = hash & 0xFFFF_FFFF_0000_0000
        var index = home(short)
        while true {
            let slot = slots[index]
            if slot == 0 { break }
            if slot & 0xFFFF_FFFF_0000_0000 == short {
                let ref = Int(slot & 0xFFFF_FFFF) - 1
                let entry = entries[ref]
                if entry.count == length, memcmp(scalarBase + entry.start, scalarBase + start, length) == 0 {
                    scalarCount = start
                    return ref
                }
            }
            index = (index + 1) & mask
        }
        let candidate = entries.count
        slots[index] = short | UInt64(candidate + 1)
        used += 1
        entries.append(Entry(kind: 0, type: 0, start: start, count: length))
        return candidate
    }

    private mutating func growTable() {
        let old = slots
        let oldCount = slotCount
        let size = slotCount * 2
        slots = Self.allocateSlots(size)
        slotCount = size
        mask = size - 1
        defer { free(old) }
        for slot in UnsafeBufferPointer(start: old, count: oldCount) where slot != 0 {
            var index = home(slot & 0xFFFF_FFFF_0000_0000)
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
        }
    }
}

/// A fast hash over the bytes of a staged object, 8 bytes at a time.
enum UniquingHash {
    @inline(__always)
    static func hash(_ start: UnsafePointer<UInt8>, _ length: Int) -> UInt64 { hashAndBits(start, length).hash }

    /// ``hash(_:_:)``, and the bytes ORed together (eight lanes), in one reading.
    @inline(__always)
    static func hashAndBits(_ start: UnsafePointer<UInt8>, _ length: Int) -> (hash: UInt64, bits: UInt64) {
        let raw = UnsafeRawPointer(start)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        var bits: UInt64 = 0
        var offset = 0
        while offset + 8 <= length {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            bits |= word
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        let tail = tailWord(raw, offset, length)
        bits |= tail
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 32
        return (hash, bits)
    }

    /// The last `length - offset` bytes (fewer than 8) as a little-endian word, read without
    /// a loop: with an overlapping load of the last 8 bytes when there are 8 or more in all,
    /// else with two overlapping loads of 4, 2 or 1 bytes.
    @inline(__always)
    static func tailWord(_ raw: UnsafeRawPointer, _ offset: Int, _ length: Int) -> UInt64 {
        let count = length - offset
        assert(count >= 0 && count < 8, "fewer than 8 bytes left")
        if count == 0 { return 0 }
        if length >= 8 {
            return raw.loadUnaligned(fromByteOffset: length - 8, as: UInt64.self) >> UInt64(64 - 8 * count)
        }
        if count >= 4 {
            let low = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: length - 4, as: UInt32.self))
            return low | high << UInt64(8 * (count - 4))
        }
        if count >= 2 {
            let low = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt16.self))
            let high = UInt64(raw.loadUnaligned(fromByteOffset: length - 2, as: UInt16.self))
            return low | high << UInt64(8 * (count - 2))
        }
        return UInt64(raw.load(fromByteOffset: offset, as: UInt8.self))
    }

    /// The hash of a string, over its UTF-8 (equal strings stage equal bytes and the
    /// reverse, so this stands for the staged bytes' hash for every string).
    @inline(__always)
    static func string(_ utf8: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = utf8.baseAddress else { return 0x5A5A_5A5A_5A5A_5A5A }
        return hash(base, utf8.count) ^ 0x5A5A_5A5A_5A5A_5A5A
    }

    /// ``string(_:)``, and whether every byte is ASCII, in one reading.
    @inline(__always)
    static func stringAndASCII(_ utf8: UnsafeBufferPointer<UInt8>) -> (hash: UInt64, ascii: Bool) {
        guard let base = utf8.baseAddress else { return (0x5A5A_5A5A_5A5A_5A5A, true) }
        let (hash, bits) = hashAndBits(base, utf8.count)
        return (hash ^ 0x5A5A_5A5A_5A5A_5A5A, bits & 0x8080_8080_8080_8080 == 0)
    }

    /// ``hash(_:_:)`` of the 9 bytes `marker` followed by `bits` big-endian (a real or a
    /// date), computed without reading them back from memory.
    @inline(__always)
    static func hashNine(marker: UInt8, _ bits: UInt64) -> UInt64 {
        // The first 8 bytes read as a little-endian word: the marker, then the 7 high bytes.
        let word = UInt64(marker) | (bits.byteSwapped << 8)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ 9
        hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
        hash ^= hash >> 29
        hash = (hash ^ (bits & 0xFF)) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 32
        return hash
    }
}
