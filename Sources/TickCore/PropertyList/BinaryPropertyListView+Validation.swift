extension BinaryPropertyListView {
    /// What the check of every object knows about each one.
    private enum State: UInt8 {
        case scalar, string, container, walking, walked
    }

    /// Checks every object the offset table lists (once, when the view is made), as
    /// strictly as Apple's reader checks what it reads — also objects nothing refers to: each offset lies in the object area,
    /// each marker is known and its content fits, each container's references name
    /// objects of the file, each dictionary key is a string, each string is ASCII (type 0x5)
    /// or well-formed UTF-16 (type 0x6), and no container holds itself, directly or
    /// through others.
    func validateAll() throws(PropertyListError) {
        let count = objectCount
        var state = [State](repeating: .scalar, count: count)
        // Whether every container seen so far refers only to objects before it, as tick
        // writes them: then no container can hold itself, and each was checked as it came.
        var backwardOnly = true
        try state.withUnsafeMutableBufferPointer { (state) throws(PropertyListError) in
            for ref in 0..<count {
                // The common objects (a marker that holds the count, or a scalar that fits)
                // are read here; the rest, and every error, by the full header check.
                let offset = try offset(of: ref)
                let marker = base[offset]
                let low = Int(marker & 0x0F)
                let header: BinaryObjectHeader
                switch marker >> 4 {
                case Marker.uid.rawValue where low <= 7 && low < objectsEnd - offset - 1,
                     Marker.real.rawValue where low == 3 && 8 < objectsEnd - offset:
                    continue
                case Marker.asciiString.rawValue where low < 0xF && low < objectsEnd - offset:
                    header = BinaryObjectHeader(kind: .asciiString, marker: marker, offset: offset, count: low, content: offset + 1)
                case Marker.asciiString.rawValue
                    where low == 0xF && 3 < objectsEnd - offset && base[offset + 1] == 0x10 && Int(base[offset + 2]) < objectsEnd - offset - 2:
                    // (Of 15–255 characters, the count in a 1-byte integer: most titles, every id.)
                    let count = Int(base[offset + 2])
                    header = BinaryObjectHeader(kind: .asciiString, marker: marker, offset: offset, count: count, content: offset + 3)
                case Marker.dictionary.rawValue where low < 0xF && 2 * low * trailer.referenceSize < objectsEnd - offset:
                    header = BinaryObjectHeader(kind: .dictionary, marker: marker, offset: offset, count: low, content: offset + 1)
                default:
                    header = try self.header(at: offset)
                }
                switch header.kind {
                case .asciiString:
                    let text = UnsafeBufferPointer(rebasing: base[header.content..<header.content + header.count])
                    guard ASCIIBytes.all(text) else {
                        throw PropertyListError(.invalidString, at: header.offset, "an ASCII string holds a byte above 0x7F")
                    }
                    state[ref] = .string
                case .utf16String:
                    try checkUTF16(start: header.content, count: header.count)
                    state[ref] = .string
                case .array, .set, .dictionary:
                    state[ref] = .container
                    if backwardOnly, try checkBackward(header, ref, UnsafeBufferPointer(state)) { state[ref] = .walked } else { backwardOnly = false }
                default:
                    break
                }
            }
        }
        if backwardOnly { return }
        // Another order: the containers not checked yet are walked. (Those checked on the
        // way lead only to objects before them, all checked, so no cycle passes them.)
        // (One stack for all walks, so that a walk allocates nothing.)
        var stack: [(header: BinaryObjectHeader, ref: Int, next: Int)] = []
        for root in 0..<count where state[root] == .container {
            try walk(from: root, &state, &stack)
        }
    }

    /// For a container whose references all name objects before it: checks that its keys
    /// are strings and returns true; false when it refers to itself or to a later object.
    private func checkBackward(_ header: BinaryObjectHeader, _ ref: Int, _ state: UnsafeBufferPointer<State>) throws(PropertyListError) -> Bool {
        // (Read with the file's reference size as a type of that size: a third of the
        // instructions of reading any size.)
        switch trailer.referenceSize {
        case 1: return try checkBackward(header, ref, state, UInt8.self)
        case 2: return try checkBackward(header, ref, state, UInt16.self)
        case 4: return try checkBackward(header, ref, state, UInt32.self)
        default: return try checkBackward(header, ref, state, UInt64.self)
        }
    }

    private func checkBackward<Size: FixedWidthInteger & UnsignedInteger>(
        _ header: BinaryObjectHeader, _ ref: Int, _ state: UnsafeBufferPointer<State>, _ size: Size.Type
    ) throws(PropertyListError) -> Bool {
        func reference(_ index: Int) -> Int {
            // (8-byte references, and those of 3, 5, 6 or 7 bytes, are read as any size.)
            guard Size.bitWidth < 64 else { return self.reference(header, index) }
            let value = UnsafeRawBufferPointer(base).loadUnaligned(fromByteOffset: header.content + index * MemoryLayout<Size>.size, as: Size.self)
            return Int(truncatingIfNeeded: Size(bigEndian: value))
        }
        let keys = header.kind == .dictionary ? header.count : 0
        var keysAreStrings = true
        var highest = 0
        for index in 0..<keys {
            let child = reference(index)
            highest = max(highest, child)
            // (Read only below `ref`: checked once the loop is done.)
            keysAreStrings = keysAreStrings && (child >= ref || state[child] == .string)
        }
        for index in keys..<header.count + keys {
            highest = max(highest, reference(index))
        }
        guard highest < ref else { return false }
        guard keysAreStrings else {
            throw PropertyListError(.invalidKey, at: header.offset, "a key of the dictionary at byte \(header.offset) is not a string")
        }
        return true
    }

    /// Walks the containers reachable from `root` depth-first, marking them walked: each
    /// reference must name an object of the file, each key a string, and a container met
    /// again while it is being walked is a cycle.
    private func walk(from root: Int, _ state: inout [State],
                      _ stack: inout [(header: BinaryObjectHeader, ref: Int, next: Int)]) throws(PropertyListError) {
        stack.removeAll(keepingCapacity: true)
        stack.append((try header(of: root), root, 0))
        state[root] = .walking
        while let (header, ref, first) = stack.last {
            let keys = header.kind == .dictionary ? header.count : 0
            let end = header.count + keys
            // The keys, each a string.
            var next = first
            while next < keys {
                let key = reference(header, next)
                guard key < state.count else { throw outOfRange(ref, key, header, state.count) }
                guard state[key] == .string else {
                    throw PropertyListError(.invalidKey, at: header.offset, "a key of the dictionary at byte \(header.offset) is not a string")
                }
                next += 1
            }
            // The values or elements, up to the first container not walked yet.
            var inner = -1
            scan: while next < end {
                let child = reference(header, next)
                next += 1
                guard child < state.count else { throw outOfRange(ref, child, header, state.count) }
                switch state[child] {
                case .container:
                    inner = child
                    break scan
                case .walking:
                    throw PropertyListError(.cycle, at: header.offset, "object \(child) contains itself")
                default:
                    continue
                }
            }
            if inner < 0 {
                state[ref] = .walked
                stack.removeLast()
            } else {
                stack[stack.count - 1].next = next
                state[inner] = .walking
                stack.append((try self.header(of: inner), inner, 0))
            }
        }
    }

    private func outOfRange(_ ref: Int, _ child: Int, _ header: BinaryObjectHeader, _ count: Int) -> PropertyListError {
        PropertyListError(.referenceOutOfRange, at: header.offset, "object \(ref) refers to object \(child), but the file has \(count)")
    }
}
