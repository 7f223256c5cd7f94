/// A binary property list whose every object has been checked, read without checking again:
/// the one type in tick that reads the file's bytes unchecked.
///
/// **Invariant.** One is made only by ``BinaryPropertyListView/checked`` after
/// ``BinaryPropertyListView/validateAll()`` passed on the same bytes, and is asked only
/// about a reference that is the trailer's top object or was read out of a container of
/// the same file, and for a container's `index`th reference only with `index` below its
/// count (twice its count for a dictionary, whose values follow its keys). For such a
/// reference the check proved: its offset-table entry lies in the table (the trailer), its
/// offset lies in the object area, its marker is a known one, its content (after any
/// extended count) lies inside the object area, each reference a container holds is below
/// the object count, and strings are ASCII or paired UTF-16. So every load here stays
/// inside the bytes, and each header read here equals what the view's checked
/// ``BinaryPropertyListView/header(of:)`` returns. Debug builds assert it; the hostile
/// files and the mutation sweeps (Tests/TickCoreTests/HostileInputTests.swift) run the
/// decoder over broken files in debug, release and address-sanitizer builds.
///
/// What the keyed archive adds on top (a UID below the length of `$objects`, the types
/// the schema asks for) is the decoder's to check: a UID is a number, not a reference.
struct CheckedPropertyList {
    private let base: UnsafeBufferPointer<UInt8>
    private let offsetTableStart: Int
    private let offsetSize: Int
    private let referenceSize: Int
    let objectCount: Int
    let topObject: Int

    /// Made by ``BinaryPropertyListView/checked`` only (see the invariant).
    fileprivate init(_ view: BinaryPropertyListView) {
        base = view.base
        offsetTableStart = view.trailer.offsetTableStart
        offsetSize = view.trailer.offsetSize
        referenceSize = view.trailer.referenceSize
        objectCount = view.trailer.objectCount
        topObject = view.trailer.topObject
    }

    /// A big-endian unsigned integer of `size` bytes (1–8) at `position`.
    @inline(__always)
    private func load(_ position: Int, _ size: Int) -> UInt64 {
        BinaryPropertyListView.unsigned(in: base, at: position, size: size)
    }

    @inline(__always)
    func byte(at position: Int) -> UInt8 {
        base[position]
    }

    /// The bytes from `start`, `count` of them, inside the object area.
    @inline(__always)
    func bytes(from start: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: base[start..<start &+ count])
    }

    /// Where object `ref` starts.
    @inline(__always)
    func offset(of ref: Int) -> Int {
        assert(ref >= 0 && ref < objectCount, "a reference of the file")
        return Int(truncatingIfNeeded: load(offsetTableStart &+ ref &* offsetSize, offsetSize))
    }

    /// The `index`th reference of an array, set or dictionary (dictionary values follow
    /// the keys: index `count + i` is the value of key `i`).
    @inline(__always)
    func reference(_ header: BinaryObjectHeader, _ index: Int) -> Int {
        Int(truncatingIfNeeded: load(header.content &+ index &* referenceSize, referenceSize))
    }

    /// The header of object `ref`, as the check read it.
    @inline(__always)
    func header(of ref: Int) -> BinaryObjectHeader {
        let offset = offset(of: ref)
        let marker = byte(at: offset)
        let low = Int(marker & 0x0F)
        // (The check refused every other high nibble.)
        let kind = Marker(marker: marker) ?? .simple
        switch kind {
        case .simple: return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: 0, content: offset &+ 1)
        case .integer, .real: return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: 1 &<< low, content: offset &+ 1)
        case .date: return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: 8, content: offset &+ 1)
        case .uid: return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: low &+ 1, content: offset &+ 1)
        case .data, .asciiString, .utf16String, .array, .set, .dictionary:
            guard low == 0xF else {
                return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: low, content: offset &+ 1)
            }
            let size = 1 &<< Int(byte(at: offset &+ 1) & 0x0F)
            let count = Int(truncatingIfNeeded: load(offset &+ 2, size))
            return BinaryObjectHeader(kind: kind, marker: marker, offset: offset, count: count, content: offset &+ 2 &+ size)
        }
    }

    /// The value of object `ref` when it is a UID (past `Int.max`: `Int.max`), nil when it
    /// is another type.
    @inline(__always)
    func uid(of ref: Int) -> Int? {
        let offset = offset(of: ref)
        let marker = byte(at: offset)
        guard marker >> 4 == Marker.uid.rawValue else { return nil }
        let value = load(offset &+ 1, Int(marker & 0x0F) &+ 1)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    /// The value of object `ref` when it is an 8-byte real, nil when it is anything else.
    @inline(__always)
    func real8(of ref: Int) -> Double? {
        let offset = offset(of: ref)
        guard byte(at: offset) == Marker.real.byte(3) else { return nil }
        return Double(bitPattern: load(offset &+ 1, 8))
    }

    /// The value of a real or date object.
    func real(_ header: BinaryObjectHeader) -> Double {
        if header.count == 4 { return Double(Float(bitPattern: UInt32(truncatingIfNeeded: load(header.content, 4)))) }
        return Double(bitPattern: load(header.content, 8))
    }

    /// The value of an integer or real object as a Double; nil for other types and for a
    /// 16-byte integer that does not fit in 64 bits.
    func number(_ header: BinaryObjectHeader) -> Double? {
        switch header.kind {
        case .real: return real(header)
        case .integer: return integerBits(header).map { $0.unsigned ? Double($0.bits) : Double(Int64(bitPattern: $0.bits)) }
        default: return nil
        }
    }

    /// The value of an integer object.
    func integer(_ header: BinaryObjectHeader) throws(PropertyListError) -> PropertyListValue {
        guard let (bits, unsigned) = integerBits(header) else {
            throw PropertyListError(.wrongType, at: header.offset, "a 16-byte integer does not fit in 64 bits")
        }
        return unsigned ? .unsignedInteger(bits) : .integer(Int64(bitPattern: bits))
    }

    /// The bits of an integer object's value, `unsigned` when it is above `Int64.max` (else
    /// they are an `Int64`); nil for a 16-byte integer that does not fit in 64 bits. (Not a
    /// ``PropertyListValue``: that enum is indirect, so each of its values with a payload is
    /// a heap allocation, which reading a number, such as each item's priority, does not need.)
    private func integerBits(_ header: BinaryObjectHeader) -> (bits: UInt64, unsigned: Bool)? {
        if header.count == 16 {
            let high = load(header.content, 8), low = load(header.content &+ 8, 8)
            if high == 0 { return (low, low > UInt64(Int64.max)) }
            return high == UInt64.max && low >> 63 == 1 ? (low, false) : nil
        }
        // 1-, 2- and 4-byte integers are unsigned (so below `Int64.max`); 8-byte ones are signed.
        return (load(header.content, header.count), false)
    }

    /// The value of an object that is not an array, set or dictionary; nil for those.
    func scalar(_ header: BinaryObjectHeader) throws(PropertyListError) -> PropertyListValue? {
        switch header.kind {
        case .simple: return header.marker == Marker.falseByte ? .bool(false) : header.marker == Marker.trueByte ? .bool(true) : .null
        case .integer: return try integer(header)
        case .real: return .real(real(header))
        case .date: return .date(real(header))
        case .data: return .data(Array(bytes(from: header.content, count: header.count)))
        case .asciiString, .utf16String: return .string(string(header) ?? "")
        case .uid: return .uid(load(header.content, header.count))
        case .array, .set, .dictionary: return nil
        }
    }

    /// The text of a string object; nil for other types.
    func string(_ header: BinaryObjectHeader) -> String? {
        switch header.kind {
        case .asciiString: return String(decoding: bytes(from: header.content, count: header.count), as: UTF8.self)
        case .utf16String: return UTF16Text.string(bytes(from: header.content, count: 2 &* header.count))
        default: return nil
        }
    }
}

extension BinaryPropertyListView {
    /// The same bytes, read without checking again: valid because making this view
    /// checked every object (see ``CheckedPropertyList``'s invariant).
    var checked: CheckedPropertyList { CheckedPropertyList(self) }
}
