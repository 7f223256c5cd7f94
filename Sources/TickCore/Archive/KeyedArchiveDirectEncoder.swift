import FoundationEssentials
import Glibc

/// Writes a keyed archive straight into its output bytes, for lists whose every field tick
/// knows (no unknown fields) and whose strings cannot equal an id.
///
/// Produces the same bytes as ``KeyedArchiveGeneralEncoder``: objects numbered top-down as
/// first referenced, each written at once where its number puts it; container references
/// filled in once their elements have numbers. The reference size is chosen from an upper
/// bound of the object count and, in the rare case that uniquing brings the count under
/// that size's threshold, the archive is written again with the smaller size. Ids are not
/// looked up for uniquing: an id can only equal a string that looks like an uppercase id,
/// and lists holding such a string take the general path.
struct KeyedArchiveDirectEncoder: ~Copyable {
    /// The archive, or nil when the list needs the general encoder.
    static func encode(_ list: ToDoList) -> [UInt8]? {
        guard list.unknownFields.isEmpty else { return nil }
        var bound = Bound()
        guard bound.add(list.toDoItems), bound.add(list.doneItems) else { return nil }
        let objectBound = bound.objects + 256
        let byteBound = bound.bytes + 8_192
        guard objectBound < Int(UInt32.max), byteBound + objectBound * 8 < Int(UInt32.max) else { return nil }
        var referenceSize = BinaryPropertyListBuilder.byteCount(UInt64(objectBound))
        let capacity = byteBound + bound.objects * 2 * referenceSize + objectBound * 8 + 64
        let offsets = UnsafeMutablePointer<UInt32>.allocate(capacity: objectBound)
        defer { offsets.deallocate() }
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            guard let base = buffer.baseAddress else { return }
            while true {
                var encoder = KeyedArchiveDirectEncoder(
                    list: list, base: base, offsets: offsets, referenceSize: referenceSize, uniqueCapacity: bound.unique + 64)
                encoder.encodeArchive()
                let smallest = BinaryPropertyListBuilder.byteCount(UInt64(encoder.count))
                if smallest > referenceSize { return }  // (cannot happen: the bound holds)
                if smallest < referenceSize {
                    referenceSize = smallest
                    continue
                }
                initialized = encoder.finish()
                return
            }
        }
        return bytes.isEmpty ? nil : bytes
    }

    /// Upper bounds of objects, bytes (strings' bytes, at most two per UTF-8 byte, plus
    /// fixed-size objects; references counted separately) and uniqued scalars.
    struct Bound {
        var objects = 0
        var bytes = 0
        var unique = 0

        mutating func add(_ items: [ToDoItem]) -> Bool {
            items.withUnsafeBufferPointer { items in
                guard let base = items.baseAddress else { return true }
                for index in items.indices {
                    let item = base + index
                    if !item.pointee.unknownFields.isEmpty { return false }
                    // NS.objects UID, dict, 7 values, id and title strings.
                    objects += 11
                    bytes += 8 * 10 + 38 + Self.stringBytes(item.pointee.title)
                    unique += 2
                    if Self.looksLikeID(item.pointee.title) { return false }
                    if let notes = item.pointee.notes {
                        if Self.looksLikeID(notes) { return false }
                        objects += 1
                        bytes += Self.stringBytes(notes)
                        unique += 1
                    }
                    if item.pointee.due != nil { unique += 1 }
                    if let location = item.pointee.location {
                        if !location.unknownFields.isEmpty || Self.looksLikeID(location.name) { return false }
                        objects += 6
                        bytes += 8 * 5 + Self.stringBytes(location.name)
                        unique += 3
                    }
                }
                return true
            }
        }

        @inline(__always)
        static func stringBytes(_ text: String) -> Int { 10 + 2 * text.utf8.count }

        /// 36 bytes with hyphens where a UUID has them (a superset of uppercase ids).
        @inline(__always)
        static func looksLikeID(_ text: String) -> Bool {
            let utf8 = text.utf8
            guard utf8.count == 36 else { return false }
            var text = text
            return text.withUTF8 { bytes in
                bytes[8] == UInt8(ascii: "-") && bytes[13] == UInt8(ascii: "-")
                    && bytes[18] == UInt8(ascii: "-") && bytes[23] == UInt8(ascii: "-")
            }
        }
    }

    // MARK: - State

    private let list: ToDoList
    private let base: UnsafeMutablePointer<UInt8>
    private let offsets: UnsafeMutablePointer<UInt32>
    private let referenceSize: Int
    /// Bytes written.
    private var position = 0
    /// Objects numbered.
    private(set) var count = 0
    /// How many archive objects (UIDs) the list takes.
    private var totalArchiveObjects = 0
    /// Where the `$objects` array's reference slots start.
    private var objectsSlots = 0

    // Uniquing table: open addressing; each slot holds the upper 32 hash bits and the
    // object reference + 1 (0 is empty).
    private let slots: UnsafeMutablePointer<UInt64>
    private let mask: Int
    private let slotBytes: Int

    // Plist references of key strings (-1: not yet written).
    private var keyRefs = [Int](repeating: -1, count: Key.count)
    // Archive UIDs of class descriptions (0: not yet) and references of their first UID objects.
    private var classUIDs: (list: Int, array: Int, item: Int, location: Int) = (0, 0, 0, 0)
    private var classUIDRefs: (array: Int, item: Int, location: Int) = (0, 0, 0)

    private enum Key: Int {
        case id, title, itemDescription, timestamp, createdAt, location
        case name, latitude, longitude, formatVersion, toDoItems, doneItems
        case objects, classKey
        static let count = 14

        var text: StaticString {
            switch self {
            case .id: "id"
            case .title: "title"
            case .itemDescription: "itemDescription"
            case .timestamp: "timestamp"
            case .createdAt: "createdAt"
            case .location: "location"
            case .name: "name"
            case .latitude: "latitude"
            case .longitude: "longitude"
            case .formatVersion: "formatVersion"
            case .toDoItems: "toDoItems"
            case .doneItems: "doneItems"
            case .objects: "NS.objects"
            case .classKey: "$class"
            }
        }
    }

    private init(list: ToDoList, base: UnsafeMutablePointer<UInt8>, offsets: UnsafeMutablePointer<UInt32>,
                 referenceSize: Int, uniqueCapacity: Int) {
        self.list = list
        self.base = base
        self.offsets = offsets
        self.referenceSize = referenceSize
        var size = 64
        while size < uniqueCapacity * 2 { size <<= 1 }
        mask = size - 1
        slotBytes = size * 8
        slots = Self.allocateSlots(size)
    }

    deinit { free(slots) }

    private static func allocateSlots(_ count: Int) -> UnsafeMutablePointer<UInt64> {
        allocateHashTable(words: count)
    }

    // MARK: - Archive

    private mutating func encodeArchive() {
        for byte in BinaryPropertyListTrailer.magic { put(byte) }
        let objectCount = archiveObjectCount()
        totalArchiveObjects = objectCount
        let topSlot = reserve(0xD, count: 4, slots: 8)
        setReference(topSlot, fixedString("$version"))
        setReference(topSlot + (1) * referenceSize, fixedString("$objects"))
        setReference(topSlot + (2) * referenceSize, fixedString("$archiver"))
        setReference(topSlot + (3) * referenceSize, fixedString("$top"))
        setReference(topSlot + (4) * referenceSize, integer(100_000))
        let objects = count
        objectsSlots = reserve(0xA, count: objectCount, slots: objectCount)
        setReference(topSlot + (5) * referenceSize, objects)
        place(0, fixedString("$null"))
        encodeRoot()
        setReference(topSlot + (6) * referenceSize, fixedString("NSKeyedArchiver"))
        let topDictionary = count
        let rootSlot = reserve(0xD, count: 1, slots: 2)
        setReference(rootSlot, fixedString("root"))
        setReference(rootSlot + (1) * referenceSize, uid(1))
        setReference(topSlot + (7) * referenceSize, topDictionary)
    }

    /// How many archive objects (UIDs) the list takes, `$null` included.
    private func archiveObjectCount() -> Int {
        var count = 1 + 1 + 2 + 2  // $null, root, two arrays, NSArray and ToDoList classes
        var anyLocation = false
        for section in [list.toDoItems, list.doneItems] {
            section.withUnsafeBufferPointer { items in
                guard let base = items.baseAddress else { return }
                for index in items.indices { count += Self.archiveCount(base + index, &anyLocation) }
            }
        }
        if !list.isEmpty { count += 1 }
        if anyLocation { count += 1 }
        return count
    }

    /// Archive objects of an item (class descriptions not included).
    @inline(__always)
    private static func archiveCount(_ item: UnsafePointer<ToDoItem>, _ anyLocation: inout Bool) -> Int {
        var count = 3 + (item.pointee.notes == nil ? 0 : 1)
        if item.pointee.location != nil {
            anyLocation = true
            count += 2
        }
        return count
    }

    private mutating func encodeRoot() {
        let root = count
        let slot = reserve(0xD, count: 4, slots: 8)
        place(1, root)
        setReference(slot, key(.formatVersion))
        setReference(slot + (1) * referenceSize, key(.toDoItems))
        setReference(slot + (2) * referenceSize, key(.doneItems))
        setReference(slot + (3) * referenceSize, key(.classKey))
        setReference(slot + (4) * referenceSize, integer(UInt64(KeyedArchive.formatVersion)))
        setReference(slot + (5) * referenceSize, uid(2))
        // The Done array follows the To Do array and its items (and, after the first item,
        // ToDoItem's class; after the first location, Location's; after the array, NSArray's).
        var anyLocation = false
        var toDoCount = 1 + 1  // the array, NSArray's class
        list.toDoItems.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for index in items.indices { toDoCount += Self.archiveCount(base + index, &anyLocation) }
        }
        if !list.toDoItems.isEmpty { toDoCount += 1 }
        if anyLocation { toDoCount += 1 }
        let doneUID = 2 + toDoCount
        setReference(slot + (6) * referenceSize, uid(UInt64(doneUID)))
        // ToDoList's class comes last.
        let total = totalArchiveObjects
        classUIDs.list = total - 1
        setReference(slot + (7) * referenceSize, uid(UInt64(total - 1)))

        var next = encodeArray(list.toDoItems, uid: 2)
        assert(next == doneUID, "archive numbering")
        next = encodeArray(list.doneItems, uid: next)
        assert(next == total - 1, "archive numbering")
        encodeClass("ToDoList", uid: next)
    }

    /// Writes an NSArray of items at `uid`; returns the next free UID.
    private mutating func encodeArray(_ items: [ToDoItem], uid arrayUID: Int) -> Int {
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        place(arrayUID, dictionary)
        setReference(slot, key(.objects))
        setReference(slot + (1) * referenceSize, key(.classKey))
        let elements = count
        let elementsSlot = reserve(0xA, count: items.count, slots: items.count)
        setReference(slot + (2) * referenceSize, elements)
        // The items' UIDs, in order: each item takes its objects, and the first item, the
        // first location of the list, its class descriptions.
        var next = arrayUID + 1
        var itemClassKnown = classUIDs.item != 0
        var locationClassKnown = classUIDs.location != 0
        items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for index in items.indices {
                setReference(elementsSlot + (index) * referenceSize, uid(UInt64(next)))
                var anyLocation = false
                next += Self.archiveCount(base + index, &anyLocation)
                if anyLocation, !locationClassKnown { next += 1; locationClassKnown = true }
                if !itemClassKnown { next += 1; itemClassKnown = true }
            }
        }
        let arrayClass = classUIDs.array != 0 ? classUIDs.array : next
        let classRef = uid(UInt64(arrayClass))
        if classUIDs.array != 0 {
            setReference(slot + (3) * referenceSize, classUIDRefs.array)
        } else {
            classUIDRefs.array = classRef
            setReference(slot + (3) * referenceSize, classRef)
        }
        var itemUID = arrayUID + 1
        items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            for index in items.indices { itemUID = encodeItem(base + index, uid: itemUID) }
        }
        assert(itemUID == next, "archive numbering")
        if classUIDs.array == 0 {
            classUIDs.array = next
            encodeClass("NSArray", uid: next)
            next += 1
        }
        return next
    }

    /// Writes an item and its children from `uid`; returns the next free UID.
    private mutating func encodeItem(_ item: UnsafePointer<ToDoItem>, uid itemUID: Int) -> Int {
        let hasNotes = item.pointee.notes != nil
        let due = item.pointee.due
        let hasLocation = item.pointee.location != nil
        let pairs = 4 + (hasNotes ? 1 : 0) + (due == nil ? 0 : 1) + (hasLocation ? 1 : 0)
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(itemUID, dictionary)
        var keySlot = slot
        setReference(keySlot, key(.id)); keySlot += referenceSize
        setReference(keySlot, key(.title)); keySlot += referenceSize
        if hasNotes { setReference(keySlot, key(.itemDescription)); keySlot += referenceSize }
        if due != nil { setReference(keySlot, key(.timestamp)); keySlot += referenceSize }
        setReference(keySlot, key(.createdAt)); keySlot += referenceSize
        if hasLocation { setReference(keySlot, key(.location)); keySlot += referenceSize }
        setReference(keySlot, key(.classKey))

        var valueSlot = slot + pairs * referenceSize
        var next = itemUID + 1
        let idUID = next; next += 1
        let titleUID = next; next += 1
        let notesUID = next
        if hasNotes { next += 1 }
        setReference(valueSlot, uid(UInt64(idUID))); valueSlot += referenceSize
        setReference(valueSlot, uid(UInt64(titleUID))); valueSlot += referenceSize
        if hasNotes { setReference(valueSlot, uid(UInt64(notesUID))); valueSlot += referenceSize }
        if let due { setReference(valueSlot, real(due.timeIntervalSince1970)); valueSlot += referenceSize }
        setReference(valueSlot, real(item.pointee.createdAt.timeIntervalSince1970)); valueSlot += referenceSize
        let locationUID = next
        if hasLocation {
            next += 2
            if classUIDs.location == 0 { next += 1 }
            setReference(valueSlot, uid(UInt64(locationUID))); valueSlot += referenceSize
        }
        let itemClass = classUIDs.item != 0 ? classUIDs.item : next
        let classRef = uid(UInt64(itemClass))
        if classUIDs.item != 0 {
            setReference(valueSlot, classUIDRefs.item)
        } else {
            classUIDRefs.item = classRef
            setReference(valueSlot, classRef)
        }

        place(idUID, idString(item.pointee.id))
        place(titleUID, string(item.pointee.title))
        if let notes = item.pointee.notes { place(notesUID, string(notes)) }
        if let location = item.pointee.location { encodeLocation(location, uid: locationUID) }
        if classUIDs.item == 0 {
            classUIDs.item = next
            encodeClass("ToDoItem", uid: next)
            next += 1
        }
        return next
    }

    private mutating func encodeLocation(_ location: Location, uid locationUID: Int) {
        let coordinate = location.coordinate
        let pairs = coordinate == nil ? 2 : 4
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(locationUID, dictionary)
        var keySlot = slot
        setReference(keySlot, key(.name)); keySlot += referenceSize
        if coordinate != nil {
            setReference(keySlot, key(.latitude)); keySlot += referenceSize
            setReference(keySlot, key(.longitude)); keySlot += referenceSize
        }
        setReference(keySlot, key(.classKey))
        var valueSlot = slot + pairs * referenceSize
        let nameUID = locationUID + 1
        setReference(valueSlot, uid(UInt64(nameUID))); valueSlot += referenceSize
        if let coordinate {
            setReference(valueSlot, real(coordinate.latitude)); valueSlot += referenceSize
            setReference(valueSlot, real(coordinate.longitude)); valueSlot += referenceSize
        }
        let locationClass = classUIDs.location != 0 ? classUIDs.location : locationUID + 2
        let classRef = uid(UInt64(locationClass))
        if classUIDs.location != 0 {
            setReference(valueSlot, classUIDRefs.location)
        } else {
            classUIDRefs.location = classRef
            setReference(valueSlot, classRef)
        }
        place(nameUID, string(location.name))
        if classUIDs.location == 0 {
            classUIDs.location = locationClass
            encodeClass("Location", uid: locationClass)
        }
    }

    private mutating func encodeClass(_ name: StaticString, uid: Int) {
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        setReference(slot, fixedString("$classname"))
        setReference(slot + (1) * referenceSize, fixedString("$classes"))
        setReference(slot + (2) * referenceSize, fixedString(name))
        let classes = count
        let classesSlot = reserve(0xA, count: 2, slots: 2)
        setReference(classesSlot, fixedString(name))
        setReference(classesSlot + (1) * referenceSize, fixedString("NSObject"))
        setReference(slot + (3) * referenceSize, classes)
        place(uid, dictionary)
    }

    // MARK: - Objects

    @inline(__always)
    private mutating func place(_ uid: Int, _ ref: Int) {
        setReference(objectsSlots + uid * referenceSize, ref)
    }

    @inline(__always)
    private mutating func key(_ key: Key) -> Int {
        let ref = keyRefs[key.rawValue]
        if ref >= 0 { return ref }
        let made = fixedString(key.text)
        keyRefs[key.rawValue] = made
        return made
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        base[position] = byte
        position += 1
    }

    @inline(__always)
    private mutating func putBigEndian(_ value: UInt64, _ size: Int) {
        switch size {
        case 1: base[position] = UInt8(truncatingIfNeeded: value)
        case 2: UnsafeMutableRawPointer(base + position).storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: UnsafeMutableRawPointer(base + position).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        default: UnsafeMutableRawPointer(base + position).storeBytes(of: value.bigEndian, as: UInt64.self)
        }
        position += size
    }

    /// Numbers a new object starting at the current position.
    @inline(__always)
    private mutating func begin() -> Int {
        offsets[count] = UInt32(truncatingIfNeeded: position)
        count += 1
        return count - 1
    }

    @inline(__always)
    private mutating func putHeader(_ type: UInt8, _ count: Int) {
        if count < 15 {
            put(type << 4 | UInt8(count))
        } else {
            put(type << 4 | 0x0F)
            putInteger(UInt64(count))
        }
    }

    /// An integer object of 1, 2, 4 or 8 bytes, the smallest that holds the value.
    @inline(__always)
    private mutating func putInteger(_ value: UInt64) {
        let size = BinaryPropertyListBuilder.byteCount(value)
        put(0x10 | UInt8(size.trailingZeroBitCount))
        putBigEndian(value, size)
    }

    /// A container's header and `slots` reference slots; returns the first slot's position.
    @inline(__always)
    private mutating func reserve(_ type: UInt8, count pairs: Int, slots: Int) -> Int {
        _ = begin()
        putHeader(type, pairs)
        let slot = position
        position += slots * referenceSize
        return slot
    }

    /// Fills the reference slot at byte position `slot`.
    @inline(__always)
    private mutating func setReference(_ slot: Int, _ ref: Int) {
        let value = UInt64(truncatingIfNeeded: ref)
        switch referenceSize {
        case 1: base[slot] = UInt8(truncatingIfNeeded: value)
        case 2: UnsafeMutableRawPointer(base + slot).storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: UnsafeMutableRawPointer(base + slot).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        default: UnsafeMutableRawPointer(base + slot).storeBytes(of: value.bigEndian, as: UInt64.self)
        }
    }

    /// A UID object (each use is its own object, as CoreFoundation writes them).
    @inline(__always)
    private mutating func uid(_ value: UInt64) -> Int {
        let ref = begin()
        let size = BinaryPropertyListBuilder.uidByteCount(value)
        put(0x80 | UInt8(size - 1))
        putBigEndian(value, size)
        return ref
    }

    private mutating func integer(_ value: UInt64) -> Int {
        let start = position
        putInteger(value)
        return commit(from: start, hash: UniquingHash.hash(base + start, position - start))
    }

    @inline(__always)
    private mutating func real(_ value: Double) -> Int {
        let start = position
        let bits = value.bitPattern
        base[start] = 0x23
        UnsafeMutableRawPointer(base + start + 1).storeBytes(of: bits.bigEndian, as: UInt64.self)
        position += 9
        return commit(from: start, hash: UniquingHash.hashNine(marker: 0x23, bits))
    }

    private mutating func fixedString(_ text: StaticString) -> Int {
        stringFromUTF8(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), unique: true)
    }

    @inline(__always)
    private mutating func string(_ text: String) -> Int {
        // (Native strings lend their UTF-8 without a copy or a retain.)
        if let ref = text.utf8.withContiguousStorageIfAvailable({ stringFromUTF8($0, unique: true) }) { return ref }
        var text = text
        return text.withUTF8 { stringFromUTF8($0, unique: true) }
    }

    private mutating func idString(_ id: UUID) -> Int {
        let ref = begin()
        put(0x5F)
        put(0x10)
        put(36)
        UUIDText.write(id, into: base + position)
        position += 36
        return ref
    }

    /// A string (ASCII as type 0x5, anything else as UTF-16BE type 0x6), stored once.
    @inline(__always)
    private mutating func stringFromUTF8(_ utf8: UnsafeBufferPointer<UInt8>, unique: Bool) -> Int {
        let start = position
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            putHeader(0x5, utf8.count)
            if let source = utf8.baseAddress { (base + position).update(from: source, count: utf8.count) }
            position += utf8.count
        } else {
            var units = 0
            for byte in utf8 {
                if byte & 0xC0 != 0x80 { units += 1 }
                if byte >= 0xF0 { units += 1 }
            }
            putHeader(0x6, units)
            BinaryPropertyListBuilder.writeUTF16BigEndian(utf8, base + position)
            position += 2 * units
        }
        return commit(from: start, hash: UniquingHash.string(utf8))
    }

    /// Makes the bytes from `start` an object, unless an equal object exists: then drops
    /// them and returns the existing reference. (Objects encode their own length, so equal
    /// leading bytes mean equal objects.)
    @inline(__always)
    private mutating func commit(from start: Int, hash: UInt64) -> Int {
        let length = position - start
        let tag = hash & 0xFFFF_FFFF_0000_0000
        var index = Int(truncatingIfNeeded: ((tag >> 32) &* 0x9E37_79B9_7F4A_7C15) >> 24) & mask
        while true {
            let slot = slots[index]
            if slot == 0 { break }
            if slot & 0xFFFF_FFFF_0000_0000 == tag {
                let ref = Int(slot & 0xFFFF_FFFF) - 1
                if memcmp(base + Int(offsets[ref]), base + start, length) == 0 {
                    position = start
                    return ref
                }
            }
            index = (index + 1) & mask
        }
        let ref = count
        offsets[ref] = UInt32(truncatingIfNeeded: start)
        count += 1
        slots[index] = tag | UInt64(ref + 1)
        return ref
    }

    /// The offset table and trailer; returns the total length.
    private mutating func finish() -> Int {
        let tableStart = position
        let offsetSize = BinaryPropertyListBuilder.byteCount(UInt64(tableStart))
        for index in 0..<count { putBigEndian(UInt64(offsets[index]), offsetSize) }
        for _ in 0..<6 { put(0) }
        put(UInt8(offsetSize))
        put(UInt8(referenceSize))
        putBigEndian(UInt64(count), 8)
        putBigEndian(0, 8)
        putBigEndian(UInt64(tableStart), 8)
        return position
    }
}
