/// Where a file being built goes, piece by piece: memory (`[UInt8]`) or a file being written.
protocol ByteSink {
    /// Appends the next bytes of the file.
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>)
    /// Forgets what was written: the file is about to be written again from its start.
    mutating func restart()
}

extension [UInt8]: ByteSink {
    mutating func write(_ bytes: UnsafeBufferPointer<UInt8>) { append(contentsOf: bytes) }
    mutating func restart() { removeAll(keepingCapacity: true) }
}

/// Writes a binary property list object by object, each container after the objects it
/// holds. Every object is written as it comes: equal scalars are not merged (the readers do
/// not need it, and looking each one up cost more than the bytes it saved).
///
/// The bytes go through a small buffer (``roomSize``) to a ``ByteSink`` as the buffer
/// fills, so that a save does not hold the whole file in memory (memory a process touches
/// for the first time is what a large save costs most; docs/performance.md, "What the
/// machine allows"). Only the object offsets, for the table at the end, are kept. The
/// reference size is fixed from an estimate of the object count. Every write checks its
/// bounds (it never writes outside); tables larger than the buffer go through it in pieces.
struct BinaryPropertyListBuilder {
    /// The bytes not yet handed to `sink`: `room[0..<filled]`.
    private let room: UnsafeMutableBufferPointer<UInt8>
    private var filled = 0
    private let sink: (UnsafeBufferPointer<UInt8>) -> Void
    /// The file's size so far.
    private var length = 0
    /// Where each object starts, by reference, in 32 bits: `offsets[0..<objectCount]` (made
    /// and freed by ``build(objects:into:_:)``, made larger by ``newObject()``). Half the
    /// fresh memory of `Int`s (a million objects: 4 MiB less to fault in).
    private var offsets: UnsafeMutableBufferPointer<UInt32>
    /// In a file past 4 GiB: the reference of the first object at or past each further 4 GiB.
    private var wraps: [Int] = []
    private(set) var objectCount = 0
    /// Bytes per reference inside containers.
    let referenceSize: Int
    /// The buffer's size: a few hundred KiB stay in the cache between filling and writing.
    static let roomSize = 256 * 1024

    private init(room: UnsafeMutableBufferPointer<UInt8>, objects: Int, sink: @escaping (UnsafeBufferPointer<UInt8>) -> Void) {
        self.room = room
        self.sink = sink
        offsets = .allocate(capacity: max(objects, 1))
        referenceSize = Self.referenceSize(for: objects)
        appendBytes(Array("bplist00".utf8))
    }

    /// Builds a file whose objects `write` writes, returning the top one's reference, with
    /// the reference size of `objects` objects, handing its bytes to `sink` in order;
    /// returns its object count. The builder holds `sink` for this call only: `write` must
    /// not keep a copy of it (`withoutActuallyEscaping` traps when one outlives the call).
    static func build(
        objects: Int, into sink: (UnsafeBufferPointer<UInt8>) -> Void, _ write: (inout Self) -> Int
    ) -> Int {
        let room = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: roomSize)
        defer { room.deallocate() }
        return withoutActuallyEscaping(sink) { sink in
            var builder = Self(room: room, objects: objects, sink: sink)
            let top = write(&builder)
            builder.finish(top: top)
            builder.flush()
            builder.offsets.deallocate()
            return builder.objectCount
        }
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

    // MARK: - Scalars

    mutating func null() -> Int {
        let ref = newObject()
        appendByte(Marker.null)
        return ref
    }

    mutating func bool(_ value: Bool) -> Int {
        let ref = newObject()
        append(1) { $0.pointee = value ? Marker.trueByte : Marker.falseByte }
        return ref
    }

    /// Non-negative integers in the fewest of 1, 2, 4 or 8 bytes, negative ones in 8.
    mutating func integer(_ value: Int64) -> Int {
        let ref = newObject()
        let size = value < 0 ? 8 : Self.width(UInt64(value))
        appendByte(Marker.integer.byte(size.trailingZeroBitCount))
        appendBigEndian(UInt64(bitPattern: value), size: size)
        return ref
    }

    /// An unsigned integer; above `Int64.max` it takes 16 bytes, as CoreFoundation writes it.
    mutating func unsignedInteger(_ value: UInt64) -> Int {
        guard value > UInt64(Int64.max) else { return integer(Int64(value)) }
        let ref = newObject()
        appendByte(Marker.integer.byte(4))
        appendBigEndian(0, size: 8)
        appendBigEndian(value, size: 8)
        return ref
    }

    mutating func real(_ value: Double) -> Int { double(.real, value) }

    /// A date: seconds since 2001-01-01 UTC.
    mutating func date(_ seconds: Double) -> Int { double(.date, seconds) }

    private mutating func double(_ marker: Marker, _ value: Double) -> Int {
        let ref = newObject()
        append(9) { target in
            target.pointee = marker.byte(3)
            Self.store(value.bitPattern, size: 8, at: target + 1)
        }
        return ref
    }

    mutating func data(_ value: [UInt8]) -> Int {
        let ref = newObject()
        appendHeader(.data, count: value.count)
        appendBytes(value)
        return ref
    }

    /// ASCII text as type 0x5, any other as UTF-16BE (type 0x6).
    mutating func string(_ text: String) -> Int {
        text.withUTF8Bytes { string(utf8: $0) }
    }

    /// The bytes of the string object of `text`.
    static func stringSize(_ text: String) -> Int {
        let count = text.utf8.count
        return headerSize(count) + 2 * count
    }

    /// Whether valid UTF-8 text is ASCII, and its count of characters (ASCII) or UTF-16 units.
    private static func layout(_ utf8: UnsafeBufferPointer<UInt8>) -> (ascii: Bool, count: Int) {
        ASCIIBytes.all(utf8) ? (true, utf8.count) : (false, utf16Count(utf8))
    }

    /// A string object of valid UTF-8 text, written in one piece: ASCII as it is, any
    /// other text transcoded to UTF-16BE.
    private mutating func string(utf8: UnsafeBufferPointer<UInt8>) -> Int {
        let ref = newObject()
        let (ascii, count) = Self.layout(utf8)
        let header = Self.headerSize(count)
        if ascii {
            append(header + count) { target in
                Self.storeHeader(.asciiString, count: count, at: target)
                if let base = utf8.baseAddress { (target + header).update(from: base, count: count) }
            }
        } else {
            append(header + 2 * count) { target in
                Self.storeHeader(.utf16String, count: count, at: target)
                Self.storeUTF16BigEndian(utf8, at: target + header)
            }
        }
        return ref
    }

    /// An ASCII string of `count` bytes that `write` fills in (with bytes below 0x80).
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

    /// The reference of an object about to be appended.
    @inline(__always)
    private mutating func newObject() -> Int {
        if objectCount == offsets.count { offsets = Self.doubled(offsets) }
        while length >> 32 > wraps.count { wraps.append(objectCount) }
        offsets[objectCount] = UInt32(truncatingIfNeeded: length)
        objectCount += 1
        return objectCount - 1
    }

    mutating func array(_ references: [Int]) -> Int { container(.array, count: references.count, references) }

    mutating func set(_ references: [Int]) -> Int { container(.set, count: references.count, references) }

    /// A dictionary of `keys.count` entries: `keys` and `values` are references, in the same order.
    mutating func dictionary(keys: [Int], values: [Int]) -> Int { container(.dictionary, count: keys.count, keys + values) }

    /// A buffer twice as large holding `buffer`'s numbers, which is freed.
    static func doubled<Number: FixedWidthInteger>(_ buffer: UnsafeMutableBufferPointer<Number>) -> UnsafeMutableBufferPointer<Number> {
        let larger = UnsafeMutableBufferPointer<Number>.allocate(capacity: 2 * buffer.count)
        _ = larger.moveInitialize(fromContentsOf: buffer)
        buffer.deallocate()
        return larger
    }

    /// A dictionary of `pairs.count / 2` entries, given as key and value references in turn.
    mutating func dictionary(pairs: UnsafeBufferPointer<Int>) -> Int {
        let ref = newObject()
        let count = pairs.count / 2
        let size = referenceSize
        let header = Self.headerSize(count)
        append(header + 2 * count * size) { target in
            Self.storeHeader(.dictionary, count: count, at: target)
            let keys = target + header, values = keys + count * size
            // Keys (even places) first, then values (odd places).
            for index in 0..<count {
                Self.store(UInt64(truncatingIfNeeded: pairs[2 * index]), size: size, at: keys + index * size)
                Self.store(UInt64(truncatingIfNeeded: pairs[2 * index + 1]), size: size, at: values + index * size)
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

    /// Adds the offset table and the trailer, with `top` as the top object.
    private mutating func finish(top: Int) {
        let tableStart = length
        let offsets = self.offsets, wraps = self.wraps
        // The offset of object `index` met in order: its 32 bits and the 4 GiB before it.
        var passed = 0
        func offset(_ index: Int) -> UInt64 {
            while passed < wraps.count && wraps[passed] <= index { passed += 1 }
            return UInt64(passed) << 32 | UInt64(offsets[index])
        }
        let offsetSize = Self.width(objectCount == 0 ? 0 : UInt64(wraps.count) << 32 | UInt64(offsets[objectCount - 1]))
        appendNumbers(objectCount, size: offsetSize, offset)
        appendBytes([0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)])
        appendBigEndian(UInt64(objectCount), size: 8)
        appendBigEndian(UInt64(top), size: 8)
        appendBigEndian(UInt64(tableStart), size: 8)
    }

    // MARK: - Bytes

    /// A marker with a count, the count as an integer object after it when it is 15 or more.
    private mutating func appendHeader(_ marker: Marker, count: Int) {
        append(Self.headerSize(count)) { Self.storeHeader(marker, count: count, at: $0) }
    }

    /// Appends `count` bytes that `fill` writes from the pointer it is given: into the room,
    /// handed to the sink first when they do not fit in what is left of it; bytes that do
    /// not fit in the whole room (a long text) go to the sink from memory of their own.
    @inline(__always)
    private mutating func append(_ count: Int, _ fill: (UnsafeMutablePointer<UInt8>) -> Void) {
        if count > room.count - filled { flush() }
        length += count
        if count <= room.count, let base = room.baseAddress {
            fill(base + filled)
            filled += count
        } else {
            let piece = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: count)
            defer { piece.deallocate() }
            if let base = piece.baseAddress { fill(base) }
            sink(UnsafeBufferPointer(piece))
        }
    }

    /// Hands the bytes in the room to the sink and empties the room.
    private mutating func flush() {
        guard filled > 0 else { return }
        sink(UnsafeBufferPointer(rebasing: room[0..<filled]))
        filled = 0
    }

    @inline(__always)
    private mutating func appendByte(_ byte: UInt8) {
        append(1) { $0.pointee = byte }
    }

    private mutating func appendBytes(_ source: [UInt8]) {
        append(source.count) { target in for index in source.indices { target[index] = source[index] } }
    }

    @inline(__always)
    private mutating func appendBigEndian(_ value: UInt64, size: Int) {
        append(size) { Self.store(value, size: size, at: $0) }
    }

    /// Appends references, each in `referenceSize` big-endian bytes.
    private mutating func appendReferences(_ references: [Int]) {
        references.withUnsafeBufferPointer { references in
            appendNumbers(references.count, size: referenceSize) { UInt64(truncatingIfNeeded: references[$0]) }
        }
    }

    /// Appends `count` numbers of `size` bytes, big-endian, `number(index)` for each index in
    /// order, through the room in pieces: a table larger than the room (the offsets, the
    /// archive's `$objects`) needs no memory of its own.
    @inline(__always) private mutating func appendNumbers(_ count: Int, size: Int, _ number: (Int) -> UInt64) {
        var done = 0
        while done < count {
            let piece = min(count - done, (room.count - filled >= size ? room.count - filled : room.count) / size)
            append(piece * size) { target in
                for index in 0..<piece { Self.store(number(done + index), size: size, at: target + index * size) }
            }
            done += piece
        }
    }
}
