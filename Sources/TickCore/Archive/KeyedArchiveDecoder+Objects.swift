import FoundationEssentials

extension KeyedArchiveDecoder {
    /// The header of a plist object, with property-list errors wrapped.
    @inline(__always)
    func header(of ref: Int) throws(ArchiveError) -> BinaryObjectHeader {
        do throws(PropertyListError) {
            return try view.header(of: ref)
        } catch {
            throw ArchiveError(error)
        }
    }

    /// The plist reference of the archive object with this UID.
    @inline(__always)
    func objectRef(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Int {
        guard uid < objects.count else {
            throw ArchiveError(.malformed, at: objects.offset, "\(what()) refers to object \(uid), but $objects has only \(objects.count)")
        }
        return view.reference(objects, uid)
    }

    /// The archive object with this UID, which must be a dictionary.
    @inline(__always)
    func objectDictionary(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> BinaryObjectHeader {
        let header = try header(of: objectRef(uid, what()))
        guard header.type == 0xD else {
            throw ArchiveError(.malformed, at: header.offset, "\(what()) (object \(uid)) is not a dictionary")
        }
        return header
    }

    /// A value that must be a UID; returns it (0 is nil).
    @inline(__always)
    func uid(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Int {
        let header = try header(of: ref)
        guard header.type == 0x8 else {
            throw ArchiveError(.malformed, at: header.offset, "\(what()) is not an object reference (UID)")
        }
        let value = view.uid(header)
        return value > UInt64(Int.max) ? Int.max : Int(value)
    }

    /// A number written inline or as an object by UID; integers are accepted. UID 0 is nil.
    func number(_ ref: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> Double? {
        var header = try header(of: ref)
        if header.type == 0x8 {
            let uid = view.uid(header)
            if uid == 0 { return nil }
            header = try self.header(of: objectRef(uid > UInt64(Int.max) ? Int.max : Int(uid), what()))
        }
        do throws(PropertyListError) {
            if let value = try view.number(header) { return value }
        } catch {
            throw ArchiveError(error)
        }
        throw ArchiveError(.malformed, at: header.offset, "\(what()) is not a number")
    }

    /// The string object with this UID: a string, or an NSString/NSMutableString
    /// dictionary with `NS.string`. UID 0 is nil.
    func string(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> String? {
        if uid == 0 { return nil }
        let header = try header(of: objectRef(uid, what()))
        return try stringValue(header, what())
    }

    private func stringValue(_ header: BinaryObjectHeader, _ what: @autoclosure () -> String) throws(ArchiveError) -> String {
        if header.type == 0x5 || header.type == 0x6 {
            do throws(PropertyListError) {
                if let text = try view.string(header) { return text }
            } catch {
                throw ArchiveError(error)
            }
        }
        if header.type == 0xD {
            for index in 0..<header.count {
                let keyHeader = try self.header(of: view.reference(header, index))
                guard view.stringEquals(keyHeader, Array("NS.string".utf8)) else { continue }
                var value = try self.header(of: view.reference(header, header.count + index))
                if value.type == 0x8 {
                    let uid = view.uid(value)
                    value = try self.header(of: objectRef(uid > UInt64(Int.max) ? Int.max : Int(uid), what()))
                }
                guard value.type == 0x5 || value.type == 0x6 else { break }
                return try stringValue(value, what())
            }
        }
        throw ArchiveError(.malformed, at: header.offset, "\(what()) is not a string")
    }

    /// The UUID in the string object with this UID, read straight from ASCII bytes when it can be.
    func uuid(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> UUID {
        let header = try header(of: objectRef(uid, what()))
        if header.type == 0x5, header.count == 36 {
            let bytes = UnsafeBufferPointer(rebasing: view.base[header.content..<header.content + 36])
            if let id = UUIDText.parse(bytes) { return id }
        } else {
            var text = try stringValue(header, what())
            if let id = text.withUTF8({ UUIDText.parse($0) }) { return id }
        }
        throw ArchiveError(.invalidValue, at: header.offset, "\(what()) is not a UUID")
    }

    // MARK: - Keys and classes

    /// Which known key the key object with this reference is (looked at once per reference).
    @inline(__always)
    mutating func keyCode(_ ref: Int) throws(ArchiveError) -> KeyCode {
        if let code = KeyCode(rawValue: cachedKeyCode(ref)) { return code }
        let header = try header(of: ref)
        guard header.type == 0x5 || header.type == 0x6 else {
            throw ArchiveError(.propertyList(PropertyListError(.invalidKey, at: header.offset, "a dictionary key is not a string")),
                               at: header.offset, "a dictionary key is not a string")
        }
        var code = KeyCode.other
        for (candidate, bytes) in Self.keyBytes where view.stringEquals(header, bytes) {
            code = candidate
            break
        }
        cacheKeyCode(ref, code.rawValue)
        return code
    }

    /// The text of a key object.
    func keyString(_ ref: Int) throws(ArchiveError) -> String {
        let header = try header(of: ref)
        return try stringValue(header, "a dictionary key")
    }

    /// Checks that a `$class` value names the expected class.
    mutating func expectClass(
        _ ref: Int, _ expected: String, _ what: @autoclosure () -> String, _ matches: (ClassCode) -> Bool
    ) throws(ArchiveError) {
        // (The class of each class-description UID is looked up once.)
        let uid = try self.uid(ref, "$class of \(what())")
        let code: ClassCode
        if let cached = classCache[uid] {
            code = cached
        } else {
            code = try classCode(uid, what())
            classCache[uid] = code
        }
        guard matches(code) else {
            let name = (try? className(uid, what())) ?? "\(code)"
            throw ArchiveError(.malformed, at: try header(of: ref).offset, "\(what()) is of class \(name), expected \(expected)")
        }
    }

    private mutating func classCode(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> ClassCode {
        switch try className(uid, what()) {
        case "ToDoList": .list
        case "ToDoItem": .item
        case "Location": .location
        case "NSArray", "NSMutableArray": .array
        case "NSString", "NSMutableString": .string
        default: .other
        }
    }

    /// The `$classname` of the class description with this UID.
    private mutating func className(_ uid: Int, _ what: @autoclosure () -> String) throws(ArchiveError) -> String {
        let description = try objectDictionary(uid, "the class of \(what())")
        for index in 0..<description.count {
            let keyRef = view.reference(description, index)
            guard try keyCode(keyRef) == .className else { continue }
            let valueHeader = try header(of: view.reference(description, description.count + index))
            return try stringValue(valueHeader, "$classname of \(what())")
        }
        throw ArchiveError(.malformed, at: description.offset, "the class description of \(what()) has no $classname")
    }
}
