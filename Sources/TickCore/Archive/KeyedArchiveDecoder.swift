import FoundationEssentials

/// Reads a ``ToDoList`` from a keyed archive in a binary property list.
///
/// The whole file is checked first (``BinaryPropertyListView/validateAll()``); then the
/// decoder follows UIDs from `$top.root`, reading each object's keys as the schema
/// (``ArchiveSchema``) says and keeping the keys it does not know.
struct KeyedArchiveDecoder {
    /// The file, checked whole, read without checking again.
    let plist: CheckedPropertyList
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
    /// Where ``readObject(_:into:_:)`` puts the references of an object's values, by key:
    /// room for an object and one inside it (see ``ObjectFields``).
    var fieldReferences = [Int](repeating: 0, count: 2 * ArchiveKey.count)
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
        plist = view.checked
        keyCodes = [UInt8](repeating: 0, count: view.objectCount)
    }

    // MARK: - Top level

    /// The list (once per decoder: its key table, a byte per object, goes before the id check).
    mutating func decode() throws(ArchiveError) -> ToDoList {
        let root = try decodeRoot(rootUID())
        var toDo: [ToDoItem] = [], done: [ToDoItem] = []
        toDo.reserveCapacity(min(root.toDo?.count ?? 0, itemLimit))
        done.reserveCapacity(min(root.done?.count ?? 0, itemLimit))
        try items(of: root.toDo, .toDo, limit: itemLimit) { item in toDo.append(item); return true }
        try items(of: root.done, .done, limit: itemLimit) { item in done.append(item); return true }
        sectionSizes = (root.toDo?.count ?? 0, root.done?.count ?? 0)
        keyCodes = []
        do throws(ModelError) {
            return try ToDoList(toDoItems: toDo, doneItems: done, unknownFields: root.unknown)
        } catch {
            if case .duplicateID(let id) = error { throw Self.repeated(id) }
            throw ArchiveError(.invalidValue, "the list is invalid: \(error)")
        }
    }

    /// Reads the list's items one at a time, To Do first, each checked as ``decode()``
    /// checks it, and hands each to `body` without keeping it, until `body` returns false.
    /// When every item was read, a repeated id is the same error as ``decode()``'s. Returns
    /// how many items each section holds.
    mutating func forEachItem(
        _ body: (ToDoList.Section, borrowing ToDoItem) -> Bool
    ) throws(ArchiveError) -> (toDo: Int, done: Int) {
        let root = try decodeRoot(rootUID())
        let sizes = (toDo: root.toDo?.count ?? 0, done: root.done?.count ?? 0)
        var ids: [UUID] = []
        ids.reserveCapacity(sizes.toDo + sizes.done)
        var going = true
        for (section, elements) in [(ToDoList.Section.toDo, root.toDo), (.done, root.done)] where going {
            try items(of: elements, section, limit: .max) { item in
                ids.append(item.id)
                going = body(section, item)
                return going
            }
        }
        if going, let repeated = IDSet.firstRepeatedID(ids) { throw Self.repeated(repeated) }
        return sizes
    }

    private static func repeated(_ id: UUID) -> ArchiveError {
        ArchiveError(.invalidValue, "the id \(id.uuidString) is used by more than one item")
    }

    /// The UID of the list object: `$top.root` of a dictionary written by NSKeyedArchiver.
    private mutating func rootUID() throws(ArchiveError) -> Int {
        let top = header(of: plist.topObject)
        guard top.kind == .dictionary else {
            throw ArchiveError(.malformed, at: top.offset, "the top object is not a dictionary, so this is not a keyed archive")
        }
        var archiver: String?
        var topRef = -1
        var objectsRef = -1
        for index in 0..<top.count {
            let valueRef = plist.reference(top, top.count + index)
            switch try keyString(plist.reference(top, index)) {
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
        objects = header(of: objectsRef)
        guard objects.kind == .array else {
            throw ArchiveError(.malformed, at: objects.offset, "$objects is not an array")
        }
        let topDictionary = header(of: topRef)
        guard topDictionary.kind == .dictionary else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top is not a dictionary")
        }
        var rootUID = 0
        for index in 0..<topDictionary.count where try keyString(plist.reference(topDictionary, index)) == ArchiveTop.rootKey {
            rootUID = try uid(plist.reference(topDictionary, topDictionary.count + index), "$top.root")
        }
        guard rootUID != 0 else {
            throw ArchiveError(.malformed, at: topDictionary.offset, "$top has no root object")
        }
        return rootUID
    }

    /// The list object: its format version (a newer one is refused), the element arrays of
    /// its two sections (nil for a section that is absent or empty) and its unknown keys.
    private mutating func decodeRoot(
        _ uid: Int
    ) throws(ArchiveError) -> (toDo: BinaryObjectHeader?, done: BinaryObjectHeader?, unknown: UnknownFields) {
        func what() -> String { "the root object" }
        var root = ObjectFields(.list)
        try readObject(uid, into: &root, what())
        if let version = try integer(.formatVersion, of: root, what), version > KeyedArchive.formatVersion {
            throw ArchiveError(.newerFormat(version), at: root.offset,
                               "the file was written by a newer tick (format \(version)); this tick reads format \(KeyedArchive.formatVersion) and older")
        }
        let toDo = try objectUID(.toDoItems, of: root, what), done = try objectUID(.doneItems, of: root, what)
        return (try elements(toDo, .toDo), try elements(done, .done), root.unknown)
    }

    // MARK: - Sections, items and locations

    /// The `NS.objects` array of a section's NSArray object (the one with this UID).
    private mutating func elements(_ arrayUID: Int?, _ section: ToDoList.Section) throws(ArchiveError) -> BinaryObjectHeader? {
        guard let arrayUID else { return nil }
        var array = ObjectFields(.array, depth: 1)
        try readObject(arrayUID, into: &array, "the \(section.title) array")
        guard let elementsRef = reference(.objects, of: array) else { return nil }
        let elements = header(of: elementsRef)
        guard elements.kind == .array else {
            throw ArchiveError(.malformed, at: elements.offset, "NS.objects of the \(section.title) array is not an array")
        }
        return elements
    }

    /// Reads the first `limit` items of a section's elements in order, handing each to
    /// `each` until it returns false.
    private mutating func items(
        of elements: BinaryObjectHeader?, _ section: ToDoList.Section, limit: Int, _ each: (consuming ToDoItem) -> Bool
    ) throws(ArchiveError) {
        guard let elements else { return }
        for index in 0..<min(elements.count, limit) {
            let itemUID = try self.uid(plist.reference(elements, index), "element \(index + 1) of the \(section.title) array")
            guard each(try decodeItem(itemUID, "item \(index + 1) of \(section.title)")) else { return }
        }
    }

    private mutating func decodeItem(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> ToDoItem {
        var object = ObjectFields(.item)
        try readObject(uid, into: &object, what())
        // (readObject refused an item without an id, a title or createdAt.)
        guard let id = try self.uuid(.id, of: object, what) else { throw ArchiveError(.malformed, at: object.offset, "\(what()) has no id") }
        // Built only when an error needs it.
        func name() -> String { "\(what()) (id \(id.uuidString))" }
        let title = try string(.title, of: object, what) ?? ""
        let notes = try string(.itemDescription, of: object, what)
        let due = try real(.timestamp, of: object, what)
        let createdAt = try real(.createdAt, of: object, what) ?? 0
        let location = try objectUID(.location, of: object, what).map { (uid) throws(ArchiveError) in try decodeLocation(uid, name()) }
        // (The title is checked here, before the fields read below, as making the item
        // checked it when it was made before they were read: a file with several faults
        // reports the same first one.)
        let validTitle: String
        do throws(ModelError) { validTitle = try ToDoItem.validatedTitle(title) } catch {
            throw ArchiveError(.invalidValue, at: object.offset, "\(name()) is invalid: \(error)")
        }
        let dueIsDay = try bool(.dueIsDate, of: object, what) ?? false
        let modifiedAt = try real(.modifiedAt, of: object, what).map { Date(timeIntervalSince1970: $0) }
        let completedAt = try real(.completedAt, of: object, what).map { Date(timeIntervalSince1970: $0) }
        let priority = try integer(.priority, of: object, what)
        let tagsUID = try objectUID(.tags, of: object, what)
        let recurrence = try string(.recurrence, of: object, what)
        let iCalendarExtras = try string(.iCalendarExtras, of: object, what)
        let externalUID = try string(.iCalendarUID, of: object, what)
        let taskwarriorExtras = try string(.taskwarriorExtras, of: object, what)
        let parent = try self.uuid(.parent, of: object, what)
        let tags = try tagsUID.map { (uid) throws(ArchiveError) in try strings(uid, "the tags of \(name())") } ?? []
        var item: ToDoItem
        do throws(ModelError) {
            item = try ToDoItem(
                id: id, validatedTitle: validTitle, notes: notes, due: due.map { Date(timeIntervalSince1970: $0) }, dueIsDay: dueIsDay,
                createdAt: Date(timeIntervalSince1970: createdAt), modifiedAt: modifiedAt, completedAt: completedAt,
                location: location, unknownFields: object.unknown, externalUID: externalUID, iCalendarExtras: iCalendarExtras,
                taskwarriorExtras: taskwarriorExtras, priority: priority, tags: tags, recurrence: recurrence, parent: parent)
        } catch {
            throw ArchiveError(.invalidValue, at: object.offset, "\(name()) is invalid: \(error)")
        }
        // An older tick kept these three in the iCalendar extras; an item written with any of
        // their keys is this tick's, whose extras keep only what the fields do not (a
        // CATEGORIES line's parameters), so it is read as it is.
        if iCalendarExtras != nil, priority == nil, tagsUID == nil, recurrence == nil { item.adoptKeptFields() }
        return item
    }

    /// The strings of the NSArray object with this UID (an item's tags).
    private mutating func strings(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> [String] {
        var array = ObjectFields(.array, depth: 1)
        try readObject(uid, into: &array, what())
        guard let elementsRef = reference(.objects, of: array) else { return [] }
        let elements = header(of: elementsRef)
        guard elements.kind == .array else { throw ArchiveError(.malformed, at: elements.offset, "NS.objects of \(what()) is not an array") }
        var strings: [String] = []
        strings.reserveCapacity(elements.count)
        for index in 0..<elements.count {
            let ref = plist.reference(elements, index)
            guard let text = try string(self.uid(ref, "element \(index + 1) of \(what())"), "element \(index + 1) of \(what())") else {
                throw ArchiveError(.malformed, at: elements.offset, "element \(index + 1) of \(what()) is nil")
            }
            strings.append(text)
        }
        return strings
    }

    private mutating func decodeLocation(_ uid: Int, _ owner: @autoclosure () -> String) throws(ArchiveError) -> Location {
        func what() -> String { "the location of \(owner())" }
        var object = ObjectFields(.location, depth: 1)
        try readObject(uid, into: &object, what())
        let name = try string(.name, of: object, what) ?? ""
        let latitude = try real(.latitude, of: object, what), longitude = try real(.longitude, of: object, what)
        do throws(ModelError) {
            return try Location(name: name, latitude: latitude, longitude: longitude, unknownFields: object.unknown)
        } catch {
            throw ArchiveError(.invalidValue, at: object.offset, "\(what()) is invalid: \(error)")
        }
    }
}
