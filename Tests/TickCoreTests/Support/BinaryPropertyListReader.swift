@testable import TickCore

/// Reads binary property lists (`bplist00`) into value trees: how the tests look inside the
/// files tick writes and build hostile ones (tick itself reads lists with
/// ``KeyedArchive``, never as trees).
///
/// Every file is treated as hostile: every object is checked first
/// (``BinaryPropertyListView/validateAll()``), nesting deeper than ``maximumDepth`` is an
/// error, and nothing traps.
/// Objects shared by several containers are read once, so a file cannot make the reader
/// do exponential work.
enum BinaryPropertyListReader {
    /// How deep containers may nest.
    static let maximumDepth = 512

    /// Reads a whole binary property list into a value tree.
    static func decode(_ bytes: [UInt8]) throws(PropertyListError) -> PropertyListValue {
        try bytes.withUnsafeBufferPointer { (base) throws(PropertyListError) in
            let view = try BinaryPropertyListView(base)
            var reader = BinaryTreeReader(view: view)
            return try reader.value(view.trailer.topObject, depth: 0)
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
        if let scalar = try view.checked.scalar(header) { return scalar }
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
        switch header.kind {
        case .array, .set:
            var elements: [PropertyListValue] = []
            elements.reserveCapacity(header.count)
            for index in 0..<header.count {
                elements.append(try value(view.reference(header, index), depth: depth + 1))
            }
            result = header.kind == .array ? .array(elements) : .set(elements)
        default:
            var entries: [(String, PropertyListValue)] = []
            entries.reserveCapacity(header.count)
            for index in 0..<header.count {
                let keyRef = view.reference(header, index)
                let keyHeader = try view.header(of: keyRef)
                guard let key = view.checked.string(keyHeader) else {
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
