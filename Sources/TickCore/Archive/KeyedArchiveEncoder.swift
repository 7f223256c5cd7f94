import FoundationEssentials

/// Writes a ``ToDoList`` as a keyed archive in a binary property list, its object count
/// estimated first (``ArchiveSize``), then in one pass over the list, following the schema
/// (``ArchiveSchema``): each object's keys in the schema's order, absent optional values
/// left out, then the keys tick does not know (written back as they were read), then `$class`.
///
/// Archive objects get their UIDs in NSKeyedArchiver's order: as they are met, a class
/// description after the first object of its class (the root is 1, `$objects[0]` is
/// `$null`); each plist object is written after the objects it refers to, and `$objects`
/// and the top dictionary come last.
struct KeyedArchiveEncoder {
    private var builder: BinaryPropertyListBuilder
    /// Per archive UID: the plist reference of its object.
    private var archiveRefs: [Int] = []
    /// The key strings' references, by ``ArchiveKey`` index (-1 until written).
    private var keyRefs = [Int](repeating: -1, count: ArchiveKey.count)
    /// The references of the UIDs of the class descriptions, by ``ArchiveClass`` index (-1
    /// until written): every object of a class refers to its description by the same one.
    private var classRefs = [Int](repeating: -1, count: ArchiveClass.allCases.count)
    /// Key and value references of the dictionaries being written, in turn, in
    /// `pairs[0..<pairCount]`; each object pushes its pairs above those of the objects it is
    /// inside of. (Made here, freed by ``encode(_:into:)``, made larger by ``push(_:_:)``.)
    private var pairs = UnsafeMutableBufferPointer<Int>.allocate(capacity: 64)
    private var pairCount = 0

    private init(builder: BinaryPropertyListBuilder, objects: Int) {
        self.builder = builder
        archiveRefs.reserveCapacity(objects / 2)
    }

    /// The archive of a list, in memory.
    static func encode(_ list: ToDoList) -> [UInt8] {
        let objects = ArchiveSize(list).objects
        var file: [UInt8] = []
        // Room for 32 bytes an object, a little more than an object of a typical list takes,
        // made at once: growing a large file step by step copies it each time.
        file.reserveCapacity(32 * objects)
        encode(list, into: &file, objects: objects)
        return file
    }

    /// Writes the archive of a list to `sink`, in order; `objects` is the list's estimate
    /// (``ArchiveSize``) when it is made already.
    static func encode(_ list: ToDoList, into sink: inout some ByteSink, objects: Int? = nil) {
        var size = objects ?? ArchiveSize(list).objects
        while true {
            let count = BinaryPropertyListBuilder.build(objects: size, into: { sink.write($0) }) { builder in
                var encoder = KeyedArchiveEncoder(builder: builder, objects: size)
                let top = encoder.write(list)
                encoder.pairs.deallocate()
                builder = encoder.builder
                return top
            }
            // (When the count needs another reference size than the estimate, the list is
            // written again with it.)
            if BinaryPropertyListBuilder.referenceSize(for: count) == BinaryPropertyListBuilder.referenceSize(for: size) {
                return
            }
            size = count
            sink.restart()
        }
    }

    // MARK: - The archive

    private mutating func write(_ list: ToDoList) -> Int {
        archiveRefs.append(builder.string(ArchiveTop.null))
        let rootUID = newUID()
        archiveRefs[rootUID] = writeList(list)
        let objects = builder.array(archiveRefs)
        let root = builder.dictionary(keys: [builder.string(ArchiveTop.rootKey)], values: [builder.uid(UInt64(rootUID))])
        let keys = [ArchiveTop.versionKey, ArchiveTop.archiverKey, ArchiveTop.topKey, ArchiveTop.objectsKey].map { builder.string($0) }
        let values = [builder.integer(ArchiveTop.version), builder.string(ArchiveTop.archiver), root, objects]
        return builder.dictionary(keys: keys, values: values)
    }

    private mutating func writeList(_ list: ToDoList) -> Int {
        let mark = begin(.list)
        for key in ArchiveSchema.keys(of: .list) {
            switch key {
            case .formatVersion: add(.formatVersion, builder.integer(Int64(KeyedArchive.formatVersion)))
            case .toDoItems: add(.toDoItems, reference(writeSection(list.toDoItems)))
            case .doneItems: add(.doneItems, reference(writeSection(list.doneItems)))
            default: break
            }
        }
        return end(nil, mark, unknown: list.unknownFields)
    }

    /// A section's NSArray object; returns its UID. (Items are read in place through a
    /// pointer: a copy of each would retain its strings.)
    private mutating func writeSection(_ items: SectionItems) -> Int {
        writeArray(items.count) { encoder, index in items.withItem(at: index) { encoder.reference(encoder.writeItem($0)) } }
    }

    /// An NSArray object of `count` elements, the UID of each written by `element(self,
    /// index)` in order; returns its UID.
    private mutating func writeArray(_ count: Int, _ element: (inout Self, Int) -> Int) -> Int {
        let uid = newUID()
        var elements: [Int] = []
        elements.reserveCapacity(count)
        for index in 0..<count { elements.append(element(&self, index)) }
        let mark = begin(.array)
        add(.objects, builder.array(elements))
        return end(uid, mark, unknown: UnknownFields())
    }

    /// A UUID's uppercase text as a plist string.
    private mutating func uuidText(_ id: UUID) -> Int {
        builder.asciiString(count: 36) { if let base = $0.baseAddress { UUIDText.write(id, into: base) } }
    }

    /// An item's object; returns its UID. Its keys are written in the schema's order as
    /// straight-line code (a loop over the schema's keys cost a mispredicted jump a key;
    /// ArchiveSchemaTests checks the order), the rare fields only when the item has them.
    private mutating func writeItem(_ pointer: UnsafePointer<ToDoItem>) -> Int {
        let uid = newUID()
        let mark = begin(.item)
        add(.id, object(plist: uuidText(pointer.pointee.id)))
        add(.title, object(plist: builder.string(pointer.pointee.title)))
        if let notes = pointer.pointee.notes { add(.itemDescription, object(plist: builder.string(notes))) }
        if let due = pointer.pointee.due { add(.timestamp, builder.real(due.timeIntervalSince1970)) }
        if pointer.pointee.dueIsDay { add(.dueIsDate, builder.bool(true)) }
        add(.createdAt, builder.real(pointer.pointee.createdAt.timeIntervalSince1970))
        if let date = pointer.pointee.modifiedAt { add(.modifiedAt, builder.real(date.timeIntervalSince1970)) }
        if let date = pointer.pointee.completedAt { add(.completedAt, builder.real(date.timeIntervalSince1970)) }
        guard pointer.pointee.hasRareFields else { return end(uid, mark, unknown: UnknownFields()) }
        if let location = pointer.pointee.location { add(.location, reference(writeLocation(location))) }
        if let priority = pointer.pointee.priority { add(.priority, builder.integer(Int64(priority))) }
        if case let tags = pointer.pointee.tags, !tags.isEmpty { add(.tags, reference(writeArray(tags.count) { $0.object(plist: $0.builder.string(tags[$1])) })) }
        if let rule = pointer.pointee.recurrence { add(.recurrence, object(plist: builder.string(rule))) }
        if let parent = pointer.pointee.parent { add(.parent, object(plist: uuidText(parent))) }
        if let text = pointer.pointee.externalUID { add(.iCalendarUID, object(plist: builder.string(text))) }
        if let text = pointer.pointee.iCalendarExtras { add(.iCalendarExtras, object(plist: builder.string(text))) }
        if let text = pointer.pointee.taskwarriorExtras { add(.taskwarriorExtras, object(plist: builder.string(text))) }
        return end(uid, mark, unknown: pointer.pointee.unknownFields)
    }

    /// A location's object; returns its UID.
    private mutating func writeLocation(_ location: Location) -> Int {
        let uid = newUID()
        let mark = begin(.location)
        for key in ArchiveSchema.keys(of: .location) {
            switch key {
            case .name: add(.name, object(plist: builder.string(location.name)))
            case .latitude: if let coordinate = location.coordinate { add(.latitude, builder.real(coordinate.latitude)) }
            case .longitude: if let coordinate = location.coordinate { add(.longitude, builder.real(coordinate.longitude)) }
            default: break
            }
        }
        return end(uid, mark, unknown: location.unknownFields)
    }

    // MARK: - Objects

    /// A new archive UID, whose object is written later.
    private mutating func newUID() -> Int {
        archiveRefs.append(-1)
        return archiveRefs.count - 1
    }

    /// A UID value referring to the archive object with this UID.
    private mutating func reference(_ uid: Int) -> Int {
        builder.uid(UInt64(uid))
    }

    /// A UID value referring to the plist object `ref`, made an archive object of its own.
    private mutating func object(plist ref: Int) -> Int {
        let uid = newUID()
        archiveRefs[uid] = ref
        return builder.uid(UInt64(uid))
    }

    /// Starts an object of a class; returns where its pairs start. (Its `$class` is added
    /// at its end: NSKeyedArchiver numbers a class description after the object's values.)
    private func begin(_ archiveClass: ArchiveClass) -> (mark: Int, archiveClass: ArchiveClass) { (pairCount, archiveClass) }

    /// Adds a key and its value's reference to the object being written.
    @inline(__always) private mutating func add(_ key: ArchiveKey, _ value: Int) {
        var keyRef = keyRefs[key.index]
        if keyRef < 0 {
            keyRef = builder.string(key.rawValue)
            keyRefs[key.index] = keyRef
        }
        push(keyRef, value)
    }

    /// Pushes a key's and its value's references onto `pairs`.
    @inline(__always) private mutating func push(_ key: Int, _ value: Int) {
        if pairCount + 2 > pairs.count { pairs = BinaryPropertyListBuilder.doubled(pairs) }
        pairs[pairCount] = key
        pairs[pairCount + 1] = value
        pairCount += 2
    }

    /// Writes the object begun at `mark`: its known keys, the unknown ones, then `$class`;
    /// returns its UID, when it has one, else its plist reference.
    private mutating func end(_ uid: Int?, _ start: (mark: Int, archiveClass: ArchiveClass), unknown: UnknownFields) -> Int {
        let mark = start.mark
        for key in unknown.isEmpty ? [] : unknown.values.keys.sorted() {
            guard let value = unknown.values[key] else { continue }
            let valueRef = writeArchived(value)
            push(builder.string(key), valueRef)
        }
        add(.classKey, classReference(start.archiveClass))
        let ref = builder.dictionary(pairs: UnsafeBufferPointer(rebasing: pairs[mark..<pairCount]))
        pairCount = mark
        guard let uid else { return ref }
        archiveRefs[uid] = ref
        return uid
    }

    /// A UID referring to a class's description, both written the first time they are needed.
    private mutating func classReference(_ archiveClass: ArchiveClass) -> Int {
        if classRefs[archiveClass.index] >= 0 { return classRefs[archiveClass.index] }
        let uid = newUID()
        let keys = [builder.string(ArchiveKey.className.rawValue), builder.string(ArchiveKey.classes.rawValue)]
        let values = [builder.string(archiveClass.rawValue), builder.array(archiveClass.hierarchy.map { builder.string($0) })]
        archiveRefs[uid] = builder.dictionary(keys: keys, values: values)
        classRefs[archiveClass.index] = reference(uid)
        return classRefs[archiveClass.index]
    }

    /// A value of a key tick does not know, as it was read: each object it referred to by
    /// UID becomes an archive object of its own again.
    private mutating func writeArchived(_ value: ArchivedValue) -> Int {
        switch value {
        case .value(let plain): return builder.add(plain)
        case .object(let inner): return object(plist: writeArchived(inner))
        case .array(let elements): return builder.array(elements.map { writeArchived($0) })
        case .set(let elements): return builder.set(elements.map { writeArchived($0) })
        case .dictionary(let entries):
            let keys = entries.keys.sorted()
            let values = keys.map { key in entries[key].map { writeArchived($0) } ?? builder.null() }
            return builder.dictionary(keys: keys.map { builder.string($0) }, values: values)
        }
    }
}

/// How many objects ``KeyedArchiveEncoder`` writes for a list, counted from each item's own
/// fields. An item's rare fields (its box, or a priority alone) are not looked into (reading
/// the box is a cache miss per item): they count as the most common content, a location with
/// a name and a coordinate.
/// The count fixes the reference size; when the objects written need another one, the
/// encoder writes the list again.
private struct ArchiveSize {
    // The top, the list, its sections, the keys and the class descriptions.
    var objects = 128

    init(_ list: ToDoList) {
        for items in [list.toDoItems, list.doneItems] {
            items.forEachInPlace { objects += Self.objects(of: $0) }
        }
    }

    /// An item's dictionary and its UID; its id and title, each a string with a UID; its
    /// creation time; then each optional field it has.
    private static func objects(of item: UnsafePointer<ToDoItem>) -> Int {
        var count = 7
        if item.pointee.notes != nil { count += 2 }
        if item.pointee.due != nil { count += 1 }
        if item.pointee.dueIsDay { count += 1 }
        if item.pointee.modifiedAt != nil { count += 1 }
        if item.pointee.completedAt != nil { count += 1 }
        // The location's dictionary and UID, its name and UID, and two numbers.
        if item.pointee.hasRareFields { count += 6 }
        return count
    }
}
