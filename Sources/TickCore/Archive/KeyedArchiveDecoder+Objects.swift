import FoundationEssentials

extension KeyedArchiveDecoder {
    // (`mutating` though they change nothing: see KeyedArchiveDecoder+Fields.swift.)
    // MARK: - Values

    /// The header of a plist object (every reference the decoder follows was read out of a
    /// container of the checked file: see ``CheckedPropertyList``).
    @inline(__always)
    mutating func header(of ref: Int) -> BinaryObjectHeader {
        plist.header(of: ref)
    }

    /// The plist reference of the archive object with this UID.
    @inline(__always)
    mutating func objectRef(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Int {
        guard uid < objects.count else {
            throw ArchiveError(.malformed, at: objects.offset, "\(what()) refers to object \(uid), but $objects has only \(objects.count)")
        }
        return plist.reference(objects, uid)
    }

    /// The archive object with this UID, which must be a dictionary.
    mutating func objectDictionary(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> BinaryObjectHeader {
        let header = header(of: try objectRef(uid, what()))
        guard header.kind == .dictionary else {
            throw ArchiveError(.malformed, at: header.offset, "\(what()) (object \(uid)) is not a dictionary")
        }
        return header
    }

    /// A value that must be a UID; returns it (0 is nil; past `Int.max`, `Int.max`).
    @inline(__always)
    mutating func uid(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Int {
        guard let value = plist.uid(of: ref) else {
            throw ArchiveError(.malformed, at: plist.offset(of: ref), "\(what()) is not an object reference (UID)")
        }
        return value
    }

    /// The object a value stands for: itself, or the object its UID names (nil for UID 0).
    private mutating func resolved(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> BinaryObjectHeader? {
        guard let uid = plist.uid(of: ref) else { return header(of: ref) }
        if uid == 0 { return nil }
        return header(of: try objectRef(uid, what()))
    }

    /// A number written inline or as an object by UID; integers are accepted. UID 0 is nil.
    mutating func number(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Double? {
        if let value = plist.real8(of: ref) { return value }
        guard let header = try resolved(ref, what()) else { return nil }
        if let value = plist.number(header) { return value }
        throw ArchiveError(.malformed, at: header.offset, "\(what()) is not a number")
    }

    /// A bool written inline or as an object by UID; the integers 0 and 1 are accepted. UID 0 is nil.
    mutating func bool(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Bool? {
        guard let header = try resolved(ref, what()) else { return nil }
        switch header.marker {
        case Marker.trueByte: return true
        case Marker.falseByte: return false
        default:
            if let number = plist.number(header), number == 0 || number == 1 { return number == 1 }
            throw ArchiveError(.malformed, at: header.offset, "\(what()) is not a bool")
        }
    }

    /// The string object with this UID: a string, or an NSString/NSMutableString
    /// dictionary with `NS.string`. UID 0 is nil.
    mutating func string(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> String? {
        if uid == 0 { return nil }
        return try stringValue(header(of: objectRef(uid, what())), what())
    }

    mutating func stringValue(_ header: BinaryObjectHeader, _ what: @autoclosure () -> String) throws(ArchiveError) -> String {
        if let text = plist.string(header) { return text }
        if header.kind == .dictionary {
            for index in 0..<header.count where try keyString(plist.reference(header, index)) == ArchiveKey.string.rawValue {
                guard let value = try resolved(plist.reference(header, header.count + index), what()),
                      value.kind == .asciiString || value.kind == .utf16String else { break }
                return try stringValue(value, what())
            }
        }
        throw ArchiveError(.malformed, at: header.offset, "\(what()) is not a string")
    }

    /// The UUID in the string object with this UID, read straight from ASCII bytes when it can be.
    mutating func uuid(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> UUID {
        let header = header(of: try objectRef(uid, what()))
        if header.kind == .asciiString, header.count == 36 {
            if let id = UUIDText.parse(plist.bytes(from: header.content, count: 36)) { return id }
        } else {
            if let id = try stringValue(header, what()).withUTF8Bytes({ UUIDText.parse($0) }) { return id }
        }
        throw ArchiveError(.invalidValue, at: header.offset, "\(what()) is not a UUID")
    }

    // MARK: - Keys and classes

    /// The schema key the key object with this reference spells, nil for another key
    /// (each key object is looked at once).
    mutating func key(_ ref: Int) throws(ArchiveError) -> ArchiveKey? {
        let code = keyCodes[ref]
        if code == Self.otherKey { return nil }
        if code != 0 { return ArchiveKey.all[Int(code) - 1] }
        let key = ArchiveKey(rawValue: try keyString(ref))
        keyCodes[ref] = key.map { UInt8($0.index + 1) } ?? Self.otherKey
        return key
    }

    /// The text of a key object.
    mutating func keyString(_ ref: Int) throws(ArchiveError) -> String {
        try stringValue(header(of: ref), "a dictionary key")
    }

    /// Checks that a `$class` value names the expected class.
    mutating func expectClass(_ ref: Int, _ expected: ArchiveClass, _ what: @autoclosure () -> String) throws(ArchiveError) {
        let uid = try self.uid(ref, "$class of \(what())")
        if uid == classUIDs[expected.index] { return }
        let found: ArchiveClass?
        if let cached = classes[uid] {
            found = cached
        } else {
            let name = try className(uid, what())
            found = ArchiveClass.allCases.first { $0.rawValue == name || $0.alternativeNames.contains(name) }
            classes[uid] = .some(found)
        }
        if found == expected { classUIDs[expected.index] = uid }
        guard found == expected else {
            let name = (try? className(uid, what())) ?? "?"
            throw ArchiveError(.malformed, at: plist.offset(of: ref), "\(what()) is of class \(name), expected \(expected.rawValue)")
        }
    }

    /// The `$classname` of the class description with this UID.
    private mutating func className(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> String {
        let description = try objectDictionary(uid, "the class of \(what())")
        for index in 0..<description.count where try key(plist.reference(description, index)) == .className {
            return try stringValue(header(of: plist.reference(description, description.count + index)), "$classname of \(what())")
        }
        throw ArchiveError(.malformed, at: description.offset, "the class description of \(what()) has no $classname")
    }
}
