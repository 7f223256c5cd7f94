import FoundationEssentials

/// The fast path for items and locations in the shape tick (and Apple's archiver) writes:
/// known keys only, strings stored directly, reals inline, the expected classes.
///
/// Every function here reads only bounds-checked bytes and never throws: anything
/// unusual (an unknown key, an NSMutableString, a number by UID, a bad value, any error)
/// makes it return `false`/`nil`, and the caller decodes that object again on the general
/// path, which accepts every variant and produces the typed error.
extension KeyedArchiveDecoder {
    /// The fast path's reader. (A small plain value: calling non-mutating methods of the
    /// decoder from its mutating ones would copy the whole decoder, retaining its caches.)
    var reader: FastArchiveReader { FastArchiveReader(view: view, objects: objects) }

    /// The key code (raw value) of a key reference, from the cache or looked at now; nil on
    /// any error.
    @inline(__always)
    mutating func fastKeyCode(_ ref: Int) -> UInt8? {
        let raw = cachedKeyCode(ref)
        return raw != 0 ? raw : slowKeyCode(ref)
    }

    /// The cached key code of a reference, 0 when it has not been looked at.
    @inline(__always)
    func cachedKeyCode(_ ref: Int) -> UInt8 {
        let entry = keyCodes.withUnsafeBufferPointer { $0[ref & (Self.keyCodeSlots - 1)] }
        return entry >> 8 == UInt64(truncatingIfNeeded: ref &+ 1) ? UInt8(truncatingIfNeeded: entry) : 0
    }

    /// Remembers the key code of a reference.
    @inline(__always)
    mutating func cacheKeyCode(_ ref: Int, _ code: UInt8) {
        keyCodes[ref & (Self.keyCodeSlots - 1)] = UInt64(truncatingIfNeeded: ref &+ 1) << 8 | UInt64(code)
    }

    @inline(never)
    mutating func slowKeyCode(_ ref: Int) -> UInt8? {
        (try? keyCode(ref))?.rawValue
    }

    /// Whether the `$class` value at `ref` is the class cached in `cache`, or checks it on
    /// the general path and caches it when it matches.
    @inline(__always)
    mutating func fastClass(_ ref: Int, _ code: ClassCode) -> Bool {
        // The same UID object as last time: the same class, without reading it again.
        if ref == (code == .item ? itemClassRef : locationClassRef) { return true }
        let reader = self.reader
        guard let uid = reader.fastUID(ref) else { return false }
        if uid == (code == .item ? itemClassUID : locationClassUID) {
            if code == .item { itemClassRef = ref } else { locationClassRef = ref }
            return true
        }
        do {
            let expected = code == .item ? "ToDoItem" : "Location"
            try expectClass(ref, expected, expected) { $0 == code }
        } catch {
            return false
        }
        if code == .item { (itemClassUID, itemClassRef) = (uid, ref) } else { (locationClassUID, locationClassRef) = (uid, ref) }
        return true
    }

    /// The string that the UID object `valueRef` points at, or nil (also for UID 0).
    ///
    /// A UID object written before the object that refers to it (`valueRef < ownerRef`:
    /// objects are numbered in the order they are written) is shared with an earlier object:
    /// a title, notes or place name that occurs more than once. Such strings are kept by
    /// reference, so that they are read once, not again from pages of the file already
    /// given back (see ``KeyedArchive/decode(_:discarding:)``), and their copies share
    /// storage. (The same reference always names the same object, so the cache is exact.)
    @inline(__always)
    mutating func fastString(valueRef: Int, ownerRef: Int) -> (text: String, trimmed: Bool)? {
        let shared = valueRef < ownerRef
        if shared, let cached = sharedStrings[valueRef] { return cached }
        let reader = self.reader
        guard let uid = reader.fastUID(valueRef), let result = reader.fastString(uid) else { return nil }
        if shared, sharedStrings.count < Self.sharedStringLimit { sharedStrings[valueRef] = result }
        return result
    }

    // MARK: - Items

    /// Initializes `slot` with the item with this UID if it has the usual shape; false (and
    /// `slot` left uninitialized) otherwise.
    mutating func fastItem(_ uid: Int, into slot: UnsafeMutablePointer<ToDoItem>) -> Bool {
        let reader = self.reader
        guard uid > 0, uid < objects.count else { return false }
        let ref = reader.reference(objects, uid)
        guard let offset = reader.fastOffset(ref) else { return false }
        let base = reader.view.base.baseAddress.unsafelyUnwrapped
        let marker = base[offset]
        guard marker & 0xF0 == 0xD0, marker & 0x0F != 0x0F else { return false }
        let count = Int(marker & 0x0F)
        let item = BinaryObjectHeader(marker: marker, offset: offset, count: count, content: offset + 1)
        guard count * 2 * reader.view.trailer.referenceSize <= reader.view.objectsEnd - item.content else { return false }
        var idUID = 0, titleRef = -1, notesRef = -1, locationUID = 0
        var due: Double?
        var createdAt: Double?
        var sawClass = false
        for index in 0..<count {
            let keyRef = reader.reference(item, index)
            let valueRef = reader.reference(item, count + index)
            guard let code = fastKeyCode(keyRef) else { return false }
            switch code {
            case KeyCode.id.rawValue:
                guard let value = reader.fastUID(valueRef) else { return false }
                idUID = value
            case KeyCode.title.rawValue:
                titleRef = valueRef
            case KeyCode.itemDescription.rawValue:
                notesRef = valueRef
            case KeyCode.location.rawValue:
                guard let value = reader.fastUID(valueRef) else { return false }
                locationUID = value
            case KeyCode.timestamp.rawValue:
                guard let value = reader.fastReal(valueRef) else { return false }
                due = value
            case KeyCode.createdAt.rawValue:
                guard let value = reader.fastReal(valueRef) else { return false }
                createdAt = value
            case KeyCode.classKey.rawValue:
                guard fastClass(valueRef, .item) else { return false }
                sawClass = true
            default:
                return false
            }
        }
        guard sawClass, let createdAt, let id = reader.fastUUID(idUID), titleRef >= 0,
              let (title, trimmed) = fastString(valueRef: titleRef, ownerRef: ref) else { return false }
        var notes: String?
        if notesRef >= 0 {
            guard let uid = reader.fastUID(notesRef) else { return false }
            if uid != 0 {
                guard let (text, _) = fastString(valueRef: notesRef, ownerRef: ref) else { return false }
                notes = text
            }
        }
        var location: Location?
        if locationUID != 0 {
            guard let place = fastLocation(locationUID) else { return false }
            location = place
        }
        // What the model's title validation does, skipped when the ends are plain ASCII.
        var validTitle = consume title
        if !trimmed {
            validTitle = validTitle.trimmingWhitespace
            guard !validTitle.isEmpty else { return false }
        }
        slot.initialize(to: ToDoItem.decoded(
            id: id, trimmedTitle: consume validTitle, notes: consume notes,
            dueSince1970: due, location: consume location, createdAtSince1970: createdAt))
        return true
    }

    /// The location with this UID if it has the usual shape; nil otherwise.
    mutating func fastLocation(_ uid: Int) -> Location? {
        let reader = self.reader
        guard uid > 0, uid < objects.count else { return nil }
        let ref = reader.reference(objects, uid)
        guard let offset = reader.fastOffset(ref) else { return nil }
        let base = reader.view.base.baseAddress.unsafelyUnwrapped
        let marker = base[offset]
        guard marker & 0xF0 == 0xD0, marker & 0x0F != 0x0F else { return nil }
        let count = Int(marker & 0x0F)
        let location = BinaryObjectHeader(marker: marker, offset: offset, count: count, content: offset + 1)
        guard count * 2 * reader.view.trailer.referenceSize <= reader.view.objectsEnd - location.content else { return nil }
        var nameRef = -1
        var latitude: Double?
        var longitude: Double?
        var sawClass = false
        for index in 0..<count {
            let keyRef = reader.reference(location, index)
            let valueRef = reader.reference(location, count + index)
            guard let code = fastKeyCode(keyRef) else { return nil }
            switch code {
            case KeyCode.name.rawValue:
                nameRef = valueRef
            case KeyCode.latitude.rawValue:
                guard let value = reader.fastReal(valueRef) else { return nil }
                latitude = value
            case KeyCode.longitude.rawValue:
                guard let value = reader.fastReal(valueRef) else { return nil }
                longitude = value
            case KeyCode.classKey.rawValue:
                guard fastClass(valueRef, .location) else { return nil }
                sawClass = true
            default:
                return nil
            }
        }
        guard sawClass, nameRef >= 0, let (name, trimmed) = fastString(valueRef: nameRef, ownerRef: ref) else { return nil }
        if trimmed {
            switch (latitude, longitude) {
            case (nil, nil): return Location(decodedName: name, coordinate: nil)
            case let (latitude?, longitude?):
                guard let coordinate = try? Location.Coordinate(latitude: latitude, longitude: longitude) else { return nil }
                return Location(decodedName: name, coordinate: coordinate)
            default: return nil
            }
        }
        return try? Location(name: name, latitude: latitude, longitude: longitude)
    }
}

/// Bounds-checked reads of the objects the fast path understands; nil for anything else.
struct FastArchiveReader {
    let view: BinaryPropertyListView
    /// The `$objects` array.
    let objects: BinaryObjectHeader

    /// The byte offset of the object with this reference, or nil when out of range.
    @inline(__always)
    func fastOffset(_ ref: Int) -> Int? {
        guard ref >= 0, ref < view.trailer.objectCount else { return nil }
        let size = view.trailer.offsetSize
        // The trailer checked that the whole offset table lies inside the file.
        let p = view.base.baseAddress.unsafelyUnwrapped + (view.trailer.offsetTableStart + ref * size)
        let value: Int
        switch size {
        case 1: value = Int(p[0])
        case 2: value = Int(p[0]) << 8 | Int(p[1])
        case 3: value = Int(p[0]) << 16 | Int(p[1]) << 8 | Int(p[2])
        case 4: value = Int(p[0]) << 24 | Int(p[1]) << 16 | Int(p[2]) << 8 | Int(p[3])
        default: return nil
        }
        guard value >= BinaryPropertyListTrailer.headerSize, value < view.objectsEnd else { return nil }
        return value
    }

    /// The value of the UID object with this reference (any UID size), or nil.
    @inline(__always)
    func fastUID(_ ref: Int) -> Int? {
        guard let offset = fastOffset(ref) else { return nil }
        let base = view.base.baseAddress.unsafelyUnwrapped
        let marker = base[offset]
        guard marker & 0xF0 == 0x80 else { return nil }
        let size = Int(marker & 0x0F) + 1
        guard size <= 4, offset + 1 + size <= view.objectsEnd else { return nil }
        let p = base + (offset + 1)
        switch size {
        case 1: return Int(p[0])
        case 2: return Int(p[0]) << 8 | Int(p[1])
        case 3: return Int(p[0]) << 16 | Int(p[1]) << 8 | Int(p[2])
        default: return Int(p[0]) << 24 | Int(p[1]) << 16 | Int(p[2]) << 8 | Int(p[3])
        }
    }

    /// The `index`th reference of a container whose header has been checked.
    @inline(__always)
    func reference(_ header: BinaryObjectHeader, _ index: Int) -> Int {
        let size = view.trailer.referenceSize
        let p = view.base.baseAddress.unsafelyUnwrapped + (header.content + index * size)
        switch size {
        case 1: return Int(p[0])
        case 2: return Int(p[0]) << 8 | Int(p[1])
        case 3: return Int(p[0]) << 16 | Int(p[1]) << 8 | Int(p[2])
        case 4: return Int(p[0]) << 24 | Int(p[1]) << 16 | Int(p[2]) << 8 | Int(p[3])
        default: return view.reference(header, index)
        }
    }

    /// The offset of the archive object with this UID, or nil.
    @inline(__always)
    func fastObjectOffset(_ uid: Int) -> Int? {
        guard uid > 0, uid < objects.count else { return nil }
        return fastOffset(reference(objects, uid))
    }

    /// An 8-byte real stored inline (marker 0x23), or nil.
    @inline(__always)
    func fastReal(_ ref: Int) -> Double? {
        guard let offset = fastOffset(ref), view.base[offset] == 0x23, offset + 9 <= view.objectsEnd else { return nil }
        let raw = UnsafeRawPointer(view.base.baseAddress.unsafelyUnwrapped + (offset + 1)).loadUnaligned(as: UInt64.self)
        return Double(bitPattern: UInt64(bigEndian: raw))
    }

    /// Where a string object's content starts, how many units it has, and whether it is
    /// UTF-16 — for a string object at `offset`; nil for anything else.
    @inline(__always)
    func fastStringHeader(_ offset: Int) -> (content: Int, count: Int, utf16: Bool)? {
        let base = view.base.baseAddress.unsafelyUnwrapped
        let end = view.objectsEnd
        let marker = base[offset]
        let type = marker >> 4
        guard type == 0x5 || type == 0x6 else { return nil }
        var count = Int(marker & 0x0F)
        var content = offset + 1
        if count == 0xF {
            guard content < end else { return nil }
            let intMarker = base[content]
            guard intMarker & 0xF0 == 0x10, intMarker & 0x0F <= 2 else { return nil }
            let size = 1 << Int(intMarker & 0x0F)
            guard content + 1 + size <= end else { return nil }
            count = 0
            for index in 0..<size { count = count << 8 | Int(base[content + 1 + index]) }
            content += 1 + size
        }
        let utf16 = type == 0x6
        guard count <= (end - content) >> (utf16 ? 1 : 0) else { return nil }
        return (content, count, utf16)
    }

    /// The string object with this UID, or nil (also for NSString dictionaries and bad text),
    /// and whether it is trimmed: non-empty, with a first and last character that are ASCII
    /// and not whitespace (so trimming whitespace would return it unchanged).
    @inline(__always)
    func fastString(_ uid: Int) -> (text: String, trimmed: Bool)? {
        guard let offset = fastObjectOffset(uid), let (content, count, utf16) = fastStringHeader(offset) else { return nil }
        let start = view.base.baseAddress.unsafelyUnwrapped + content
        if utf16 {
            guard let text = try? view.utf16String(start: content, count: count) else { return nil }
            let trimmed = count > 0
                && Self.isPlain(unit: UInt16(start[0]) << 8 | UInt16(start[1]))
                && Self.isPlain(unit: UInt16(start[2 * count - 2]) << 8 | UInt16(start[2 * count - 1]))
            return (text, trimmed)
        }
        // The ASCII decoder checks the bytes a word at a time and skips UTF-8 validation; a
        // byte above 0x7F would become U+FFFD (three bytes), so the count tells.
        let text = String(decoding: UnsafeBufferPointer(start: start, count: count), as: Unicode.ASCII.self)
        guard text.utf8.count == count else { return nil }
        return (text, count > 0 && Self.isPlain(start[0]) && Self.isPlain(start[count - 1]))
    }

    /// A UTF-16 unit that is a plain ASCII byte, a Latin letter (U+00C0–U+024F) or a CJK
    /// ideograph (U+4E00–U+9FFF): none is whitespace, and none joins a preceding character
    /// into one grapheme cluster (they are not Extend, SpacingMark, ZWJ or emoji), so a
    /// string that starts and ends with one is unchanged by trimming whitespace.
    @inline(__always)
    static func isPlain(unit: UInt16) -> Bool {
        unit < 0x80 ? isPlain(UInt8(unit)) : (0xC0...0x24F).contains(unit) || (0x4E00...0x9FFF).contains(unit)
    }

    /// An ASCII byte that is not whitespace (tab, line feed, vertical tab, form feed,
    /// carriage return, space): a character that starts or ends with it is not whitespace.
    @inline(__always)
    static func isPlain(_ byte: UInt8) -> Bool {
        byte < 0x80 && byte != 0x20 && (byte < 0x09 || byte > 0x0D)
    }

    /// Whether all `count` bytes at `start` are below 0x80, eight at a time.
    @inline(__always)
    static func isASCII(_ start: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        let raw = UnsafeRawPointer(start)
        var combined: UInt64 = 0
        var index = 0
        while index + 8 <= count {
            combined |= raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            index += 8
        }
        while index < count {
            combined |= UInt64(start[index])
            index += 1
        }
        return combined & 0x8080_8080_8080_8080 == 0
    }

    /// The UUID in the 36-character ASCII string object with this UID, or nil.
    @inline(__always)
    func fastUUID(_ uid: Int) -> UUID? {
        guard let offset = fastObjectOffset(uid), offset + 3 + 36 <= view.objectsEnd else { return nil }
        let base = view.base.baseAddress.unsafelyUnwrapped
        guard base[offset] == 0x5F, base[offset + 1] == 0x10, base[offset + 2] == 36 else { return nil }
        return UUIDText.parse(base + (offset + 3))
    }
}

extension Location {
    /// For the archive decoder, which has already checked that `name` is non-empty and has
    /// no leading or trailing whitespace (so validating it again would return it unchanged).
    init(decodedName name: consuming String, coordinate: Coordinate?) {
        self.name = name
        self.coordinate = coordinate
        self.unknownFields = UnknownFields()
    }
}
