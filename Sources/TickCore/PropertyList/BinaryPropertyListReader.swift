/// Reads binary property lists (`bplist00`).
///
/// Every file is treated as hostile: offsets, counts and references are checked before
/// use, cycles and nesting deeper than ``maximumDepth`` are errors, and nothing traps.
/// Objects shared by several containers are read once, so a file cannot make the reader
/// do exponential work.
public enum BinaryPropertyListReader {
    /// How deep containers may nest.
    public static let maximumDepth = 512

    /// Reads a whole binary property list into a value tree.
    public static func decode(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        let document = try BinaryPropertyListDocument(bytes)
        return try document.value(at: document.topObject)
    }
}

/// A binary property list held as bytes, whose objects can be read one at a time by
/// reference number.
public struct BinaryPropertyListDocument: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// The file's trailer (sizes, object count, top object).
    public let trailer: BinaryPropertyListTrailer

    /// Checks the header and trailer; objects are read only when asked for.
    public init(_ bytes: [UInt8]) throws(PropertyListError) {
        self.bytes = bytes
        trailer = try bytes.withUnsafeBufferPointer { (base) throws(PropertyListError) in
            try BinaryPropertyListTrailer(base)
        }
    }

    /// The reference number of the top object.
    public var topObject: Int { trailer.topObject }
    /// How many objects the file holds.
    public var objectCount: Int { trailer.objectCount }

    /// Reads the object with this reference number, and everything it contains, as a tree.
    public func value(at ref: Int) throws(PropertyListError) -> PropertyListValue {
        try bytes.withUnsafeBufferPointer { (base) throws(PropertyListError) in
            var reader = BinaryTreeReader(view: try BinaryPropertyListView(base))
            return try reader.value(ref, depth: 0)
        }
    }
}

/// Builds ``PropertyListValue`` trees from a view, reading each object once.
struct BinaryTreeReader {
    let view: BinaryPropertyListView
    private var cache: [PropertyListValue?]
    /// 1 while an object's contents are being read (a second visit then is a cycle).
    private var inProgress: [Bool]

    init(view: BinaryPropertyListView) {
        self.view = view
        cache = []
        inProgress = []
    }

    mutating func value(_ ref: Int, depth: Int) throws(PropertyListError) -> PropertyListValue {
        let header = try view.header(of: ref)
        switch header.type {
        case 0x0:
            switch header.marker {
            case 0x08: return .bool(false)
            case 0x09: return .bool(true)
            default: return .null
            }
        case 0x1: return try view.integer(header)
        case 0x2: return .real(view.real(header))
        case 0x3: return .date(view.real(header))
        case 0x4: return .data(Array(view.base[header.content..<header.content + header.count]))
        case 0x5, 0x6: return .string(try view.string(header) ?? "")
        case 0x8: return .uid(view.uid(header))
        default: break
        }
        // Containers: memoized, cycle-checked, depth-capped.
        if cache.isEmpty {
            cache = Array(repeating: nil, count: view.objectCount)
            inProgress = Array(repeating: false, count: view.objectCount)
        }
        if let cached = cache[ref] { return cached }
        guard !inProgress[ref] else {
            throw PropertyListError(.cycle, at: header.offset, "object \(ref) contains itself")
        }
        guard depth < BinaryPropertyListReader.maximumDepth else {
            throw PropertyListError(.tooDeep, at: header.offset, "containers nest deeper than \(BinaryPropertyListReader.maximumDepth) levels")
        }
        inProgress[ref] = true
        let result: PropertyListValue
        switch header.type {
        case 0xA, 0xC:
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(header.count)
            for index in 0..<header.count {
                elements.append(try value(view.reference(header, index), depth: depth + 1))
            }
            result = header.type == 0xA ? .array(elements) : .set(elements)
        default:
            var entries: [(String, PropertyListValue)] = []
            entries.reserveCapacity(header.count)
            for index in 0..<header.count {
                let keyRef = view.reference(header, index)
                let keyHeader = try view.header(of: keyRef)
                guard let key = try view.string(keyHeader) else {
                    throw PropertyListError(.invalidKey, at: keyHeader.offset, "a dictionary key is not a string")
                }
                entries.append((key, try value(view.reference(header, header.count + index), depth: depth + 1)))
            }
            result = .dictionary(PropertyListDictionary(entries))
        }
        inProgress[ref] = false
        cache[ref] = result
        return result
    }
}
