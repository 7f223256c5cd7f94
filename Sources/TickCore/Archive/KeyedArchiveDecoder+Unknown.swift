extension KeyedArchiveDecoder {
    /// Reads a value tick does not interpret, replacing each UID by the object it points
    /// at. UID 0 (nil) stays `.value(.uid(0))`. Cycles, nesting beyond
    /// ``maximumUnknownDepth`` and more than ``maximumUnknownNodes`` values in all are errors.
    /// The error for unknown fields of more than ``maximumUnknownNodes`` values in all.
    static func tooManyUnknownValues(at offset: Int) -> ArchiveError {
        ArchiveError(.malformed, at: offset, "unknown fields expand to more than \(maximumUnknownNodes) values")
    }

    mutating func resolveUnknown(_ ref: Int, depth: Int) throws(ArchiveError) -> ArchivedValue {
        let header = header(of: ref)
        unknownNodes += 1
        guard unknownNodes <= Self.maximumUnknownNodes else {
            throw Self.tooManyUnknownValues(at: header.offset)
        }
        guard depth < Self.maximumUnknownDepth else {
            throw ArchiveError(.propertyList(PropertyListError(.tooDeep, at: header.offset, "too deep")), at: header.offset,
                               "unknown fields nest deeper than \(Self.maximumUnknownDepth) levels")
        }
        switch header.kind {
        case .uid:
            let index = plist.uid(of: ref) ?? 0
            if index == 0 { return .value(.uid(0)) }
            let objectRef = try objectRef(index, "an unknown field")
            guard !unknownInProgress.contains(index) else {
                throw ArchiveError(.propertyList(PropertyListError(.cycle, at: header.offset, "cycle")), at: header.offset,
                                   "object \(index) of an unknown field refers to itself")
            }
            unknownInProgress.insert(index)
            let inner = try resolveUnknown(objectRef, depth: depth + 1)
            unknownInProgress.remove(index)
            return .object(inner)
        case .array, .set:
            var elements: [ArchivedValue] = []
            elements.reserveCapacity(header.count)
            for index in 0..<header.count {
                elements.append(try resolveUnknown(plist.reference(header, index), depth: depth + 1))
            }
            return header.kind == .array ? .array(elements) : .set(elements)
        case .dictionary:
            var entries: [String: ArchivedValue] = [:]
            for index in 0..<header.count {
                let key = try keyString(plist.reference(header, index))
                entries[key] = try resolveUnknown(plist.reference(header, header.count + index), depth: depth + 1)
            }
            return .dictionary(entries)
        default:
            do throws(PropertyListError) {
                return .value(try plist.scalar(header) ?? .null)
            } catch {
                throw ArchiveError(error)
            }
        }
    }
}
