import FoundationEssentials

/// Reads a ``ToDoList`` from a keyed archive by following UIDs through a
/// ``BinaryPropertyListView``, without building a property-list tree.
///
/// Key strings are recognised once per key object (the result is cached by reference
/// number), class descriptions once per class object.
struct KeyedArchiveDecoder {
    let view: BinaryPropertyListView
    /// The `$objects` array.
    var objects = BinaryObjectHeader(marker: 0, offset: 0, count: 0, content: 0)
    /// The key codes of key references looked at: a direct-mapped cache (slot `ref & mask`)
    /// of `(ref + 1) << 8 | code`, 0 for an empty slot. An archive uses a few dozen key
    /// objects, so they rarely share a slot (and then are looked at again); a cache of a
    /// byte per object would take a megabyte at 100,000 items.
    var keyCodes = [UInt64](repeating: 0, count: KeyedArchiveDecoder.keyCodeSlots)
    static let keyCodeSlots = 4_096
    /// Per class-description UID: the class it names, once looked at.
    var classCache: [Int: ClassCode] = [:]
    /// The class-description UIDs last seen as ToDoItem and Location (-1: none yet).
    var itemClassUID = -1
    var locationClassUID = -1
    /// The `$class` UID objects (plist references) last seen naming those classes.
    var itemClassRef = -1
    var locationClassRef = -1
    /// Strings that items share with earlier objects, by the reference of the UID object
    /// that points at them (see ``fastString(valueRef:ownerRef:)``).
    var sharedStrings: [Int: (text: String, trimmed: Bool)] = [:]
    static let sharedStringLimit = 1 << 16
    /// How many items of each section to read (all, unless a preview asks for fewer).
    var itemLimit = Int.max
    /// The number of items each section holds in the file, read or not.
    private(set) var sectionSizes = (toDo: 0, done: 0)
    /// Told the byte ranges the decoder has finished with (see ``KeyedArchive/decode(_:discarding:)``).
    var discard: (@Sendable (Range<Int>) -> Void)?
    /// Budget and state for reading unknown values.
    var unknownNodes = 0
    var unknownInProgress: Set<Int> = []

    static let maximumUnknownDepth = 256
    static let maximumUnknownNodes = 1_000_000

    enum KeyCode: UInt8, CaseIterable {
        case id = 1, title, itemDescription, timestamp, createdAt, location
        case name, latitude, longitude, formatVersion, toDoItems, doneItems
        case objects, string, classKey, className, other = 255

        var bytes: [UInt8] {
            switch self {
            case .objects: Array("NS.objects".utf8)
            case .string: Array("NS.string".utf8)
            case .classKey: Array("$class".utf8)
            case .className: Array("$classname".utf8)
            case .other: []
            default: Array("\(self)".utf8)
            }
        }
    }

    enum ClassCode: UInt8, Sendable {
        case list, item, location, array, string, other
    }

    static let keyBytes: [(KeyCode, [UInt8])] = KeyCode.allCases.filter { $0 != .other }.map { ($0, $0.bytes) }

    init(view: BinaryPropertyListView) {
        self.view = view
    }

    // MARK: - Top level

    mutating func decode() throws(ArchiveError) -> ToDoList {
        let top = try header(of: view.trailer.topObject)
        guard top.type == 0xD else {
            throw ArchiveError(.malformed, at: top.offset, "the top object is not a dictionary, so this is not a keyed archive")
        }
        var topRef = -1
        var objectsRef = -1
        for index in 0..<top.count {
            let keyHeader = try header(of: view.reference(top, index))
            if view.stringEquals(keyHeader, Array("$objects".utf8)) { objectsRef = view.reference(top, top.count + index) }
            if view.stringEquals(keyHeader, Array("$top".utf8)) { topRef = view.reference(top, top.count + index) }
        }
        guard objectsRef >= 0, topRef >= 0 else {
            throw ArchiveError(.malformed, at: top.offset, "the top dictionary has no \(objectsRef < 0 ? "$objects" : "$top"), so this is not a keyed archive")
        }
        objects = try header(of: objectsRef)
        guard objects.type == 0xA else {
            throw ArchiveError(.malformed, at: objects.offset, "$objects is not an array")
        }
        let topDictionary = try header(of: topRef)
        guard topDictionary.type == 0xD else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top is not a dictionary")
        }
        var rootUID: Int?
        for index in 0..<topDictionary.count {
            let keyHeader = try header(of: view.reference(topDictionary, index))
            if view.stringEquals(keyHeader, Array("root".utf8)) {
                rootUID = try uid(view.reference(topDictionary, topDictionary.count + index), "$top.root")
            }
        }
        guard let rootUID, rootUID != 0 else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top has no root object")
        }
        return try decodeRoot(rootUID)
    }

    private mutating func decodeRoot(_ uid: Int) throws(ArchiveError) -> ToDoList {
        let root = try objectDictionary(uid, "the root object")
        var version: Int?
        var toDoUID = 0
        var doneUID = 0
        var unknown: [String: ArchivedValue] = [:]
        for index in 0..<root.count {
            let keyRef = view.reference(root, index)
            let valueRef = view.reference(root, root.count + index)
            switch try keyCode(keyRef) {
            case .formatVersion:
                guard let number = try number(valueRef, "formatVersion"), number == number.rounded(.towardZero),
                      abs(number) < 1e15 else {
                    throw ArchiveError(.malformed, at: try header(of: valueRef).offset, "formatVersion is not an integer")
                }
                version = Int(number)
            case .toDoItems: toDoUID = try self.uid(valueRef, "toDoItems")
            case .doneItems: doneUID = try self.uid(valueRef, "doneItems")
            case .classKey: try expectClass(valueRef, "ToDoList", "the root object") { if case .list = $0 { true } else { false } }
            default: unknown[try keyString(keyRef)] = try resolveUnknown(valueRef, depth: 0)
            }
        }
        if let version, version > KeyedArchive.formatVersion {
            throw ArchiveError(.newerFormat(version), at: root.offset,
                               "the file was written by a newer tick (format \(version)); this tick reads format \(KeyedArchive.formatVersion) and older")
        }
        let toDo = try decodeItems(toDoUID, section: "To Do")
        sectionSizes.toDo = lastArraySize
        let done = try decodeItems(doneUID, section: "Done")
        sectionSizes.done = lastArraySize
        do throws(ModelError) {
            return try ToDoList(toDoItems: toDo, doneItems: done, unknownFields: UnknownFields(unknown))
        } catch {
            if case .duplicateID(let id) = error {
                throw ArchiveError(.invalidValue, "the id \(id.uuidString) is used by more than one item")
            }
            throw ArchiveError(.invalidValue, "the list is invalid: \(error)")
        }
    }

    /// The element count of the last section array read.
    private var lastArraySize = 0

    private mutating func decodeItems(_ uid: Int, section: String) throws(ArchiveError) -> [ToDoItem] {
        lastArraySize = 0
        if uid == 0 { return [] }
        let what = "the \(section) array"
        let array = try objectDictionary(uid, what)
        var elements: BinaryObjectHeader?
        for index in 0..<array.count {
            let keyRef = view.reference(array, index)
            let valueRef = view.reference(array, array.count + index)
            switch try keyCode(keyRef) {
            case .objects:
                let header = try header(of: valueRef)
                guard header.type == 0xA else {
                    throw ArchiveError(.malformed, at: header.offset, "NS.objects of \(what) is not an array")
                }
                elements = header
            case .classKey: try expectClass(valueRef, "NSArray", what) { if case .array = $0 { true } else { false } }
            default: break
            }
        }
        guard let elements else { return [] }
        lastArraySize = elements.count
        let wanted = min(elements.count, itemLimit)
        // Items are built in place in the array's storage (appending a fresh item copies it).
        // A long section is read on two cores at once (``decodeInParallel``) — unless pages
        // are given back as the items are read (the full screen's staged load): one reader
        // keeps fewer of the file's pages mapped at a time (measured at 100k items: a peak
        // 3–4 MiB lower, for a staged read of ~70 ms instead of ~60).
        var failure: ArchiveError?
        let items = [ToDoItem](unsafeUninitializedCapacity: wanted) { buffer, initialized in
            guard let start = buffer.baseAddress else { return }
            guard wanted >= Self.parallelThreshold, discard == nil else {
                (initialized, failure) = decodeRange(0..<wanted, of: elements, into: start, section: section)
                return
            }
            (initialized, failure) = decodeInParallel(wanted, of: elements, into: start, section: section)
        }
        // What later items touched again behind the discards.
        discard?(0..<view.base.count)
        if let failure { throw failure }
        return items
    }

    /// How many items are read between two looks at how far they have moved on.
    static let discardInterval = 128

    /// Gives back the pages of the file behind the item that the element `elementRef` (at
    /// `index` of `elements`) names, once the items have moved on far enough since `last`
    /// (the offset of the item at the last discard, updated here): by ``discardStep``
    /// bytes of objects, or by 1/64 of what is left to read, whichever is more —
    /// seldom while the list read so far is small, more often as it grows.
    ///
    /// Items are stored in order, so what lies behind is done with — except where the
    /// other sequences that advance with the items are now (the section's element: its
    /// `NS.objects` entry, its UID object and offset-table entry; the item's `$objects`
    /// entry): pages within ``discardWindow`` of those stay. Everything else behind is
    /// discarded each time, not only what is new: the kernel maps whole folios (up to
    /// 2 MiB) at a fault, so pages behind come back when the decoder reads on in the same
    /// folio, or reads a string that an earlier item shares (the decoder keeps those,
    /// ``sharedStrings``, so each is read once per thread).
    private func releasePages(
        behind elementRef: Int, at index: Int, of elements: BinaryObjectHeader, _ reader: FastArchiveReader,
        last: inout Int, _ discard: @Sendable (Range<Int>) -> Void
    ) {
        guard let uid = reader.fastUID(elementRef), uid > 0, uid < objects.count else { return }
        let ref = reader.reference(objects, uid)
        guard let offset = reader.fastOffset(ref) else { return }
        if last < 0 || offset < last { last = offset }
        guard offset - last >= max(Self.discardStep, (view.objectsEnd - offset) / Self.discardDivisor) else { return }
        last = offset
        let table = view.trailer.offsetTableStart
        var inUse = [
            elements.content + index * view.trailer.referenceSize,
            table + elementRef * view.trailer.offsetSize,
            objects.content + uid * view.trailer.referenceSize,
        ]
        if let element = reader.fastOffset(elementRef) { inUse.append(element) }
        // The objects behind the item, then the offset table behind the item's entry.
        discardGaps(in: 0..<offset, keeping: inUse, discard)
        discardGaps(in: table..<table + ref * view.trailer.offsetSize, keeping: inUse, discard)
    }

    /// Discards `area` but for ``discardWindow`` bytes on either side of each position
    /// in `inUse`, and of the area's end.
    private func discardGaps(in area: Range<Int>, keeping inUse: [Int], _ discard: @Sendable (Range<Int>) -> Void) {
        let window = Self.discardWindow
        var from = area.lowerBound
        for position in (inUse.filter { area.contains($0) } + [area.upperBound]).sorted() {
            if position - window > from { discard(from..<position - window) }
            from = max(from, position + window)
        }
    }

    /// How far (in bytes of objects) the items move on at least between two discards, and
    /// the part of what is left to read that they move on at least.
    static let discardStep = 1 << 14
    static let discardDivisor = 64
    /// How much stays mapped on either side of a position in use.
    static let discardWindow = 1 << 17

    /// Sections at least this long are read on two threads at once.
    static let parallelThreshold = 16_384

    /// Reads the items `range` of a section's elements into consecutive slots from `start`;
    /// stops at the first bad item. Returns how many slots it filled and the error, if any.
    mutating func decodeRange(
        _ range: Range<Int>, of elements: BinaryObjectHeader, into start: UnsafeMutablePointer<ToDoItem>, section: String
    ) -> (count: Int, failure: ArchiveError?) {
        let reader = self.reader
        var count = 0
        var lastDiscard = -1
        for index in range {
            let elementRef = reader.reference(elements, index)
            if let discard, (index - range.lowerBound) % Self.discardInterval == 0 {
                releasePages(behind: elementRef, at: index, of: elements, reader, last: &lastDiscard, discard)
            }
            if let itemUID = reader.fastUID(elementRef), fastItem(itemUID, into: start + count) {
                count += 1
                continue
            }
            do throws(ArchiveError) {
                let itemUID = try self.uid(elementRef, "element \(index + 1) of the \(section) array")
                (start + count).initialize(to: try decodeItem(itemUID, "item \(index + 1) of \(section)"))
                count += 1
            } catch {
                return (count, error)
            }
        }
        return (count, nil)
    }

    // MARK: - Items and locations

    private mutating func decodeItem(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> ToDoItem {
        let item = try objectDictionary(uid, what())
        var idUID = 0, titleUID = 0, notesUID = 0, locationUID = 0
        var due: Double?
        var createdAt: Double?
        var sawClass = false
        var unknown: [String: ArchivedValue] = [:]
        for index in 0..<item.count {
            let keyRef = view.reference(item, index)
            let valueRef = view.reference(item, item.count + index)
            switch try keyCode(keyRef) {
            case .id: idUID = try self.uid(valueRef, "id of \(what())")
            case .title: titleUID = try self.uid(valueRef, "title of \(what())")
            case .itemDescription: notesUID = try self.uid(valueRef, "itemDescription of \(what())")
            case .timestamp: due = try number(valueRef, "timestamp of \(what())")
            case .createdAt: createdAt = try number(valueRef, "createdAt of \(what())")
            case .location: locationUID = try self.uid(valueRef, "location of \(what())")
            case .classKey:
                try expectClass(valueRef, "ToDoItem", what()) { if case .item = $0 { true } else { false } }
                sawClass = true
            default: unknown[try keyString(keyRef)] = try resolveUnknown(valueRef, depth: 0)
            }
        }
        guard sawClass else { throw ArchiveError(.malformed, at: item.offset, "\(what()) has no $class") }
        guard idUID != 0 else { throw ArchiveError(.malformed, at: item.offset, "\(what()) has no id") }
        let id = try uuid(idUID, "the id of \(what())")
        // Built only when an error needs it.
        func name() -> String { "\(what()) (id \(id.uuidString))" }
        guard titleUID != 0, let title = try string(titleUID, "the title of \(name())") else {
            throw ArchiveError(.invalidValue, at: item.offset, "\(name()) has no title")
        }
        let notes = notesUID == 0 ? nil : try string(notesUID, "the notes of \(name())")
        guard let createdAt else { throw ArchiveError(.malformed, at: item.offset, "\(name()) has no createdAt") }
        let location = locationUID == 0 ? nil : try decodeLocation(locationUID, name())
        do throws(ModelError) {
            return try ToDoItem(
                id: id, title: title, notes: notes,
                due: due.map { Date(timeIntervalSince1970: $0) }, location: location,
                createdAt: Date(timeIntervalSince1970: createdAt), unknownFields: UnknownFields(unknown))
        } catch {
            throw ArchiveError(.invalidValue, at: item.offset, "\(name()) is invalid: \(error)")
        }
    }

    private mutating func decodeLocation(_ uid: Int, _ owner: @autoclosure () -> String) throws(ArchiveError) -> Location {
        func what() -> String { "the location of \(owner())" }
        let location = try objectDictionary(uid, what())
        var nameUID = 0
        var latitude: Double?
        var longitude: Double?
        var unknown: [String: ArchivedValue] = [:]
        for index in 0..<location.count {
            let keyRef = view.reference(location, index)
            let valueRef = view.reference(location, location.count + index)
            switch try keyCode(keyRef) {
            case .name: nameUID = try self.uid(valueRef, "name of \(what())")
            case .latitude: latitude = try number(valueRef, "latitude of \(what())")
            case .longitude: longitude = try number(valueRef, "longitude of \(what())")
            case .classKey: try expectClass(valueRef, "Location", what()) { if case .location = $0 { true } else { false } }
            default: unknown[try keyString(keyRef)] = try resolveUnknown(valueRef, depth: 0)
            }
        }
        guard nameUID != 0, let name = try string(nameUID, "the name of \(what())") else {
            throw ArchiveError(.invalidValue, at: location.offset, "\(what()) has no name")
        }
        do throws(ModelError) {
            return try Location(name: name, latitude: latitude, longitude: longitude, unknownFields: UnknownFields(unknown))
        } catch {
            throw ArchiveError(.invalidValue, at: location.offset, "\(what()) is invalid: \(error)")
        }
    }
}
