import FoundationEssentials
import Glibc

/// Writes a keyed archive in pieces to an ``ArchiveSink``, for lists whose every field tick
/// knows (no unknown fields) and whose strings cannot equal an id.
///
/// Produces the same bytes as ``KeyedArchiveGeneralEncoder``: objects numbered top-down as
/// first referenced, each written at once where its number puts it; container references
/// filled in once their elements have numbers. The reference size is chosen from an upper
/// bound of the object count and, in the rare case that uniquing brings the count under
/// that size's threshold, the archive is written again with the smaller size. Ids are not
/// looked up for uniquing: an id can only equal a string that looks like an uppercase id,
/// and lists holding such a string take the general path.
///
/// Memory stays small whatever the list's size: the bytes go out in pieces of about
/// ``defaultChunkSize`` as items are finished. Only the prefix (the top dictionary and the
/// `$objects` array, whose slots fill in as objects are numbered) waits in memory until
/// the end, with a size byte per object for the offset table (``ObjectStarts``) and about
/// 9 bytes per distinct string or number for uniquing (``UniqueTable``), which compares a
/// new value with the list's own value where the earlier one came from, not with bytes
/// already written.
struct KeyedArchiveDirectEncoder<Sink: ArchiveSink>: ~Copyable {
    /// Bytes gathered before they are handed to the sink.
    static var defaultChunkSize: Int { 1 << 18 }

    /// How writing went.
    enum Outcome {
        /// The archive is complete in the sink; its length in bytes.
        case written(Int)
        /// The list needs the general encoder (nothing was put in the sink).
        case unsupported
        /// The sink failed (errno says why).
        case failed
    }

    /// Writes `list` into `sink`, in pieces of about `chunkSize` bytes.
    static func write(_ list: ToDoList, to sink: inout Sink, chunkSize: Int = defaultChunkSize) -> Outcome {
        guard list.unknownFields.isEmpty,
              list.toDoItems.count < Locator.maximumIndex, list.doneItems.count < Locator.maximumIndex
        else { return .unsupported }
        var bound = Bound()
        guard bound.add(list.toDoItems), bound.add(list.doneItems) else { return .unsupported }
        let objectBound = bound.objects + 256
        let byteBound = bound.bytes + 8_192
        guard objectBound < Int(UInt32.max), byteBound + objectBound * 8 < Int(UInt32.max),
              bound.unique + 64 < UniqueTable.maximumCount
        else { return .unsupported }
        var referenceSize = BinaryPropertyListBuilder.byteCount(UInt64(objectBound))
        sink.expect(byteBound + bound.objects * 2 * referenceSize + objectBound * 8 + 64)
        let sizes = UnsafeMutablePointer<UInt8>.allocate(capacity: objectBound)
        defer { sizes.deallocate() }
        return list.toDoItems.withUnsafeBufferPointer { toDo in
            list.doneItems.withUnsafeBufferPointer { done in
                while true {
                    var encoder = KeyedArchiveDirectEncoder(
                        list: list, sections: (toDo, done), archived: bound.sections, sizes: sizes,
                        referenceSize: referenceSize, uniqueCapacity: bound.unique + 64, chunkSize: max(chunkSize, 64))
                    encoder.encodeArchive(into: &sink)
                    if encoder.failed { return .failed }
                    let smallest = BinaryPropertyListBuilder.byteCount(UInt64(encoder.count))
                    if smallest < referenceSize {
                        guard sink.reset() else { return .failed }
                        referenceSize = smallest
                        continue
                    }
                    let length = encoder.finish(into: &sink)
                    return encoder.failed ? .failed : .written(length)
                }
            }
        }
    }

    /// The archive in memory, or nil when the list needs the general encoder.
    static func encode(_ list: ToDoList, chunkSize: Int = defaultChunkSize) -> [UInt8]?
    where Sink == ArchiveBytes {
        var bytes = ArchiveBytes()
        guard case .written = write(list, to: &bytes, chunkSize: chunkSize) else { return nil }
        return bytes.bytes
    }

    /// Upper bounds of objects, bytes (strings' bytes, at most two per UTF-8 byte, plus
    /// fixed-size objects; references counted separately) and uniqued scalars; and, per
    /// section in the order added, its items' archive objects, all in one pass.
    struct Bound {
        var objects = 0
        var bytes = 0
        var unique = 0
        var sections: [ArchivedSection] = []

        mutating func add(_ items: [ToDoItem]) -> Bool {
            var section = ArchivedSection()
            let supported = items.withUnsafeBufferPointer { items in
                guard let base = items.baseAddress else { return true }
                for index in items.indices {
                    let item = base + index
                    if !item.pointee.unknownFields.isEmpty { return false }
                    // NS.objects UID, dict, 7 values, id and title strings.
                    objects += 11
                    bytes += Self.itemBytes(item)
                    unique += 2
                    // The item's dictionary, id and title strings.
                    section.objects += 3
                    if Self.looksLikeID(item.pointee.title) { return false }
                    if let notes = item.pointee.notes {
                        if Self.looksLikeID(notes) { return false }
                        objects += 1
                        unique += 1
                        section.objects += 1
                    }
                    if item.pointee.due != nil { unique += 1 }
                    if let location = item.pointee.location {
                        if !location.unknownFields.isEmpty || Self.looksLikeID(location.name) { return false }
                        objects += 6
                        unique += 3
                        // The location's dictionary and name.
                        section.objects += 2
                        section.anyLocation = true
                    }
                }
                return true
            }
            sections.append(section)
            return supported
        }

        /// At most how many bytes an item's objects take, references not included.
        @inline(__always)
        static func itemBytes(_ item: UnsafePointer<ToDoItem>) -> Int {
            var bytes = 8 * 10 + 38 + stringBytes(item.pointee.title)
            if let notes = item.pointee.notes { bytes += stringBytes(notes) }
            if let location = item.pointee.location { bytes += 8 * 5 + stringBytes(location.name) }
            return bytes
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
    private let sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>)
    /// The sections' archive objects, as ``Bound`` counted them.
    private let archived: [ArchivedSection]
    /// Where each object starts, for the offset table.
    private var starts: ObjectStarts
    private let referenceSize: Int
    /// Bytes written (the position in the whole archive).
    private var position = 0
    /// Objects numbered.
    private(set) var count = 0
    /// Whether the sink failed.
    private(set) var failed = false
    /// How many archive objects (UIDs) the list takes.
    private var totalArchiveObjects = 0
    /// Where the `$objects` array's reference slots start.
    private var objectsSlots = 0

    /// The chunk being gathered: archive bytes from `windowStart` to `position`.
    private var window: UnsafeMutablePointer<UInt8>
    private var windowCapacity: Int
    private var windowStart = 0
    private let chunkSize: Int
    /// The archive's first bytes, up to the end of the `$objects` slots, kept until the end.
    /// Until they are complete they are the window itself.
    private var prefix: UnsafeMutablePointer<UInt8>?

    /// The strings and numbers written so far, to store each value once.
    private var unique: UniqueTable

    // Plist references of fixed strings (-1: not yet written).
    private var fixedRefs = [Int](repeating: -1, count: FixedText.count)
    // Archive UIDs of class descriptions (0: not yet) and references of their first UID objects.
    private var classUIDs: (list: Int, array: Int, item: Int, location: Int) = (0, 0, 0, 0)
    private var classUIDRefs: (array: Int, item: Int, location: Int) = (0, 0, 0)

    private init(list: ToDoList, sections: (UnsafeBufferPointer<ToDoItem>, UnsafeBufferPointer<ToDoItem>), archived: [ArchivedSection],
                 sizes: UnsafeMutablePointer<UInt8>,
                 referenceSize: Int, uniqueCapacity: Int, chunkSize: Int) {
        self.list = list
        self.sections = sections
        self.archived = archived
        starts = ObjectStarts(sizes: sizes)
        self.referenceSize = referenceSize
        unique = UniqueTable(capacity: uniqueCapacity)
        self.chunkSize = chunkSize
        windowCapacity = chunkSize
        window = .allocate(capacity: windowCapacity)
    }

    deinit {
        unique.deallocate()
        window.deallocate()
        prefix?.deallocate()
    }

    // MARK: - Archive

    private mutating func encodeArchive(into sink: inout Sink) {
        let objectCount = archiveObjectCount()
        totalArchiveObjects = objectCount
        ensure(256 + objectCount * referenceSize, sink: &sink)
        for byte in BinaryPropertyListTrailer.magic { put(byte) }
        let topSlot = reserve(0xD, count: 4, slots: 8)
        setReference(topSlot, fixedString(.version))
        setReference(topSlot + (1) * referenceSize, fixedString(.objectsKey))
        setReference(topSlot + (2) * referenceSize, fixedString(.archiver))
        setReference(topSlot + (3) * referenceSize, fixedString(.top))
        setReference(topSlot + (4) * referenceSize, integer(100_000))
        let objects = count
        objectsSlots = reserve(0xA, count: objectCount, slots: objectCount)
        setReference(topSlot + (5) * referenceSize, objects)
        endPrefix()
        ensure(1_024, sink: &sink)
        place(0, fixedString(.null))
        encodeRoot(into: &sink)
        ensure(1_024, sink: &sink)
        setPrefixReference(topSlot + (6) * referenceSize, fixedString(.archiverName))
        let topDictionary = count
        let rootSlot = reserve(0xD, count: 1, slots: 2)
        setReference(rootSlot, fixedString(.root))
        setReference(rootSlot + (1) * referenceSize, uid(1))
        setPrefixReference(topSlot + (7) * referenceSize, topDictionary)
    }

    /// How many archive objects (UIDs) the list takes, `$null` included.
    private func archiveObjectCount() -> Int {
        var count = 1 + 1 + 2 + 2  // $null, root, two arrays, NSArray and ToDoList classes
        count += archived.reduce(0) { $0 + $1.objects }
        if !list.isEmpty { count += 1 }
        if archived.contains(where: \.anyLocation) { count += 1 }
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

    private mutating func encodeRoot(into sink: inout Sink) {
        let root = count
        let slot = reserve(0xD, count: 4, slots: 8)
        place(1, root)
        setReference(slot, fixedString(.formatVersion))
        setReference(slot + (1) * referenceSize, fixedString(.toDoItems))
        setReference(slot + (2) * referenceSize, fixedString(.doneItems))
        setReference(slot + (3) * referenceSize, fixedString(.classKey))
        setReference(slot + (4) * referenceSize, integer(UInt64(KeyedArchive.formatVersion)))
        setReference(slot + (5) * referenceSize, uid(2))
        // The Done array follows the To Do array and its items (and, after the first item,
        // ToDoItem's class; after the first location, Location's; after the array, NSArray's).
        let toDo = archived.first ?? ArchivedSection()
        var toDoCount = 1 + 1 + toDo.objects  // the array, NSArray's class, the items
        if !sections.0.isEmpty { toDoCount += 1 }
        if toDo.anyLocation { toDoCount += 1 }
        let doneUID = 2 + toDoCount
        setReference(slot + (6) * referenceSize, uid(UInt64(doneUID)))
        // ToDoList's class comes last.
        let total = totalArchiveObjects
        classUIDs.list = total - 1
        setReference(slot + (7) * referenceSize, uid(UInt64(total - 1)))

        var next = encodeArray(section: 0, uid: 2, into: &sink)
        assert(next == doneUID, "archive numbering")
        next = encodeArray(section: 1, uid: next, into: &sink)
        assert(next == total - 1, "archive numbering")
        ensure(1_024, sink: &sink)
        encodeClass(.toDoList, uid: next)
    }

    /// Writes an NSArray of a section's items at `uid`; returns the next free UID.
    private mutating func encodeArray(section: Int, uid arrayUID: Int, into sink: inout Sink) -> Int {
        let items = section == 0 ? sections.0 : sections.1
        ensure(1_024 + items.count * (referenceSize + 9), sink: &sink)
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        place(arrayUID, dictionary)
        setReference(slot, fixedString(.objects))
        setReference(slot + (1) * referenceSize, fixedString(.classKey))
        let elements = count
        let elementsSlot = reserve(0xA, count: items.count, slots: items.count)
        setReference(slot + (2) * referenceSize, elements)
        // The items' UIDs, in order: each item takes its objects, and the first item, the
        // first location of the list, its class descriptions.
        var next = arrayUID + 1
        var itemClassKnown = classUIDs.item != 0
        var locationClassKnown = classUIDs.location != 0
        if let base = items.baseAddress {
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
        if let base = items.baseAddress {
            for index in items.indices {
                // Room for the item's objects and references, and the class descriptions.
                ensure(Bound.itemBytes(base + index) + 24 * referenceSize + 512, sink: &sink)
                itemUID = encodeItem(base + index, at: Locator.itemPayload(section: section, index: index), uid: itemUID)
            }
        }
        assert(itemUID == next, "archive numbering")
        if classUIDs.array == 0 {
            ensure(1_024, sink: &sink)
            classUIDs.array = next
            encodeClass(.array, uid: next)
            next += 1
        }
        return next
    }

    /// Writes an item and its children from `uid`; returns the next free UID.
    private mutating func encodeItem(_ item: UnsafePointer<ToDoItem>, at payload: Int, uid itemUID: Int) -> Int {
        let hasNotes = item.pointee.notes != nil
        let due = item.pointee.due
        let hasLocation = item.pointee.location != nil
        let pairs = 4 + (hasNotes ? 1 : 0) + (due == nil ? 0 : 1) + (hasLocation ? 1 : 0)
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(itemUID, dictionary)
        var keySlot = slot
        setReference(keySlot, fixedString(.id)); keySlot += referenceSize
        setReference(keySlot, fixedString(.title)); keySlot += referenceSize
        if hasNotes { setReference(keySlot, fixedString(.itemDescription)); keySlot += referenceSize }
        if due != nil { setReference(keySlot, fixedString(.timestamp)); keySlot += referenceSize }
        setReference(keySlot, fixedString(.createdAt)); keySlot += referenceSize
        if hasLocation { setReference(keySlot, fixedString(.location)); keySlot += referenceSize }
        setReference(keySlot, fixedString(.classKey))

        var valueSlot = slot + pairs * referenceSize
        var next = itemUID + 1
        let idUID = next; next += 1
        let titleUID = next; next += 1
        let notesUID = next
        if hasNotes { next += 1 }
        setReference(valueSlot, uid(UInt64(idUID))); valueSlot += referenceSize
        setReference(valueSlot, uid(UInt64(titleUID))); valueSlot += referenceSize
        if hasNotes { setReference(valueSlot, uid(UInt64(notesUID))); valueSlot += referenceSize }
        if let due {
            setReference(valueSlot, real(due.timeIntervalSince1970, Locator(.due, payload))); valueSlot += referenceSize
        }
        setReference(valueSlot, real(item.pointee.createdAt.timeIntervalSince1970, Locator(.createdAt, payload)))
        valueSlot += referenceSize
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
        place(titleUID, string(item.pointee.title, Locator(.title, payload)))
        if let notes = item.pointee.notes { place(notesUID, string(notes, Locator(.notes, payload))) }
        if let location = item.pointee.location { encodeLocation(location, at: payload, uid: locationUID) }
        if classUIDs.item == 0 {
            classUIDs.item = next
            encodeClass(.toDoItem, uid: next)
            next += 1
        }
        return next
    }

    private mutating func encodeLocation(_ location: Location, at payload: Int, uid locationUID: Int) {
        let coordinate = location.coordinate
        let pairs = coordinate == nil ? 2 : 4
        let dictionary = count
        let slot = reserve(0xD, count: pairs, slots: 2 * pairs)
        place(locationUID, dictionary)
        var keySlot = slot
        setReference(keySlot, fixedString(.name)); keySlot += referenceSize
        if coordinate != nil {
            setReference(keySlot, fixedString(.latitude)); keySlot += referenceSize
            setReference(keySlot, fixedString(.longitude)); keySlot += referenceSize
        }
        setReference(keySlot, fixedString(.classKey))
        var valueSlot = slot + pairs * referenceSize
        let nameUID = locationUID + 1
        setReference(valueSlot, uid(UInt64(nameUID))); valueSlot += referenceSize
        if let coordinate {
            setReference(valueSlot, real(coordinate.latitude, Locator(.latitude, payload))); valueSlot += referenceSize
            setReference(valueSlot, real(coordinate.longitude, Locator(.longitude, payload))); valueSlot += referenceSize
        }
        let locationClass = classUIDs.location != 0 ? classUIDs.location : locationUID + 2
        let classRef = uid(UInt64(locationClass))
        if classUIDs.location != 0 {
            setReference(valueSlot, classUIDRefs.location)
        } else {
            classUIDRefs.location = classRef
            setReference(valueSlot, classRef)
        }
        place(nameUID, string(location.name, Locator(.locationName, payload)))
        if classUIDs.location == 0 {
            classUIDs.location = locationClass
            encodeClass(.locationClass, uid: locationClass)
        }
    }

    private mutating func encodeClass(_ name: FixedText, uid: Int) {
        let dictionary = count
        let slot = reserve(0xD, count: 2, slots: 4)
        setReference(slot, fixedString(.className))
        setReference(slot + (1) * referenceSize, fixedString(.classes))
        setReference(slot + (2) * referenceSize, fixedString(name))
        let classes = count
        let classesSlot = reserve(0xA, count: 2, slots: 2)
        setReference(classesSlot, fixedString(name))
        setReference(classesSlot + (1) * referenceSize, fixedString(.object))
        setReference(slot + (3) * referenceSize, classes)
        place(uid, dictionary)
    }

    // MARK: - Chunks

    /// Makes room for `bytes` more in the window: hands the gathered chunk to the sink when
    /// it would overflow, and grows the window when a single piece is larger than it.
    @inline(__always)
    private mutating func ensure(_ bytes: Int, sink: inout Sink) {
        if position - windowStart + bytes <= windowCapacity { return }
        growOrFlush(bytes, sink: &sink)
    }

    private mutating func growOrFlush(_ bytes: Int, sink: inout Sink) {
        if prefix != nil { flush(into: &sink) }
        let used = position - windowStart
        if used + bytes > windowCapacity {
            let capacity = max(used + bytes, windowCapacity * 2)
            let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: capacity)
            grown.update(from: window, count: used)
            window.deallocate()
            window = grown
            windowCapacity = capacity
        }
    }

    /// The prefix is complete: it stays aside, and the window starts after it.
    private mutating func endPrefix() {
        let length = position - windowStart
        let kept = UnsafeMutablePointer<UInt8>.allocate(capacity: length)
        kept.update(from: window, count: length)
        prefix = kept
        windowStart = position
        if windowCapacity > chunkSize {
            window.deallocate()
            windowCapacity = chunkSize
            window = .allocate(capacity: windowCapacity)
        }
    }

    /// Hands the gathered bytes to the sink.
    private mutating func flush(into sink: inout Sink) {
        let length = position - windowStart
        guard length > 0 else { return }
        if !failed, !sink.put(UnsafeRawBufferPointer(start: window, count: length), at: windowStart) { failed = true }
        windowStart = position
    }

    // MARK: - Objects

    /// The byte at archive position `position` (in the window).
    @inline(__always)
    private func at(_ position: Int) -> UnsafeMutablePointer<UInt8> { window + (position - windowStart) }

    @inline(__always)
    private mutating func place(_ uid: Int, _ ref: Int) {
        setPrefixReference(objectsSlots + uid * referenceSize, ref)
    }

    @inline(__always)
    private mutating func put(_ byte: UInt8) {
        at(position).pointee = byte
        position += 1
    }

    @inline(__always)
    private mutating func putBigEndian(_ value: UInt64, _ size: Int) {
        Self.store(value, size, at(position))
        position += size
    }

    @inline(__always)
    private static func store(_ value: UInt64, _ size: Int, _ target: UnsafeMutablePointer<UInt8>) {
        switch size {
        case 1: target.pointee = UInt8(truncatingIfNeeded: value)
        case 2: UnsafeMutableRawPointer(target).storeBytes(of: UInt16(truncatingIfNeeded: value).bigEndian, as: UInt16.self)
        case 4: UnsafeMutableRawPointer(target).storeBytes(of: UInt32(truncatingIfNeeded: value).bigEndian, as: UInt32.self)
        default: UnsafeMutableRawPointer(target).storeBytes(of: value.bigEndian, as: UInt64.self)
        }
    }

    /// Numbers a new object starting at the current position.
    @inline(__always)
    private mutating func begin() -> Int {
        starts.object(count, startsAt: position)
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

    /// Fills the reference slot at archive position `slot`, which is in the window.
    @inline(__always)
    private mutating func setReference(_ slot: Int, _ ref: Int) {
        Self.store(UInt64(truncatingIfNeeded: ref), referenceSize, at(slot))
    }

    /// Fills a reference slot of the prefix.
    @inline(__always)
    private mutating func setPrefixReference(_ slot: Int, _ ref: Int) {
        let target = prefix.map { $0 + slot } ?? at(slot)
        Self.store(UInt64(truncatingIfNeeded: ref), referenceSize, target)
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
        let hash = UniquingHash.hash(at(start), position - start)
        return commit(from: start, hash: hash, .integer(value), Locator(.integer, Int(value)))
    }

    @inline(__always)
    private mutating func real(_ value: Double, _ locator: Locator) -> Int {
        let start = position
        let bits = value.bitPattern
        let target = at(start)
        target.pointee = 0x23
        UnsafeMutableRawPointer(target + 1).storeBytes(of: bits.bigEndian, as: UInt64.self)
        position += 9
        return commit(from: start, hash: UniquingHash.hashNine(marker: 0x23, bits), .real(bits), locator)
    }

    private mutating func fixedString(_ text: FixedText) -> Int {
        let ref = fixedRefs[text.rawValue]
        if ref >= 0 { return ref }
        let made = stringFromUTF8(Self.utf8(of: text), Locator(.fixed, text.rawValue))
        fixedRefs[text.rawValue] = made
        return made
    }

    private static func utf8(of text: FixedText) -> UnsafeBufferPointer<UInt8> {
        let text = text.text
        return UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount)
    }

    @inline(__always)
    private mutating func string(_ text: String, _ locator: Locator) -> Int {
        // (Native strings lend their UTF-8 without a copy or a retain.)
        if let ref = text.utf8.withContiguousStorageIfAvailable({ stringFromUTF8($0, locator) }) { return ref }
        var text = text
        return text.withUTF8 { stringFromUTF8($0, locator) }
    }

    private mutating func idString(_ id: UUID) -> Int {
        let ref = begin()
        put(0x5F)
        put(0x10)
        put(36)
        UUIDText.write(id, into: at(position))
        position += 36
        return ref
    }

    /// A string (ASCII as type 0x5, anything else as UTF-16BE type 0x6), stored once.
    @inline(__always)
    private mutating func stringFromUTF8(_ utf8: UnsafeBufferPointer<UInt8>, _ locator: Locator) -> Int {
        let start = position
        var combined: UInt8 = 0
        for byte in utf8 { combined |= byte }
        if combined < 0x80 {
            putHeader(0x5, utf8.count)
            if let source = utf8.baseAddress { at(position).update(from: source, count: utf8.count) }
            position += utf8.count
        } else {
            var units = 0
            for byte in utf8 {
                if byte & 0xC0 != 0x80 { units += 1 }
                if byte >= 0xF0 { units += 1 }
            }
            putHeader(0x6, units)
            BinaryPropertyListBuilder.writeUTF16BigEndian(utf8, at(position))
            position += 2 * units
        }
        return commit(from: start, hash: UniquingHash.string(utf8), .utf8(utf8), locator)
    }

    /// Makes the bytes from `start` an object, unless an equal value already is one: then
    /// drops them and returns the existing reference.
    @inline(__always)
    private mutating func commit(from start: Int, hash: UInt64, _ candidate: Candidate, _ locator: Locator) -> Int {
        let tag = UniqueTable.tag(hash)
        var index = unique.firstSlot(hash)
        while true {
            let slot = unique.slots[index]
            if slot == 0 { break }
            if slot & UniqueTable.tagMask == tag {
                let ordinal = Int(slot & ~UniqueTable.tagMask) - 1
                if equal(Locator(bits: unique.locators[ordinal]), candidate) {
                    position = start
                    return Int(unique.references[ordinal])
                }
            }
            index += 1
            if index == unique.slotCount { index = 0 }
        }
        let ref = count
        starts.object(ref, startsAt: start)
        count += 1
        unique.insert(at: index, tag: tag, reference: ref, locator: locator)
        return ref
    }

    /// Whether the value an earlier object was made from equals `candidate`, byte for byte
    /// (so strings compare by their UTF-8, not by Unicode equivalence).
    private func equal(_ stored: Locator, _ candidate: Candidate) -> Bool {
        guard let kind = stored.kind else { return false }
        switch candidate {
        case .integer(let value):
            return kind == .integer && stored.payload == Int(value)
        case .real(let bits):
            return storedReal(kind, stored)?.bitPattern == bits
        case .utf8(let bytes):
            return withStoredUTF8(kind, stored) { storedBytes in
                guard storedBytes.count == bytes.count else { return false }
                guard let stored = storedBytes.baseAddress, let offered = bytes.baseAddress else { return true }
                return memcmp(stored, offered, bytes.count) == 0
            } ?? false
        }
    }

    private func item(_ locator: Locator) -> UnsafePointer<ToDoItem>? {
        let items = locator.section == 0 ? sections.0 : sections.1
        guard let base = items.baseAddress, locator.index < items.count else { return nil }
        return base + locator.index
    }

    private func storedReal(_ kind: Locator.Kind, _ locator: Locator) -> Double? {
        switch kind {
        case .createdAt: item(locator)?.pointee.createdAt.timeIntervalSince1970
        case .due: item(locator)?.pointee.due?.timeIntervalSince1970
        case .latitude: item(locator)?.pointee.location?.coordinate?.latitude
        case .longitude: item(locator)?.pointee.location?.coordinate?.longitude
        default: nil
        }
    }

    private func withStoredUTF8(_ kind: Locator.Kind, _ locator: Locator, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool? {
        let text: String?
        switch kind {
        case .fixed:
            guard let fixed = FixedText(rawValue: locator.payload) else { return nil }
            return body(Self.utf8(of: fixed))
        case .title: text = item(locator)?.pointee.title
        case .notes: text = item(locator)?.pointee.notes
        case .locationName: text = item(locator)?.pointee.location?.name
        default: return nil
        }
        guard var text else { return nil }
        return text.withUTF8(body)
    }

    /// The offset table and trailer, then the prefix; returns the total length.
    private mutating func finish(into sink: inout Sink) -> Int {
        let tableStart = position
        let offsetSize = BinaryPropertyListBuilder.byteCount(UInt64(tableStart))
        starts.end(at: tableStart, count: count)
        let perChunk = max(chunkSize / 8, 1)
        var index = 0
        var offsets = starts.makeIterator()
        while index < count {
            let end = min(count, index + perChunk)
            ensure((end - index) * offsetSize, sink: &sink)
            while index < end {
                putBigEndian(UInt64(offsets.next()), offsetSize)
                index += 1
            }
        }
        assert(offsets.offset == tableStart, "objects follow one another")
        ensure(32, sink: &sink)
        for _ in 0..<6 { put(0) }
        put(UInt8(offsetSize))
        put(UInt8(referenceSize))
        putBigEndian(UInt64(count), 8)
        putBigEndian(0, 8)
        putBigEndian(UInt64(tableStart), 8)
        flush(into: &sink)
        if let prefix, !failed, !sink.put(UnsafeRawBufferPointer(start: prefix, count: objectsSlots + totalArchiveObjects * referenceSize), at: 0) {
            failed = true
        }
        return position
    }
}

/// Where a uniqued object's value comes from, so that a later equal value can be
/// recognised without reading back bytes that have left for the sink: a kind in the top
/// four bits; for item fields, the section in bit 27 and the item's index below it.
fileprivate struct Locator {
    static let maximumIndex = 1 << 27
    let bits: UInt32

    enum Kind: UInt32 {
        case fixed, integer, title, notes, locationName, createdAt, due, latitude, longitude
    }

    @inline(__always) init(bits: UInt32) { self.bits = bits }
    @inline(__always) init(_ kind: Kind, _ payload: Int) {
        bits = kind.rawValue << 28 | UInt32(truncatingIfNeeded: payload)
    }
    /// An item's field: `item` is ``itemPayload(section:index:)``.
    @inline(__always) static func itemPayload(section: Int, index: Int) -> Int { section << 27 | index }

    @inline(__always) var kind: Kind? { Kind(rawValue: bits >> 28) }
    @inline(__always) var payload: Int { Int(bits & 0x0FFF_FFFF) }
    @inline(__always) var section: Int { payload >> 27 }
    @inline(__always) var index: Int { payload & (Self.maximumIndex - 1) }
}

/// The strings the archive itself names: keys, class names and the archive's own.
fileprivate enum FixedText: Int {
    case id, title, itemDescription, timestamp, createdAt, location
    case name, latitude, longitude, formatVersion, toDoItems, doneItems
    case objects, classKey
    case version, objectsKey, archiver, top, null, archiverName, root
    case className, classes, toDoList, array, toDoItem, locationClass, object
    static let count = 28

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
        case .version: "$version"
        case .objectsKey: "$objects"
        case .archiver: "$archiver"
        case .top: "$top"
        case .null: "$null"
        case .archiverName: "NSKeyedArchiver"
        case .root: "root"
        case .className: "$classname"
        case .classes: "$classes"
        case .toDoList: "ToDoList"
        case .array: "NSArray"
        case .toDoItem: "ToDoItem"
        case .locationClass: "Location"
        case .object: "NSObject"
        }
    }
}

/// A value offered for uniquing.
fileprivate enum Candidate {
    case utf8(UnsafeBufferPointer<UInt8>)
    case real(UInt64)
    case integer(UInt64)
}

/// The uniquing table of the direct encoder: open addressing over 32-bit slots, each an
/// 8-bit hash tag and the value's ordinal + 1 (0 is empty); per ordinal, the value's plist
/// reference and where it came from. About 9 bytes per distinct value in all, touched only
/// as far as used, so a save of a large list stays small.
fileprivate struct UniqueTable {
    /// Ordinals must fit below the tag.
    static let maximumCount = (1 << 24) - 1
    static let tagMask: UInt32 = 0xFF00_0000

    let slots: UnsafeMutablePointer<UInt32>
    let slotCount: Int
    let references: UnsafeMutablePointer<UInt32>
    let locators: UnsafeMutablePointer<UInt32>
    private(set) var count = 0

    /// Room for `capacity` values, the slots at most 70% full.
    init(capacity: Int) {
        slotCount = max(64, capacity * 10 / 7)
        // (calloc's large blocks are fresh zero pages: nothing to clear.)
        if let zeroed = calloc(slotCount, MemoryLayout<UInt32>.size) {
            slots = zeroed.assumingMemoryBound(to: UInt32.self)
        } else {
            slots = .allocate(capacity: slotCount)
            slots.initialize(repeating: 0, count: slotCount)
        }
        references = .allocate(capacity: capacity)
        locators = .allocate(capacity: capacity)
    }

    func deallocate() {
        free(slots)
        references.deallocate()
        locators.deallocate()
    }

    @inline(__always)
    static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 56) << 24 }

    /// The first slot a value of this hash probes (from the hash's low half, independent of the tag).
    @inline(__always)
    func firstSlot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: ((hash & 0xFFFF_FFFF) &* UInt64(slotCount)) >> 32)
    }

    @inline(__always)
    mutating func insert(at slot: Int, tag: UInt32, reference: Int, locator: Locator) {
        references[count] = UInt32(truncatingIfNeeded: reference)
        locators[count] = locator.bits
        count += 1
        slots[slot] = tag | UInt32(count)
    }
}

/// Where each plist object starts, kept as a byte of size per object (objects follow one
/// another without gaps from the 8-byte magic on, so the sizes add up to the offsets): a
/// quarter of the memory of 32-bit offsets. Sizes of 255 bytes and more are kept aside.
fileprivate struct ObjectStarts {
    private let sizes: UnsafeMutablePointer<UInt8>
    /// (object, size) of the objects of 255 bytes or more, in object order.
    private var large: [(object: Int, size: Int)] = []
    private var lastStart = BinaryPropertyListTrailer.magic.count

    init(sizes: UnsafeMutablePointer<UInt8>) { self.sizes = sizes }

    /// Object `object` (numbered in order) starts at `start`, where the one before it ends.
    @inline(__always)
    mutating func object(_ object: Int, startsAt start: Int) {
        if object > 0 { record(object - 1, start - lastStart) }
        lastStart = start
    }

    /// The last of `count` objects ends at `end`.
    mutating func end(at end: Int, count: Int) {
        if count > 0 { record(count - 1, end - lastStart) }
    }

    @inline(__always)
    private mutating func record(_ object: Int, _ size: Int) {
        if size < 255 {
            sizes[object] = UInt8(truncatingIfNeeded: size)
        } else {
            sizes[object] = 255
            large.append((object, size))
        }
    }

    /// The objects' offsets in order.
    func makeIterator() -> Offsets { Offsets(starts: self) }

    struct Offsets {
        fileprivate let starts: ObjectStarts
        private var object = 0
        /// Where the next object starts.
        private(set) var offset = BinaryPropertyListTrailer.magic.count
        private var largeIndex = 0

        fileprivate init(starts: ObjectStarts) { self.starts = starts }

        mutating func next() -> Int {
            let current = offset
            let size = starts.sizes[object]
            if size == 255 {
                offset += starts.large[largeIndex].size
                largeIndex += 1
            } else {
                offset += Int(size)
            }
            object += 1
            return current
        }
    }
}

/// A section's archive objects (its items' dictionaries, strings and locations; class
/// descriptions not included), and whether any of its items has a location.
struct ArchivedSection {
    var objects = 0
    var anyLocation = false
}
