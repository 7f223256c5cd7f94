import FoundationEssentials

/// Writes a ``ToDoList`` as a keyed archive: the direct writer when the list has nothing
/// it does not handle (unknown fields, titles that look like ids), the general one otherwise.
/// Both produce the same bytes.
struct KeyedArchiveEncoder: ~Copyable {
    private let list: ToDoList

    init(_ list: ToDoList) { self.list = list }

    mutating func encode() -> [UInt8] {
        if let bytes = KeyedArchiveDirectEncoder<ArchiveBytes>.encode(list) { return bytes }
        var encoder = KeyedArchiveGeneralEncoder(list)
        return encoder.encode()
    }
}

/// Writes a ``ToDoList`` as a keyed archive in one pass through ``BinaryPropertyListBuilder``.
///
/// Archive objects get UIDs in NSKeyedArchiver's order (an object before its children,
/// a class description after its first instance's children), and each archive object is
/// written to the property list in UID order, so the plist objects are numbered top-down
/// as CoreFoundation numbers them. A class's UID is one object per use, but every
/// reference goes to its first object (NSKeyedArchiver reuses one UID instance per class,
/// and CoreFoundation references an instance's first object), as the fixture shows.
struct KeyedArchiveGeneralEncoder: ~Copyable {
    private let list: ToDoList
    private var builder: BinaryPropertyListBuilder
    /// The first reference slot of the `$objects` array: slot + UID takes the object.
    private var objectsSlot = 0

    // Plist references of key strings, made when first used (-1: not yet).
    private var keyRefs = [Int](repeating: -1, count: Key.allCases.count)
    // UIDs of class descriptions, assigned when first needed (nil: not yet).
    private var classUIDs: [ArchiveClass: Int] = [:]
    // Plist references of each class's first UID object.
    private var classUIDRefs: [ArchiveClass: Int] = [:]

    enum Key: Int, CaseIterable {
        case id, title, itemDescription, timestamp, createdAt, location
        case name, latitude, longitude, formatVersion, toDoItems, doneItems
        case objects, classKey

        var text: String {
            switch self {
            case .objects: "NS.objects"
            case .classKey: "$class"
            default: "\(self)"
            }
        }
    }

    enum ArchiveClass: String {
        case list = "ToDoList", item = "ToDoItem", location = "Location", array = "NSArray"
    }

    init(_ list: ToDoList) {
        self.list = list
        // Sizes from the strings' UTF-8 lengths (UTF-16 takes at most twice as many bytes).
        var stringBytes = 0
        list.toDoItems.withUnsafeBufferPointer { items in
            for index in items.indices { stringBytes += Self.stringBytes(items[index]) }
        }
        list.doneItems.withUnsafeBufferPointer { items in
            for index in items.indices { stringBytes += Self.stringBytes(items[index]) }
        }
        builder = BinaryPropertyListBuilder(
            capacity: list.count * 14 + 32, byteCapacity: 2 * stringBytes + list.count * 60 + 1_024,
            uniqueCapacity: list.count * 5 + 64)
    }

    mutating func encode() -> [UInt8] {
        let objectCount = countObjects()
        let (top, topSlot) = builder.reserveDictionary(count: 4)
        builder.setReference(topSlot, builder.string("$version"))
        builder.setReference(topSlot + 1, builder.string("$objects"))
        builder.setReference(topSlot + 2, builder.string("$archiver"))
        builder.setReference(topSlot + 3, builder.string("$top"))
        builder.setReference(topSlot + 4, builder.integer(100_000))
        let (objects, slot) = builder.reserveArray(count: objectCount)
        objectsSlot = slot
        builder.setReference(topSlot + 5, objects)

        place(0, builder.string("$null"))
        encodeRoot()

        builder.setReference(topSlot + 6, builder.string("NSKeyedArchiver"))
        let (rootDictionary, rootSlot) = builder.reserveDictionary(count: 1)
        builder.setReference(rootSlot, builder.string("root"))
        builder.setReference(rootSlot + 1, builder.uid(1))
        builder.setReference(topSlot + 7, rootDictionary)
        return builder.finish(top: top)
    }

    // MARK: - Counting

    private static func stringBytes(_ item: ToDoItem) -> Int {
        item.title.utf8.count + (item.notes?.utf8.count ?? 0) + (item.location?.name.utf8.count ?? 0)
    }

    /// How many archive objects (UIDs) the list takes, `$null` included.
    private func countObjects() -> Int {
        var count = 1 + 1 + 2 + 2  // $null, root, two arrays, NSArray and ToDoList classes
        var anyLocation = false
        for section in [list.toDoItems, list.doneItems] {
            section.withUnsafeBufferPointer { items in
                guard let base = items.baseAddress else { return }
                for index in items.indices { count += Self.count(base + index, &anyLocation) }
            }
        }
        if !list.isEmpty { count += 1 }
        if anyLocation { count += 1 }
        count += Self.count(list.unknownFields)
        return count
    }

    private static func count(_ item: UnsafePointer<ToDoItem>, _ anyLocation: inout Bool) -> Int {
        var count = 3 + (item.pointee.notes == nil ? 0 : 1)
        if !item.pointee.unknownFields.isEmpty { count += Self.count(item.pointee.unknownFields) }
        if item.pointee.location != nil {
            anyLocation = true
            count += 2
            if let fields = item.pointee.location?.unknownFields, !fields.isEmpty { count += Self.count(fields) }
        }
        return count
    }

    private static func count(_ fields: UnknownFields) -> Int {
        fields.isEmpty ? 0 : fields.values.values.reduce(0) { $0 + count($1) }
    }

    /// How many archive objects an unknown value makes.
    static func count(_ value: ArchivedValue) -> Int {
        switch value {
        case .value: 0
        case .object(let inner): 1 + count(inner)
        case .array(let elements), .set(let elements): elements.reduce(0) { $0 + count($1) }
        case .dictionary(let entries): entries.values.reduce(0) { $0 + count($1) }
        }
    }

    // MARK: - Objects

    @inline(__always)
    private mutating func place(_ uid: Int, _ ref: Int) {
        builder.setReference(objectsSlot + uid, ref)
    }

    @inline(__always)
    private mutating func key(_ key: Key) -> Int {
        let ref = keyRefs[key.rawValue]
        if ref >= 0 { return ref }
        let made = builder.string(key.text)
        keyRefs[key.rawValue] = made
        return made
    }

    /// The class UID, assigning `next` (and advancing it) if the class has none yet.
    @inline(__always)
    private mutating func classUID(_ archiveClass: ArchiveClass, _ next: inout Int) -> (uid: Int, isNew: Bool) {
        if let uid = classUIDs[archiveClass] { return (uid, false) }
        classUIDs[archiveClass] = next
        next += 1
        return (next - 1, true)
    }

    /// A class UID object for a `$class` value at `slot`: written where it stands, but the
    /// slot references the class's first UID object when there is one.
    @inline(__always)
    private mutating func classReference(_ archiveClass: ArchiveClass, slot: Int) -> Int {
        let ref = builder.uid(UInt64(classUIDs[archiveClass] ?? 0))
        if let first = classUIDRefs[archiveClass] {
            builder.setReference(slot, first)
        } else {
            classUIDRefs[archiveClass] = ref
            builder.setReference(slot, ref)
        }
        return ref
    }

    private mutating func encodeClass(_ archiveClass: ArchiveClass, uid: Int) {
        let (ref, slot) = builder.reserveDictionary(count: 2)
        builder.setReference(slot, builder.string("$classname"))
        builder.setReference(slot + 1, builder.string("$classes"))
        builder.setReference(slot + 2, builder.string(archiveClass.rawValue))
        let (classes, classesSlot) = builder.reserveArray(count: 2)
        builder.setReference(classesSlot, builder.string(archiveClass.rawValue))
        builder.setReference(classesSlot + 1, builder.string("NSObject"))
        builder.setReference(slot + 3, classes)
        place(uid, ref)
    }

    private mutating func encodeRoot() {
        let unknown = sortedUnknown(list.unknownFields)
        let (ref, slot) = builder.reserveDictionary(count: 4 + unknown.count)
        place(1, ref)
        let pairs = 4 + unknown.count
        builder.setReference(slot, key(.formatVersion))
        builder.setReference(slot + 1, key(.toDoItems))
        builder.setReference(slot + 2, key(.doneItems))
        for (index, entry) in unknown.enumerated() { builder.setReference(slot + 3 + index, builder.string(entry.key)) }
        builder.setReference(slot + pairs - 1, key(.classKey))

        builder.setReference(slot + pairs, builder.integer(Int64(KeyedArchive.formatVersion)))
        let toDoUID = builder.uid(2)
        builder.setReference(slot + pairs + 1, toDoUID)
        let doneUID = builder.uid(0)
        builder.setReference(slot + pairs + 2, doneUID)
        var pendingRoot: [(ArchivedValue, Int)] = []
        var unknownNext = 0
        var unknownSlots: [Int] = []
        for index in unknown.indices { unknownSlots.append(slot + pairs + 3 + index) }
        let classRef = classReference(.list, slot: slot + 2 * pairs - 1)
        // Unknown root values are numbered after the arrays; write them once those are known.
        var next = 2
        next = encodeArray(list.toDoItems, uid: next)
        builder.setUID(doneUID, UInt64(next))
        next = encodeArray(list.doneItems, uid: next)
        unknownNext = next
        for (index, entry) in unknown.enumerated() {
            builder.setReference(unknownSlots[index], addInline(entry.value, &unknownNext, &pendingRoot))
        }
        for (value, uid) in pendingRoot { encodeObject(value, uid: uid) }
        next = unknownNext
        let (listClass, _) = classUID(.list, &next)
        builder.setUID(classRef, UInt64(listClass))
        encodeClass(.list, uid: listClass)
    }

    /// Writes an NSArray of items at `uid`; returns the next free UID.
    private mutating func encodeArray(_ items: [ToDoItem], uid: Int) -> Int {
        let (ref, slot) = builder.reserveDictionary(count: 2)
        place(uid, ref)
        builder.setReference(slot, key(.objects))
        builder.setReference(slot + 1, key(.classKey))
        let (elements, elementsSlot) = builder.reserveArray(count: items.count)
        builder.setReference(slot + 2, elements)
        var uids: [Int] = []
        uids.reserveCapacity(items.count)
        for index in items.indices { uids.append(builder.uid(0)); builder.setReference(elementsSlot + index, uids[index]) }
        let classRef = classReference(.array, slot: slot + 3)
        var next = uid + 1
        items.withUnsafeBufferPointer { items in
            guard let base = items.baseAddress else { return }
            if !items.isEmpty { prefetchScalars(base) }
            for index in items.indices {
                // The next item's uniquing-table misses overlap with this item's work.
                if index + 1 < items.count { prefetchScalars(base + index + 1) }
                builder.setUID(uids[index], UInt64(next))
                next = encodeItem(base + index, uid: next)
            }
        }
        let (arrayClass, isNew) = classUID(.array, &next)
        builder.setUID(classRef, UInt64(arrayClass))
        if isNew { encodeClass(.array, uid: arrayClass) }
        return next
    }

    /// Starts the uniquing table's cache misses for an item's reals and strings.
    @inline(__always)
    private mutating func prefetchScalars(_ item: UnsafePointer<ToDoItem>) {
        builder.prefetchString(item.pointee.title)
        if let notes = item.pointee.notes { builder.prefetchString(notes) }
        builder.prefetchReal(item.pointee.createdAt.timeIntervalSince1970)
        if let due = item.pointee.due { builder.prefetchReal(due.timeIntervalSince1970) }
        if let coordinate = item.pointee.location?.coordinate {
            builder.prefetchReal(coordinate.latitude)
            builder.prefetchReal(coordinate.longitude)
        }
    }

    /// Writes an item and its children from `uid`; returns the next free UID.
    private mutating func encodeItem(_ item: UnsafePointer<ToDoItem>, uid: Int) -> Int {
        // (A pointer, not a value: passing an element to a mutating method would copy it.)
        let unknown = sortedUnknown(item.pointee.unknownFields)
        let hasNotes = item.pointee.notes != nil
        let pairs = 4 + (hasNotes ? 1 : 0) + (item.pointee.due == nil ? 0 : 1) + (item.pointee.location == nil ? 0 : 1) + unknown.count
        let (ref, slot) = builder.reserveDictionary(count: pairs)
        place(uid, ref)
        var keyIndex = slot
        var valueIndex = slot + pairs
        // Keys first, as CoreFoundation numbers a dictionary's keys before its values.
        builder.setReference(keyIndex, key(.id)); keyIndex += 1
        builder.setReference(keyIndex, key(.title)); keyIndex += 1
        if hasNotes { builder.setReference(keyIndex, key(.itemDescription)); keyIndex += 1 }
        if item.pointee.due != nil { builder.setReference(keyIndex, key(.timestamp)); keyIndex += 1 }
        builder.setReference(keyIndex, key(.createdAt)); keyIndex += 1
        if item.pointee.location != nil { builder.setReference(keyIndex, key(.location)); keyIndex += 1 }
        for entry in unknown { builder.setReference(keyIndex, builder.string(entry.key)); keyIndex += 1 }
        builder.setReference(keyIndex, key(.classKey))

        var next = uid + 1
        let idUID = next; next += 1
        let titleUID = next; next += 1
        let notesUID = hasNotes ? next : 0
        if hasNotes { next += 1 }
        builder.setReference(valueIndex, builder.uid(UInt64(idUID))); valueIndex += 1
        builder.setReference(valueIndex, builder.uid(UInt64(titleUID))); valueIndex += 1
        if hasNotes { builder.setReference(valueIndex, builder.uid(UInt64(notesUID))); valueIndex += 1 }
        if let due = item.pointee.due { builder.setReference(valueIndex, builder.real(due.timeIntervalSince1970)); valueIndex += 1 }
        builder.setReference(valueIndex, builder.real(item.pointee.createdAt.timeIntervalSince1970)); valueIndex += 1
        var locationUID = 0
        if let location = item.pointee.location {
            locationUID = next
            next += 2 + Self.count(location.unknownFields)
            if classUIDs[.location] == nil { next += 1 }
            builder.setReference(valueIndex, builder.uid(UInt64(locationUID))); valueIndex += 1
        }
        var pending: [(ArchivedValue, Int)] = []
        for entry in unknown {
            builder.setReference(valueIndex, addInline(entry.value, &next, &pending)); valueIndex += 1
        }
        let classRef = classReference(.item, slot: valueIndex)

        // Children, in UID order.
        place(idUID, idString(item.pointee.id))
        place(titleUID, builder.string(item.pointee.title))
        if let notes = item.pointee.notes { place(notesUID, builder.string(notes)) }
        if let location = item.pointee.location { encodeLocation(location, uid: locationUID) }
        for (value, objectUID) in pending { encodeObject(value, uid: objectUID) }
        let (itemClass, isNew) = classUID(.item, &next)
        builder.setUID(classRef, UInt64(itemClass))
        if isNew { encodeClass(.item, uid: itemClass) }
        return next
    }

    private mutating func encodeLocation(_ location: Location, uid: Int) {
        let unknown = sortedUnknown(location.unknownFields)
        let coordinate = location.coordinate
        let pairs = 2 + (coordinate == nil ? 0 : 2) + unknown.count
        let (ref, slot) = builder.reserveDictionary(count: pairs)
        place(uid, ref)
        var keyIndex = slot
        builder.setReference(keyIndex, key(.name)); keyIndex += 1
        if coordinate != nil {
            builder.setReference(keyIndex, key(.latitude)); keyIndex += 1
            builder.setReference(keyIndex, key(.longitude)); keyIndex += 1
        }
        for entry in unknown { builder.setReference(keyIndex, builder.string(entry.key)); keyIndex += 1 }
        builder.setReference(keyIndex, key(.classKey))

        var valueIndex = slot + pairs
        var next = uid + 1
        let nameUID = next; next += 1
        builder.setReference(valueIndex, builder.uid(UInt64(nameUID))); valueIndex += 1
        if let coordinate {
            builder.setReference(valueIndex, builder.real(coordinate.latitude)); valueIndex += 1
            builder.setReference(valueIndex, builder.real(coordinate.longitude)); valueIndex += 1
        }
        var pending: [(ArchivedValue, Int)] = []
        for entry in unknown {
            builder.setReference(valueIndex, addInline(entry.value, &next, &pending)); valueIndex += 1
        }
        let classRef = classReference(.location, slot: valueIndex)
        place(nameUID, builder.string(location.name))
        for (value, objectUID) in pending { encodeObject(value, uid: objectUID) }
        let (locationClass, isNew) = classUID(.location, &next)
        builder.setUID(classRef, UInt64(locationClass))
        if isNew { encodeClass(.location, uid: locationClass) }
    }

    private mutating func idString(_ id: UUID) -> Int {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 36) { buffer -> Int in
            guard let base = buffer.baseAddress else { return builder.string(id.uuidString) }
            UUIDText.write(id, into: base)
            return builder.stringFromUTF8(UnsafeBufferPointer(start: base, count: 36), unique: false)
        }
    }

    // MARK: - Unknown values

    private func sortedUnknown(_ fields: UnknownFields) -> [(key: String, value: ArchivedValue)] {
        if fields.isEmpty { return [] }
        return fields.values.sorted { $0.key < $1.key }.map { (key: $0.key, value: $0.value) }
    }

    /// Adds an unknown value where it stands (a key's value or a container element).
    /// Objects it refers to get UIDs from `next` and are queued in `pending`, to be written
    /// after the object that refers to them.
    private mutating func addInline(_ value: ArchivedValue, _ next: inout Int, _ pending: inout [(ArchivedValue, Int)]) -> Int {
        switch value {
        case .value(let plain):
            return addPlain(plain)
        case .object(let inner):
            let uid = next
            next += 1 + Self.count(inner)
            pending.append((inner, uid))
            return builder.uid(UInt64(uid))
        case .array(let elements), .set(let elements):
            let isSet: Bool
            if case .set = value { isSet = true } else { isSet = false }
            let (ref, slot) = isSet ? builder.reserveSet(count: elements.count) : builder.reserveArray(count: elements.count)
            for (index, element) in elements.enumerated() {
                builder.setReference(slot + index, addInline(element, &next, &pending))
            }
            return ref
        case .dictionary(let entries):
            let sorted = entries.sorted { $0.key < $1.key }
            let (ref, slot) = builder.reserveDictionary(count: sorted.count)
            for (index, entry) in sorted.enumerated() { builder.setReference(slot + index, builder.string(entry.key)) }
            for (index, entry) in sorted.enumerated() {
                builder.setReference(slot + sorted.count + index, addInline(entry.value, &next, &pending))
            }
            return ref
        }
    }

    /// Writes an archive object of an unknown value at `uid`, then the objects it refers to.
    private mutating func encodeObject(_ value: ArchivedValue, uid: Int) {
        var next = uid + 1
        var pending: [(ArchivedValue, Int)] = []
        place(uid, addInline(value, &next, &pending))
        for (inner, innerUID) in pending { encodeObject(inner, uid: innerUID) }
    }

    /// A plain value; a UID inside it (which cannot point anywhere now) is written as nil.
    private mutating func addPlain(_ value: PropertyListValue) -> Int {
        switch value {
        case .uid: return builder.uid(0)
        case .array(let elements), .set(let elements):
            let isSet: Bool
            if case .set = value { isSet = true } else { isSet = false }
            let (ref, slot) = isSet ? builder.reserveSet(count: elements.count) : builder.reserveArray(count: elements.count)
            for (index, element) in elements.enumerated() { builder.setReference(slot + index, addPlain(element)) }
            return ref
        case .dictionary(let dictionary):
            let entries = dictionary.entries
            let (ref, slot) = builder.reserveDictionary(count: entries.count)
            for (index, entry) in entries.enumerated() { builder.setReference(slot + index, builder.string(entry.key)) }
            for (index, entry) in entries.enumerated() { builder.setReference(slot + entries.count + index, addPlain(entry.value)) }
            return ref
        default:
            return builder.add(value)
        }
    }
}
