import FoundationEssentials

/// Reads a ``ToDoList`` from a keyed archive in a binary property list.
///
/// The whole file is checked first (``BinaryPropertyListView/validateAll()``); then the
/// decoder follows UIDs from `$top.root`, reading each object's keys as the schema
/// (``ArchiveSchema``) says and keeping the keys it does not know.
struct KeyedArchiveDecoder {
    let view: BinaryPropertyListView
    /// The `$objects` array.
    var objects = BinaryObjectHeader(kind: .array, marker: 0, offset: 0, count: 0, content: 0)
    /// Per plist object looked at as a dictionary key: 1 + the ``ArchiveKey`` index it
    /// spells, ``otherKey`` for a key the schema does not have, 0 when not looked at yet.
    var keyCodes: [UInt8]
    static let otherKey: UInt8 = 255
    /// The class each class description (by UID) names; nil for a class tick does not know.
    var classes: [Int: ArchiveClass?] = [:]
    /// Per class (by index): the UID of a class description found to name it (-1: none
    /// yet), so that objects sharing a description look it up once.
    var classUIDs = InlineArray<4, Int>(repeating: -1)
    /// How many items of each section to read (all, unless a preview asks for fewer).
    var itemLimit = Int.max
    /// The number of items each section holds in the file, read or not.
    private(set) var sectionSizes = (toDo: 0, done: 0)
    /// Budget and state for reading values of unknown keys.
    var unknownNodes = 0
    var unknownInProgress: Set<Int> = []

    /// ``ArchiveSchema/rule(_:of:)`` by class index × ``ArchiveKey/count`` + key index, and
    /// per class the keys it requires as bits by key index: the schema as the reader asks it.
    let rules: [ArchiveSchema.Rule?] = ArchiveClass.allCases.flatMap { archiveClass in
        ArchiveKey.all.map { ArchiveSchema.rule($0, of: archiveClass) }
    }
    let requiredKeys: [UInt32] = ArchiveClass.allCases.map { archiveClass in
        ArchiveSchema.requiredKeys(of: archiveClass).reduce(0) { $0 | 1 << UInt32($1.index) }
    }

    static let maximumUnknownDepth = 256
    static let maximumUnknownNodes = 1_000_000

    init(view: BinaryPropertyListView) {
        self.view = view
        keyCodes = [UInt8](repeating: 0, count: view.objectCount)
    }

    // MARK: - Top level

    mutating func decode() throws(ArchiveError) -> ToDoList {
        let top = try header(of: view.trailer.topObject)
        guard top.kind == .dictionary else {
            throw ArchiveError(.malformed, at: top.offset, "the top object is not a dictionary, so this is not a keyed archive")
        }
        var archiver: String?
        var topRef = -1
        var objectsRef = -1
        for index in 0..<top.count {
            let valueRef = view.reference(top, top.count + index)
            switch try keyString(view.reference(top, index)) {
            case ArchiveTop.archiverKey: archiver = try stringValue(header(of: valueRef), "$archiver")
            case ArchiveTop.objectsKey: objectsRef = valueRef
            case ArchiveTop.topKey: topRef = valueRef
            default: break
            }
        }
        guard archiver == ArchiveTop.archiver else {
            let written = archiver.map { "by \($0)" } ?? "without an $archiver"
            throw ArchiveError(.malformed, at: top.offset, "the archive was written \(written), not by \(ArchiveTop.archiver)")
        }
        guard objectsRef >= 0, topRef >= 0 else {
            throw ArchiveError(.malformed, at: top.offset, "the top dictionary has no \(objectsRef < 0 ? "$objects" : "$top"), so this is not a keyed archive")
        }
        objects = try header(of: objectsRef)
        guard objects.kind == .array else {
            throw ArchiveError(.malformed, at: objects.offset, "$objects is not an array")
        }
        let topDictionary = try header(of: topRef)
        guard topDictionary.kind == .dictionary else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top is not a dictionary")
        }
        var rootUID = 0
        for index in 0..<topDictionary.count where try keyString(view.reference(topDictionary, index)) == ArchiveTop.rootKey {
            rootUID = try uid(view.reference(topDictionary, topDictionary.count + index), "$top.root")
        }
        guard rootUID != 0 else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top has no root object")
        }
        return try decodeList(rootUID)
    }

    private mutating func decodeList(_ uid: Int) throws(ArchiveError) -> ToDoList {
        let root = try fields(uid, .list, "the root object")
        if let version = try integer(.formatVersion, of: root, "the root object"), version > KeyedArchive.formatVersion {
            throw ArchiveError(.newerFormat(version), at: root.offset,
                               "the file was written by a newer tick (format \(version)); this tick reads format \(KeyedArchive.formatVersion) and older")
        }
        let toDo = try items(.toDoItems, of: root, section: "To Do")
        let done = try items(.doneItems, of: root, section: "Done")
        sectionSizes = (toDo.count, done.count)
        do throws(ModelError) {
            return try ToDoList(toDoItems: toDo.items, doneItems: done.items, unknownFields: UnknownFields(root.unknown))
        } catch {
            if case .duplicateID(let id) = error {
                throw ArchiveError(.invalidValue, "the id \(id.uuidString) is used by more than one item")
            }
            throw ArchiveError(.invalidValue, "the list is invalid: \(error)")
        }
    }

    // MARK: - Sections, items and locations

    /// A section: its first ``itemLimit`` items, and how many the file holds.
    private mutating func items(_ key: ArchiveKey, of root: ObjectFields, section: String) throws(ArchiveError) -> (items: [ToDoItem], count: Int) {
        guard let arrayUID = try objectUID(key, of: root, "the root object") else { return ([], 0) }
        let array = try fields(arrayUID, .array, "the \(section) array")
        guard let elementsRef = array[.objects] else { return ([], 0) }
        let elements = try header(of: elementsRef)
        guard elements.kind == .array else {
            throw ArchiveError(.malformed, at: elements.offset, "NS.objects of the \(section) array is not an array")
        }
        let wanted = min(elements.count, itemLimit)
        var items: [ToDoItem] = []
        items.reserveCapacity(wanted)
        for index in 0..<wanted {
            let itemUID = try self.uid(view.reference(elements, index), "element \(index + 1) of the \(section) array")
            items.append(try decodeItem(itemUID, "item \(index + 1) of \(section)"))
        }
        return (items, elements.count)
    }

    private mutating func decodeItem(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> ToDoItem {
        let object = try fields(uid, .item, what())
        let id = try uuid(.id, of: object, what())
        // Built only when an error needs it.
        func name() -> String { "\(what()) (id \(id.uuidString))" }
        let title = try string(.title, of: object, name()) ?? ""
        let notes = try string(.itemDescription, of: object, name())
        let due = try real(.timestamp, of: object, name())
        let createdAt = try real(.createdAt, of: object, name()) ?? 0
        let location = try objectUID(.location, of: object, name()).map { (uid) throws(ArchiveError) in try decodeLocation(uid, name()) }
        var item: ToDoItem
        do throws(ModelError) {
            item = try ToDoItem(
                id: id, title: title, notes: notes, due: due.map { Date(timeIntervalSince1970: $0) }, location: location,
                createdAt: Date(timeIntervalSince1970: createdAt), unknownFields: UnknownFields(object.unknown))
        } catch {
            throw ArchiveError(.invalidValue, at: object.offset, "\(name()) is invalid: \(error)")
        }
        item.dueIsDay = try bool(.dueIsDate, of: object, name()) ?? false
        item.modifiedAt = try real(.modifiedAt, of: object, name()).map { Date(timeIntervalSince1970: $0) }
        item.completedAt = try real(.completedAt, of: object, name()).map { Date(timeIntervalSince1970: $0) }
        if let externalUID = try string(.iCalendarUID, of: object, name()) { item.externalUID = externalUID }
        if let extras = try string(.iCalendarExtras, of: object, name()) { item.iCalendarExtras = extras }
        return item
    }

    private mutating func decodeLocation(_ uid: Int, _ owner: @autoclosure () -> String) throws(ArchiveError) -> Location {
        func what() -> String { "the location of \(owner())" }
        let object = try fields(uid, .location, what())
        let name = try string(.name, of: object, what()) ?? ""
        let latitude = try real(.latitude, of: object, what())
        let longitude = try real(.longitude, of: object, what())
        do throws(ModelError) {
            return try Location(name: name, latitude: latitude, longitude: longitude, unknownFields: UnknownFields(object.unknown))
        } catch {
            throw ArchiveError(.invalidValue, at: object.offset, "\(what()) is invalid: \(error)")
        }
    }

    // MARK: - An object's keys

    /// The keys of one archive object: where the value of each key the schema gives its
    /// class is, and the values of the keys it does not know.
    struct ObjectFields {
        let archiveClass: ArchiveClass
        /// Where the object's dictionary starts.
        let offset: Int
        /// Per ``ArchiveKey`` index: the value's reference, -1 when the key is absent.
        var references = InlineArray<22, Int>(repeating: -1)  // (22: ArchiveKey.count)
        var unknown: [String: ArchivedValue] = [:]

        subscript(key: ArchiveKey) -> Int? {
            let reference = references[key.index]
            return reference < 0 ? nil : reference
        }
    }

    /// Reads the archive object with this UID as an object of `archiveClass`: checks its
    /// `$class`, notes where its known keys' values are, and reads the others as unknown.
    mutating func fields(_ uid: Int, _ archiveClass: ArchiveClass, _ what: @autoclosure () -> String) throws(ArchiveError) -> ObjectFields {
        let header = try objectDictionary(uid, what())
        var object = ObjectFields(archiveClass: archiveClass, offset: header.offset)
        var sawClass = false
        var present: UInt32 = 0
        let ruleBase = archiveClass.index * ArchiveKey.count
        for index in 0..<header.count {
            let keyRef = view.reference(header, index)
            let valueRef = view.reference(header, header.count + index)
            let key = try key(keyRef)
            if key == .classKey {
                try expectClass(valueRef, archiveClass, what())
                sawClass = true
            } else if let key, rules[ruleBase + key.index] != nil {
                object.references[key.index] = valueRef
                present |= 1 << UInt32(key.index)
            } else {
                object.unknown[try keyString(keyRef)] = try resolveUnknown(valueRef, depth: 0)
            }
        }
        guard sawClass else { throw ArchiveError(.malformed, at: header.offset, "\(what()) has no $class") }
        let missing = requiredKeys[archiveClass.index] & ~present
        if missing != 0 {
            // (The lowest index is the first required key in the schema's order.)
            let key = ArchiveKey.all[missing.trailingZeroBitCount]
            throw ArchiveError(.malformed, at: header.offset, "\(what()) has no \(key.rawValue)")
        }
        return object
    }
}
