import FoundationEssentials

extension KeyedArchiveDecoder {
    /// An archive object read in one pass over its dictionary: which keys the schema gives
    /// its class it has (absent and nil, UID 0, alike), where their values are (in the
    /// decoder's ``fieldReferences``), and its other keys.
    struct ObjectFields {
        /// The class it is read as.
        let archiveClass: ArchiveClass
        /// Where its values' references are kept: the first of ``ArchiveKey/count`` slots
        /// of ``fieldReferences``. An object read while another one's fields are still
        /// being read (an item's location or tags) takes the next slots.
        fileprivate let slots: Int
        /// Where the object's dictionary starts (for errors).
        fileprivate(set) var offset = 0
        /// The keys it has, as bits by ``ArchiveKey/index``.
        fileprivate(set) var present: UInt32 = 0
        /// The keys the schema does not give the class, with their values.
        fileprivate(set) var unknown = UnknownFields()

        /// An object of `archiveClass`, inside `depth` objects whose fields are being read.
        init(_ archiveClass: ArchiveClass, depth: Int = 0) {
            self.archiveClass = archiveClass
            slots = depth * ArchiveKey.count
        }
    }

    /// The plist reference of the value of `key` in `object`; nil when it is absent or nil.
    @inline(__always)
    func reference(_ key: ArchiveKey, of object: ObjectFields) -> Int? {
        object.present & 1 << UInt32(key.index) == 0 ? nil : fieldReferences[object.slots + key.index]
    }

    /// Reads the archive object with this UID as an object of `archiveClass`: checks its
    /// `$class`, notes where the value of each key the schema gives the class is (a nil
    /// value, UID 0, counts as absent), and keeps the other keys' values as unknown fields.
    /// A required key that is absent or nil is an error. The values are read by the
    /// typed readers below, each asking for the kind the schema states for its key.
    mutating func readObject(
        _ uid: Int, into object: inout ObjectFields, _ what: @autoclosure () -> String
    ) throws(ArchiveError) {
        let archiveClass = object.archiveClass
        let header = try objectDictionary(uid, what())
        // (`Dictionary()`, not `[:]`: the empty literal went through a call to
        // `init(dictionaryLiteral:)` for each object read; `Dictionary()` is inlined.)
        var unknown = [String: ArchivedValue]()
        var sawClass = false
        var present: UInt32 = 0
        let slots = object.slots
        let ruleBase = archiveClass.index * ArchiveKey.count
        for index in 0..<header.count {
            let keyRef = plist.reference(header, index)
            let valueRef = plist.reference(header, header.count + index)
            let key = try key(keyRef)
            if key == .classKey {
                try expectClass(valueRef, archiveClass, what())
                sawClass = true
            } else if let key, rules[ruleBase + key.index] != nil {
                if plist.uid(of: valueRef) != 0 {
                    present |= 1 << UInt32(key.index)
                    fieldReferences[slots + key.index] = valueRef
                }
            } else {
                unknown[try keyString(keyRef)] = try resolveUnknown(valueRef, depth: 0)
            }
        }
        guard sawClass else { throw ArchiveError(.malformed, at: header.offset, "\(what()) has no $class") }
        let missing = requiredKeys[archiveClass.index] & ~present
        if missing != 0 {
            // (The lowest index is the first required key in the schema's order.)
            let key = ArchiveKey.all[missing.trailingZeroBitCount]
            throw ArchiveError(.malformed, at: header.offset, "\(what()) has no \(key.rawValue)")
        }
        object.offset = header.offset
        object.present = present
        if !unknown.isEmpty { object.unknown = UnknownFields(unknown) }
    }

    // MARK: - A known key's value, as the schema's kind for it says
    // (These readers, and those of +Objects, change nothing, yet are `mutating`: called
    // from the decoder's mutating methods, a non-mutating method makes Swift copy the whole
    // decoder for each call: 90M more instructions, a tenth of a load, at 100,000 items.)

    /// Checks (in debug builds, which the tests run) that the schema gives the object's
    /// class `key` with a kind this reader reads.
    @inline(__always)
    private func expect(_ key: ArchiveKey, of object: ObjectFields, _ reads: (ArchiveValueKind) -> Bool) {
        assert(rules[object.archiveClass.index * ArchiveKey.count + key.index].map { reads($0.kind) } ?? false,
               "the schema reads \(key.rawValue) as another kind")
    }

    /// A string key's text (kind ``ArchiveValueKind/string``).
    @inline(__always)
    mutating func string(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> String? {
        expect(key, of: object) { $0 == .string }
        guard let ref = reference(key, of: object) else { return nil }
        return try string(uid(ref, "\(key.rawValue) of \(what())"), "\(key.rawValue) of \(what())")
    }

    /// A UUID key's value (kind ``ArchiveValueKind/uuid``).
    @inline(__always)
    mutating func uuid(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> UUID? {
        expect(key, of: object) { $0 == .uuid }
        guard let ref = reference(key, of: object) else { return nil }
        return try uuid(uid(ref, "\(key.rawValue) of \(what())"), "\(key.rawValue) of \(what())")
    }

    /// A real key's value (kind ``ArchiveValueKind/real``; integers are read too).
    @inline(__always)
    mutating func real(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> Double? {
        expect(key, of: object) { $0 == .real }
        guard let ref = reference(key, of: object) else { return nil }
        return try number(ref, "\(key.rawValue) of \(what())")
    }

    /// An integer key's value (kind ``ArchiveValueKind/integer``).
    @inline(__always)
    mutating func integer(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> Int? {
        expect(key, of: object) { $0 == .integer }
        guard let ref = reference(key, of: object), let number = try number(ref, "\(key.rawValue) of \(what())") else { return nil }
        guard number == number.rounded(.towardZero), abs(number) < 1e15 else {
            throw ArchiveError(.malformed, at: plist.offset(of: ref), "\(key.rawValue) of \(what()) is not an integer")
        }
        return Int(number)
    }

    /// A bool key's value (kind ``ArchiveValueKind/bool``).
    @inline(__always)
    mutating func bool(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> Bool? {
        expect(key, of: object) { $0 == .bool }
        guard let ref = reference(key, of: object) else { return nil }
        return try bool(ref, "\(key.rawValue) of \(what())")
    }

    /// The UID of the object a key names (kinds ``ArchiveValueKind/location``,
    /// ``ArchiveValueKind/itemArray``, ``ArchiveValueKind/stringArray``).
    @inline(__always)
    mutating func objectUID(_ key: ArchiveKey, of object: ObjectFields, _ what: () -> String) throws(ArchiveError) -> Int? {
        expect(key, of: object) { $0 == .location || $0 == .itemArray || $0 == .stringArray }
        guard let ref = reference(key, of: object) else { return nil }
        return try uid(ref, "\(key.rawValue) of \(what())")
    }
}
