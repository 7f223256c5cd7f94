import Foundation

/// Builds a binary property list object by object, in the order references are first
/// made, as CoreFoundation numbers them.
///
/// Scalars (strings, numbers, dates, data) are stored once: adding an equal one returns
/// the existing reference. Containers and UIDs are never merged. Containers are reserved
/// first (taking the next reference number) and their element references filled in as the
/// elements are added, so a tree can be written top-down. ``finish(top:)`` picks the
/// smallest reference and offset sizes and lays the file out.
public struct BinaryPropertyListBuilder: Sendable {
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
    var scalars: [UInt8] = []
    var references: [UInt32] = []
    private var table = UniquingTable()

    /// An empty builder; `capacity` is a guess of the object count.
    public init(capacity: Int = 16) {
        entries.reserveCapacity(capacity)
        scalars.reserveCapacity(capacity * 16)
        references.reserveCapacity(capacity)
        table = UniquingTable(capacity: capacity)
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

    /// Adds a string from its UTF-8 bytes (which must be valid UTF-8).
    public mutating func stringFromUTF8(_ utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let start = scalars.count
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            appendHeader(0x5, utf8.count)
            scalars.append(contentsOf: utf8)
        } else {
            var units = 0
            for byte in utf8 {
                if byte & 0xC0 != 0x80 { units += 1 }
                if byte >= 0xF0 { units += 1 }
            }
            appendHeader(0x6, units)
            appendUTF16BigEndian(utf8)
        }
        return commitScalar(from: start)
    }

    /// Adds an integer in the smallest width CoreFoundation uses (negative: 8 bytes), stored once.
    public mutating func integer(_ value: Int64) -> Int {
        let start = scalars.count
        if value < 0 {
            appendBigEndian(0x13, UInt64(bitPattern: value), bytes: 8)
        } else {
            appendUnsigned(UInt64(value))
        }
        return commitScalar(from: start)
    }

    /// Adds an unsigned integer; values above `Int64.max` take 16 bytes, as CoreFoundation writes them.
    public mutating func unsignedInteger(_ value: UInt64) -> Int {
        let start = scalars.count
        if value > UInt64(Int64.max) {
            appendBigEndian(0x14, 0, bytes: 8)
            appendBigEndian(nil, value, bytes: 8)
        } else {
            appendUnsigned(value)
        }
        return commitScalar(from: start)
    }

    /// Adds an 8-byte real, stored once (by bit pattern).
    public mutating func real(_ value: Double) -> Int {
        let start = scalars.count
        appendBigEndian(0x23, value.bitPattern, bytes: 8)
        return commitScalar(from: start)
    }

    /// Adds a date (seconds since 2001-01-01), stored once.
    public mutating func date(_ secondsSince2001: Double) -> Int {
        let start = scalars.count
        appendBigEndian(0x33, secondsSince2001.bitPattern, bytes: 8)
        return commitScalar(from: start)
    }

    /// Adds data, stored once.
    public mutating func data(_ bytes: [UInt8]) -> Int {
        let start = scalars.count
        appendHeader(0x4, bytes.count)
        scalars.append(contentsOf: bytes)
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
        let start = scalars.count
        scalars.append(contentsOf: bytes)
        entries.append(Entry(kind: 0, type: 0, start: start, count: bytes.count))
        return entries.count - 1
    }

    @inline(__always)
    private mutating func appendHeader(_ type: UInt8, _ count: Int) {
        if count < 15 {
            scalars.append(type << 4 | UInt8(count))
        } else {
            scalars.append(type << 4 | 0x0F)
            appendUnsigned(UInt64(count))
        }
    }

    /// An integer object of 1, 2, 4 or 8 bytes, the smallest that holds the value.
    @inline(__always)
    private mutating func appendUnsigned(_ value: UInt64) {
        if value <= 0xFF {
            scalars.append(0x10)
            scalars.append(UInt8(value))
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
        if let marker { scalars.append(marker) }
        var shift = 8 * (bytes - 1)
        while shift >= 0 {
            scalars.append(UInt8(truncatingIfNeeded: value >> UInt64(shift)))
            shift -= 8
        }
    }

    private mutating func appendUTF16BigEndian(_ utf8: UnsafeBufferPointer<UInt8>) {
        var index = 0
        let count = utf8.count
        while index < count {
            let lead = UInt32(utf8[index])
            var scalar: UInt32
            if lead < 0x80 {
                scalar = lead
                index += 1
            } else if lead < 0xE0 {
                scalar = (lead & 0x1F) << 6 | UInt32(utf8[index + 1] & 0x3F)
                index += 2
            } else if lead < 0xF0 {
                scalar = (lead & 0x0F) << 12 | UInt32(utf8[index + 1] & 0x3F) << 6 | UInt32(utf8[index + 2] & 0x3F)
                index += 3
            } else {
                scalar = (lead & 0x07) << 18 | UInt32(utf8[index + 1] & 0x3F) << 12
                    | UInt32(utf8[index + 2] & 0x3F) << 6 | UInt32(utf8[index + 3] & 0x3F)
                index += 4
            }
            if scalar >= 0x10000 {
                scalar -= 0x10000
                let high = 0xD800 + (scalar >> 10)
                let low = 0xDC00 + (scalar & 0x3FF)
                scalars.append(UInt8(high >> 8)); scalars.append(UInt8(high & 0xFF))
                scalars.append(UInt8(low >> 8)); scalars.append(UInt8(low & 0xFF))
            } else {
                scalars.append(UInt8(scalar >> 8)); scalars.append(UInt8(scalar & 0xFF))
            }
        }
    }

    /// Makes the bytes from `start` to the end of `scalars` an object, unless an equal
    /// object exists: then drops them and returns the existing reference.
    @inline(__always)
    private mutating func commitScalar(from start: Int) -> Int {
        let length = scalars.count - start
        let candidate = entries.count
        let found = scalars.withUnsafeBufferPointer { (bytes) -> Int in
            table.findOrInsert(candidate, bytes: bytes, start: start, length: length, entries: entries)
        }
        if found != candidate {
            scalars.removeSubrange(start...)
            return found
        }
        entries.append(Entry(kind: 0, type: 0, start: start, count: length))
        return candidate
    }
}

/// An open-addressing hash set of scalar objects keyed by their encoded bytes.
struct UniquingTable: Sendable {
    /// Object reference + 1; 0 is an empty slot.
    private var slots: [Int32]
    private var hashes: [UInt32]
    private var mask: Int
    private var used = 0

    init(capacity: Int = 16) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        slots = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
    }

    /// Returns the reference of an object with the same bytes, or records `candidate`
    /// (which will hold bytes `start..<start+length`) and returns it.
    mutating func findOrInsert(
        _ candidate: Int, bytes: UnsafeBufferPointer<UInt8>, start: Int, length: Int,
        entries: [BinaryPropertyListBuilder.Entry]
    ) -> Int {
        if (used + 1) * 2 > slots.count { grow(entries: entries, bytes: bytes) }
        let hash = Self.hash(bytes, start, length)
        let short = UInt32(truncatingIfNeeded: hash >> 32)
        var index = Int(truncatingIfNeeded: hash) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { break }
            if hashes[index] == short {
                let entry = entries[Int(slot) - 1]
                if entry.count == length, Self.equal(bytes, entry.start, start, length) {
                    return Int(slot) - 1
                }
            }
            index = (index + 1) & mask
        }
        slots[index] = Int32(truncatingIfNeeded: candidate + 1)
        hashes[index] = short
        used += 1
        return candidate
    }

    private mutating func grow(entries: [BinaryPropertyListBuilder.Entry], bytes: UnsafeBufferPointer<UInt8>) {
        let old = slots
        let size = slots.count * 2
        slots = Array(repeating: 0, count: size)
        hashes = Array(repeating: 0, count: size)
        mask = size - 1
        for slot in old where slot != 0 {
            let entry = entries[Int(slot) - 1]
            let hash = Self.hash(bytes, entry.start, entry.count)
            var index = Int(truncatingIfNeeded: hash) & mask
            while slots[index] != 0 { index = (index + 1) & mask }
            slots[index] = slot
            hashes[index] = UInt32(truncatingIfNeeded: hash >> 32)
        }
    }

    @inline(__always)
    static func equal(_ bytes: UnsafeBufferPointer<UInt8>, _ a: Int, _ b: Int, _ length: Int) -> Bool {
        guard let base = bytes.baseAddress else { return length == 0 }
        return memcmp(base + a, base + b, length) == 0
    }

    @inline(__always)
    static func hash(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> UInt64 {
        guard let base = bytes.baseAddress else { return 0 }
        let raw = UnsafeRawPointer(base + start)
        var hash: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(length)
        var offset = 0
        while offset + 8 <= length {
            let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
            hash = (hash ^ word) &* 0xFF51_AFD7_ED55_8CCD
            hash ^= hash >> 29
            offset += 8
        }
        var tail: UInt64 = 0
        while offset < length {
            tail = tail << 8 | UInt64(raw.load(fromByteOffset: offset, as: UInt8.self))
            offset += 1
        }
        hash = (hash ^ tail) &* 0xC4CE_B9FE_1A85_EC53
        hash ^= hash >> 32
        return hash
    }
}
