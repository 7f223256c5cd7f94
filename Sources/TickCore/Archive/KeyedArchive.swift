/// tick's file format: a keyed archive (as NSKeyedArchiver writes it) in a binary
/// property list. See docs/file-format.md; the schema is ``ArchiveSchema``.
public enum KeyedArchive {
    /// The newest `formatVersion` this tick reads and the one it writes.
    public static let formatVersion = 1

    /// Archives a list as a binary property list. Unknown fields are written back.
    public static func encode(_ list: ToDoList) -> [UInt8] {
        KeyedArchiveEncoder.encode(list)
    }

    /// Reads a list from a binary (or XML) property list keyed archive.
    ///
    /// Every object of a binary file is checked, also those the list does not use. Accepts
    /// what Apple's archiver writes for the same values: NSMutableArray, NSMutableString,
    /// numbers inline or by UID, integers for reals, nil as an absent key or UID 0,
    /// unreferenced objects. Keys tick does not know are kept in the model's `unknownFields`.
    public static func decode(_ bytes: [UInt8]) throws(ArchiveError) -> ToDoList {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) -> ToDoList in try decode(buffer) }
    }

    /// ``decode(_:)`` of bytes in memory tick does not own (a mapped file).
    static func decode(_ bytes: UnsafeBufferPointer<UInt8>) throws(ArchiveError) -> ToDoList {
        try decode(bytes, itemLimit: .max).list
    }

    /// The first `limit` items of each section of a binary archive, with the number of
    /// items each section holds: enough to draw the first screen of a large list while the
    /// rest is read. The whole file is checked first. Nil for an XML file (read it whole).
    public static func decodePreview(_ bytes: [UInt8], itemsPerSection limit: Int) throws(ArchiveError) -> ListPreview? {
        try bytes.withUnsafeBufferPointer { (buffer) throws(ArchiveError) -> ListPreview? in
            try decodePreview(buffer, itemsPerSection: limit)
        }
    }

    /// ``decodePreview(_:itemsPerSection:)`` of bytes in memory tick does not own.
    static func decodePreview(_ bytes: UnsafeBufferPointer<UInt8>, itemsPerSection limit: Int) throws(ArchiveError) -> ListPreview? {
        guard !isXML(bytes) else { return nil }
        let (list, sizes) = try decode(bytes, itemLimit: max(limit, 0))
        return ListPreview(list: list, toDoCount: sizes.toDo, doneCount: sizes.done)
    }

    /// Whether the bytes are an XML property list (see ``XMLPropertyListReader/looksLikeXML(_:)``)
    /// rather than a binary one.
    public static func isXML(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        !isBinary(bytes) && XMLPropertyListReader.looksLikeXML(bytes)
    }

    private static func isBinary(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.count >= 8 && bytes[0] == UInt8(ascii: "b") && bytes[1] == UInt8(ascii: "p")
    }

    private static func decode(
        _ bytes: UnsafeBufferPointer<UInt8>, itemLimit: Int
    ) throws(ArchiveError) -> (list: ToDoList, sizes: (toDo: Int, done: Int)) {
        guard !bytes.isEmpty else {
            throw ArchiveError(.emptyFile, "the file is empty (0 bytes); a saved list is never empty, so it was probably cut short")
        }
        if isBinary(bytes) {
            var decoder: KeyedArchiveDecoder
            do throws(PropertyListError) {
                let view = try BinaryPropertyListView(bytes)
                decoder = KeyedArchiveDecoder(view: view)
            } catch {
                throw ArchiveError(error)
            }
            decoder.itemLimit = itemLimit
            let list = try decoder.decode()
            return (list, decoder.sectionSizes)
        }
        if XMLPropertyListReader.looksLikeXML(bytes) {
            let tree: PropertyListValue
            do throws(PropertyListError) {
                tree = try XMLPropertyListReader.parse(Array(bytes))
            } catch {
                throw ArchiveError(error)
            }
            let binary = BinaryPropertyListWriter.encode(tree)
            return try binary.withUnsafeBufferPointer { (buffer) throws(ArchiveError) in try decode(buffer, itemLimit: itemLimit) }
        }
        throw ArchiveError(.propertyList(PropertyListError(.unknownFormat, at: 0, "not a property list")), at: 0,
                           "the file is neither a binary (bplist00) nor an XML property list")
    }
}

/// The start of a list: the first items of each section and how many each holds in all.
public struct ListPreview: Sendable, Hashable {
    /// The first items of each section (all of them when a section is short).
    public let list: ToDoList
    public let toDoCount: Int
    public let doneCount: Int

    public init(list: ToDoList, toDoCount: Int, doneCount: Int) {
        self.list = list
        self.toDoCount = toDoCount
        self.doneCount = doneCount
    }

    /// True when every item of both sections was read.
    public var isComplete: Bool { list.toDoItems.count == toDoCount && list.doneItems.count == doneCount }
}
